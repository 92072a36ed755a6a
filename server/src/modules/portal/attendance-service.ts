import type { AttendanceQuery, AttendanceReply, AttendanceStat } from '@invigil/shared/api/attendance';
import type { Clock } from '../../platform/lib/clock';
import { addDays, instituteDay, weekdayOf } from '../../platform/lib/institute-day';
import type { AttendanceRepository } from './attendance-repository';
import type { UserRecord } from '../auth/auth-module';

export interface AttendanceServiceDeps {
  attendance: AttendanceRepository;
  clock: Clock;
  timeZone: string;
}

/** Non-Sunday days from `start` to `end`, both included (0 when end is before start). */
export function schoolDaysBetween(start: string, end: string): number {
  if (end < start) return 0;
  let count = 0;
  for (let day = start; day <= end; day = addDays(day, 1)) {
    if (weekdayOf(day) !== 7) count += 1;
  }
  return count;
}

/**
 * The student's attendance (spec: Attendance). How days count is written down in
 * shared/src/api/attendance.ts and docs/decisions/0022-attendance-counting.md: the stat and the
 * calendar agree on every day.
 */
export function createAttendanceService({ attendance, clock, timeZone }: AttendanceServiceDeps) {
  const today = () => instituteDay(clock.now(), timeZone).date;

  return {
    /** GET /attendances/stat. */
    async stat(user: UserRecord): Promise<AttendanceStat> {
      const now = today();
      const since = await attendance.firstDate(user.id);
      const counts: AttendanceStat = { present: 0, absent: 0, late: 0, half_day: 0, leave: 0, since, today: now };
      if (since === null) return counts;
      const yesterday = addDays(now, -1);
      let recordedPastSchoolDays = 0;
      for (const row of await attendance.upTo(user.id, now)) {
        counts[row.attendance] += 1;
        if (row.date <= yesterday && weekdayOf(row.date) !== 7) recordedPastSchoolDays += 1;
      }
      // Past school days without a record: the calendar's red A.
      counts.absent += schoolDaysBetween(since, yesterday) - recordedPastSchoolDays;
      return counts;
    },

    /** GET /attendances?startDate&endDate (the range is already checked). */
    async between(user: UserRecord, query: AttendanceQuery): Promise<AttendanceReply> {
      const rows = await attendance.between(user.id, query.startDate, query.endDate);
      return {
        data: rows.map((row) => ({ attendance_date: row.date, attendance: row.attendance })),
        since: await attendance.firstDate(user.id),
        today: today(),
      };
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;

import { z } from 'zod';
import { ATTENDANCE_KINDS, ATTENDANCE_MESSAGES, MAX_ATTENDANCE_RANGE_DAYS, daysInRange } from './attendance-rules';

/**
 * Attendance (spec sections 2 Attendance, 3 Attendance record, 4 Attendance calendar day, 7).
 *
 *   GET /attendances/stat                          -> data: present, absent, late (+ half_day, leave, since, today)
 *   GET /attendances?startDate&endDate             -> data: [{ attendance_date, attendance }] (+ since, today)
 *
 * Days are 'yyyy-MM-dd' in the institute's time zone; `today` is the institute's today, so the
 * calendar tells past from future as the server does, whatever the browser's zone.
 *
 * How days count (docs/decisions/0022-attendance-counting.md):
 * - A past day (before today) that is not a Sunday and has no record counts as absent, as the
 *   calendar shows it (A, red). Counting starts at `since`, the student's first recorded day: the
 *   weeks before the institute began keeping the student's attendance are not "absent".
 * - present, absent and late count those records only; half_day and leave are their own counts,
 *   never folded into present or absent. A Sunday's record (an extra class) counts as recorded.
 * - Today and future days never count: a day is absent only once it is over.
 */

export { ATTENDANCE_KINDS, ATTENDANCE_MESSAGES, MAX_ATTENDANCE_RANGE_DAYS, dayMark, daysInRange } from './attendance-rules';
export type { AttendanceKind, DayMark } from './attendance-rules';

/** A real calendar date 'yyyy-MM-dd' (2024-02-30 is refused). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is yyyy-MM-dd.')
  .refine((value) => {
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, 'Not a calendar date.');

export const attendanceQuerySchema = z
  .object({ startDate: isoDateSchema, endDate: isoDateSchema })
  .superRefine((query, context) => {
    const days = daysInRange(query.startDate, query.endDate);
    if (days < 1) context.addIssue({ code: 'custom', path: ['endDate'], message: ATTENDANCE_MESSAGES.endBeforeStart });
    else if (days > MAX_ATTENDANCE_RANGE_DAYS) context.addIssue({ code: 'custom', path: ['endDate'], message: ATTENDANCE_MESSAGES.badRange });
  });
export type AttendanceQuery = z.infer<typeof attendanceQuerySchema>;

export const attendanceRecordSchema = z.object({
  attendance_date: z.string(),
  attendance: z.enum(ATTENDANCE_KINDS),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const attendanceReplySchema = z.object({
  /** The student's records in the range, by date. Days without a record are not listed. */
  data: z.array(attendanceRecordSchema),
  /** The student's first recorded day (null: none yet): days before it are not absent. */
  since: z.string().nullable(),
  /** The institute's today. */
  today: z.string(),
});
export type AttendanceReply = z.infer<typeof attendanceReplySchema>;

export const attendanceStatSchema = z.object({
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  half_day: z.number().int().nonnegative(),
  leave: z.number().int().nonnegative(),
  since: z.string().nullable(),
  today: z.string(),
});
export type AttendanceStat = z.infer<typeof attendanceStatSchema>;
export const attendanceStatReplySchema = z.object({ data: attendanceStatSchema });
export type AttendanceStatReply = z.infer<typeof attendanceStatReplySchema>;

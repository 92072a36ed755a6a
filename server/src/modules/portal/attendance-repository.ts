import type { Kysely } from 'kysely';
import type { AttendanceKind, Database } from '../../platform/db';

export interface AttendanceRow {
  date: string;
  attendance: AttendanceKind;
}

/** A student's attendance records (migration 0008); dates are 'yyyy-MM-dd' text, so they compare as text. */
export function createAttendanceRepository(db: Kysely<Database>) {
  return {
    /** The records from `start` to `end`, both included, by date. */
    async between(userId: string, start: string, end: string): Promise<AttendanceRow[]> {
      const rows = await db
        .selectFrom('attendance_records')
        .select(['attendance_date', 'attendance'])
        .where('user_id', '=', userId)
        .where('attendance_date', '>=', start)
        .where('attendance_date', '<=', end)
        .orderBy('attendance_date')
        .execute();
      return rows.map((row) => ({ date: row.attendance_date, attendance: row.attendance }));
    },

    /** Every record up to `end` (included): a few hundred a year. */
    async upTo(userId: string, end: string): Promise<AttendanceRow[]> {
      const rows = await db
        .selectFrom('attendance_records')
        .select(['attendance_date', 'attendance'])
        .where('user_id', '=', userId)
        .where('attendance_date', '<=', end)
        .execute();
      return rows.map((row) => ({ date: row.attendance_date, attendance: row.attendance }));
    },

    /** The student's first recorded day, or null. */
    async firstDate(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('attendance_records')
        .select((eb) => eb.fn.min('attendance_date').as('first'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.first ?? null;
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;

import type { Kysely } from 'kysely';
import type { AttendanceKind, Database } from '../../platform/db';

export interface RegisterStudent {
  id: string;
  regNo: string;
  name: string;
}

export interface StoredChange {
  id: string;
  at: number;
  actorName: string;
  reason: string | null;
  changes: string;
}

/** The register's reads and writes: attendance_records (0008) and attendance_changes (0027). */
export function createStaffAttendanceRepository(db: Kysely<Database>) {
  return {
    /** The class's students who may sign in (not disabled), by name. */
    async studentsOf(classId: string): Promise<RegisterStudent[]> {
      return await db
        .selectFrom('student_profiles')
        .innerJoin('users', 'users.id', 'student_profiles.user_id')
        .select(['users.id', 'users.reg_no as regNo', 'users.name'])
        .where('student_profiles.class_id', '=', classId)
        .where('users.disabled_at', 'is', null)
        .orderBy('users.name')
        .orderBy('users.reg_no')
        .execute();
    },
    async marksOn(userIds: readonly string[], date: string): Promise<Map<string, AttendanceKind>> {
      const marks = new Map<string, AttendanceKind>();
      for (let at = 0; at < userIds.length; at += 500) {
        const rows = await db
          .selectFrom('attendance_records')
          .select(['user_id', 'attendance'])
          .where('attendance_date', '=', date)
          .where('user_id', 'in', userIds.slice(at, at + 500))
          .execute();
        for (const row of rows) marks.set(row.user_id, row.attendance);
      }
      return marks;
    },
    async setMark(userId: string, date: string, attendance: AttendanceKind, now: number): Promise<void> {
      await db
        .insertInto('attendance_records')
        .values({ user_id: userId, attendance_date: date, attendance, updated_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'attendance_date']).doUpdateSet({ attendance, updated_at: now }))
        .execute();
    },
    async history(classId: string, date: string): Promise<StoredChange[]> {
      return await db
        .selectFrom('attendance_changes')
        .select(['id', 'at', 'actor_name as actorName', 'reason', 'changes'])
        .where('class_id', '=', classId)
        .where('attendance_date', '=', date)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async addChange(row: { id: string; classId: string; date: string; at: number; actorId: string; actorName: string; reason: string | null; changes: string }): Promise<void> {
      await db
        .insertInto('attendance_changes')
        .values({ id: row.id, class_id: row.classId, attendance_date: row.date, at: row.at, actor_id: row.actorId, actor_name: row.actorName, reason: row.reason, changes: row.changes })
        .execute();
    },
  };
}

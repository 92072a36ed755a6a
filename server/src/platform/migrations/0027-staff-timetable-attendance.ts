import type { Kysely } from 'kysely';

// The timetable and attendance in the staff console (issue 30, decision 0064).
// - schedules.no_meeting: 1 when staff chose "no online meeting" for a class without a link, so the
//   student is offered no room (0: the institute's Jitsi room, when it has one, as before).
// - attendance_changes: each save of a register that changed marks (who, when, reason, and each
//   student's mark before and after, JSON), shown under the day's register; a day before today is
//   changed only with a reason.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schedules').addColumn('no_meeting', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('attendance_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('attendance_date', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    // JSON list of {studentId, name, before, after}.
    .addColumn('changes', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('attendance_changes_day').on('attendance_changes').columns(['class_id', 'attendance_date', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendance_changes').execute();
  await db.schema.alterTable('schedules').dropColumn('no_meeting').execute();
}

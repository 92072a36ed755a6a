import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Grading in the staff console (issue 29).
//
// question_rubrics: a rubric per question of a test, reused across its answers: a JSON list of
//   items {id, points, text} (points may be negative: a deduction).
// grades (0005) gains who graded, which rubric items were applied (JSON list of item ids) and the
//   teacher's free comment (the remark the student reads is the items' texts, then the comment).
// grade_history: every grade given, never updated: who gave what and when (a regrade adds a row).
// grading_second_looks: an answer a teacher marked "needs a second look", graded or not.
// question_reports (0003) gains a status: open until a teacher resolves it, with what they did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_rubrics')
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('items', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('question_rubrics_pk', ['test_id', 'qn'])
    .execute();

  await db.schema.alterTable('grades').addColumn('graded_by', 'text').execute();
  await db.schema.alterTable('grades').addColumn('rubric_items', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('grades').addColumn('comment', 'text').execute();

  await db.schema
    .createTable('grade_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('marks_hundredths', 'integer', (col) => col.notNull())
    .addColumn('remark', 'text')
    .addColumn('rubric_items', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('comment', 'text')
    // A staff account's id; null for a grade loaded by the JSON import.
    .addColumn('graded_by', 'text')
    .addColumn('graded_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('grade_history_attempt_qn').on('grade_history').columns(['attempt_id', 'qn', 'graded_at']).execute();

  await db.schema
    .createTable('grading_second_looks')
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('grading_second_looks_pk', ['attempt_id', 'qn'])
    .execute();

  await db.schema
    .alterTable('question_reports')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'resolved')`))
    .execute();
  await db.schema.alterTable('question_reports').addColumn('resolution', 'text').execute();
  await db.schema.alterTable('question_reports').addColumn('resolved_by', 'text').execute();
  await db.schema.alterTable('question_reports').addColumn('resolved_at', 'bigint').execute();
  await db.schema.createIndex('question_reports_status').on('question_reports').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('question_reports_status').execute();
  for (const column of ['resolved_at', 'resolved_by', 'resolution', 'status']) await db.schema.alterTable('question_reports').dropColumn(column).execute();
  await db.schema.dropTable('grading_second_looks').execute();
  await db.schema.dropTable('grade_history').execute();
  await db.schema.alterTable('grades').dropColumn('comment').execute();
  await db.schema.alterTable('grades').dropColumn('rubric_items').execute();
  await db.schema.alterTable('grades').dropColumn('graded_by').execute();
  await db.schema.dropTable('question_rubrics').execute();
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Tests, who may take them, attempts and their answers (one row per question), marksheets and
// question reports. Same portable types as 0001: text (JSON documents too), integer, bigint;
// booleans are 0/1, times are bigint milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('mock_id', 'text')
    .addColumn('instruction', 'text', (col) => col.notNull().defaultTo(''))
    // JSON list of chapter names.
    .addColumn('chapters', 'text', (col) => col.notNull().defaultTo('[]'))
    // JSON object of test config flags.
    .addColumn('config', 'text', (col) => col.notNull().defaultTo('{}'))
    // The serialised paper (TestPaper JSON, version included): no keys, no solutions.
    .addColumn('paper', 'text', (col) => col.notNull())
    // sha256 of the paper without its version: tells a changed paper on re-import.
    .addColumn('paper_hash', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    // JSON list of keys and solutions, one per question; never sent before submission.
    .addColumn('answer_key', 'text', (col) => col.notNull())
    .addColumn('duration_seconds', 'integer', (col) => col.notNull())
    .addColumn('activation_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('access_code_hash', 'text')
    .addColumn('mp_cost', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('shuffle', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('partwise_timing', 'integer', (col) => col.notNull().defaultTo(0).check(sql`partwise_timing in (0, 1)`))
    .addColumn('partwise_time_gap_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skip_prepare', 'integer', (col) => col.notNull().defaultTo(0).check(sql`skip_prepare in (0, 1)`))
    .addColumn('allow_resume', 'integer', (col) => col.notNull().defaultTo(1).check(sql`allow_resume in (0, 1)`))
    .addColumn('open_to_all', 'integer', (col) => col.notNull().defaultTo(0).check(sql`open_to_all in (0, 1)`))
    .addColumn('noq', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('test_assignments')
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('test_assignments_pk', ['test_id', 'user_id'])
    .execute();
  await db.schema.createIndex('test_assignments_user_id').on('test_assignments').column('user_id').execute();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('test_version', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    // start + duration + extensions: the moment time is up. The server's clock decides.
    .addColumn('deadline_ms', 'bigint', (col) => col.notNull())
    // JSON list of {minutes, at}.
    .addColumn('extensions', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('submitted_at', 'bigint')
    .addColumn('submit_reason', 'text')
    // The submission arrived after the deadline and its grace.
    .addColumn('late', 'integer', (col) => col.notNull().defaultTo(0).check(sql`late in (0, 1)`))
    .addColumn('last_qn', 'integer', (col) => col.notNull().defaultTo(1))
    // JSON list of the devices seen by the device check at the last start.
    .addColumn('devices', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('mp_charged', 'integer', (col) => col.notNull().defaultTo(0))
    // JSON Result once submitted.
    .addColumn('result', 'text')
    .addColumn('remark', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('attempts_user_test', ['user_id', 'test_id'])
    .execute();
  await db.schema.createIndex('attempts_test_id').on('attempts').column('test_id').execute();
  // The deadline sweeper looks for unsubmitted attempts past their deadline.
  await db.schema.createIndex('attempts_open_deadline').on('attempts').columns(['submitted_at', 'deadline_ms']).execute();

  // One row per question and lateness: the on-time state (late = 0), and the latest change that
  // arrived after the deadline's grace (late = 1), kept apart so it never replaces a scored answer.
  await db.schema
    .createTable('answers')
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('late', 'integer', (col) => col.notNull().check(sql`late in (0, 1)`))
    .addColumn('rev', 'bigint', (col) => col.notNull())
    // JSON AnswerValue.
    .addColumn('ua', 'text', (col) => col.notNull())
    .addColumn('ats', 'bigint')
    .addColumn('mts', 'bigint')
    .addColumn('vts', 'bigint')
    .addColumn('s', 'integer', (col) => col.notNull().defaultTo(0))
    // The teacher's remark on this question.
    .addColumn('r', 'text')
    // When the student made the change (their clock) and when the server stored it.
    .addColumn('client_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('answers_pk', ['attempt_id', 'qn', 'late'])
    .execute();

  await db.schema
    .createTable('marksheets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Sanitised HTML.
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('marksheets_user_id').on('marksheets').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('question_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('question_reports_test_id').on('question_reports').columns(['test_id', 'qn']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['question_reports', 'marksheets', 'answers', 'attempts', 'test_assignments', 'tests']) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from 'kysely';

// Results in the staff console (issue 29).
//
// question_changes: a question re-keyed, dropped or restored after the test, with the reason, who
//   did it, the key before and after (JSON) and how many submitted attempts were scored again.
//   The key itself lives in tests.answer_key (a dropped question is marked there).
// marksheets (0003) gains the test a marksheet was produced from and who produced it (null for an
//   imported one), so producing again replaces it instead of adding a second.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('before', 'text', (col) => col.notNull())
    .addColumn('after', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('rescored', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('question_changes_test').on('question_changes').columns(['test_id', 'created_at']).execute();

  await db.schema.alterTable('marksheets').addColumn('test_id', 'text').execute();
  await db.schema.alterTable('marksheets').addColumn('generated_by', 'text').execute();
  await db.schema.createIndex('marksheets_test_user').on('marksheets').columns(['test_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('marksheets_test_user').execute();
  await db.schema.alterTable('marksheets').dropColumn('generated_by').execute();
  await db.schema.alterTable('marksheets').dropColumn('test_id').execute();
  await db.schema.dropTable('question_changes').execute();
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The question bank (issue 28): questions stored once, tagged and searched, used by many tests.
//
// bank_questions: one row a question, its current version (what the bank lists and searches).
//   `question` is the question in the test format (importQuestionSchema, JSON text); `search` the
//   lower-case name and text without markup, for `like` search; `labels` a JSON list of strings.
//   An archived question (archived_at) is hidden from the bank but kept for the tests that use it.
// bank_question_versions: every version of every question, the current one included. An edit
//   makes a new version; a test refers to (question_id, version), so its paper never changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_questions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('question', 'description')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('qt', 'integer', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.references('subjects.id').onDelete('set null'))
    .addColumn('chapter', 'text')
    .addColumn('difficulty', 'integer')
    .addColumn('labels', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('owner_id', 'text', (col) => col.references('staff_accounts.id').onDelete('set null'))
    .addColumn('search', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('archived_at', 'bigint')
    .execute();
  await db.schema.createIndex('bank_questions_subject').on('bank_questions').columns(['archived_at', 'subject_id', 'updated_at']).execute();
  await db.schema.createIndex('bank_questions_owner').on('bank_questions').columns(['owner_id', 'updated_at']).execute();
  await db.schema.createIndex('bank_questions_chapter').on('bank_questions').columns(['chapter']).execute();
  await db.schema.createIndex('bank_questions_updated').on('bank_questions').columns(['updated_at', 'id']).execute();

  await db.schema
    .createTable('bank_question_versions')
    .addColumn('question_id', 'text', (col) => col.notNull().references('bank_questions.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('chapter', 'text')
    .addColumn('difficulty', 'integer')
    .addColumn('labels', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('author_id', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('bank_question_versions_pk', ['question_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_question_versions').execute();
  await db.schema.dropTable('bank_questions').execute();
}

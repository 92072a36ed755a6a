import type { Kysely } from 'kysely';

// A test's versions never repeat, even across a delete (issue 28, decision 0058).
//
// Paper caches are keyed by test id and version: the server's per-process paper cache, the URL
// /api/test/paper/{id}/{version} and its ETag, the sealed paper handed out before the start and
// the student's browser cache of papers. A published test nobody started may be deleted, and a
// new test may later take the same id; were it to start again at version 1, the deleted test's
// paper could be served for it. retired_test_versions keeps, per deleted test id, the last
// version it had; a new test with that id starts at the version after it (the JSON import and
// the editor's publication both write tests through the exam's writeExamSections).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retired_test_versions')
    .addColumn('test_id', 'text', (col) => col.primaryKey())
    .addColumn('last_version', 'integer', (col) => col.notNull())
    .addColumn('retired_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retired_test_versions').execute();
}

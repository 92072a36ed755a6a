import type { Kysely } from 'kysely';

// The staff's test editor (issue 28, decision 0058).
//
// test_drafts: the editor's copy of a test (shared/src/api/staff-tests.ts TestDraft, JSON text),
//   beside the published test (tests) that students see. A test imported by JSON and never opened
//   in the editor has no row: its draft is made from the stored test when opened. `name` is the
//   draft's (the list searches it); `document_hash` the sha256 of `document`, `published_hash` that
//   of the document last published (null: never), so "unpublished changes" is one comparison;
//   `published_document` is that document (what discarding the unpublished changes goes back to).
//   `updated_at` strictly grows with each save: the editor's optimistic concurrency (a save or a
//   publication names the `updated_at` it started from).
// test_classes: the classes a published test is assigned to. Every student of the class sees it
//   (as the class is when the student opens the list): the students' visibility reads it, beside
//   test_assignments, through student_profiles.class_id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_drafts')
    .addColumn('test_id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.references('staff_accounts.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('document_hash', 'text', (col) => col.notNull())
    .addColumn('published_hash', 'text')
    .addColumn('published_document', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.references('staff_accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('test_drafts_owner').on('test_drafts').columns(['owner_id']).execute();
  await db.schema.createIndex('test_drafts_updated').on('test_drafts').columns(['updated_at', 'test_id']).execute();

  await db.schema
    .createTable('test_classes')
    .addColumn('test_id', 'text', (col) => col.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('test_classes_pk', ['test_id', 'class_id'])
    .execute();
  await db.schema.createIndex('test_classes_class').on('test_classes').columns(['class_id', 'test_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_classes').execute();
  await db.schema.dropTable('test_drafts').execute();
}

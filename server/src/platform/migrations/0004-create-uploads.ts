import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Students' uploaded answer files. The bytes live in the blob store (BLOB_DIR/uploads); a row
// is created when a signed URL is handed out (status 'pending'), becomes 'uploaded' when the PUT
// has stored and checked the bytes, and 'saved' when the student's client confirms it
// (savePresignedURL): only saved files count as the student's answer. qn 0 is the whole attempt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    .addColumn('ext', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'uploaded', 'saved')`))
    .addColumn('size', 'bigint')
    // Saved after the attempt was submitted (post-test PDF upload) or after its deadline's grace.
    .addColumn('after_submit', 'integer', (col) => col.notNull().defaultTo(0).check(sql`after_submit in (0, 1)`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_attempt').on('uploads').columns(['attempt_id', 'status', 'qn']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Study material, homework, assignments and video lectures (issue 11). An item belongs to a
// subject and the teacher who published it (the subject cards are per subject and author), and is
// seen by every student (class_id null) or by one class. Marks are hundredths, as grades are.
// Students' files for assignments and home work live in the upload store like answer files: a row
// is 'pending' when a signed URL is given out, 'uploaded' once the PUT stored and checked the
// bytes, 'saved' when the student's client confirms it; only saved files are the student's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('study_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject_id', 'text', (col) => col.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('assignment', 'homework', 'material', 'video-lecture')`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('class_id', 'text', (col) => col.references('classes.id').onDelete('cascade'))
    .addColumn('due_at', 'bigint')
    .addColumn('max_marks_hundredths', 'integer')
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    .addColumn('result_published', 'integer', (col) => col.notNull().defaultTo(0).check(sql`result_published in (0, 1)`))
    // JSON list of {name, url, type}.
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('study_items_subject').on('study_items').columns(['subject_id', 'author_id', 'published_at']).execute();

  await db.schema
    .createTable('study_scores')
    .addColumn('item_id', 'text', (col) => col.notNull().references('study_items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score_hundredths', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('study_scores_pk', ['item_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('study_uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('item_id', 'text', (col) => col.notNull().references('study_items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ext', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('stype', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'uploaded', 'saved')`))
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('study_uploads_item_user').on('study_uploads').columns(['item_id', 'user_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['study_uploads', 'study_scores', 'study_items']) await db.schema.dropTable(table).execute();
}

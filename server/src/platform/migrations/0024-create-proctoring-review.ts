import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Proctoring review in the staff console (issue 29).
//
// flag_reviews: a reviewer's verdict on one event of an attempt's trail (cleared or confirmed),
//   with a note. The event is named by (attempt_id, event_id), proctor_events' key.
// attempt_reviews: the decision on an attempt as a whole: no_concern, under_review or void, with
//   the reason. A void attempt has no score: every reader of results (the student's result and
//   ranking, the staff's tables, exports, item analysis, marksheets) leaves it out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flag_reviews')
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('verdict', 'text', (col) => col.notNull().check(sql`verdict in ('cleared', 'confirmed')`))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reviewer_id', 'text')
    .addColumn('reviewed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('flag_reviews_pk', ['attempt_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('attempt_reviews')
    .addColumn('attempt_id', 'text', (col) => col.primaryKey().references('attempts.id').onDelete('cascade'))
    .addColumn('decision', 'text', (col) => col.notNull().check(sql`decision in ('no_concern', 'under_review', 'void')`))
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reviewer_id', 'text')
    .addColumn('decided_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('attempt_reviews_decision').on('attempt_reviews').columns(['decision', 'attempt_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_reviews').execute();
  await db.schema.dropTable('flag_reviews').execute();
}

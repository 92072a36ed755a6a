import type { Kysely } from 'kysely';

// Study material and assignments in the staff console (issue 30, decision 0066): who graded a
// score, when, and the comment the teacher wrote; every score given is kept in study_score_history
// (as grade_history keeps an answer's grades).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_scores').addColumn('comment', 'text').execute();
  await db.schema.alterTable('study_scores').addColumn('graded_by', 'text').execute();
  await db.schema.alterTable('study_scores').addColumn('graded_at', 'bigint').execute();

  await db.schema
    .createTable('study_score_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('item_id', 'text', (col) => col.notNull().references('study_items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score_hundredths', 'integer', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('graded_by', 'text', (col) => col.notNull())
    .addColumn('graded_by_name', 'text', (col) => col.notNull())
    .addColumn('graded_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('study_score_history_item_user').on('study_score_history').columns(['item_id', 'user_id', 'graded_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('study_score_history').execute();
  await db.schema.alterTable('study_scores').dropColumn('graded_at').execute();
  await db.schema.alterTable('study_scores').dropColumn('graded_by').execute();
  await db.schema.alterTable('study_scores').dropColumn('comment').execute();
}

import type { Kysely } from 'kysely';

// When a test's review (keys, solutions, correctness, ranking) is released (issue 26, decision
// 0051). `review_rule`: 'after_end', 'on_submit' or 'manual'; null takes the default (after the
// test is over for a test with an end time, on submission for one without). `review_released_at`
// (epoch ms): under 'manual', the time the institute released it (null: not yet).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tests').addColumn('review_rule', 'text').execute();
  await db.schema.alterTable('tests').addColumn('review_released_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tests').dropColumn('review_released_at').execute();
  await db.schema.alterTable('tests').dropColumn('review_rule').execute();
}

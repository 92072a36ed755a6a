import type { Kysely } from 'kysely';

// The staff's students list (issue 28): a student can be disabled (cannot sign in, their sessions
// stop at once: every request reads the user), and the list shows when they last signed in.
// users(name, id) keeps the list's order (by name) an index walk, so a page of 25 of 10,000 reads
// 25 rows; student_profiles(class_id) makes the class filter and the class counts index lookups.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'bigint').execute();
  await db.schema.createIndex('users_name').on('users').columns(['name', 'id']).execute();
  await db.schema.createIndex('student_profiles_class').on('student_profiles').columns(['class_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('student_profiles_class').execute();
  await db.schema.dropIndex('users_name').execute();
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}

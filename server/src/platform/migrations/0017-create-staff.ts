import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The staff side (issue 28): the proctors of issue 12 become the institute's staff accounts, with a
// role each (admin | teacher | proctor), one sign-in and one session model.
//
// staff_accounts (was proctors): role; disabled_at (a disabled account cannot sign in, and its
// sessions stop working at once: every staff request reads the account); last_sign_in_at.
// proctor_tests keeps its name: the tests whose live console an account may open.
// staff_classes, staff_subjects: a teacher's classes and subjects (what they teach and see).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('proctors').renameTo('staff_accounts').execute();
  await db.schema
    .alterTable('staff_accounts')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('proctor').check(sql`role in ('admin', 'teacher', 'proctor')`))
    .execute();
  await db.schema.alterTable('staff_accounts').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('staff_accounts').addColumn('last_sign_in_at', 'bigint').execute();
  await db.schema.createIndex('staff_accounts_role').on('staff_accounts').columns(['role', 'name']).execute();

  await db.schema
    .createTable('staff_classes')
    .addColumn('staff_id', 'text', (col) => col.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_classes_pk', ['staff_id', 'class_id'])
    .execute();
  await db.schema.createIndex('staff_classes_class').on('staff_classes').column('class_id').execute();

  await db.schema
    .createTable('staff_subjects')
    .addColumn('staff_id', 'text', (col) => col.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (col) => col.notNull().references('subjects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_subjects_pk', ['staff_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('staff_subjects_subject').on('staff_subjects').column('subject_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_subjects').execute();
  await db.schema.dropTable('staff_classes').execute();
  await db.schema.dropIndex('staff_accounts_role').execute();
  await db.schema.alterTable('staff_accounts').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('staff_accounts').dropColumn('disabled_at').execute();
  await db.schema.alterTable('staff_accounts').dropColumn('role').execute();
  await db.schema.alterTable('staff_accounts').renameTo('proctors').execute();
}

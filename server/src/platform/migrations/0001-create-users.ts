import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Portable types only (text, integer, bigint) so the same migration runs on SQLite and PostgreSQL.
// Migrations take Kysely<unknown>: they must not depend on today's table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reg_no', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('meritpoints', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('avatar', 'text')
    .addColumn('config', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0).check(sql`verified in (0, 1)`))
    .addColumn('otp_hash', 'text')
    .addColumn('otp_expires_at', 'bigint')
    .addColumn('password_changed_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}

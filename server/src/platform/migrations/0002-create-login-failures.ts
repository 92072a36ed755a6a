import type { Kysely } from 'kysely';

// Failed sign-ins per account, identifier and client IP, in fixed windows (see modules/auth/login-limiter.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_window_started_at').on('login_failures').column('window_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}

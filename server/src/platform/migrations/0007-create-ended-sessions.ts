import type { Kysely } from 'kysely';

// Sessions a student ended by logging out. A session token is a signed JWT that stays genuine
// until it expires, so logging out records the token (by its SHA-256, never the token itself)
// until that expiry; every signed-in request checks this table, in the database so that every
// server process agrees. Rows past expires_at are purged: the token has expired by then anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ended_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('ended_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ended_sessions_expiry').on('ended_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ended_sessions').execute();
}

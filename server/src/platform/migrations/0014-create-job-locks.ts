import type { Kysely } from 'kysely';

// Periodic jobs (the deadline sweeper, pruning, payment reconciliation) run once across every
// server process, not once per process (issue 14, decision 0039). A job runs in the process that
// takes its row's lease: an upsert that only changes the row when the lease has lapsed, the same
// SQL on SQLite and PostgreSQL. `lease_until` is epoch milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'bigint', (col) => col.notNull())
    .addColumn('last_run_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_locks').execute();
}

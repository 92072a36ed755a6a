import type { Kysely } from 'kysely';

// The audit log (issue 30): every write a staff member makes, who, what, when, and the record
// before and after (JSON, with passwords and codes left out). A service writes its entry in the
// same transaction as the change it records; a staff write no service recorded is still logged
// by the audit middleware from its request (decision 0062).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text', (col) => col.notNull())
    // 'notice.send', 'fee.receipt.accept', ... or 'request' for one the middleware logged.
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    // 'POST /api/staff/notices': the request that made the change.
    .addColumn('request', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}

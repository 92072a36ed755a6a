import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Notices, queries and certificates in the staff console (issue 30, decision 0063).
//
// - notifications / notices: who sent one from the console (sent_by: the staff account, with
//   its name as it was); null for the import's.
// - certificate_requests: a paid request may be 'rejected' with a reason (the student sees both);
//   SQLite cannot change a CHECK constraint, so the table is rebuilt there (nothing refers to it).
// - payments.refund_reason: why a capture is owed back (a rejected certificate's reason).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notifications', 'notices']) {
    await db.schema.alterTable(table).addColumn('sent_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('sent_by_name', 'text').execute();
  }
  await db.schema.alterTable('payments').addColumn('refund_reason', 'text').execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createTable('certificate_requests_0026')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type_id', 'text', (col) => col.notNull().references('certificate_types.id'))
      .addColumn('type_name', 'text', (col) => col.notNull())
      .addColumn('fee_paise', 'bigint', (col) => col.notNull())
      .addColumn('delivery_status', 'text', (col) => col.notNull().check(sql`delivery_status in ('unpaid', 'pending', 'processing', 'delivered', 'rejected')`))
      .addColumn('order_id', 'text')
      .addColumn('certificate_file', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('delivered_at', 'bigint')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('reject_reason', 'text')
      .addColumn('rejected_at', 'bigint')
      .execute();
    await sql`insert into certificate_requests_0026 (id, user_id, type_id, type_name, fee_paise, delivery_status, order_id, certificate_file, created_at, paid_at, delivered_at, updated_at)
      select id, user_id, type_id, type_name, fee_paise, delivery_status, order_id, certificate_file, created_at, paid_at, delivered_at, updated_at from certificate_requests`.execute(db);
    await db.schema.dropTable('certificate_requests').execute();
    await db.schema.alterTable('certificate_requests_0026').renameTo('certificate_requests').execute();
    await db.schema.createIndex('certificate_requests_user').on('certificate_requests').columns(['user_id', 'updated_at']).execute();
    await db.schema.createIndex('certificate_requests_order').on('certificate_requests').column('order_id').unique().execute();
  } else {
    await sql`alter table certificate_requests drop constraint if exists certificate_requests_delivery_status_check`.execute(db);
    await sql`alter table certificate_requests add constraint certificate_requests_delivery_status_check check (delivery_status in ('unpaid', 'pending', 'processing', 'delivered', 'rejected'))`.execute(db);
    await db.schema.alterTable('certificate_requests').addColumn('reject_reason', 'text').execute();
    await db.schema.alterTable('certificate_requests').addColumn('rejected_at', 'bigint').execute();
  }
  // The staff queue: paid requests by state, oldest paid first.
  await db.schema.createIndex('certificate_requests_queue').on('certificate_requests').columns(['delivery_status', 'paid_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('certificate_requests_queue').execute();
  // A rejected request goes back to pending (the older schema has no such state).
  await sql`update certificate_requests set delivery_status = 'pending' where delivery_status = 'rejected'`.execute(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table certificate_requests drop constraint if exists certificate_requests_delivery_status_check`.execute(db);
    await sql`alter table certificate_requests add constraint certificate_requests_delivery_status_check check (delivery_status in ('unpaid', 'pending', 'processing', 'delivered'))`.execute(db);
  }
  await db.schema.alterTable('certificate_requests').dropColumn('rejected_at').execute();
  await db.schema.alterTable('certificate_requests').dropColumn('reject_reason').execute();
  await db.schema.alterTable('payments').dropColumn('refund_reason').execute();
  for (const table of ['notifications', 'notices']) {
    await db.schema.alterTable(table).dropColumn('sent_by_name').execute();
    await db.schema.alterTable(table).dropColumn('sent_by').execute();
  }
}

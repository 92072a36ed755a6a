import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Certificates (student-portal.md sections 2 Certificates, 3 Certificate type / request, 4).
//
// A request row is made when the student presses Pay on the admin page, as 'unpaid' (the
// payment's purpose id), and becomes 'pending' once, when its order is paid: the student's list
// shows only paid requests. type_name and fee_paise are copied at that moment, so a type renamed
// or repriced later does not change what was paid for. Money is paise; times BIGINT ms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificate_types')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('fee_paise', 'bigint', (col) => col.notNull().check(sql`fee_paise >= 0`))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // 0: no longer offered (requests already made keep it).
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('certificate_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type_id', 'text', (col) => col.notNull().references('certificate_types.id'))
    .addColumn('type_name', 'text', (col) => col.notNull())
    .addColumn('fee_paise', 'bigint', (col) => col.notNull())
    .addColumn('delivery_status', 'text', (col) => col.notNull().check(sql`delivery_status in ('unpaid', 'pending', 'processing', 'delivered')`))
    // The paid order (payment service); null while unpaid, or for a request imported as history.
    .addColumn('order_id', 'text')
    // A PDF under BLOB_DIR/certificates once delivered.
    .addColumn('certificate_file', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('certificate_requests_user').on('certificate_requests').columns(['user_id', 'updated_at']).execute();
  // One request per paid order, whatever reaches us twice.
  await db.schema.createIndex('certificate_requests_order').on('certificate_requests').column('order_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificate_requests').execute();
  await db.schema.dropTable('certificate_types').execute();
}

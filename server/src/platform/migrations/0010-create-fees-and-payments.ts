import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Fees (student-portal.md "My Fees", fee summary, fee item, payment method, receipt) and online
// payments (issue 11). Money is integer paise (BIGINT); calendar days are text 'yyyy-MM-dd' in the
// institute's zone, months 'yyyy-MM'; instants are BIGINT ms.
//
// Payments follow how Indian gateways work (decision 0027): the server creates an order at the
// gateway for the amount it computes, the gateway's signed checkout reply and signed webhooks move
// the order forward (created -> attempted -> paid; failed may still become paid, paid never moves),
// and a payment's id is its primary key so the same capture can never count twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fee_heads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    // tuition, transport and hostel get a month suffix on screen; any other text is shown as is.
    .addColumn('fee_type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('student_fees')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('fee_head_id', 'text', (col) => col.notNull().references('fee_heads.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('due_month', 'text')
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('fee_amount_paise', 'bigint', (col) => col.notNull().check(sql`fee_amount_paise >= 0`))
    .addColumn('fine_amount_paise', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`fine_amount_paise >= 0`))
    .addColumn('paid_paise', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`paid_paise >= 0`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('student_fees_student').on('student_fees').columns(['student_id', 'due_date']).execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('upi', 'sib')`))
    .addColumn('upi_id', 'text')
    .addColumn('payee_name', 'text')
    .addColumn('instruction', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  // A receipt the student uploads for a payment made outside the portal; 'pending' shows as
  // 'Waiting for processing!' until the institute confirms it (npm run import), which adds its amount.
  await db.schema
    .createTable('fee_receipts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('student_fee_id', 'text', (col) => col.notNull().references('student_fees.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('transaction_date', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cheque_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image_key', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'rejected')`))
    .addColumn('amount_paise', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('fee_receipts_fee').on('fee_receipts').columns(['student_fee_id', 'created_at']).execute();

  // An order at the gateway; id is the gateway's order id (order_...). purpose: what it pays for
  // (kind 'fee' -> student_fees.id, 'certificate' -> the certificates module's id).
  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('student_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose_kind', 'text', (col) => col.notNull())
    .addColumn('purpose_id', 'text', (col) => col.notNull())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('return_path', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('created', 'attempted', 'failed', 'paid')`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('payment_orders_purpose').on('payment_orders').columns(['purpose_kind', 'purpose_id', 'student_id']).execute();
  await db.schema.createIndex('payment_orders_status').on('payment_orders').columns(['status', 'created_at']).execute();

  // A captured payment (id: the gateway's pay_...); source: what told us first.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('payment_orders.id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('checkout', 'webhook', 'reconcile')`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  // Every webhook event taken, by the gateway's event id: a second delivery is acknowledged, not applied.
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .execute();

  // Refused gateway messages (bad signature, unknown order, wrong amount, replayed event): kept for the institute.
  await db.schema
    .createTable('payment_rejections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text')
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  // The local gateway simulator's own books (what "the gateway" knows), apart from ours: after a
  // crash our server asks it, as it would ask Razorpay, which open orders were paid.
  await db.schema
    .createTable('gateway_simulator_orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('receipt', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('gateway_simulator_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('gateway_simulator_orders.id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'gateway_simulator_payments',
    'gateway_simulator_orders',
    'payment_rejections',
    'payment_webhook_events',
    'payments',
    'payment_orders',
    'fee_receipts',
    'payment_methods',
    'student_fees',
    'fee_heads',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Fees in the staff console (issue 30, decision 0065).
//
// - fee_receipts.reject_reason / reviewed_by / reviewed_at: who accepted or rejected a student's
//   uploaded receipt, when, and why it was rejected (the student sees the reason).
// - payments.refund_reference: the gateway's refund id the institute gives when it marks a
//   capture refunded.
// - fee_offline_payments: cash, cheque or bank payments the office records against a fee; one per
//   (fee, reference), so pressing Record twice never counts the money twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fee_receipts').addColumn('reject_reason', 'text').execute();
  await db.schema.alterTable('fee_receipts').addColumn('reviewed_by', 'text').execute();
  await db.schema.alterTable('fee_receipts').addColumn('reviewed_at', 'bigint').execute();
  await db.schema.createIndex('fee_receipts_status').on('fee_receipts').columns(['status', 'created_at']).execute();

  await db.schema.alterTable('payments').addColumn('refund_reference', 'text').execute();

  await db.schema
    .createTable('fee_offline_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('student_fee_id', 'text', (col) => col.notNull().references('student_fees.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('cash', 'cheque', 'bank')`))
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('amount_paise', 'bigint', (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn('paid_on', 'text', (col) => col.notNull())
    .addColumn('recorded_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('fee_offline_payments_reference').on('fee_offline_payments').columns(['student_fee_id', 'reference']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fee_offline_payments').execute();
  await db.schema.alterTable('payments').dropColumn('refund_reference').execute();
  await db.schema.dropIndex('fee_receipts_status').execute();
  await db.schema.alterTable('fee_receipts').dropColumn('reviewed_at').execute();
  await db.schema.alterTable('fee_receipts').dropColumn('reviewed_by').execute();
  await db.schema.alterTable('fee_receipts').dropColumn('reject_reason').execute();
}

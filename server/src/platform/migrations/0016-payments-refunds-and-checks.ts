import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Issue 26, decision 0053: a fee is never paid twice; reconciles back off per order; a receipt's
// lines add up to what it says was paid.
//
// - payments.refund_paise / refund_status: a capture (or the part of one) that its purpose no
//   longer needed (the fee was settled through a newer order, or the order was already paid) is
//   kept 'to_refund' for the institute and never counted; 'refunded' once the institute says so.
// - payment_orders.checks / next_check_at / checked_at / check_claimed_until: how often the
//   reconcile has asked the gateway about an open order, when it may ask next (backing off), when a
//   check last finished, and until when a process has claimed the check it is making (so processes
//   starting at once ask the gateway once per order, with no lease to wait for).
// - student_fees.opening_paid_paise: what was paid before the first import (the import's
//   paid_amount_paise), so the receipt can list it as a line of its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('refund_paise', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refund_status', 'text', (col) => col.notNull().defaultTo('none').check(sql`refund_status in ('none', 'to_refund', 'refunded')`))
    .execute();
  await db.schema.alterTable('payments').addColumn('refunded_at', 'bigint').execute();
  await db.schema.createIndex('payments_refund_status').on('payments').columns(['refund_status', 'created_at']).execute();

  await db.schema.alterTable('payment_orders').addColumn('checks', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('payment_orders').addColumn('next_check_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('checked_at', 'bigint').execute();
  await db.schema.alterTable('payment_orders').addColumn('check_claimed_until', 'bigint').execute();

  await db.schema.alterTable('student_fees').addColumn('opening_paid_paise', 'bigint', (col) => col.notNull().defaultTo(0)).execute();

  // Refusals are pruned by age: find the newest quickly.
  await db.schema.createIndex('payment_rejections_created').on('payment_rejections').column('created_at').execute();

  // Before this migration a second capture on a paid order was only logged: every payment of an
  // order after its first is one to refund.
  await sql`
    update payments set refund_paise = amount_paise, refund_status = 'to_refund'
    where exists (
      select 1 from payments earlier
      where earlier.order_id = payments.order_id
        and (earlier.created_at < payments.created_at or (earlier.created_at = payments.created_at and earlier.id < payments.id))
    )`.execute(db);
  // What was paid and is not an online payment or a confirmed receipt came with the import.
  await sql`
    update student_fees set opening_paid_paise = max_part.opening
    from (
      select f.id as id,
        f.paid_paise
        - coalesce((select sum(p.amount_paise - p.refund_paise) from payments p join payment_orders o on o.id = p.order_id
                    where o.purpose_kind = 'fee' and o.purpose_id = f.id), 0)
        - coalesce((select sum(r.amount_paise) from fee_receipts r where r.student_fee_id = f.id and r.status = 'confirmed'), 0) as opening
      from student_fees f
    ) as max_part
    where max_part.id = student_fees.id and max_part.opening > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_rejections_created').execute();
  await db.schema.alterTable('student_fees').dropColumn('opening_paid_paise').execute();
  await db.schema.alterTable('payment_orders').dropColumn('check_claimed_until').execute();
  await db.schema.alterTable('payment_orders').dropColumn('checked_at').execute();
  await db.schema.alterTable('payment_orders').dropColumn('next_check_at').execute();
  await db.schema.alterTable('payment_orders').dropColumn('checks').execute();
  await db.schema.dropIndex('payments_refund_status').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_at').execute();
  await db.schema.alterTable('payments').dropColumn('refund_status').execute();
  await db.schema.alterTable('payments').dropColumn('refund_paise').execute();
}

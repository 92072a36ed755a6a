import type { Kysely } from 'kysely';
import type { Database, PaymentOrderStatus, PaymentsTable } from '../db';

export interface OrderRecord {
  id: string;
  gateway: string;
  studentId: string;
  purposeKind: string;
  purposeId: string;
  amountPaise: number;
  currency: string;
  description: string;
  returnPath: string;
  status: PaymentOrderStatus;
  createdAt: number;
  paidAt: number | null;
}

type OrderRow = Database['payment_orders'];

const toOrder = (row: OrderRow): OrderRecord => ({
  id: row.id,
  gateway: row.gateway,
  studentId: row.student_id,
  purposeKind: row.purpose_kind,
  purposeId: row.purpose_id,
  amountPaise: Number(row.amount_paise),
  currency: row.currency,
  description: row.description,
  returnPath: row.return_path,
  status: row.status,
  createdAt: Number(row.created_at),
  paidAt: row.paid_at === null ? null : Number(row.paid_at),
});

/**
 * Orders, captured payments, webhook events and refusals (migration 0010). Every function takes the
 * connection to use, so the payment service can run a capture and its purpose's handler in one
 * transaction.
 */
export const paymentRepository = {
  async insertOrder(db: Kysely<Database>, order: Omit<OrderRecord, 'paidAt'>): Promise<void> {
    await db
      .insertInto('payment_orders')
      .values({
        id: order.id,
        gateway: order.gateway,
        student_id: order.studentId,
        purpose_kind: order.purposeKind,
        purpose_id: order.purposeId,
        amount_paise: order.amountPaise,
        currency: order.currency,
        description: order.description,
        return_path: order.returnPath,
        status: order.status,
        created_at: order.createdAt,
        updated_at: order.createdAt,
        paid_at: null,
      })
      .execute();
  },

  async findOrder(db: Kysely<Database>, orderId: string): Promise<OrderRecord | undefined> {
    const row = await db.selectFrom('payment_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  },

  /** The newest unpaid order of this student for this purpose and amount, created at or after `since`. */
  async findOpenOrder(db: Kysely<Database>, q: { studentId: string; kind: string; purposeId: string; amountPaise: number; gateway: string; since: number }): Promise<OrderRecord | undefined> {
    const row = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('student_id', '=', q.studentId)
      .where('purpose_kind', '=', q.kind)
      .where('purpose_id', '=', q.purposeId)
      .where('amount_paise', '=', q.amountPaise)
      .where('gateway', '=', q.gateway)
      .where('status', 'in', ['created', 'attempted', 'failed'])
      .where('created_at', '>=', q.since)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ? toOrder(row) : undefined;
  },

  /** Unpaid orders of this gateway created at or after `since`, oldest first. */
  async listOpenOrders(db: Kysely<Database>, gateway: string, since: number): Promise<OrderRecord[]> {
    const rows = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('status', 'in', ['created', 'attempted', 'failed'])
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .execute();
    return rows.map(toOrder);
  },

  /** created/failed -> attempted, created/attempted -> failed; a paid order never moves. True when it moved. */
  async moveOrder(db: Kysely<Database>, orderId: string, to: 'attempted' | 'failed', now: number): Promise<boolean> {
    const from: PaymentOrderStatus[] = to === 'attempted' ? ['created', 'failed'] : ['created', 'attempted'];
    const result = await db.updateTable('payment_orders').set({ status: to, updated_at: now }).where('id', '=', orderId).where('status', 'in', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Any unpaid state -> paid, once: true only for the call that moved it. */
  async markOrderPaid(db: Kysely<Database>, orderId: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('payment_orders')
      .set({ status: 'paid', paid_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Records a captured payment; false when this payment id was already recorded. */
  async insertPayment(db: Kysely<Database>, payment: PaymentsTable): Promise<boolean> {
    const result = await db.insertInto('payments').values(payment).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async paymentsOfOrder(db: Kysely<Database>, orderId: string): Promise<PaymentsTable[]> {
    return await db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
  },

  /** Takes a webhook event id; false when it was taken before (a redelivery or a replay). */
  async takeWebhookEvent(db: Kysely<Database>, event: { eventId: string; eventType: string; orderId: string | null; paymentId: string | null; now: number }): Promise<boolean> {
    const result = await db
      .insertInto('payment_webhook_events')
      .values({ event_id: event.eventId, event_type: event.eventType, order_id: event.orderId, payment_id: event.paymentId, received_at: event.now })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async insertRejection(db: Kysely<Database>, rejection: { id: string; source: string; reason: string; orderId: string | null; detail: string; now: number }): Promise<void> {
    await db
      .insertInto('payment_rejections')
      .values({ id: rejection.id, source: rejection.source, reason: rejection.reason, order_id: rejection.orderId, detail: rejection.detail.slice(0, 2000), created_at: rejection.now })
      .execute();
  },
};

import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, PaymentOrderStatus, PaymentsTable } from '../../platform/db';

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
  /** The reconcile's gateway calls so far, and when it may ask next (null: one minute after creation). */
  checks: number;
  nextCheckAt: number | null;
}

/** A payment kept for a refund, for the institute's list. */
export interface RefundRecord {
  paymentId: string;
  orderId: string;
  studentId: string;
  purposeKind: string;
  purposeId: string;
  description: string;
  amountPaise: number;
  refundPaise: number;
  method: string;
  status: 'to_refund' | 'refunded';
  capturedAt: number;
  refundedAt: number | null;
}

type OrderRow = Selectable<Database['payment_orders']>;

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
  checks: Number(row.checks),
  nextCheckAt: row.next_check_at === null ? null : Number(row.next_check_at),
});

/**
 * Orders, captured payments, webhook events and refusals (migration 0010). Every function takes the
 * connection to use, so the payment service can run a capture and its purpose's handler in one
 * transaction.
 */
export const paymentRepository = {
  async insertOrder(db: Kysely<Database>, order: Omit<OrderRecord, 'paidAt' | 'checks' | 'nextCheckAt'>): Promise<void> {
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
  async insertPayment(db: Kysely<Database>, payment: Insertable<PaymentsTable>): Promise<boolean> {
    const result = await db.insertInto('payments').values(payment).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async paymentsOfOrder(db: Kysely<Database>, orderId: string): Promise<Selectable<PaymentsTable>[]> {
    return await db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
  },

  async findPayment(db: Kysely<Database>, paymentId: string): Promise<Selectable<PaymentsTable> | undefined> {
    return await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  },

  /** Keeps `refundPaise` of a payment for a refund (never counted toward its purpose). */
  async markToRefund(db: Kysely<Database>, paymentId: string, refundPaise: number): Promise<void> {
    await db.updateTable('payments').set({ refund_paise: refundPaise, refund_status: 'to_refund' }).where('id', '=', paymentId).where('refund_status', '=', 'none').execute();
  },

  /**
   * Issue 30: every capture of an order is owed back (its purpose was refused, e.g. a rejected
   * certificate): what is not refunded yet becomes to_refund, with the reason. A capture already
   * refunded in full is left as it is. The number of captures marked.
   */
  async markOrderRefundOwed(db: Kysely<Database>, orderId: string, reason: string): Promise<number> {
    const result = await db
      .updateTable('payments')
      .set((eb) => ({ refund_paise: eb.ref('amount_paise'), refund_status: 'to_refund', refund_reason: reason }))
      .where('order_id', '=', orderId)
      .where('refund_status', 'in', ['none', 'to_refund'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** to_refund -> refunded (the institute refunded it at the gateway); false when it was not to refund. */
  async markRefunded(db: Kysely<Database>, paymentId: string, now: number): Promise<boolean> {
    const result = await db.updateTable('payments').set({ refund_status: 'refunded', refunded_at: now }).where('id', '=', paymentId).where('refund_status', '=', 'to_refund').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Payments kept for a refund (all, or of one state), oldest first. */
  async listRefunds(db: Kysely<Database>, status?: 'to_refund' | 'refunded'): Promise<RefundRecord[]> {
    let query = db
      .selectFrom('payments')
      .innerJoin('payment_orders', 'payment_orders.id', 'payments.order_id')
      .select([
        'payments.id',
        'payments.order_id',
        'payment_orders.student_id',
        'payment_orders.purpose_kind',
        'payment_orders.purpose_id',
        'payment_orders.description',
        'payments.amount_paise',
        'payments.refund_paise',
        'payments.method',
        'payments.refund_status',
        'payments.created_at',
        'payments.refunded_at',
      ])
      .orderBy('payments.created_at')
      .orderBy('payments.id');
    query = status ? query.where('payments.refund_status', '=', status) : query.where('payments.refund_status', '!=', 'none');
    return (await query.execute()).map((row) => ({
      paymentId: row.id,
      orderId: row.order_id,
      studentId: row.student_id,
      purposeKind: row.purpose_kind,
      purposeId: row.purpose_id,
      description: row.description,
      amountPaise: Number(row.amount_paise),
      refundPaise: Number(row.refund_paise),
      method: row.method,
      status: row.refund_status === 'refunded' ? 'refunded' : 'to_refund',
      capturedAt: Number(row.created_at),
      refundedAt: row.refunded_at === null ? null : Number(row.refunded_at),
    }));
  },

  /** Unpaid orders of this gateway created at or after `since` whose next check is due at `now` (never checked: `firstAfterMs` after creation), oldest first. */
  async listDueOrders(db: Kysely<Database>, gateway: string, since: number, now: number, firstAfterMs: number): Promise<OrderRecord[]> {
    const rows = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('status', 'in', ['created', 'attempted', 'failed'])
      .where('created_at', '>=', since)
      .where(sql<number>`coalesce(next_check_at, created_at + ${firstAfterMs})`, '<=', now)
      .orderBy('created_at')
      .execute();
    return rows.map(toOrder);
  },

  /**
   * Claims the check of an order with the gateway for `claimMs` (one process of several asks):
   * true for the one call that claimed it. 'start': unless a check finished within `recentMs` (a
   * rolling restart asks once); 'due': only when its next check is due (never checked: `firstAfterMs`
   * after creation). A claim left by a process that died lapses after `claimMs`.
   */
  async claimCheck(db: Kysely<Database>, orderId: string, now: number, q: { mode: 'start' | 'due'; claimMs: number; recentMs: number; firstAfterMs: number }): Promise<boolean> {
    let update = db
      .updateTable('payment_orders')
      .set({ check_claimed_until: now + q.claimMs })
      .where('id', '=', orderId)
      .where('status', '!=', 'paid')
      .where((eb) => eb.or([eb('check_claimed_until', 'is', null), eb('check_claimed_until', '<=', now)]));
    update =
      q.mode === 'start'
        ? update.where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', now - q.recentMs)]))
        : update.where(sql<number>`coalesce(next_check_at, created_at + ${q.firstAfterMs})`, '<=', now);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The order is in use again (offered to a student): its checks start over, the next at `nextAt`. */
  async resetChecks(db: Kysely<Database>, orderId: string, nextAt: number): Promise<void> {
    await db.updateTable('payment_orders').set({ checks: 0, next_check_at: nextAt }).where('id', '=', orderId).execute();
  },

  /** One more check of an order with the gateway, finished at `now`; the next not before `nextAt`; the claim given up. */
  async recordCheck(db: Kysely<Database>, orderId: string, now: number, nextAt: number): Promise<void> {
    await db.updateTable('payment_orders').set({ checks: sql<number>`checks + 1`, checked_at: now, next_check_at: nextAt, check_claimed_until: null }).where('id', '=', orderId).execute();
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
      .values({ id: rejection.id, source: rejection.source, reason: rejection.reason, order_id: rejection.orderId, detail: rejection.detail, created_at: rejection.now })
      .execute();
  },

  /** How many refusals were kept at or after `since`. */
  async countRejectionsSince(db: Kysely<Database>, since: number): Promise<number> {
    const row = await db.selectFrom('payment_rejections').select((eb) => eb.fn.countAll<string | number>().as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Keeps the newest `keep` refusals; returns how many older ones were dropped. */
  async pruneRejections(db: Kysely<Database>, keep: number): Promise<number> {
    const boundary = await db.selectFrom('payment_rejections').select(['created_at', 'id']).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(keep).limit(1).executeTakeFirst();
    if (!boundary) return 0;
    const result = await db
      .deleteFrom('payment_rejections')
      .where((eb) => eb.or([eb('created_at', '<', boundary.created_at), eb.and([eb('created_at', '=', boundary.created_at), eb('id', '<=', boundary.id)])]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

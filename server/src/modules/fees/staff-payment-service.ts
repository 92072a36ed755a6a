import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { formatRupees } from '@invigil/shared/domain/money';
import type { OrdersQuery, OrdersReply, ReconcileLine, ReconcileOpenReply, ReconcileReply, RejectionsReply, StaffRefund } from '@invigil/shared/api/staff-fees';
import { ORDER_PAGE_SIZE, RECONCILE_MAX_DAYS, STAFF_FEE_MESSAGES } from '@invigil/shared/api/staff-fees';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { dayStartMs } from '../../platform/lib/institute-day';
import type { Logger } from '../../platform/lib/logger';
import { recordAudit } from '../audit/audit-module';
import type { AuditActor } from '../audit/audit-module';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentService } from './payment-service';

/** At most this many payments on either side are compared in one reconciliation. */
export const RECONCILE_MAX_PAYMENTS = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StaffPaymentServiceDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  payments: Pick<PaymentService, 'reconcileOpenOrders'>;
  clock: Clock;
  logger: Logger;
  timeZone: string;
}

/** Why a capture is owed back when none was stored with it, from what it paid for (the payment service keeps a fee's surplus). */
const refundReasonOf = (purposeKind: string, amountPaise: number, refundPaise: number): string =>
  purposeKind === 'fee'
    ? refundPaise < amountPaise
      ? 'Paid more than the fee still needed (settled meanwhile in part)'
      : 'The fee was already paid when this payment was captured'
    : purposeKind === 'certificate'
      ? 'Certificate request not delivered'
      : 'Not needed by what it paid for';

/** Online payments in the staff console (decision 0065): orders, refusals, refunds owed and the reconciliation with the gateway. */
export function createStaffPaymentService({ db, gateway, payments, clock, logger, timeZone }: StaffPaymentServiceDeps) {
  const refundBase = (conn: Kysely<Database>) =>
    conn
      .selectFrom('payments')
      .innerJoin('payment_orders', 'payment_orders.id', 'payments.order_id')
      .innerJoin('users', 'users.id', 'payment_orders.student_id')
      .select([
        'payments.id',
        'payments.order_id',
        'users.name',
        'users.reg_no',
        'payment_orders.purpose_kind',
        'payment_orders.description',
        'payments.amount_paise',
        'payments.refund_paise',
        'payments.refund_status',
        'payments.created_at',
        'payments.refunded_at',
        'payments.refund_reference',
        'payments.refund_reason',
      ]);
  type RefundRow = Awaited<ReturnType<ReturnType<typeof refundBase>['execute']>>[number];
  const toRefund = (row: RefundRow): StaffRefund => ({
    paymentId: row.id,
    orderId: row.order_id,
    studentName: row.name,
    regNo: row.reg_no,
    description: row.description,
    amountPaise: Number(row.amount_paise),
    refundPaise: Number(row.refund_paise),
    // The reason stored with the capture (a rejected certificate's, migration 0026), else what it paid for tells.
    reason: row.refund_reason ?? refundReasonOf(row.purpose_kind, Number(row.amount_paise), Number(row.refund_paise)),
    status: row.refund_status === 'refunded' ? 'refunded' : 'to_refund',
    capturedAt: Number(row.created_at),
    refundedAt: row.refunded_at === null ? null : Number(row.refunded_at),
    refundReference: row.refund_reference,
  });

  return {
    async orders(query: OrdersQuery): Promise<OrdersReply> {
      let base = db.selectFrom('payment_orders').innerJoin('users', 'users.id', 'payment_orders.student_id');
      if (query.status === 'paid') base = base.where('payment_orders.status', '=', 'paid');
      else if (query.status === 'failed') base = base.where('payment_orders.status', '=', 'failed');
      else if (query.status === 'open') base = base.where('payment_orders.status', 'in', ['created', 'attempted']);
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(users.name)`, 'like', sql`${like} escape '\\'`),
            eb(sql`lower(users.reg_no)`, 'like', sql`${like} escape '\\'`),
            eb(sql`lower(payment_orders.id)`, 'like', sql`${like} escape '\\'`),
          ]),
        );
      }
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['payment_orders.id', 'users.name', 'users.reg_no', 'payment_orders.purpose_kind', 'payment_orders.description', 'payment_orders.amount_paise', 'payment_orders.status', 'payment_orders.created_at', 'payment_orders.paid_at'])
        .orderBy('payment_orders.created_at', 'desc')
        .orderBy('payment_orders.id', 'desc')
        .limit(ORDER_PAGE_SIZE)
        .offset((query.page - 1) * ORDER_PAGE_SIZE)
        .execute();
      const paymentRows = rows.length === 0 ? [] : await db.selectFrom('payments').select(['id', 'order_id']).where('order_id', 'in', rows.map((row) => row.id)).orderBy('created_at').execute();
      return {
        items: rows.map((row) => ({
          id: row.id,
          studentName: row.name,
          regNo: row.reg_no,
          purposeKind: row.purpose_kind,
          description: row.description,
          amountPaise: Number(row.amount_paise),
          status: row.status,
          createdAt: Number(row.created_at),
          paidAt: row.paid_at === null ? null : Number(row.paid_at),
          paymentIds: paymentRows.filter((payment) => payment.order_id === row.id).map((payment) => payment.id),
        })),
        total: Number(total.n),
        page: query.page,
        pageSize: ORDER_PAGE_SIZE,
      };
    },

    async rejections(page: number): Promise<RejectionsReply> {
      const total = await db.selectFrom('payment_rejections').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('payment_rejections')
        .select(['id', 'source', 'reason', 'order_id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(ORDER_PAGE_SIZE)
        .offset((page - 1) * ORDER_PAGE_SIZE)
        .execute();
      return { items: rows.map((row) => ({ id: row.id, source: row.source, reason: row.reason, orderId: row.order_id, createdAt: Number(row.created_at) })), total: Number(total.n), page, pageSize: ORDER_PAGE_SIZE };
    },

    async refunds(status: 'to_refund' | 'refunded'): Promise<StaffRefund[]> {
      const rows = await refundBase(db)
        .where('payments.refund_status', '=', status)
        .orderBy(status === 'to_refund' ? 'payments.created_at' : 'payments.refunded_at', status === 'to_refund' ? 'asc' : 'desc')
        .orderBy('payments.id')
        .limit(500)
        .execute();
      return rows.map(toRefund);
    },

    /** to_refund -> refunded with the gateway's refund reference, audited. */
    async markRefunded(actor: AuditActor, paymentId: string, reference: string): Promise<StaffRefund> {
      const now = clock.now();
      return await db.transaction().execute(async (trx) => {
        const before = await refundBase(trx).where('payments.id', '=', paymentId).executeTakeFirst();
        if (!before) throw new AppError('not_found', STAFF_FEE_MESSAGES.paymentNotFound);
        const moved = await trx
          .updateTable('payments')
          .set({ refund_status: 'refunded', refunded_at: now, refund_reference: reference })
          .where('id', '=', paymentId)
          .where('refund_status', '=', 'to_refund')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new AppError('conflict', STAFF_FEE_MESSAGES.notToRefund);
        const after = await refundBase(trx).where('payments.id', '=', paymentId).executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          {
            actor,
            action: 'payment.refund.mark',
            entityType: 'payment',
            entityId: paymentId,
            summary: `Marked ${formatRupees(Number(after.refund_paise))} of payment ${paymentId} (${after.name}, ${after.reg_no}) refunded: ${reference}`,
            before: toRefund(before),
            after: toRefund(after),
          },
          now,
        );
        return toRefund(after);
      });
    },

    /**
     * Our captures against the gateway's for the days [from, to] (institute days): matched, captured
     * at the gateway but not recorded here, recorded here but not at the gateway, amounts differ.
     * A capture of ours outside the gateway's listed window is asked about by its order.
     */
    async reconcile(from: string, to: string): Promise<ReconcileReply> {
      if (to < from) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.periodOrder);
      const fromMs = dayStartMs(from, timeZone);
      const toMs = dayStartMs(to, timeZone) + DAY_MS;
      if (toMs - fromMs > RECONCILE_MAX_DAYS * DAY_MS + 2 * 60 * 60 * 1000) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.periodTooLong);
      let theirs: Awaited<ReturnType<PaymentGateway['listPayments']>>;
      try {
        theirs = (await gateway.listPayments(fromMs, toMs, RECONCILE_MAX_PAYMENTS)).filter((payment) => payment.status === 'captured' || payment.status === 'refunded');
      } catch (error) {
        logger.warn('The reconciliation could not list the gateway\'s payments:', error);
        throw new AppError('unavailable', STAFF_FEE_MESSAGES.gatewayUnavailable);
      }
      const ours = await db
        .selectFrom('payments')
        .innerJoin('payment_orders', 'payment_orders.id', 'payments.order_id')
        .select(['payments.id', 'payments.order_id', 'payments.amount_paise', 'payments.created_at'])
        .where('payment_orders.gateway', '=', gateway.name)
        .where('payments.created_at', '>=', fromMs)
        .where('payments.created_at', '<', toMs)
        .orderBy('payments.created_at')
        .limit(RECONCILE_MAX_PAYMENTS)
        .execute();
      const theirById = new Map(theirs.map((payment) => [payment.id, payment]));
      const ourById = new Map(ours.map((payment) => [payment.id, payment]));
      // The gateway's captures we did not record in the window may be recorded just outside it.
      const unknown = theirs.filter((payment) => !ourById.has(payment.id)).map((payment) => payment.id);
      const elsewhere = new Map<string, number>();
      for (let at = 0; at < unknown.length; at += 500) {
        for (const row of await db.selectFrom('payments').select(['id', 'amount_paise']).where('id', 'in', unknown.slice(at, at + 500)).execute()) elsewhere.set(row.id, Number(row.amount_paise));
      }
      const lines: ReconcileLine[] = [];
      for (const mine of ours) {
        const ourPaise = Number(mine.amount_paise);
        let their = theirById.get(mine.id);
        if (!their) {
          // Captured near the window's edge at the gateway: ask about its order.
          try {
            const found = (await gateway.fetchOrderPayments(mine.order_id)).find((payment) => payment.id === mine.id);
            if (found && (found.status === 'captured' || found.status === 'refunded')) their = { ...found, createdAt: Number(mine.created_at) };
          } catch (error) {
            logger.warn(`The reconciliation could not fetch order ${mine.order_id}:`, error);
            throw new AppError('unavailable', STAFF_FEE_MESSAGES.gatewayUnavailable);
          }
        }
        const kind = !their ? 'missing_at_gateway' : their.amountPaise === ourPaise ? 'matched' : 'amount_mismatch';
        lines.push({ kind, paymentId: mine.id, orderId: mine.order_id, ourPaise, gatewayPaise: their ? their.amountPaise : null, at: Number(mine.created_at) });
      }
      for (const their of theirs) {
        if (ourById.has(their.id)) continue;
        const ourPaise = elsewhere.get(their.id);
        const kind = ourPaise === undefined ? 'missing_here' : ourPaise === their.amountPaise ? 'matched' : 'amount_mismatch';
        lines.push({ kind, paymentId: their.id, orderId: their.orderId, ourPaise: ourPaise ?? null, gatewayPaise: their.amountPaise, at: their.createdAt });
      }
      // What needs a person first, then by time.
      const rank = { missing_here: 0, missing_at_gateway: 1, amount_mismatch: 2, matched: 3 } as const;
      lines.sort((a, b) => rank[a.kind] - rank[b.kind] || a.at - b.at || a.paymentId.localeCompare(b.paymentId));
      const counts = { matched: 0, missing_here: 0, missing_at_gateway: 0, amount_mismatch: 0 };
      for (const line of lines) counts[line.kind] += 1;
      return { gateway: gateway.name, from, to, counts, lines };
    },

    /** Asks the gateway now about every open order of the last 30 days (the reconcile run at start), audited. */
    async reconcileOpen(actor: AuditActor): Promise<ReconcileOpenReply> {
      const result = await payments.reconcileOpenOrders('start');
      await recordAudit(db, { actor, action: 'payment.reconcile', entityType: 'payment_orders', entityId: 'open', summary: `Reconciled open orders with the ${gateway.name} gateway: ${result.checked} checked, ${result.paid} found paid`, after: result }, clock.now());
      return result;
    },
  };
}

export type StaffPaymentService = ReturnType<typeof createStaffPaymentService>;

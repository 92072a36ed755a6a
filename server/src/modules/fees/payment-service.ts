import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { newObjectId } from '../../platform/lib/object-id';
import type { OrderRecord } from './payment-repository';
import { paymentRepository as repo } from './payment-repository';
import type { GatewayPayment, PaymentGateway } from './payment-gateway';
import { createJobLocks, processOwner, withLease } from '../../platform/jobs/periodic-jobs';
import { checkoutSignature, signatureMatches, webhookSignature } from './payment-signatures';

/** What an order pays for: a student fee (student_fees.id) or a certificate request of the certificates module. */
export type PaymentPurpose = { kind: 'fee'; id: string } | { kind: 'certificate'; id: string };
export type PaymentPurposeKind = PaymentPurpose['kind'];

/** A captured payment, as handed to the purpose's handler. */
export interface PaidPayment {
  paymentId: string;
  orderId: string;
  studentId: string;
  amountPaise: number;
  method: string;
  paidAt: number;
  source: 'checkout' | 'webhook' | 'reconcile';
}

/**
 * What happens when an order of this kind is paid. Called exactly once per order, inside the
 * transaction that marks the order paid (`trx`): do the purpose's writes with `trx`, and throw to
 * roll the whole capture back (the gateway's webhook or the reconcile then tries again).
 * Return `{ countedPaise }` when the purpose needed only part of the payment (or none of it: a fee
 * settled meanwhile through a newer order): the rest is kept for a refund and never counted.
 */
export type PaidHandler = (purposeId: string, payment: PaidPayment, trx: Kysely<Database>) => Promise<void | { countedPaise: number }>;

/**
 * Whether an open order is still worth paying: a fee settled through a newer order (or whose
 * balance fell below the order's amount) is not, and its checkout page says so instead of Pay.
 */
export type OrderNeed = { offer: true } | { offer: false; message: string };
export type NeedCheck = (purposeId: string, order: OrderRecord) => Promise<OrderNeed>;

export interface CreateOrderInput {
  studentId: string;
  purpose: PaymentPurpose;
  /** Computed by the server from its own records, never taken from the browser. */
  amountPaise: number;
  description: string;
  /** Where the student lands after paying (our path, e.g. '/fee-list'); `order_id` and `payment` are added to its query. */
  returnPath?: string;
}

export interface CheckoutReply {
  orderId: string;
  paymentId: string;
  signature: string;
}

/** 'refund': the gateway took the money but the purpose no longer needed it (kept for a refund, not counted). */
export type CheckoutOutcome = 'paid' | 'pending' | 'failed' | 'refund';

export const PAYMENT_MESSAGES = {
  invalidAmount: 'The amount to pay must be a whole number of paise above zero.',
  notVerified: 'This payment could not be verified.',
  invalidWebhookSignature: 'Invalid webhook signature.',
  invalidWebhookBody: 'The webhook body is not a gateway event.',
  gatewayUnavailable: 'The payment gateway could not be reached. Please try again.',
  orderNotFound: 'Order not found.',
} as const;

/** An unpaid order is offered again (same order id) for this long instead of creating another one. */
const OPEN_ORDER_REUSE_MS = 12 * 60 * 60 * 1000;
/** Orders this old are no longer reconciled (Razorpay's orders expire; ours stop being offered after a day). */
const RECONCILE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** The periodic reconcile first asks about an order a minute after it was made, then backs off (doubling) up to every 6 hours. */
export const FIRST_CHECK_AFTER_MS = 60 * 1000;
export const MAX_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** The wait after an order's `checks`-th check: 1, 2, 4, ... minutes, at most 6 hours. */
/** A process's claim on an order's check lapses after this (it died mid-check). */
const CHECK_CLAIM_MS = 30 * 1000;
/**
 * An order whose check finished this recently is not asked about again at start: processes of a
 * rolling restart starting within it ask once. Short, because a payment made between that check
 * and a crash is found at start only by asking again (decision 0053).
 */
export const RECENT_CHECK_MS = 15 * 1000;
export const nextCheckDelay = (checks: number): number => Math.min(MAX_CHECK_INTERVAL_MS, FIRST_CHECK_AFTER_MS * 2 ** Math.min(Math.max(checks - 1, 0), 20));

/** Refused gateway messages kept (payment_rejections): each one's detail cut to this many characters... */
export const REJECTION_DETAIL_MAX_CHARS = 2048;
/** ...at most this many kept per hour (a flood of forged webhooks is logged once, not stored)... */
export const REJECTIONS_PER_HOUR = 100;
/** ...and the newest this many overall. */
export const REJECTIONS_KEPT = 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface PaymentServiceDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  clock: Clock;
  logger: Logger;
  /** Bounds on the refusals kept (tests set small ones); default REJECTIONS_PER_HOUR and REJECTIONS_KEPT. */
  rejectionLimits?: { perHour: number; kept: number };
}

interface WebhookEvent {
  event: string;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown; status?: unknown; method?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Online payments (decision 0027): orders at the gateway for amounts the server computes, the
 * checkout reply verified by its HMAC against the stored order, the signed webhook as the source of
 * truth (raw body, one application per event id, states only forward) and a reconcile of open
 * orders with the gateway at start. A capture marks its order paid once and runs the purpose's
 * handler in the same transaction, so money is never lost or counted twice.
 */
export function createPaymentService({ db, gateway, clock, logger, rejectionLimits = { perHour: REJECTIONS_PER_HOUR, kept: REJECTIONS_KEPT } }: PaymentServiceDeps) {
  const handlers = new Map<string, PaidHandler>();
  const needs = new Map<string, NeedCheck>();
  const orderLocks = createJobLocks(db, processOwner());
  /** The hour whose refusals are no longer stored (logged once). */
  let droppingHour = -1;

  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => (db.isTransaction ? work(db) : db.transaction().execute(work));

  /**
   * Refused gateway messages are logged and kept (payment_rejections) for the institute to look at,
   * within bounds: anyone can post to the webhook, so each detail is cut to a few KB, at most
   * REJECTIONS_PER_HOUR are stored per hour (the rest are counted in the log once), and only the
   * newest REJECTIONS_KEPT are kept.
   */
  async function reject(source: string, reason: string, orderId: string | null, detail: string): Promise<void> {
    const now = clock.now();
    const hour = Math.floor(now / HOUR_MS);
    if (hour === droppingHour || (await repo.countRejectionsSince(db, now - HOUR_MS)) >= rejectionLimits.perHour) {
      if (hour !== droppingHour) logger.warn(`More than ${rejectionLimits.perHour} refused payment messages within an hour: further ones this hour are not stored.`);
      droppingHour = hour;
      return;
    }
    logger.warn(`Payment ${source} refused (${reason})${orderId ? ` for order ${orderId}` : ''}.`);
    const kept = detail.length > REJECTION_DETAIL_MAX_CHARS ? `${detail.slice(0, REJECTION_DETAIL_MAX_CHARS)}... (${detail.length} characters, cut)` : detail;
    await repo.insertRejection(db, { id: newObjectId(now), source, reason: reason.slice(0, 200), orderId: orderId?.slice(0, 64) ?? null, detail: kept, now });
    await repo.pruneRejections(db, rejectionLimits.kept);
  }

  /**
   * Applies a capture the gateway vouched for. Returns 'paid' when this call paid the order,
   * 'already' when it was paid before, 'refused' when the capture does not fit the order.
   */
  async function applyCapture(
    trx: Kysely<Database>,
    capture: { orderId: string; paymentId: string; amountPaise: number; method: string; source: PaidPayment['source'] },
  ): Promise<{ result: 'paid' | 'already' | 'refused' | 'refund'; reason?: string; order?: OrderRecord }> {
    const order = await repo.findOrder(trx, capture.orderId);
    if (!order) return { result: 'refused', reason: 'unknown order' };
    if (capture.amountPaise !== order.amountPaise) return { result: 'refused', reason: `amount ${capture.amountPaise} is not the order's ${order.amountPaise}`, order };
    const now = clock.now();
    const newPayment = await repo.insertPayment(trx, { id: capture.paymentId, order_id: order.id, amount_paise: capture.amountPaise, method: capture.method, source: capture.source, created_at: now });
    if (!(await repo.markOrderPaid(trx, order.id, now))) {
      // A second, different capture on a paid order (the gateway should not allow one): kept for a refund.
      if (newPayment) {
        logger.warn(`Payment ${capture.paymentId} captured on order ${order.id}, which was already paid: kept to refund.`);
        await repo.markToRefund(trx, capture.paymentId, capture.amountPaise);
        return { result: 'refund', order };
      }
      return { result: 'already', order };
    }
    const handler = handlers.get(order.purposeKind);
    if (!handler) throw new Error(`No handler for paid orders of kind "${order.purposeKind}" (order ${order.id}).`);
    const handled = await handler(order.purposeId, { paymentId: capture.paymentId, orderId: order.id, studentId: order.studentId, amountPaise: capture.amountPaise, method: capture.method, paidAt: now, source: capture.source }, trx);
    const counted = handled ? Math.max(0, Math.min(capture.amountPaise, handled.countedPaise)) : capture.amountPaise;
    const paidOrder: OrderRecord = { ...order, status: 'paid', paidAt: now };
    if (counted < capture.amountPaise) {
      // Paid from a tab left open after the purpose was settled another way (a newer order, a receipt).
      logger.warn(`Payment ${capture.paymentId} on order ${order.id}: ${capture.amountPaise - counted} paise were not needed by ${order.purposeKind} ${order.purposeId}: kept to refund.`);
      await repo.markToRefund(trx, capture.paymentId, capture.amountPaise - counted);
      if (counted === 0) return { result: 'refund', order: paidOrder };
    }
    return { result: 'paid', order: paidOrder };
  }

  /** Settles an order from the gateway's own list of its payments; the outcome for the student. */
  async function settleFromGateway(order: OrderRecord, payments: GatewayPayment[], source: PaidPayment['source']): Promise<CheckoutOutcome> {
    const captured = payments.find((payment) => payment.status === 'captured');
    if (captured) {
      const outcome = await inTransaction((trx) => applyCapture(trx, { orderId: order.id, paymentId: captured.id, amountPaise: captured.amountPaise, method: captured.method, source }));
      if (outcome.result === 'refused') {
        await reject(source, outcome.reason ?? 'refused', order.id, JSON.stringify(captured));
        return 'failed';
      }
      return outcome.result === 'refund' ? 'refund' : (await outcomeOfPayment(captured.id)) ?? 'paid';
    }
    if (payments.some((payment) => payment.status === 'authorized')) {
      await repo.moveOrder(db, order.id, 'attempted', clock.now());
      return 'pending';
    }
    if (payments.length > 0 && payments.every((payment) => payment.status === 'failed')) {
      await repo.moveOrder(db, order.id, 'failed', clock.now());
      return 'failed';
    }
    return 'pending';
  }

  /** What a recorded payment came to for the student: 'refund' when none of it was counted. */
  async function outcomeOfPayment(paymentId: string): Promise<CheckoutOutcome | undefined> {
    const payment = await repo.findPayment(db, paymentId);
    if (!payment) return undefined;
    return payment.refund_status !== 'none' && Number(payment.refund_paise) >= Number(payment.amount_paise) ? 'refund' : 'paid';
  }

  /** createOrder's work, while it holds the student's and purpose's lease. */
  async function createOrderHeld(input: CreateOrderInput): Promise<{ orderId: string; checkoutUrl: string }> {
    const now = clock.now();
    const open = await repo.findOpenOrder(db, {
      studentId: input.studentId,
      kind: input.purpose.kind,
      purposeId: input.purpose.id,
      amountPaise: input.amountPaise,
      gateway: gateway.name,
      since: now - OPEN_ORDER_REUSE_MS,
    });
    if (open) {
      // Offered again: the student may pay it now, so the reconcile's back-off starts over.
      await repo.resetChecks(db, open.id, now + FIRST_CHECK_AFTER_MS);
      return { orderId: open.id, checkoutUrl: gateway.checkoutPath(open.id) };
    }
    let created: { id: string };
    try {
      created = await gateway.createOrder({
        amountPaise: input.amountPaise,
        currency: 'INR',
        receipt: `${input.purpose.kind}:${input.purpose.id}`.slice(0, 40),
        notes: { student_id: input.studentId, purpose_kind: input.purpose.kind, purpose_id: input.purpose.id },
      });
    } catch (error) {
      logger.error(`Could not create a ${gateway.name} order:`, error);
      throw new AppError('unavailable', PAYMENT_MESSAGES.gatewayUnavailable);
    }
    await repo.insertOrder(db, {
      id: created.id,
      gateway: gateway.name,
      studentId: input.studentId,
      purposeKind: input.purpose.kind,
      purposeId: input.purpose.id,
      amountPaise: input.amountPaise,
      currency: 'INR',
      description: input.description.slice(0, 200),
      returnPath: input.returnPath ?? '/fee-list',
      status: 'created',
      createdAt: now,
    });
    return { orderId: created.id, checkoutUrl: gateway.checkoutPath(created.id) };
  }

  return {
    gatewayName: gateway.name,
    keyId: gateway.keyId,

    /** Registers what happens when an order of `kind` is paid (one handler per kind; the certificates module registers 'certificate'). */
    onPaid(kind: PaymentPurposeKind, handler: PaidHandler): void {
      if (handlers.has(kind)) throw new Error(`A paid-order handler for "${kind}" is already registered.`);
      handlers.set(kind, handler);
    },

    /** Registers how to tell whether an open order of `kind` is still worth paying (its checkout pages ask). */
    onNeed(kind: PaymentPurposeKind, check: NeedCheck): void {
      if (needs.has(kind)) throw new Error(`An order-need check for "${kind}" is already registered.`);
      needs.set(kind, check);
    },

    /** Whether the checkout page of this order offers Pay: not for a paid order, nor one its purpose no longer needs. */
    async checkoutNeed(order: OrderRecord): Promise<OrderNeed> {
      if (order.status === 'paid') return { offer: false, message: 'This order has been paid.' };
      const check = needs.get(order.purposeKind);
      return check ? await check(order.purposeId, order) : { offer: true };
    },

    /** Payments kept for a refund (the institute's list: npm run refunds). */
    async refunds(status?: 'to_refund' | 'refunded') {
      return await repo.listRefunds(db, status);
    },

    /**
     * Issue 30: the order's captures are owed back with this reason (a rejected certificate), in
     * the caller's transaction when given; the fees screen's refunds list shows them. How many.
     */
    async oweRefundOfOrder(orderId: string, reason: string, trx?: Kysely<Database>): Promise<number> {
      return await repo.markOrderRefundOwed(trx ?? db, orderId, reason);
    },

    /** The institute refunded this payment at the gateway; false when it was not one to refund. */
    async markRefunded(paymentId: string): Promise<boolean> {
      return await repo.markRefunded(db, paymentId, clock.now());
    },

    /**
     * An order at the gateway for this purpose and amount. An unpaid order of the same student,
     * purpose and amount from the last 12 hours is offered again, so two tabs pay one order.
     */
    async createOrder(input: CreateOrderInput): Promise<{ orderId: string; checkoutUrl: string }> {
      if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) throw new AppError('bad_request', PAYMENT_MESSAGES.invalidAmount);
      // Two presses of Pay at once (two tabs, two processes) each found no open order and each made
      // one, and both could be paid. One lease per student and purpose, across processes (job_locks):
      // the second press waits, then is offered the first press's order.
      return withLease(orderLocks, `order:${input.studentId}:${input.purpose.kind}:${input.purpose.id}`, () => createOrderHeld(input), () => new AppError('unavailable', PAYMENT_MESSAGES.gatewayUnavailable));
    },

    /** The student's own order (undefined for another student's or an unknown id). */
    async findOrder(studentId: string, orderId: string): Promise<OrderRecord | undefined> {
      const order = await repo.findOrder(db, orderId);
      return order && order.studentId === studentId ? order : undefined;
    },

    /** Any order by id (the checkout pages, which the gateway's signature or order id addresses). */
    async orderById(orderId: string): Promise<OrderRecord | undefined> {
      return await repo.findOrder(db, orderId);
    },

    /**
     * The gateway's checkout reply (razorpay_order_id, razorpay_payment_id, razorpay_signature):
     * the signature must be the HMAC of the STORED order's id and the payment id; then the gateway
     * is asked for that payment (amount and state come from it, never from the browser). A forged
     * or misapplied signature is refused and logged.
     */
    async verifyCheckout(reply: CheckoutReply): Promise<{ order: OrderRecord; outcome: CheckoutOutcome }> {
      const order = await repo.findOrder(db, reply.orderId);
      if (!order || order.gateway !== gateway.name) {
        await reject('checkout', 'unknown order', null, JSON.stringify(reply));
        throw new AppError('bad_request', PAYMENT_MESSAGES.notVerified);
      }
      if (!signatureMatches(reply.signature, checkoutSignature(order.id, reply.paymentId, gateway.keySecret))) {
        await reject('checkout', 'bad signature', order.id, JSON.stringify(reply));
        throw new AppError('bad_request', PAYMENT_MESSAGES.notVerified);
      }
      // A reply seen before (a reload): what it came to. A paid order's other payment is asked about below (kept to refund).
      const known = await outcomeOfPayment(reply.paymentId);
      if (known) return { order, outcome: known };
      let payments: GatewayPayment[];
      try {
        payments = await gateway.fetchOrderPayments(order.id);
      } catch (error) {
        // Verified but not yet confirmed: the webhook or the next reconcile settles it.
        logger.warn(`Could not fetch the payments of order ${order.id}:`, error);
        await repo.moveOrder(db, order.id, 'attempted', clock.now());
        return { order, outcome: 'pending' };
      }
      const ours = payments.filter((payment) => payment.id === reply.paymentId);
      if (ours.length === 0 && order.status === 'paid') return { order, outcome: 'paid' };
      if (ours.length === 0) await repo.moveOrder(db, order.id, 'attempted', clock.now());
      const outcome = ours.length === 0 ? 'pending' : await settleFromGateway(order, ours, 'checkout');
      return { order: (await repo.findOrder(db, order.id)) ?? order, outcome };
    },

    /**
     * A webhook delivery: `rawBody` exactly as received, its X-Razorpay-Signature and
     * X-Razorpay-Event-Id. A bad signature is refused (400) and logged; an event id seen before
     * is acknowledged and not applied again (logged as a replay); otherwise payment.captured /
     * order.paid pay the order, payment.authorized / payment.failed move it forward.
     */
    async handleWebhook(delivery: { rawBody: Uint8Array; signature: string | undefined; eventId: string | undefined }): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' | 'refused' }> {
      const bodyText = Buffer.from(delivery.rawBody).toString('utf8');
      if (!signatureMatches(delivery.signature, webhookSignature(delivery.rawBody, gateway.webhookSecret))) {
        await reject('webhook', 'bad signature', null, bodyText);
        throw new AppError('bad_request', PAYMENT_MESSAGES.invalidWebhookSignature);
      }
      let event: WebhookEvent;
      try {
        event = JSON.parse(bodyText) as WebhookEvent;
        if (typeof event !== 'object' || event === null || typeof event.event !== 'string') throw new Error('no event');
      } catch {
        await reject('webhook', 'not an event', null, bodyText);
        throw new AppError('bad_request', PAYMENT_MESSAGES.invalidWebhookBody);
      }
      // Without an event id, the body's hash stands in: the same body twice is still one event.
      const eventId = text(delivery.eventId) ?? `sha256:${createHash('sha256').update(delivery.rawBody).digest('hex')}`;
      const entity = event.payload?.payment?.entity;
      const orderId = text(entity?.order_id) ?? text(event.payload?.order?.entity?.id) ?? null;
      const paymentId = text(entity?.id) ?? null;

      const outcome = await inTransaction(async (trx) => {
        if (!(await repo.takeWebhookEvent(trx, { eventId, eventType: event.event, orderId, paymentId, now: clock.now() }))) return { kind: 'duplicate' as const };
        if (!orderId || !paymentId) return { kind: 'ignored' as const };
        const amount = typeof entity?.amount === 'number' ? entity.amount : Number.NaN;
        const method = text(entity?.method) ?? 'unknown';
        switch (event.event) {
          case 'payment.captured':
          case 'order.paid': {
            const applied = await applyCapture(trx, { orderId, paymentId, amountPaise: amount, method, source: 'webhook' });
            return applied.result === 'refused' ? { kind: 'refused' as const, reason: applied.reason ?? 'refused' } : { kind: 'applied' as const };
          }
          case 'payment.authorized':
            await repo.moveOrder(trx, orderId, 'attempted', clock.now());
            return { kind: 'applied' as const };
          case 'payment.failed':
            await repo.moveOrder(trx, orderId, 'failed', clock.now());
            return { kind: 'applied' as const };
          default:
            return { kind: 'ignored' as const };
        }
      });
      if (outcome.kind === 'duplicate') {
        await reject('webhook', 'replayed event id', orderId, eventId);
        return { outcome: 'duplicate' };
      }
      if (outcome.kind === 'refused') {
        await reject('webhook', outcome.reason, orderId, bodyText);
        return { outcome: 'refused' };
      }
      return { outcome: outcome.kind };
    },

    /**
     * Asks the gateway about unpaid orders of the last 30 days and applies what it captured.
     * - At start (`'start'`), every one of them, so a payment whose reply and webhook were lost to a
     *   crash is counted at once. It runs outside the periodic jobs' lease (a crashed process's lease
     *   would hold it for a minute, decision 0053); each order's check is claimed first (one
     *   conditional update), so processes starting together ask about each order once, and an order
     *   checked in the last minute is skipped (a rolling restart asks once).
     * - Periodically (`'due'`), only the orders whose next check is due: a minute after an order was
     *   made, then backing off (1, 2, 4... minutes, at most every 6 hours; `checks` and
     *   `next_check_at` per order), not every open order every minute for 30 days.
     * Applying a capture is idempotent per order (the payment id is a key, the order moves to paid
     * once), so a check made twice anyway counts nothing twice.
     */
    async reconcileOpenOrders(mode: 'start' | 'due' = 'start'): Promise<{ checked: number; paid: number }> {
      const now = clock.now();
      const candidates =
        mode === 'start'
          ? await repo.listOpenOrders(db, gateway.name, now - RECONCILE_WINDOW_MS)
          : await repo.listDueOrders(db, gateway.name, now - RECONCILE_WINDOW_MS, now, FIRST_CHECK_AFTER_MS);
      let checked = 0;
      let paid = 0;
      for (const order of candidates) {
        if (!(await repo.claimCheck(db, order.id, clock.now(), { mode, claimMs: CHECK_CLAIM_MS, recentMs: RECENT_CHECK_MS, firstAfterMs: FIRST_CHECK_AFTER_MS }))) continue;
        checked += 1;
        try {
          const outcome = await settleFromGateway(order, await gateway.fetchOrderPayments(order.id), 'reconcile');
          if (outcome === 'paid' || outcome === 'refund') paid += 1;
        } catch (error) {
          logger.warn(`Could not reconcile order ${order.id}:`, error);
        }
        const at = clock.now();
        await repo.recordCheck(db, order.id, at, at + nextCheckDelay(order.checks + 1)).catch((error: unknown) => logger.warn(`Could not record the check of order ${order.id}:`, error));
      }
      if (paid > 0) logger.info(`Reconciled ${paid} paid order(s) of ${checked} open with the ${gateway.name} gateway.`);
      return { checked, paid };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

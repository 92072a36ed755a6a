import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { GatewayPayment, GatewayPaymentStatus, PaymentGateway } from './payment-gateway';
import { checkoutSignature, webhookSignature } from './payment-signatures';

/** Where the simulator's checkout page is served (gateway-simulator-routes.ts). */
export const SIMULATOR_CHECKOUT_PATH = '/gateway/checkout';
export const SIMULATOR_KEY_ID = 'rzp_test_simulator';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-shaped ids: a prefix and 14 alphanumerics (order_..., pay_..., evt_...). */
export function gatewayId(prefix: string): string {
  return `${prefix}_${[...randomBytes(14)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`;
}

/** Delivers a webhook as the gateway would: the raw body and its headers, to our webhook endpoint. */
export type WebhookSink = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export interface GatewaySimulatorOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /** The secrets are derived from this (the server's JWT secret): stable across restarts, never sent. */
  secret: string;
  /** How long after a payment its webhook is sent; negative: never (a gateway whose webhooks are lost). */
  webhookDelayMs: number;
}

export interface SimulatedPayment {
  paymentId: string;
  orderId: string;
  /** The checkout reply's HMAC(order_id|payment_id, key_secret). */
  signature: string;
  status: 'captured' | 'failed';
}

/**
 * A local stand-in for Razorpay (decision 0027): its own books (gateway_simulator_* tables), a
 * checkout page, checkout replies signed with HMAC(order_id|payment_id, key_secret) and webhooks
 * signed with HMAC(raw body, webhook_secret) — the production verifier runs unchanged against it.
 */
export function createGatewaySimulator({ db, clock, logger, secret, webhookDelayMs }: GatewaySimulatorOptions) {
  const derive = (label: string) => createHmac('sha256', secret).update(`invigil gateway simulator ${label}`).digest('hex');
  const keySecret = derive('key_secret');
  const webhookSecret = derive('webhook_secret');
  let sink: WebhookSink | undefined;
  const pending = new Set<Promise<void>>();

  async function sendWebhook(event: string, payment: GatewayPayment): Promise<void> {
    if (!sink || webhookDelayMs < 0) return;
    const deliver = sink;
    const now = clock.now();
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_simulator',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: { id: payment.id, entity: 'payment', amount: payment.amountPaise, currency: 'INR', status: payment.status, order_id: payment.orderId, method: payment.method, captured: payment.status === 'captured' },
        },
      },
      created_at: Math.floor(now / 1000),
    });
    const headers = { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(body, webhookSecret), 'x-razorpay-event-id': gatewayId('evt') };
    const delivery = new Promise<void>((resolve) => setTimeout(resolve, webhookDelayMs))
      .then(() => deliver(body, headers))
      .catch((error: unknown) => logger.warn(`The gateway simulator could not deliver ${event} for ${payment.orderId}:`, error));
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
    await Promise.resolve();
  }

  const gateway: PaymentGateway = {
    name: 'simulator',
    keyId: SIMULATOR_KEY_ID,
    keySecret,
    webhookSecret,
    async createOrder({ amountPaise, currency, receipt }) {
      const id = gatewayId('order');
      await db.insertInto('gateway_simulator_orders').values({ id, amount_paise: amountPaise, currency, receipt, status: 'created', created_at: clock.now() }).execute();
      return { id };
    },
    async fetchOrderPayments(orderId) {
      const rows = await db.selectFrom('gateway_simulator_payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
      return rows.map((row) => ({ id: row.id, orderId: row.order_id, amountPaise: Number(row.amount_paise), status: row.status as GatewayPaymentStatus, method: row.method }));
    },
    async listPayments(fromMs, toMs, limit) {
      const rows = await db
        .selectFrom('gateway_simulator_payments')
        .selectAll()
        .where('created_at', '>=', fromMs)
        .where('created_at', '<', toMs)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, orderId: row.order_id, amountPaise: Number(row.amount_paise), status: row.status as GatewayPaymentStatus, method: row.method, createdAt: Number(row.created_at) }));
    },
    checkoutPath: (orderId) => `${SIMULATOR_CHECKOUT_PATH}?order_id=${encodeURIComponent(orderId)}`,
  };

  return {
    gateway,
    /** Where webhooks go (set once the app exists). */
    setWebhookSink(next: WebhookSink): void {
      sink = next;
    },
    /** Resolves when every webhook sent so far has been delivered (tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    /** Books a captured payment as the gateway would report it, without any webhook or checkout reply (tests: a capture our side never heard of). */
    async bookCapture(orderId: string, amountPaise: number, method = 'upi'): Promise<string> {
      const paymentId = gatewayId('pay');
      await db.insertInto('gateway_simulator_payments').values({ id: paymentId, order_id: orderId, amount_paise: amountPaise, method, status: 'captured', created_at: clock.now() }).execute();
      return paymentId;
    },
    async findOrder(orderId: string) {
      const row = await db.selectFrom('gateway_simulator_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      return row ? { id: row.id, amountPaise: Number(row.amount_paise), currency: row.currency, receipt: row.receipt, status: row.status } : undefined;
    },
    /**
     * The student pays (or the payment fails) on the checkout page: the gateway books it, signs the
     * checkout reply and sends the webhook. An order the gateway already captured is not paid again.
     */
    async pay(orderId: string, outcome: { succeed: boolean; method: string }): Promise<SimulatedPayment | undefined> {
      const order = await db.selectFrom('gateway_simulator_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (!order) return undefined;
      const paymentId = gatewayId('pay');
      const signature = checkoutSignature(orderId, paymentId, keySecret);
      const now = clock.now();
      if (!outcome.succeed) {
        await db.insertInto('gateway_simulator_payments').values({ id: paymentId, order_id: orderId, amount_paise: order.amount_paise, method: outcome.method, status: 'failed', created_at: now }).execute();
        await db.updateTable('gateway_simulator_orders').set({ status: 'attempted' }).where('id', '=', orderId).where('status', '!=', 'paid').execute();
        await sendWebhook('payment.failed', { id: paymentId, orderId, amountPaise: Number(order.amount_paise), status: 'failed', method: outcome.method });
        return { paymentId, orderId, signature, status: 'failed' };
      }
      const captured = await db.transaction().execute(async (trx) => {
        const moved = await trx.updateTable('gateway_simulator_orders').set({ status: 'paid' }).where('id', '=', orderId).where('status', '!=', 'paid').executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx.insertInto('gateway_simulator_payments').values({ id: paymentId, order_id: orderId, amount_paise: order.amount_paise, method: outcome.method, status: 'captured', created_at: now }).execute();
        return true;
      });
      if (!captured) return undefined;
      await sendWebhook('payment.captured', { id: paymentId, orderId, amountPaise: Number(order.amount_paise), status: 'captured', method: outcome.method });
      return { paymentId, orderId, signature, status: 'captured' };
    },
  };
}

export type GatewaySimulator = ReturnType<typeof createGatewaySimulator>;

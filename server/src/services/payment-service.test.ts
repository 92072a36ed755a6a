import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/test-app';
import type { TestApp } from '../test-support/test-app';
import { createPaymentModule } from './payment-module';
import type { PaidPayment } from './payment-service';
import { createPaymentService } from './payment-service';
import { checkoutSignature, webhookSignature } from './payment-signatures';

const makeApp = useTestApp();

/** A payment module on the test app's database with a recording 'certificate' handler, webhooks delivered straight to it. */
function paymentsOn(t: TestApp, options: { webhooks?: boolean; webhookDelayMs?: number } = {}) {
  const module = createPaymentModule({ db: t.db, config: { ...t.config, simulatorWebhookDelayMs: options.webhooks === false ? -1 : (options.webhookDelayMs ?? 0) }, clock: t.clock, logger: t.logger });
  const paid: { purposeId: string; payment: PaidPayment }[] = [];
  module.service.onPaid('certificate', async (purposeId, payment, trx) => {
    // The handler's writes share the capture's transaction.
    await trx.selectFrom('payment_orders').select('id').where('id', '=', payment.orderId).executeTakeFirstOrThrow();
    paid.push({ purposeId, payment });
  });
  const simulator = module.simulator;
  if (!simulator) throw new Error('expected the simulator');
  simulator.setWebhookSink(async (rawBody, headers) => {
    await module.service.handleWebhook({ rawBody: new TextEncoder().encode(rawBody), signature: headers['x-razorpay-signature'], eventId: headers['x-razorpay-event-id'] });
  });
  return { service: module.service, simulator, paid };
}

const rejections = async (t: TestApp) => await t.db.kysely.selectFrom('payment_rejections').select(['source', 'reason', 'order_id']).orderBy('created_at').execute();
const orderStatus = async (t: TestApp, id: string) => (await t.db.kysely.selectFrom('payment_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('payment service', () => {
  it('creates an order at the gateway for the given amount, offers the same open order again, and refuses a non-integer amount', async () => {
    const t = await makeApp();
    const { service, simulator } = paymentsOn(t);
    const studentId = t.userIds['DEMO002'] as string;
    const first = await service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'c1' }, amountPaise: 25_000, description: 'Bonafide certificate' });
    expect(first.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(first.checkoutUrl).toBe(`/gateway/checkout?order_id=${first.orderId}`);
    expect(await simulator.findOrder(first.orderId)).toMatchObject({ amountPaise: 25_000, currency: 'INR' });
    expect(await service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'c1' }, amountPaise: 25_000, description: 'x' })).toEqual(first);
    expect((await service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'c1' }, amountPaise: 30_000, description: 'x' })).orderId).not.toBe(first.orderId);
    await expect(service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'c1' }, amountPaise: 10.5, description: 'x' })).rejects.toThrow('whole number of paise');
    await expect(service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'c1' }, amountPaise: 0, description: 'x' })).rejects.toThrow('whole number of paise');
  });

  it('gives two presses of Pay at once one order, even when the gateway is slow to make it', async () => {
    const t = await makeApp();
    const { simulator } = paymentsOn(t);
    // The real gateway is a network call: the presses overlap while it answers.
    const slowCreate = async (...args: Parameters<typeof simulator.gateway.createOrder>) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return simulator.gateway.createOrder(...args);
    };
    const slowGateway = { ...simulator.gateway, createOrder: slowCreate };
    const service = createPaymentService({ db: t.db.kysely, gateway: slowGateway, clock: t.clock, logger: t.logger });
    const studentId = t.userIds['DEMO002'] as string;
    const press = () => service.createOrder({ studentId, purpose: { kind: 'fee', id: 'f1' }, amountPaise: 750_000, description: 'Tuition' });
    const orders = await Promise.all(Array.from({ length: 10 }, press));
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(1);
    expect(await t.db.kysely.selectFrom('payment_orders').select('id').execute()).toHaveLength(1);
    // The lease is given back: a later press is offered the same order at once.
    expect((await press()).orderId).toBe(orders[0]?.orderId);
  });

  it('pays once on a verified checkout reply, and the later webhook of the same payment changes nothing', async () => {
    const t = await makeApp();
    // Later for certain: at 0 ms the webhook sometimes beat the checkout reply on a loaded machine.
    const { service, simulator, paid } = paymentsOn(t, { webhookDelayMs: 300 });
    const { orderId } = await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c1' }, amountPaise: 25_000, description: 'x' });
    const reply = await simulator.pay(orderId, { succeed: true, method: 'upi' });
    if (!reply) throw new Error('not paid');
    const verified = await service.verifyCheckout({ orderId, paymentId: reply.paymentId, signature: reply.signature });
    expect(verified.outcome).toBe('paid');
    await simulator.settled();
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ purposeId: 'c1', payment: { orderId, paymentId: reply.paymentId, amountPaise: 25_000, method: 'upi', source: 'checkout' } });
    expect(await orderStatus(t, orderId)).toBe('paid');
    // The same reply posted again (a reload) is fine and pays nothing more.
    expect((await service.verifyCheckout({ orderId, paymentId: reply.paymentId, signature: reply.signature })).outcome).toBe('paid');
    expect(paid).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('payments').select(['id', 'source']).execute()).toEqual([{ id: reply.paymentId, source: 'checkout' }]);
  });

  it('fault: the browser closed right after paying: the webhook alone records the payment', async () => {
    const t = await makeApp();
    const { service, simulator, paid } = paymentsOn(t);
    const { orderId } = await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c2' }, amountPaise: 5_000, description: 'x' });
    await simulator.pay(orderId, { succeed: true, method: 'card' }); // no checkout reply ever arrives
    await simulator.settled();
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(paid.map((entry) => entry.payment.source)).toEqual(['webhook']);
  });

  it('fault: the same webhook delivered twice is paid once, the second acknowledged as a duplicate and logged', async () => {
    const t = await makeApp();
    const { service, simulator, paid } = paymentsOn(t, { webhooks: false });
    const { orderId } = await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c3' }, amountPaise: 5_000, description: 'x' });
    const reply = await simulator.pay(orderId, { succeed: true, method: 'upi' });
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: reply?.paymentId, order_id: orderId, amount: 5_000, status: 'captured', method: 'upi' } } } });
    const delivery = { rawBody: new TextEncoder().encode(body), signature: webhookSignature(body, simulator.gateway.webhookSecret), eventId: 'evt_TWICE0000000001' };
    expect(await service.handleWebhook(delivery)).toEqual({ outcome: 'applied' });
    expect(await service.handleWebhook(delivery)).toEqual({ outcome: 'duplicate' });
    // Without an event id the body itself is the identity: the same body twice is one event.
    const bare = { ...delivery, eventId: undefined };
    expect(await service.handleWebhook(bare)).toEqual({ outcome: 'applied' });
    expect(await service.handleWebhook(bare)).toEqual({ outcome: 'duplicate' });
    expect(paid).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('payments').select('id').execute()).toHaveLength(1);
    expect((await rejections(t)).map((row) => row.reason)).toEqual(['replayed event id', 'replayed event id']);
  });

  it('fault: the server killed between the gateway and the database: on restart the open order is reconciled with the gateway', async () => {
    const t = await makeApp();
    const before = paymentsOn(t, { webhooks: false });
    const { orderId } = await before.service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c4' }, amountPaise: 7_500, description: 'x' });
    const other = await before.service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c5' }, amountPaise: 100, description: 'x' });
    await before.simulator.pay(orderId, { succeed: true, method: 'netbanking' }); // captured at the gateway; our server "dies" before hearing of it
    expect(await orderStatus(t, orderId)).toBe('created');
    const after = paymentsOn(t, { webhooks: false }); // the restarted server
    expect(await after.service.reconcileOpenOrders()).toEqual({ checked: 2, paid: 1 });
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(await orderStatus(t, other.orderId)).toBe('created');
    expect(after.paid.map((entry) => [entry.purposeId, entry.payment.source])).toEqual([['c4', 'reconcile']]);
    expect(await after.service.reconcileOpenOrders()).toEqual({ checked: 1, paid: 0 });
  });

  it('fault: a forged or misapplied checkout signature is refused and logged; the order stays unpaid', async () => {
    const t = await makeApp();
    const { service, simulator, paid } = paymentsOn(t, { webhooks: false });
    const studentId = t.userIds['DEMO002'] as string;
    const a = await service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'a' }, amountPaise: 100, description: 'x' });
    const b = await service.createOrder({ studentId, purpose: { kind: 'certificate', id: 'b' }, amountPaise: 100_000, description: 'x' });
    const replyA = await simulator.pay(a.orderId, { succeed: true, method: 'upi' });
    if (!replyA) throw new Error('not paid');
    // Forged: signed with a guessed secret.
    await expect(service.verifyCheckout({ orderId: b.orderId, paymentId: 'pay_FORGED00000001', signature: checkoutSignature(b.orderId, 'pay_FORGED00000001', 'guess') })).rejects.toThrow('could not be verified');
    // Replayed: order A's genuine signature presented for order B.
    await expect(service.verifyCheckout({ orderId: b.orderId, paymentId: replyA.paymentId, signature: replyA.signature })).rejects.toThrow('could not be verified');
    await expect(service.verifyCheckout({ orderId: 'order_UNKNOWN0000001', paymentId: replyA.paymentId, signature: replyA.signature })).rejects.toThrow('could not be verified');
    expect(await orderStatus(t, b.orderId)).toBe('created');
    expect(paid).toHaveLength(0);
    expect(await rejections(t)).toEqual([
      { source: 'checkout', reason: 'bad signature', order_id: b.orderId },
      { source: 'checkout', reason: 'bad signature', order_id: b.orderId },
      { source: 'checkout', reason: 'unknown order', order_id: null },
    ]);
  });

  it('fault: a webhook with a forged signature or a wrong amount is refused and logged', async () => {
    const t = await makeApp();
    const { service, simulator, paid } = paymentsOn(t, { webhooks: false });
    const { orderId } = await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c6' }, amountPaise: 50_000, description: 'x' });
    const body = (amount: number) => JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_X000000000001', order_id: orderId, amount, status: 'captured', method: 'upi' } } } });
    const forged = body(50_000);
    await expect(service.handleWebhook({ rawBody: new TextEncoder().encode(forged), signature: webhookSignature(forged, 'not-the-secret'), eventId: 'evt_1' })).rejects.toThrow('Invalid webhook signature');
    await expect(service.handleWebhook({ rawBody: new TextEncoder().encode(forged), signature: undefined, eventId: 'evt_1' })).rejects.toThrow('Invalid webhook signature');
    // A genuine signature over a body changed after signing (one byte) fails too: the raw body is what is signed.
    const tampered = forged.replace('50000', '50001');
    await expect(service.handleWebhook({ rawBody: new TextEncoder().encode(tampered), signature: webhookSignature(forged, simulator.gateway.webhookSecret), eventId: 'evt_2' })).rejects.toThrow('Invalid webhook signature');
    const short = body(100);
    expect(await service.handleWebhook({ rawBody: new TextEncoder().encode(short), signature: webhookSignature(short, simulator.gateway.webhookSecret), eventId: 'evt_3' })).toEqual({ outcome: 'refused' });
    expect(await orderStatus(t, orderId)).toBe('created');
    expect(paid).toHaveLength(0);
    expect((await rejections(t)).map((row) => [row.source, row.reason])).toEqual([
      ['webhook', 'bad signature'],
      ['webhook', 'bad signature'],
      ['webhook', 'bad signature'],
      ['webhook', 'amount 100 is not the order\'s 50000'],
    ]);
  });

  it('states only move forward: a failed webhook after the capture leaves the order paid; a failure before it can still be paid', async () => {
    const t = await makeApp();
    const { service, simulator, paid } = paymentsOn(t);
    const { orderId } = await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c7' }, amountPaise: 900, description: 'x' });
    await simulator.pay(orderId, { succeed: false, method: 'card' });
    await simulator.settled();
    expect(await orderStatus(t, orderId)).toBe('failed');
    await simulator.pay(orderId, { succeed: true, method: 'upi' });
    await simulator.settled();
    expect(await orderStatus(t, orderId)).toBe('paid');
    const late = JSON.stringify({ event: 'payment.failed', payload: { payment: { entity: { id: 'pay_LATE0000000001', order_id: orderId, amount: 900, status: 'failed', method: 'card' } } } });
    expect(await service.handleWebhook({ rawBody: new TextEncoder().encode(late), signature: webhookSignature(late, simulator.gateway.webhookSecret), eventId: 'evt_late' })).toEqual({ outcome: 'applied' });
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(paid).toHaveLength(1);
  });

  it('a handler that throws rolls the capture back, and the next delivery applies it', async () => {
    const t = await makeApp();
    const module = createPaymentModule({ db: t.db, config: { ...t.config, simulatorWebhookDelayMs: -1 }, clock: t.clock, logger: t.logger });
    let failures = 1;
    const paid: string[] = [];
    module.service.onPaid('fee', async (purposeId) => {
      if (failures-- > 0) throw new Error('disk full');
      paid.push(purposeId);
    });
    const { orderId } = await module.service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'fee', id: 'f1' }, amountPaise: 100, description: 'x' });
    const reply = await module.simulator?.pay(orderId, { succeed: true, method: 'upi' });
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: reply?.paymentId, order_id: orderId, amount: 100, status: 'captured', method: 'upi' } } } });
    const delivery = { rawBody: new TextEncoder().encode(body), signature: webhookSignature(body, module.simulator?.gateway.webhookSecret ?? ''), eventId: 'evt_retry' };
    await expect(module.service.handleWebhook(delivery)).rejects.toThrow('disk full');
    expect(await orderStatus(t, orderId)).toBe('created');
    expect(await module.service.handleWebhook(delivery)).toEqual({ outcome: 'applied' });
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(paid).toEqual(['f1']);
  });
});

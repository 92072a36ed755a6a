import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { createPaymentModule } from './payment-module';
import type { PaidPayment } from './payment-service';
import { FIRST_CHECK_AFTER_MS, MAX_CHECK_INTERVAL_MS, RECENT_CHECK_MS, createPaymentService } from './payment-service';
import { createServerJobs } from '../../server-jobs';
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
    // Another process starting right after (a rolling restart) does not ask about the same orders again...
    expect(await after.service.reconcileOpenOrders()).toEqual({ checked: 0, paid: 0 });
    // ...one starting later asks about the order still open.
    t.clock.advance(RECENT_CHECK_MS + 1);
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

  it('fault: a process died holding the reconcile\'s lease: the restarted one reconciles at start without waiting for it, and two starting at once ask the gateway once per order', async () => {
    const t = await makeApp();
    const dead = paymentsOn(t, { webhooks: false });
    const { orderId } = await dead.service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c8' }, amountPaise: 7_500, description: 'x' });
    const other = await dead.service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c9' }, amountPaise: 100, description: 'x' });
    // Process A started (and reconciled) ten minutes ago; it takes the periodic reconcile's lease now, then is killed: its lease stays for a minute.
    const processA = createServerJobs({ db: t.db, config: t.config, clock: t.clock, logger: t.logger, tests: t.tests, payments: createPaymentModule({ db: t.db, config: { ...t.config, simulatorWebhookDelayMs: -1 }, clock: t.clock, logger: t.logger }), owner: 'A' });
    await processA.tickAll();
    t.clock.advance(10 * 60_000);
    expect(await processA.tickAll('payments-reconcile')).toEqual(['payments-reconcile']);
    // Half a minute later the student pays; the process dies before the reply, and the webhook is lost too.
    t.clock.advance(30_000);
    await dead.simulator.pay(orderId, { succeed: true, method: 'upi' });
    t.clock.advance(5_000);

    // Two processes start (the restarted one and its neighbour): each reconciles at start, with no lease to wait for.
    const restarted = [paymentsOn(t, { webhooks: false }), paymentsOn(t, { webhooks: false })];
    const calls: string[] = [];
    for (const process of restarted) {
      const fetch = process.simulator.gateway.fetchOrderPayments.bind(process.simulator.gateway);
      process.simulator.gateway.fetchOrderPayments = async (id: string) => {
        calls.push(id);
        return fetch(id);
      };
    }
    const [b, c] = restarted.map((process, index) => createServerJobs({ db: t.db, config: t.config, clock: t.clock, logger: t.logger, tests: t.tests, payments: { ...createPaymentModule({ db: t.db, config: t.config, clock: t.clock, logger: t.logger }), service: process.service }, owner: `B${index}` }));
    if (!b || !c) throw new Error('two processes');
    const ran = await Promise.all([b.tickAll('payments-reconcile-start'), c.tickAll('payments-reconcile-start')]);
    expect(ran).toEqual([['payments-reconcile-start'], ['payments-reconcile-start']]);
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect([...restarted[0]?.paid ?? [], ...restarted[1]?.paid ?? []].map((entry) => [entry.purposeId, entry.payment.source])).toEqual([['c8', 'reconcile']]);
    // Each open order was asked about once, not once per process.
    expect(calls.sort()).toEqual([orderId, other.orderId].sort());
    // The periodic job is still A's for the rest of its lease (the start-up reconcile did not need it).
    expect(await b.tickAll('payments-reconcile')).toEqual([]);
    await Promise.all([processA.stop(), b.stop(), c.stop()]);
  });

  it('the periodic reconcile backs off per order: a month of one open order costs about a hundred gateway calls, not one a minute', async () => {
    const t = await makeApp();
    const { service, simulator } = paymentsOn(t, { webhooks: false });
    const calls: number[] = [];
    const fetch = simulator.gateway.fetchOrderPayments.bind(simulator.gateway);
    simulator.gateway.fetchOrderPayments = async (id: string) => {
      calls.push(t.clock.now());
      return fetch(id);
    };
    const createdAt = t.clock.now();
    const { orderId } = await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c10' }, amountPaise: 500, description: 'x' });
    // The job runs every minute. First eight hours minute by minute...
    for (let minute = 1; minute <= 8 * 60; minute += 1) {
      t.clock.advance(60_000);
      await service.reconcileOpenOrders('due');
    }
    const ageMinutes = calls.map((at) => Math.round((at - createdAt) / 60_000));
    expect(ageMinutes).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    // ...then, for the rest of 30 days, every 6 hours at most (ticks of a minute change nothing between).
    for (let hour = 8; hour < 30 * 24; hour += 1) {
      t.clock.advance(60 * 60_000);
      await service.reconcileOpenOrders('due');
    }
    const gaps = calls.slice(9).map((at, index) => at - (calls[8 + index] as number));
    expect(gaps.every((gap) => gap >= FIRST_CHECK_AFTER_MS && gap <= MAX_CHECK_INTERVAL_MS + 60 * 60_000)).toBe(true);
    expect(calls.length).toBeLessThan(140);
    expect(calls.length).toBeGreaterThan(100);
    const row = await t.db.kysely.selectFrom('payment_orders').select(['checks', 'next_check_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(Number(row.checks)).toBe(calls.length);
    // Offered again to the student (a Pay pressed), the order is checked soon again.
    await service.createOrder({ studentId: t.userIds['DEMO002'] as string, purpose: { kind: 'certificate', id: 'c10' }, amountPaise: 500, description: 'x' });
    const before = calls.length;
    t.clock.advance(FIRST_CHECK_AFTER_MS);
    await service.reconcileOpenOrders('due');
    expect(calls.length).toBe(before + 1);
  });

  it('refused gateway messages are kept within bounds: a few KB each, so many an hour, the newest overall', async () => {
    const t = await makeApp();
    const { simulator } = paymentsOn(t, { webhooks: false });
    const warnings: string[] = [];
    const logger = { ...t.logger, warn: (...args: unknown[]) => void warnings.push(String(args[0])) };
    const service = createPaymentService({ db: t.db.kysely, gateway: simulator.gateway, clock: t.clock, logger, rejectionLimits: { perHour: 5, kept: 8 } });
    const forged = async (size: number) => {
      const body = JSON.stringify({ event: 'payment.captured', padding: 'x'.repeat(size) });
      await expect(service.handleWebhook({ rawBody: new TextEncoder().encode(body), signature: 'ab'.repeat(32), eventId: undefined })).rejects.toThrow('Invalid webhook signature');
    };
    for (let i = 0; i < 20; i += 1) await forged(100_000);
    let kept = await t.db.kysely.selectFrom('payment_rejections').select(['detail', 'created_at']).execute();
    expect(kept).toHaveLength(5);
    expect(kept.every((row) => row.detail.length < 2_200 && row.detail.endsWith('characters, cut)'))).toBe(true);
    expect(warnings.filter((line) => line.includes('further ones this hour are not stored'))).toHaveLength(1);
    expect(warnings.filter((line) => line.includes('refused (bad signature)'))).toHaveLength(5);
    // The next hour stores again; only the newest 8 are kept overall.
    t.clock.advance(60 * 60_000 + 1);
    for (let i = 0; i < 5; i += 1) await forged(10);
    kept = await t.db.kysely.selectFrom('payment_rejections').select(['detail', 'created_at']).orderBy('created_at').execute();
    expect(kept).toHaveLength(8);
    expect(kept.filter((row) => Number(row.created_at) >= t.clock.now() - 1000)).toHaveLength(5);
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

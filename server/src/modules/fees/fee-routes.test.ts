import { describe, expect, it } from 'vitest';
import type { FeeListReply, PaymentMethodsReply, ReceiptsReply, UploadReceiptReply } from '@invigil/shared/api/fees';
import type { OrderReply } from '@invigil/shared/api/payments';
import { importData, parseImportFile } from '../../import/import-service';
import { createPaymentModule } from './payment-module';
import { webhookSignature } from './payment-signatures';
import { DEMO_FEES } from '../../seed/demo-fees';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const makeApp = useTestApp();
// Webhooks off unless a test wants them: the checkout reply (or reconcile) is then the only news.
// Rohan's demo config turns My Fee off (require-page.test.ts checks that); here he pays, so his pages are on.
const app = async (overrides: { simulatorWebhookDelayMs?: number; adminOrigin?: string } = {}) => {
  const t = await makeApp({ simulatorWebhookDelayMs: -1, ...overrides });
  await t.setConfig('DEMO002', {});
  return t;
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c3a80000000049454e44ae426082', 'hex');

async function call(t: TestApp, method: string, path: string, token: string, body?: unknown) {
  const response = await t.app.request(path, { method, headers: { 'x-access-token': token, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // HTML or empty
  }
  return { status: response.status, body: json as Record<string, unknown>, headers: response.headers };
}

const feeOf = (list: FeeListReply, id: string) => {
  const fee = list.fee_collections.find((item) => item._id === id);
  if (!fee) throw new Error(`no fee ${id}`);
  return fee;
};

/** Pays an order on the simulator's page and posts its signed reply to our callback, as the browser does; the callback's redirect. */
async function payOnSimulator(t: TestApp, orderId: string) {
  const paid = await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: orderId, method: 'upi', outcome: 'success' }).toString() });
  const reply = await paid.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(reply)?.[1] ?? '';
  const form = new URLSearchParams({ razorpay_order_id: field('razorpay_order_id'), razorpay_payment_id: field('razorpay_payment_id'), razorpay_signature: field('razorpay_signature') }).toString();
  const callback = await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  return { paymentId: field('razorpay_payment_id'), location: callback.headers.get('location') };
}

/** Pays an order on the simulator's page; the signed reply the page would post back (not posted). */
async function captureOnSimulator(t: TestApp, orderId: string) {
  const paid = await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: orderId, method: 'upi', outcome: 'success' }).toString() });
  const reply = await paid.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(reply)?.[1] ?? '';
  return new URLSearchParams({ razorpay_order_id: field('razorpay_order_id'), razorpay_payment_id: field('razorpay_payment_id'), razorpay_signature: field('razorpay_signature') }).toString();
}

describe('fee routes', () => {
  it('GET /fee-list: the student\'s own fees in paise with the four totals, paid/unpaid and overdue, month and print link', async () => {
    const t = await app();
    const asha = await t.token('DEMO001');
    const list = (await t.getJson('/api/fee-list', asha)) as FeeListReply;
    expect(list.fee_collections).toHaveLength(12);
    expect(list.fee_collections.every((fee) => fee.student_id === t.userIds['DEMO001'])).toBe(true);
    const sum = (pick: (fee: FeeListReply['fee_collections'][number]) => number) => list.fee_collections.reduce((total, fee) => total + pick(fee), 0);
    expect(list.total_fee).toBe(sum((fee) => fee.fee_amount + fee.fine_amount));
    expect(list.balance).toBe(sum((fee) => fee.balance));
    expect(list.advance_fee).toBe(500_00); // the library fee paid Rs 500 beyond its amount
    expect(list.total_paid_fee + list.balance).toBe(list.total_fee);
    expect(feeOf(list, DEMO_FEES.ashaTuitionPaid)).toMatchObject({ payment_status: 'paid', overdue: false, balance: 0, fee_type: 'tuition', fee_amount: 12_500_00 });
    expect(feeOf(list, DEMO_FEES.ashaTuitionOverdue)).toMatchObject({ payment_status: 'unpaid', overdue: true, fine_amount: 250_00, balance: 12_750_00 });
    expect(feeOf(list, DEMO_FEES.ashaTuitionOverdue).due_month).toMatch(/^\d{4}-\d{2}$/);
    expect(feeOf(list, 'demo-fee-asha-exam')).toMatchObject({ payment_status: 'unpaid', overdue: false, due_month: null });
    expect(feeOf(list, DEMO_FEES.ashaTuitionPaid).print_url).toBe(`/admin/fee-head/demo-fh-tuition/print?student_id=${t.userIds['DEMO001']}&student_fee_id=${DEMO_FEES.ashaTuitionPaid}`);
    const rohan = (await t.getJson('/api/fee-list', await t.token('DEMO002'))) as FeeListReply;
    expect(rohan.fee_collections.map((fee) => fee._id).sort()).toEqual([DEMO_FEES.rohanExam, DEMO_FEES.rohanTransport, DEMO_FEES.rohanTuition].sort());
    expect((await call(t, 'GET', '/api/fee-list', '')).status).toBe(401);
  });

  it('GET /payment-methods: UPI with its id, instruction and a upi://pay link; bank with instructions; none is an empty list', async () => {
    const t = await app();
    const token = await t.token('DEMO001');
    const { data } = (await t.getJson('/api/payment-methods', token)) as PaymentMethodsReply;
    expect(data).toEqual([
      expect.objectContaining({ type: 'upi', upi_id: 'invigil.institute@sbi', upi_qr_code: 'upi://pay?pa=invigil.institute%40sbi&pn=Invigil%20Institute&cu=INR' }),
      expect.objectContaining({ type: 'sib', instruction: expect.stringContaining('IFSC') }),
    ]);
    await t.db.kysely.deleteFrom('payment_methods').execute();
    expect(await t.getJson('/api/payment-methods', token)).toEqual({ data: [] });
  });

  it('receipt upload: presign, PUT the image, save with the transaction; listed as Waiting for processing! until the institute confirms it', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const presigned = (await call(t, 'POST', '/api/upload-receipt', rohan, { contentType: 'image/png' })).body as unknown as UploadReceiptReply;
    expect(presigned.url).toMatch(/^\/blobs\/receipt\/[0-9a-f]{40}\.png\?e=\d+&s=/);
    const put = await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(put.status).toBe(200);
    // A PUT with the link of another type, or a bad signature, is refused.
    expect((await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: PNG })).status).toBe(403);
    const saved = await call(t, 'POST', '/api/save-receipt', rohan, { id: DEMO_FEES.rohanTransport, transaction_date: '2020-01-02', transaction_id: 'UTR123456', cheque_number: '', comment: 'Paid by UPI', url: presigned.url });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Waiting for processing!', receipt: { transaction_id: 'UTR123456', status: 'Waiting for processing!' } });
    const listed = (await t.getJson(`/api/uploaded-receipts/${DEMO_FEES.rohanTransport}`, rohan)) as ReceiptsReply;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ transaction_date: '2020-01-02', comment: 'Paid by UPI', status: 'Waiting for processing!' });
    const image = await t.app.request(listed.data[0]?.url ?? '');
    expect(image.status).toBe(200);
    // The same image cannot be saved twice, nor replaced through its link once saved.
    expect((await call(t, 'POST', '/api/save-receipt', rohan, { id: DEMO_FEES.rohanTransport, transaction_date: '2020-01-02', url: presigned.url })).status).toBe(409);
    const replaced = await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(replaced.status).toBe(403);

    // The institute confirms it (npm run import): its amount is added once; confirming again changes nothing.
    const receiptId = listed.data[0]?._id ?? '';
    const confirm = { version: 1, receipt_confirmations: [{ receipt_id: receiptId, amount_paise: 1_800_00 }] };
    const summary = await importData(t.db.kysely, parseImportFile(confirm), t.clock, t.logger);
    expect(summary.fees.receipt_confirmations).toEqual({ inserted: 0, updated: 1 });
    await importData(t.db.kysely, parseImportFile(confirm), t.clock, t.logger);
    const after = (await t.getJson('/api/fee-list', rohan)) as FeeListReply;
    expect(feeOf(after, DEMO_FEES.rohanTransport)).toMatchObject({ payment_status: 'paid', pay_amount: 1_800_00, balance: 0 });
    expect(((await t.getJson(`/api/uploaded-receipts/${DEMO_FEES.rohanTransport}`, rohan)) as ReceiptsReply).data[0]?.status).toBe('Confirmed');
  });

  it('receipts: malformed requests are 4xx with a message; another student\'s fee, upload or receipt is not found', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const asha = await t.token('DEMO001');
    const badType = await call(t, 'POST', '/api/upload-receipt', rohan, { contentType: 'application/pdf' });
    expect(badType.status).toBe(422);
    expect(badType.body['message']).toBe('Only .png, .jpeg and .jpg images can be uploaded as a receipt.');
    const noDate = await call(t, 'POST', '/api/save-receipt', rohan, { id: DEMO_FEES.rohanTransport, url: '/blobs/receipt/x.png' });
    expect(noDate.status).toBe(422);
    expect(noDate.body['message']).toBe('Transaction date is required.');
    expect((await t.app.request('/api/save-receipt', { method: 'POST', headers: { 'x-access-token': rohan }, body: '{' })).status).toBe(400);
    const presigned = (await call(t, 'POST', '/api/upload-receipt', rohan, { contentType: 'image/png' })).body as unknown as UploadReceiptReply;
    await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    const future = await call(t, 'POST', '/api/save-receipt', rohan, { id: DEMO_FEES.rohanTransport, transaction_date: '2999-01-01', url: presigned.url });
    expect(future).toMatchObject({ status: 422, body: { message: 'The transaction date cannot be in the future.' } });
    // Asha cannot save Rohan's upload, nor onto Rohan's fee, nor list Rohan's receipts.
    expect((await call(t, 'POST', '/api/save-receipt', asha, { id: 'demo-fee-asha-exam', transaction_date: '2020-01-01', url: presigned.url })).status).toBe(404);
    expect((await call(t, 'POST', '/api/save-receipt', asha, { id: DEMO_FEES.rohanTransport, transaction_date: '2020-01-01', url: presigned.url })).status).toBe(404);
    expect((await call(t, 'GET', `/api/uploaded-receipts/${DEMO_FEES.rohanTransport}`, asha)).status).toBe(404);
    // A file that is not an image is refused at the PUT.
    const other = (await call(t, 'POST', '/api/upload-receipt', rohan, { contentType: 'image/png' })).body as unknown as UploadReceiptReply;
    expect((await t.app.request(other.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'not a png at all' })).status).toBe(422);
    expect((await call(t, 'POST', '/api/save-receipt', rohan, { id: DEMO_FEES.rohanTransport, transaction_date: '2020-01-01', url: other.url })).status).toBe(409);
  });

  it('pay online through the simulator: the order is for the balance the server computes, the signed reply pays the fee once, the receipt prints', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const before = (await t.getJson('/api/fee-list', rohan)) as FeeListReply;
    const order = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan, { amount: 1 })).body as unknown as OrderReply;
    expect(order.checkout_url).toBe(`/gateway/checkout?order_id=${order.order_id}`);
    const stored = await t.db.kysely.selectFrom('payment_orders').selectAll().where('id', '=', order.order_id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount_paise: 12_500_00, purpose_kind: 'fee', purpose_id: DEMO_FEES.rohanTuition, student_id: t.userIds['DEMO002'], status: 'created' });

    const page = await t.app.request(order.checkout_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.order_id);
    expect(html).toContain('Pay Rs 12,500.00');
    const paid = await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: order.order_id, method: 'upi', outcome: 'success' }).toString() });
    const reply = await paid.text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(reply)?.[1] ?? '';
    expect(field('razorpay_order_id')).toBe(order.order_id);
    const form = new URLSearchParams({ razorpay_order_id: field('razorpay_order_id'), razorpay_payment_id: field('razorpay_payment_id'), razorpay_signature: field('razorpay_signature') }).toString();
    const callback = await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(`/fee-list?order_id=${order.order_id}&payment=paid`);
    // The same reply again (a refresh) pays nothing more.
    await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });

    const after = (await t.getJson('/api/fee-list', rohan)) as FeeListReply;
    expect(feeOf(after, DEMO_FEES.rohanTuition)).toMatchObject({ payment_status: 'paid', pay_amount: 12_500_00, balance: 0 });
    expect(after.total_paid_fee).toBe(before.total_paid_fee + 12_500_00);
    expect(after.balance).toBe(before.balance - 12_500_00);
    expect(await t.getJson(`/api/payments/orders/${order.order_id}`, rohan)).toMatchObject({ status: 'paid', amount: 12_500_00 });
    expect((await call(t, 'GET', `/api/payments/orders/${order.order_id}`, await t.token('DEMO001'))).status).toBe(404);
    expect((await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body).toEqual({ message: 'This fee is already paid.' });

    const print = await call(t, 'GET', feeOf(after, DEMO_FEES.rohanTuition).print_url, rohan);
    expect(print.status).toBe(200);
    expect(print.headers.get('content-type')).toContain('text/html');
    expect(String(print.body)).toContain('Fee receipt');
    expect(String(print.body)).toContain('Rs 12,500.00');
    expect(String(print.body)).toContain(field('razorpay_payment_id'));
  });

  it("the browser's Back after paying: the checkout page is never kept by the browser, says the order is paid, and a Pay pressed again pays nothing (issue 31)", async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const order = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    const before = await t.app.request(order.checkout_url);
    expect(before.headers.get('cache-control')).toBe('no-store');
    const beforeHtml = await before.text();
    expect(beforeHtml).toContain('Pay Rs 12,500.00');
    // A copy restored from the back-forward cache reloads itself.
    expect(beforeHtml).toContain('/gateway/checkout/fresh.js');
    expect(await (await t.app.request('/gateway/checkout/fresh.js')).text()).toContain('location.reload()');
    expect((await payOnSimulator(t, order.order_id)).location).toBe(`/fee-list?order_id=${order.order_id}&payment=paid`);

    // Back: the page asked for again says the order is paid, with no Pay.
    const back = await t.app.request(order.checkout_url);
    expect(back.headers.get('cache-control')).toBe('no-store');
    const backHtml = await back.text();
    expect(backHtml).toContain('Already paid');
    expect(backHtml).toContain('This order has been paid');
    expect(backHtml).not.toContain('Pay Rs');
    // The old page's Pay posted again (a copy kept somewhere): the gateway takes nothing, the fee is paid once.
    const again = await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: order.order_id, method: 'upi', outcome: 'success' }).toString() });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(order.checkout_url);
    const captures = await t.db.kysely.selectFrom('gateway_simulator_payments').select('id').where('order_id', '=', order.order_id).execute();
    expect(captures).toHaveLength(1);
    const payments = await t.db.kysely.selectFrom('payments').select('id').where('order_id', '=', order.order_id).execute();
    expect(payments).toHaveLength(1);
    expect(feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, DEMO_FEES.rohanTuition)).toMatchObject({ payment_status: 'paid', pay_amount: 12_500_00, balance: 0 });
  });

  it('a fee is never paid twice: an order opened before a fine, paid from an old tab after a newer order settled the fee, is kept to refund, not counted', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const before = (await t.getJson('/api/fee-list', rohan)) as FeeListReply;
    const orderA = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    // The old tab shows order A's checkout page with Pay.
    expect(await (await t.app.request(orderA.checkout_url)).text()).toContain('Pay Rs 12,500.00');
    // The institute adds a fine: the balance changes, so Pay makes a new order, B, which is paid.
    await t.db.kysely.updateTable('student_fees').set({ fine_amount_paise: 100_00 }).where('id', '=', DEMO_FEES.rohanTuition).execute();
    const orderB = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    expect(orderB.order_id).not.toBe(orderA.order_id);
    expect((await payOnSimulator(t, orderB.order_id)).location).toBe(`/fee-list?order_id=${orderB.order_id}&payment=paid`);
    const settled = feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, DEMO_FEES.rohanTuition);
    expect(settled).toMatchObject({ payment_status: 'paid', pay_amount: 12_600_00, balance: 0 });

    // Order A's checkout page, opened again, says the fee is already paid and offers no Pay.
    const pageA = await t.app.request(orderA.checkout_url);
    const htmlA = await pageA.text();
    expect(pageA.status).toBe(409);
    expect(htmlA).toContain('This fee is already paid.');
    expect(htmlA).not.toContain('Pay Rs');
    // A Pay pressed on the page the old tab still shows: the gateway takes the money; it is not counted but kept to refund.
    const late = await payOnSimulator(t, orderA.order_id);
    expect(late.location).toBe(`/fee-list?order_id=${orderA.order_id}&payment=refund`);
    const after = (await t.getJson('/api/fee-list', rohan)) as FeeListReply;
    expect(feeOf(after, DEMO_FEES.rohanTuition)).toMatchObject({ payment_status: 'paid', pay_amount: 12_600_00, balance: 0 });
    expect(after.advance_fee).toBe(before.advance_fee);
    expect(after.total_paid_fee).toBe(before.total_paid_fee + 12_600_00);
    // The same reply again (a reload) is still the refund, and counts nothing.
    const refundRow = await t.db.kysely.selectFrom('payments').select(['refund_paise', 'refund_status']).where('id', '=', late.paymentId).executeTakeFirstOrThrow();
    expect(refundRow).toEqual({ refund_paise: 12_500_00, refund_status: 'to_refund' });

    // The institute sees it to refund: the refunds list, and the fee's receipt (apart from what was paid).
    // (The institute's list, npm run refunds, reads through a payment service on the same database.)
    const institute = createPaymentModule({ db: t.db, config: { ...t.config, simulatorWebhookDelayMs: -1 }, clock: t.clock, logger: t.logger }).service;
    const refunds = await institute.refunds('to_refund');
    expect(refunds).toEqual([expect.objectContaining({ paymentId: late.paymentId, orderId: orderA.order_id, studentId: t.userIds['DEMO002'], purposeKind: 'fee', purposeId: DEMO_FEES.rohanTuition, refundPaise: 12_500_00, status: 'to_refund' })]);
    const print = String((await call(t, 'GET', settled.print_url, rohan)).body);
    expect(print).toContain('Not counted: to be refunded');
    expect(print).toContain(late.paymentId);
    expect(print).toContain('Total paid</th><td>Rs 12,600.00');
    expect(await institute.markRefunded(late.paymentId)).toBe(true);
    expect(await institute.markRefunded(late.paymentId)).toBe(false);
    expect(await institute.refunds('to_refund')).toEqual([]);
  });

  it('a late capture counts only what the fee still needs, through the webhook too; the rest is kept to refund', async () => {
    const t = await app({ simulatorWebhookDelayMs: 0 });
    const rohan = await t.token('DEMO002');
    const orderA = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    // Meanwhile the institute confirms a receipt of Rs 10,000 paid at the bank: Rs 2,500 is left.
    await t.db.kysely.updateTable('student_fees').set({ paid_paise: 10_000_00 }).where('id', '=', DEMO_FEES.rohanTuition).execute();
    const pageA = await (await t.app.request(orderA.checkout_url)).text();
    expect(pageA).toContain('The amount due for this fee has changed.');
    // The tab closed right after paying: only the webhook tells.
    await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: orderA.order_id, method: 'card', outcome: 'success' }).toString() });
    for (let i = 0; i < 50 && (await t.db.kysely.selectFrom('payments').select('id').execute()).length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, DEMO_FEES.rohanTuition)).toMatchObject({ payment_status: 'paid', pay_amount: 12_500_00, balance: 0 });
    expect(await t.db.kysely.selectFrom('payments').select(['source', 'refund_paise', 'refund_status']).execute()).toEqual([{ source: 'webhook', refund_paise: 10_000_00, refund_status: 'to_refund' }]);
  });

  it('the receipt lists every payment that makes up "Paid": an imported part payment, a confirmed receipt and an online payment add up to it', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    // The institute's import: a hostel fee of Rs 10,000 of which Rs 3,000 was paid before.
    const feeId = 'receipt-lines-hostel';
    await importData(t.db.kysely, parseImportFile({ version: 1, student_fees: [{ id: feeId, reg_no: 'DEMO002', fee_head_id: 'demo-fh-hostel', due_month: '2030-06', due_date: '2030-06-10', fee_amount_paise: 10_000_00, paid_amount_paise: 3_000_00 }] }), t.clock, t.logger);
    // Rs 2,000 paid at the bank: a receipt uploaded, then confirmed by the institute.
    const presigned = (await call(t, 'POST', '/api/upload-receipt', rohan, { contentType: 'image/png' })).body as unknown as UploadReceiptReply;
    await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect((await call(t, 'POST', '/api/save-receipt', rohan, { id: feeId, transaction_date: '2020-01-02', transaction_id: 'UTR-HOSTEL-1', url: presigned.url })).status).toBe(200);
    const receiptId = ((await t.getJson(`/api/uploaded-receipts/${feeId}`, rohan)) as ReceiptsReply).data[0]?._id ?? '';
    await importData(t.db.kysely, parseImportFile({ version: 1, receipt_confirmations: [{ receipt_id: receiptId, amount_paise: 2_000_00 }] }), t.clock, t.logger);
    // The rest, Rs 5,000, online.
    t.clock.advance(60_000);
    const order = (await call(t, 'POST', `/api/fee/${feeId}/pay-online`, rohan)).body as unknown as OrderReply;
    const online = await payOnSimulator(t, order.order_id);
    expect(online.location).toBe(`/fee-list?order_id=${order.order_id}&payment=paid`);

    const fee = feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, feeId);
    expect(fee).toMatchObject({ pay_amount: 10_000_00, balance: 0, payment_status: 'paid' });
    const html = String((await call(t, 'GET', fee.print_url, rohan)).body);
    expect(html).toContain('<tr><th scope="row">Paid</th><td>Rs 10,000.00</td></tr>');
    // The lines table: date, reference, mode, amount.
    const linesTable = html.slice(html.indexOf('<th scope="col">Mode</th>'), html.indexOf('</tbody>', html.indexOf('<th scope="col">Mode</th>')));
    const lines = [...linesTable.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>Rs ([\d,.]+)<\/td><\/tr>/g)].map((match) => ({ reference: match[1], mode: match[2], rupees: Number((match[3] ?? '').replace(/,/g, '')) }));
    expect(lines).toEqual([
      { reference: 'Before online records', mode: 'Paid before (imported)', rupees: 3_000 },
      { reference: 'UTR-HOSTEL-1', mode: 'Receipt', rupees: 2_000 },
      { reference: online.paymentId, mode: 'Online (upi)', rupees: 5_000 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.rupees, 0)).toBe(fee.pay_amount / 100);
    expect(html).toContain('Total paid</th><td>Rs 10,000.00');
    expect(html).not.toContain('to be refunded');
  });

  it('the Razorpay page of an order its fee no longer needs says the fee is already paid and opens no Checkout', async () => {
    const t = await makeApp({ razorpay: { keyId: 'rzp_test_0000000000', keySecret: 'key-secret', webhookSecret: 'webhook-secret' } });
    const order = (id: string, amountPaise: number) => ({
      id,
      gateway: 'razorpay',
      student_id: t.userIds['DEMO002'] as string,
      purpose_kind: 'fee',
      purpose_id: DEMO_FEES.rohanTuition,
      amount_paise: amountPaise,
      currency: 'INR',
      description: 'Tuition Fee',
      return_path: '/fee-list',
      status: 'created' as const,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
      paid_at: null,
    });
    await t.db.kysely.insertInto('payment_orders').values([order('order_RZPOPEN0000001', 12_500_00), order('order_RZPSTALE000001', 12_000_00)]).execute();
    const open = await t.app.request('/pay/razorpay?order_id=order_RZPOPEN0000001');
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('no-store');
    expect(open.headers.get('content-security-policy')).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(await open.text()).toContain('checkout.razorpay.com/v1/checkout.js');
    // The fee is settled another way (a receipt confirmed): the open order's page no longer offers Checkout.
    await t.db.kysely.updateTable('student_fees').set({ paid_paise: 12_500_00 }).where('id', '=', DEMO_FEES.rohanTuition).execute();
    const settled = await t.app.request('/pay/razorpay?order_id=order_RZPOPEN0000001');
    const html = await settled.text();
    expect(settled.status).toBe(409);
    expect(html).toContain('This fee is already paid.');
    expect(html).not.toContain('checkout.js');
    expect(html).not.toContain('Pay Rs');
    expect(await (await t.app.request('/pay/razorpay?order_id=order_RZPSTALE000001')).text()).toContain('This fee is already paid.');
  });

  it('two orders of one fee captured and posted back at once: the fee is paid once, the other payment kept to refund', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const orderA = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    await t.db.kysely.updateTable('student_fees').set({ fine_amount_paise: 100_00 }).where('id', '=', DEMO_FEES.rohanTuition).execute();
    const orderB = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    const replies = [await captureOnSimulator(t, orderA.order_id), await captureOnSimulator(t, orderB.order_id)];
    const locations = await Promise.all(
      replies.map(async (form) => (await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })).headers.get('location')),
    );
    const fee = feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, DEMO_FEES.rohanTuition);
    // A (Rs 12,500) and B (Rs 12,600) on a Rs 12,600 fee: whichever came first counts in full, the other only what was left.
    expect(fee).toMatchObject({ pay_amount: 12_600_00, balance: 0, payment_status: 'paid' });
    const payments = await t.db.kysely.selectFrom('payments').select(['amount_paise', 'refund_paise']).execute();
    expect(payments.reduce((sum, row) => sum + Number(row.amount_paise) - Number(row.refund_paise), 0)).toBe(12_600_00);
    expect(payments.reduce((sum, row) => sum + Number(row.refund_paise), 0)).toBe(12_500_00);
    expect(locations.every((location) => /payment=(paid|refund)$/.test(location ?? ''))).toBe(true);
  });

  it('pay online and print: another student\'s fee is not found, print of nothing paid says so, CORS for the admin origin', async () => {
    const t = await app();
    const asha = await t.token('DEMO001');
    const rohan = await t.token('DEMO002');
    expect((await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, asha)).status).toBe(404);
    expect((await call(t, 'POST', '/api/fee/nope/pay-online', asha)).body).toEqual({ message: 'Fee not found.' });
    const list = (await t.getJson('/api/fee-list', rohan)) as FeeListReply;
    expect((await call(t, 'GET', feeOf(list, DEMO_FEES.rohanExam).print_url, asha)).status).toBe(403);
    expect((await call(t, 'GET', `/admin/fee-head/demo-fh-exam/print?student_fee_id=${DEMO_FEES.rohanExam}`, asha)).status).toBe(404);
    expect((await call(t, 'GET', feeOf(list, DEMO_FEES.rohanTuition).print_url, rohan)).body).toEqual({ message: 'Nothing has been paid for this fee yet.' });
    expect((await call(t, 'GET', feeOf(list, DEMO_FEES.rohanExam).print_url, '')).status).toBe(401);
    const preflight = await t.app.request(feeOf(list, DEMO_FEES.rohanExam).print_url, { method: 'OPTIONS', headers: { origin: 'https://portal.example.edu', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-access-token' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-access-token');
  });

  it('the print link names the admin origin when ADMIN_ORIGIN is set', async () => {
    const t = await app({ adminOrigin: 'https://admin.example.edu' });
    const list = (await t.getJson('/api/fee-list', await t.token('DEMO002'))) as FeeListReply;
    expect(feeOf(list, DEMO_FEES.rohanExam).print_url).toMatch(/^https:\/\/admin\.example\.edu\/admin\/fee-head\/demo-fh-exam\/print\?/);
  });

  it('fault (HTTP): browser closed after paying — the simulator\'s signed webhook alone pays the fee; a forged webhook is 400 and logged', async () => {
    const t = await app({ simulatorWebhookDelayMs: 0 });
    const rohan = await t.token('DEMO002');
    const order = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTransport}/pay-online`, rohan)).body as unknown as OrderReply;
    await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: order.order_id, method: 'card', outcome: 'success' }).toString() });
    // No callback: the tab was closed. The webhook arrives on its own.
    for (let i = 0; i < 50 && (await t.db.kysely.selectFrom('payment_orders').select('status').where('id', '=', order.order_id).executeTakeFirstOrThrow()).status !== 'paid'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, DEMO_FEES.rohanTransport)).toMatchObject({ payment_status: 'paid' });
    expect(await t.db.kysely.selectFrom('payments').select('source').execute()).toEqual([{ source: 'webhook' }]);

    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_FORGED', order_id: order.order_id, amount: 1, method: 'upi' } } } });
    const forged = await t.app.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(body, 'guess'), 'x-razorpay-event-id': 'evt_forged' }, body });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'Invalid webhook signature.' });
    expect(await t.db.kysely.selectFrom('payment_rejections').select(['source', 'reason']).execute()).toEqual([{ source: 'webhook', reason: 'bad signature' }]);
  });

  it('a forged checkout reply sends the student back with payment=failed and pays nothing; a cancelled one with payment=cancelled', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const order = (await call(t, 'POST', `/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, rohan)).body as unknown as OrderReply;
    const forged = await t.app.request('/api/payments/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ razorpay_order_id: order.order_id, razorpay_payment_id: 'pay_FAKE00000001', razorpay_signature: 'ab'.repeat(32) }).toString(),
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe(`/fee-list?order_id=${order.order_id}&payment=failed`);
    const cancel = await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order_id: order.order_id, outcome: 'cancel' }).toString() });
    const html = await cancel.text();
    const metadata = /name="error\[metadata\]" value="([^"]+)"/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? '';
    const back = await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ 'error[code]': 'PAYMENT_CANCELLED', 'error[metadata]': metadata }).toString() });
    expect(back.headers.get('location')).toBe(`/fee-list?order_id=${order.order_id}&payment=cancelled`);
    expect(feeOf((await t.getJson('/api/fee-list', rohan)) as FeeListReply, DEMO_FEES.rohanTuition).payment_status).toBe('unpaid');
    expect((await t.db.kysely.selectFrom('payment_rejections').select('reason').execute()).map((row) => row.reason)).toEqual(['bad signature']);
  });
  it('ten presses of save at once store the receipt once; the others are told the image is taken', async () => {
    const t = await app();
    const rohan = await t.token('DEMO002');
    const presigned = (await call(t, 'POST', '/api/upload-receipt', rohan, { contentType: 'image/png' })).body as unknown as UploadReceiptReply;
    expect((await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
    const body = { id: DEMO_FEES.rohanTransport, transaction_date: '2020-01-02', transaction_id: 'UTR777', url: presigned.url };
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => call(t, 'POST', '/api/save-receipt', rohan, body)))).map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(((await t.getJson(`/api/uploaded-receipts/${DEMO_FEES.rohanTransport}`, rohan)) as ReceiptsReply).data).toHaveLength(1);
  });

  it('a malformed reply to the callback or the checkout page is a 4xx or the failed return, never a 500', async () => {
    const t = await app();
    for (const body of ['null', '1', '[]', '"x"']) {
      const reply = await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(reply.status, body).toBe(303);
      expect(reply.headers.get('location'), body).toBe('/fee-list?payment=failed');
    }
    const broken = await t.app.request('/api/payments/callback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    for (const contentType of ['multipart/form-data; boundary=XX', 'multipart/form-data']) {
      const page = await t.app.request('/gateway/checkout/pay', { method: 'POST', headers: { 'content-type': contentType }, body: 'garbage' });
      expect(page.status, contentType).toBe(400);
      expect(await page.text()).toContain('The request body is not a valid form.');
    }
  });
});

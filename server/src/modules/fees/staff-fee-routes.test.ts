import { describe, expect, it } from 'vitest';
import type { FeeListReply, ReceiptsReply, UploadReceiptReply } from '@invigil/shared/api/fees';
import type { OrderReply } from '@invigil/shared/api/payments';
import type { ChargeReply, FeeHead, FeeRowsReply, OfflinePaymentReply, OrdersReply, ReconcileReply, RefundsReply, StaffReceipt, StaffReceiptsReply } from '@invigil/shared/api/staff-fees';
import { FEE_EXPORT_HEADER, STAFF_FEE_MESSAGES } from '@invigil/shared/api/staff-fees';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { createPaymentModule } from './payment-module';

const newApp = useTestApp();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c3a80000000049454e44ae426082', 'hex');

async function setUp() {
  const t = await newApp({ simulatorWebhookDelayMs: -1 });
  // Rohan's demo config turns My Fee off; here he pays, so his pages are on.
  await t.setConfig('DEMO002', {});
  const admin = await staffToken(t, DEMO_STAFF.admin.email);
  const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
  const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
  return { t, admin, teacher, proctor };
}

/** A fee head and a charge to the demo class; the fee ids of DEMO001 and DEMO002. */
async function chargeClass(t: TestApp, admin: string, amountPaise = 1_000_00) {
  const { head } = await json<{ head: FeeHead }>(await send(t, 'POST', '/api/staff/fees/heads', admin, { title: 'Lab Fee', feeType: 'exam' }), 201);
  const charged = await json<ChargeReply>(await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: head.id, classId: DEMO_CLASS_ID, amountPaise, dueDate: '2099-01-31' }));
  const rows = await json<FeeRowsReply>(await send(t, 'GET', `/api/staff/fees?head=${head.id}`, admin));
  const feeOf = (regNo: string) => rows.items.find((row) => row.regNo === regNo)?.id ?? '';
  return { head, charged, rows, asha: feeOf('DEMO001'), rohan: feeOf('DEMO002') };
}

async function uploadReceipt(t: TestApp, regNo: string, feeId: string, transactionId: string) {
  const token = await t.token(regNo);
  const presigned = await json<UploadReceiptReply>(await send(t, 'POST', '/api/upload-receipt', token, { contentType: 'image/png' }));
  expect((await t.app.request(presigned.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
  await json(await send(t, 'POST', '/api/save-receipt', token, { id: feeId, transaction_date: '2020-01-02', transaction_id: transactionId, url: presigned.url }));
  return token;
}

const audits = (t: TestApp, action: string) => t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('staff fees', () => {
  it('roles: 401 without a token, 403 for a teacher or proctor, on every route; before the body is read', async () => {
    const { t, teacher, proctor } = await setUp();
    for (const [method, path] of [
      ['GET', '/api/staff/fees'],
      ['GET', '/api/staff/fees/heads'],
      ['POST', '/api/staff/fees/charge'],
      ['GET', '/api/staff/fees.csv'],
      ['GET', '/api/staff/fees/receipts'],
      ['POST', '/api/staff/fees/receipts/x/accept'],
      ['PATCH', '/api/staff/fees/x'],
      ['GET', '/api/staff/payments/orders'],
      ['GET', '/api/staff/payments/refunds'],
      ['POST', '/api/staff/payments/reconcile'],
    ] as const) {
      const body = method === 'GET' ? undefined : '{not json';
      expect((await send(t, method, path, '', body)).status, path).toBe(401);
      expect((await send(t, method, path, teacher, body)).status, path).toBe(403);
      expect((await send(t, method, path, proctor, body)).status, path).toBe(403);
    }
  });

  it('heads and charges: a class gets one fee each, the student sees it in My Fees at once, a second press adds none; audited', async () => {
    const { t, admin } = await setUp();
    const { head, charged, asha } = await chargeClass(t, admin);
    expect(charged.charged).toBeGreaterThanOrEqual(2);
    expect(charged.skipped).toBe(0);
    const again = await json<ChargeReply>(await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: head.id, classId: DEMO_CLASS_ID, amountPaise: 1_000_00, dueDate: '2099-01-31' }));
    expect(again).toEqual({ charged: 0, skipped: charged.charged });
    const mine = await json<FeeListReply>(await send(t, 'GET', '/api/fee-list', await t.token('DEMO001')));
    expect(mine.fee_collections.find((fee) => fee._id === asha)).toMatchObject({ fee_head_title: 'Lab Fee', fee_amount: 1_000_00, balance: 1_000_00, payment_status: 'unpaid' });
    // Bad input: a duplicate title, a monthly fee without its month, no target, both targets, a float amount.
    expect((await send(t, 'POST', '/api/staff/fees/heads', admin, { title: 'lab fee', feeType: 'exam' })).status).toBe(409);
    const { head: tuition } = await json<{ head: FeeHead }>(await send(t, 'POST', '/api/staff/fees/heads', admin, { title: 'Tuition 2099', feeType: 'tuition' }), 201);
    expect(await json(await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: tuition.id, classId: DEMO_CLASS_ID, amountPaise: 100, dueDate: '2099-01-31' }), 422)).toMatchObject({ message: STAFF_FEE_MESSAGES.dueMonthNeeded });
    expect((await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: head.id, amountPaise: 100, dueDate: '2099-01-31' })).status).toBe(422);
    expect((await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: head.id, classId: DEMO_CLASS_ID, studentId: t.userIds['DEMO001'], amountPaise: 100, dueDate: '2099-01-31' })).status).toBe(422);
    expect((await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: head.id, classId: DEMO_CLASS_ID, amountPaise: 10.5, dueDate: '2099-01-31' })).status).toBe(422);
    expect((await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: head.id, classId: 'nope', amountPaise: 100, dueDate: '2099-01-31' })).status).toBe(404);
    // One student, monthly.
    const one = await json<ChargeReply>(await send(t, 'POST', '/api/staff/fees/charge', admin, { headId: tuition.id, studentId: t.userIds['DEMO002'], amountPaise: 500_00, dueDate: '2099-02-10', dueMonth: '2099-02', finePaise: 50_00 }));
    expect(one).toEqual({ charged: 1, skipped: 0 });
    const [entry] = await audits(t, 'fee.charge');
    expect(entry).toMatchObject({ entity_type: 'fee_head', entity_id: head.id });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ amountPaise: 1_000_00, dueDate: '2099-01-31' });
    expect((await audits(t, 'fee.head.create')).length).toBe(2);
    // The student is notified.
    const notes = await t.db.kysely.selectFrom('notifications').select('title').where('audience_id', '=', t.userIds['DEMO002'] ?? '').where('title', '=', 'New fee').execute();
    expect(notes.length).toBe(2);
  });

  it('the table: filters by class, head, status and search; sums; edit with the fine waived for a reason (audited before/after); delete only without payments; CSV', async () => {
    const { t, admin } = await setUp();
    const { head, asha, rohan } = await chargeClass(t, admin);
    const paged = await json<FeeRowsReply>(await send(t, 'GET', `/api/staff/fees?head=${head.id}&q=DEMO001`, admin));
    expect(paged.items.map((row) => row.id)).toEqual([asha]);
    expect(paged.items[0]).toMatchObject({ status: 'unpaid', balancePaise: 1_000_00, deletable: true, details: 'Lab Fee' });
    expect(paged.sums).toEqual({ duePaise: 1_000_00, paidPaise: 0, balancePaise: 1_000_00 });
    expect((await send(t, 'GET', '/api/staff/fees?status=bogus', admin)).status).toBe(422);
    // Demo data has overdue fees.
    const overdue = await json<FeeRowsReply>(await send(t, 'GET', '/api/staff/fees?status=overdue', admin));
    expect(overdue.total).toBeGreaterThan(0);
    expect(overdue.items.every((row) => row.status === 'overdue')).toBe(true);

    // A fine, then waived: the reason is required, the log keeps before and after.
    await json(await send(t, 'PATCH', `/api/staff/fees/${asha}`, admin, { amountPaise: 1_000_00, dueDate: '2099-01-31', finePaise: 100_00 }));
    expect(await json(await send(t, 'PATCH', `/api/staff/fees/${asha}`, admin, { amountPaise: 1_000_00, dueDate: '2099-01-31', finePaise: 0 }), 422)).toMatchObject({ message: STAFF_FEE_MESSAGES.waiveReasonNeeded });
    const waived = await json<{ fee: FeeRowsReply['items'][number] }>(await send(t, 'PATCH', `/api/staff/fees/${asha}`, admin, { amountPaise: 1_000_00, dueDate: '2099-02-28', finePaise: 0, fineReason: 'Medical leave' }));
    expect(waived.fee).toMatchObject({ finePaise: 0, dueDate: '2099-02-28' });
    const [waive] = await audits(t, 'fee.fine.waive');
    expect(JSON.parse(waive?.before ?? '{}')).toMatchObject({ finePaise: 100_00, dueDate: '2099-01-31' });
    expect(JSON.parse(waive?.after ?? '{}')).toMatchObject({ finePaise: 0, dueDate: '2099-02-28', fineReason: 'Medical leave' });
    expect(waive?.summary).toContain('Medical leave');

    // An offline payment: once per reference, never above the balance; then the fee cannot be deleted nor cut below what was paid.
    const cash = { mode: 'cash', reference: 'R-101', amountPaise: 400_00, paidOn: '2026-11-01' };
    expect(await json<OfflinePaymentReply>(await send(t, 'POST', `/api/staff/fees/${asha}/offline-payments`, admin, cash), 201)).toMatchObject({ recorded: true, fee: { paidPaise: 400_00, balancePaise: 600_00, status: 'part' } });
    expect(await json<OfflinePaymentReply>(await send(t, 'POST', `/api/staff/fees/${asha}/offline-payments`, admin, cash))).toMatchObject({ recorded: false, fee: { paidPaise: 400_00 } });
    expect((await send(t, 'POST', `/api/staff/fees/${asha}/offline-payments`, admin, { ...cash, amountPaise: 1 })).status).toBe(409);
    expect(await json(await send(t, 'POST', `/api/staff/fees/${asha}/offline-payments`, admin, { ...cash, reference: 'R-102', amountPaise: 600_01 }), 422)).toMatchObject({ message: STAFF_FEE_MESSAGES.overBalance });
    expect((await audits(t, 'fee.payment.record')).length).toBe(1);
    expect(await json(await send(t, 'DELETE', `/api/staff/fees/${asha}`, admin), 409)).toMatchObject({ message: STAFF_FEE_MESSAGES.feeHasPayments });
    expect(await json(await send(t, 'PATCH', `/api/staff/fees/${asha}`, admin, { amountPaise: 300_00, dueDate: '2099-02-28', finePaise: 0 }), 422)).toMatchObject({ message: STAFF_FEE_MESSAGES.amountBelowPaid });
    const student = await json<FeeListReply>(await send(t, 'GET', '/api/fee-list', await t.token('DEMO001')));
    expect(student.fee_collections.find((fee) => fee._id === asha)).toMatchObject({ pay_amount: 400_00, balance: 600_00, due_date: '2099-02-28' });

    // An unpaid one can go.
    expect(await json(await send(t, 'DELETE', `/api/staff/fees/${rohan}`, admin))).toEqual({ deleted: true });
    expect((await send(t, 'DELETE', `/api/staff/fees/${rohan}`, admin)).status).toBe(404);
    const [deleted] = await audits(t, 'fee.delete');
    expect(JSON.parse(deleted?.before ?? '{}')).toMatchObject({ amountPaise: 1_000_00 });

    // CSV: BOM, header, a formula-like name made safe.
    await t.db.kysely.updateTable('users').set({ name: '=HYPERLINK("x")' }).where('reg_no', '=', 'DEMO001').execute();
    const csv = await send(t, 'GET', `/api/staff/fees.csv?head=${head.id}`, admin);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith(FEE_EXPORT_HEADER.join(','))).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")",DEMO001`);
    expect(text).toContain('1000.00,0.00,400.00,600.00,Part paid');
  });

  it('receipts: the queue oldest first with the image; accept a part amount once (a second accept 409, never counted twice), reject with a reason; the student is notified and sees it', async () => {
    const { t, admin } = await setUp();
    const { asha, rohan } = await chargeClass(t, admin);
    const ashaToken = await uploadReceipt(t, 'DEMO001', asha, 'UTR-1');
    t.clock.advance(1000);
    await uploadReceipt(t, 'DEMO002', rohan, 'UTR-2');
    const queue = await json<StaffReceiptsReply>(await send(t, 'GET', '/api/staff/fees/receipts', admin));
    const mine = queue.items.filter((item) => item.feeId === asha || item.feeId === rohan);
    expect(mine.map((item) => item.transactionId)).toEqual(['UTR-1', 'UTR-2']);
    const first = mine[0] as StaffReceipt;
    expect(first).toMatchObject({ studentName: expect.any(String), regNo: 'DEMO001', balancePaise: 1_000_00, status: 'pending' });
    expect((await t.app.request(first.imageUrl)).status).toBe(200);

    expect(await json(await send(t, 'POST', `/api/staff/fees/receipts/${first.id}/accept`, admin, { amountPaise: 1_000_01 }), 422)).toMatchObject({ message: STAFF_FEE_MESSAGES.overBalance });
    expect((await send(t, 'POST', `/api/staff/fees/receipts/${first.id}/accept`, admin, { amountPaise: 0 })).status).toBe(422);
    // Two accepts at once: one counts.
    const [a, b] = await Promise.all([
      send(t, 'POST', `/api/staff/fees/receipts/${first.id}/accept`, admin, { amountPaise: 250_00 }),
      send(t, 'POST', `/api/staff/fees/receipts/${first.id}/accept`, admin, { amountPaise: 250_00 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await send(t, 'POST', `/api/staff/fees/receipts/${first.id}/accept`, admin, { amountPaise: 250_00 })).status).toBe(409);
    const fee = await t.db.kysely.selectFrom('student_fees').select('paid_paise').where('id', '=', asha).executeTakeFirstOrThrow();
    expect(Number(fee.paid_paise)).toBe(250_00);
    const accepted = (await audits(t, 'fee.receipt.accept'))[0];
    expect(JSON.parse(accepted?.before ?? '{}')).toMatchObject({ fee: { paidPaise: 0 } });
    expect(JSON.parse(accepted?.after ?? '{}')).toMatchObject({ fee: { paidPaise: 250_00 }, receipt: { status: 'confirmed', amountPaise: 250_00 } });

    const list = await json<FeeListReply>(await send(t, 'GET', '/api/fee-list', ashaToken));
    expect(list.fee_collections.find((item) => item._id === asha)).toMatchObject({ pay_amount: 250_00, balance: 750_00, payment_status: 'unpaid' });
    const receipts = await json<ReceiptsReply>(await send(t, 'GET', `/api/uploaded-receipts/${asha}`, ashaToken));
    expect(receipts.data[0]?.status).toBe('Confirmed');

    const second = mine[1] as StaffReceipt;
    expect((await send(t, 'POST', `/api/staff/fees/receipts/${second.id}/reject`, admin, { reason: '  ' })).status).toBe(422);
    expect(await json(await send(t, 'POST', `/api/staff/fees/receipts/${second.id}/reject`, admin, { reason: 'The image is blurred' }))).toMatchObject({ receipt: { status: 'rejected', rejectReason: 'The image is blurred' } });
    expect((await send(t, 'POST', `/api/staff/fees/receipts/${second.id}/accept`, admin, { amountPaise: 100 })).status).toBe(409);
    const rohanReceipts = await json<ReceiptsReply>(await send(t, 'GET', `/api/uploaded-receipts/${rohan}`, await t.token('DEMO002')));
    expect(rohanReceipts.data[0]).toMatchObject({ status: 'Rejected', reason: 'The image is blurred' });
    const titles = await t.db.kysely.selectFrom('notifications').select(['title', 'audience_id']).where('title', 'in', ['Receipt accepted', 'Receipt rejected']).orderBy('title').execute();
    expect(titles).toEqual([
      { title: 'Receipt accepted', audience_id: t.userIds['DEMO001'] },
      { title: 'Receipt rejected', audience_id: t.userIds['DEMO002'] },
    ]);
    const rejected = await json<StaffReceiptsReply>(await send(t, 'GET', '/api/staff/fees/receipts?status=rejected', admin));
    expect(rejected.items.map((item) => item.id)).toContain(second.id);
  });

  it('payments: orders by state, a refund owed marked refunded once (audited), the reconciliation against the simulator, and a reconcile of open orders now', async () => {
    const { t, admin } = await setUp();
    const { rohan } = await chargeClass(t, admin);
    const rohanToken = await t.token('DEMO002');
    const payments = createPaymentModule({ db: t.db, config: t.config, clock: t.clock, logger: t.logger });
    // Two orders for the same fee paid at the gateway: the second capture is a refund owed.
    const order = await json<OrderReply>(await send(t, 'POST', `/api/fee/${rohan}/pay-online`, rohanToken));
    const simulator = payments.simulator;
    if (!simulator) throw new Error('simulator expected');
    const first = await simulator.pay(order.order_id, { succeed: true, method: 'upi' });
    // A second order made at the gateway directly for the same fee (an old tab).
    await t.db.kysely.insertInto('payment_orders').values({ id: 'order_StaffTwice0001', gateway: 'simulator', student_id: t.userIds['DEMO002'] ?? '', purpose_kind: 'fee', purpose_id: rohan, amount_paise: 1_000_00, currency: 'INR', description: 'Lab Fee', return_path: '/fee-list', status: 'created', created_at: t.clock.now(), updated_at: t.clock.now(), paid_at: null }).execute();
    await t.db.kysely.insertInto('gateway_simulator_orders').values({ id: 'order_StaffTwice0001', amount_paise: 1_000_00, currency: 'INR', receipt: 'x', status: 'created', created_at: t.clock.now() }).execute();
    await simulator.pay('order_StaffTwice0001', { succeed: true, method: 'card' });
    // Neither capture was heard (no webhook, no callback): "Run reconcile now" finds both.
    const open = await json<{ checked: number; paid: number }>(await send(t, 'POST', '/api/staff/payments/reconcile-open', admin));
    expect(open).toEqual({ checked: 2, paid: 2 });
    expect((await audits(t, 'payment.reconcile')).length).toBe(1);
    const fee = await t.db.kysely.selectFrom('student_fees').select('paid_paise').where('id', '=', rohan).executeTakeFirstOrThrow();
    expect(Number(fee.paid_paise)).toBe(1_000_00);

    const paid = await json<OrdersReply>(await send(t, 'GET', '/api/staff/payments/orders?status=paid&q=DEMO002', admin));
    expect(paid.items.map((item) => item.id).sort()).toEqual([order.order_id, 'order_StaffTwice0001'].sort());
    expect(paid.items.find((item) => item.id === order.order_id)?.paymentIds).toEqual([first?.paymentId]);

    const owed = await json<RefundsReply>(await send(t, 'GET', '/api/staff/payments/refunds', admin));
    expect(owed.items).toHaveLength(1);
    const refund = owed.items[0];
    expect(refund).toMatchObject({ regNo: 'DEMO002', refundPaise: 1_000_00, status: 'to_refund', reason: expect.stringContaining('already paid') });
    // A reason stored with the capture (a rejected certificate's, migration 0026) is the one shown.
    await t.db.kysely.updateTable('payments').set({ refund_reason: 'Certificate rejected: not eligible' }).where('id', '=', refund?.paymentId ?? '').execute();
    expect((await json<RefundsReply>(await send(t, 'GET', '/api/staff/payments/refunds', admin))).items[0]?.reason).toBe('Certificate rejected: not eligible');
    expect((await send(t, 'POST', `/api/staff/payments/refunds/${refund?.paymentId}`, admin, { reference: ' ' })).status).toBe(422);
    expect(await json(await send(t, 'POST', `/api/staff/payments/refunds/${refund?.paymentId}`, admin, { reference: 'rfnd_ABC' }))).toMatchObject({ refund: { status: 'refunded', refundReference: 'rfnd_ABC' } });
    expect(await json(await send(t, 'POST', `/api/staff/payments/refunds/${refund?.paymentId}`, admin, { reference: 'rfnd_ABC' }), 409)).toMatchObject({ message: STAFF_FEE_MESSAGES.notToRefund });
    expect((await json<RefundsReply>(await send(t, 'GET', '/api/staff/payments/refunds', admin))).items).toHaveLength(0);
    expect((await json<RefundsReply>(await send(t, 'GET', '/api/staff/payments/refunds?status=refunded', admin))).items[0]?.refundedAt).toBe(t.clock.now());
    const marked = (await audits(t, 'payment.refund.mark'))[0];
    expect(JSON.parse(marked?.before ?? '{}')).toMatchObject({ status: 'to_refund' });
    expect(JSON.parse(marked?.after ?? '{}')).toMatchObject({ status: 'refunded', refundReference: 'rfnd_ABC' });

    // Reconciliation: a capture at the gateway we never heard of, one of ours the gateway does not know, one whose amount differs.
    await t.db.kysely.insertInto('payment_orders').values({ id: 'order_StaffGhost0001', gateway: 'simulator', student_id: t.userIds['DEMO002'] ?? '', purpose_kind: 'fee', purpose_id: rohan, amount_paise: 5_00, currency: 'INR', description: 'x', return_path: '/fee-list', status: 'created', created_at: t.clock.now(), updated_at: t.clock.now(), paid_at: null }).execute();
    await t.db.kysely.insertInto('gateway_simulator_orders').values({ id: 'order_StaffGhost0001', amount_paise: 5_00, currency: 'INR', receipt: 'x', status: 'created', created_at: t.clock.now() }).execute();
    const ghost = await simulator.bookCapture('order_StaffGhost0001', 5_00);
    await t.db.kysely.insertInto('payments').values({ id: 'pay_OnlyOurs000001', order_id: 'order_StaffGhost0001', amount_paise: 5_00, method: 'upi', source: 'webhook', created_at: t.clock.now() }).execute();
    await t.db.kysely.updateTable('gateway_simulator_payments').set({ amount_paise: 99_00 }).where('id', '=', first?.paymentId ?? '').execute();
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const report = await json<ReconcileReply>(await send(t, 'POST', '/api/staff/payments/reconcile', admin, { from: '2020-01-01', to: '2020-01-02' }));
    expect(report.lines).toHaveLength(0);
    const from = new Date(t.clock.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(t.clock.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const now = await json<ReconcileReply>(await send(t, 'POST', '/api/staff/payments/reconcile', admin, { from, to }));
    expect(now.counts).toEqual({ matched: 1, missing_here: 1, missing_at_gateway: 1, amount_mismatch: 1 });
    expect(now.lines.find((line) => line.kind === 'missing_here')).toMatchObject({ paymentId: ghost, gatewayPaise: 5_00, ourPaise: null });
    expect(now.lines.find((line) => line.kind === 'missing_at_gateway')).toMatchObject({ paymentId: 'pay_OnlyOurs000001', ourPaise: 5_00, gatewayPaise: null });
    expect(now.lines.find((line) => line.kind === 'amount_mismatch')).toMatchObject({ paymentId: first?.paymentId, ourPaise: 1_000_00, gatewayPaise: 99_00 });
    expect(today >= from).toBe(true);
    expect((await send(t, 'POST', '/api/staff/payments/reconcile', admin, { from: to, to: from })).status).toBe(422);
    expect((await send(t, 'POST', '/api/staff/payments/reconcile', admin, { from: '2026-01-01', to: '2026-03-01' })).status).toBe(422);
  });
});

import { describe, expect, it } from 'vitest';
import type { StaffCertificateListReply, StaffCertificateReply } from '@invigil/shared/api/staff-certificates';
import { STAFF_CERTIFICATE_MESSAGES } from '@invigil/shared/api/staff-certificates';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { DEMO_CERTIFICATE_TYPES } from '../../seed/demo-certificates';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const makeApp = useTestApp();
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A paid request of Rohan's (order and capture as the payment service stores them). */
async function paidRequest(t: TestApp, id: string, paidAt: number) {
  const userId = t.userIds['DEMO002'] ?? '';
  const orderId = `order_${id}`;
  await t.db.kysely.insertInto('payment_orders').values({ id: orderId, gateway: 'simulator', student_id: userId, purpose_kind: 'certificate', purpose_id: id, amount_paise: 10_000, currency: 'INR', description: 'Certificate', return_path: '/', status: 'paid', created_at: paidAt, updated_at: paidAt, paid_at: paidAt } as never).execute();
  await t.db.kysely.insertInto('payments').values({ id: `pay_${id}`, order_id: orderId, amount_paise: 10_000, method: 'upi', source: 'checkout', created_at: paidAt }).execute();
  await t.db.kysely
    .insertInto('certificate_requests')
    .values({ id, user_id: userId, type_id: DEMO_CERTIFICATE_TYPES.bonafide, type_name: 'Bonafide Certificate', fee_paise: 10_000, delivery_status: 'pending', order_id: orderId, certificate_file: null, created_at: paidAt, paid_at: paidAt, delivered_at: null, updated_at: paidAt })
    .execute();
}

const upload = (t: TestApp, token: string, id: string, bytes: Uint8Array, name = 'cert.pdf') => {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'application/pdf' }));
  return t.app.request(`/api/staff/certificates/${id}/deliver`, { method: 'POST', headers: { [ACCESS_TOKEN_HEADER]: token }, body: form });
};

async function setUp() {
  const t = await makeApp();
  await t.setConfig('DEMO002', {});
  await paidRequest(t, 'req-old', t.clock.now() - 3 * 86_400_000);
  await paidRequest(t, 'req-new', t.clock.now() - 86_400_000);
  return { t, admin: await staffToken(t, DEMO_STAFF.admin.email), teacher: await staffToken(t, DEMO_STAFF.teacher.email) };
}

describe('staff certificates', () => {
  it('is for admins only', async () => {
    const { t, teacher } = await setUp();
    expect((await t.app.request('/api/staff/certificates')).status).toBe(401);
    expect((await send(t, 'GET', '/api/staff/certificates', teacher)).status).toBe(403);
    expect((await send(t, 'POST', '/api/staff/certificates/req-old/reject', teacher, { reason: 'Not eligible yet' })).status).toBe(403);
    expect((await upload(t, teacher, 'req-old', PDF)).status).toBe(403);
  });

  it('queues paid requests oldest first; processing, then delivered with a PDF the student downloads (audited, notified)', async () => {
    const { t, admin } = await setUp();
    const queue = await json<StaffCertificateListReply>(await send(t, 'GET', '/api/staff/certificates', admin));
    expect(queue.items.map((item) => item.id).filter((id) => id.startsWith('req-'))).toEqual(['req-old', 'req-new']);
    expect(queue.items.every((item) => item.status === 'pending' || item.status === 'processing')).toBe(true);
    expect(queue.items.find((item) => item.id === 'req-old')).toMatchObject({ studentName: 'Rohan Mehta', feePaise: 10_000, status: 'pending', fileUrl: null });

    expect((await json<StaffCertificateReply>(await send(t, 'POST', '/api/staff/certificates/req-old/processing', admin))).request.status).toBe('processing');
    expect((await send(t, 'POST', '/api/staff/certificates/req-old/processing', admin)).status).toBe(409);

    expect((await json<{ message: string }>(await upload(t, admin, 'req-old', new TextEncoder().encode('<html>not a pdf</html>')), 422)).message).toBe(STAFF_CERTIFICATE_MESSAGES.notPdf);
    const delivered = await json<StaffCertificateReply>(await upload(t, admin, 'req-old', PDF));
    expect(delivered.request).toMatchObject({ status: 'delivered' });
    expect((await upload(t, admin, 'req-old', PDF)).status).toBe(409);
    const [audit] = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'certificate.deliver').execute();
    expect(JSON.parse(audit?.before ?? 'null')).toMatchObject({ delivery_status: 'processing' });
    expect(JSON.parse(audit?.after ?? 'null')).toMatchObject({ delivery_status: 'delivered' });

    const rohan = await t.token('DEMO002');
    const mine = (await t.getJson('/api/certificate-requests', rohan)) as { data: { _id: string; delivery_status: string; certificate_url: string | null }[] };
    const request = mine.data.find((item) => item._id === 'req-old');
    expect(request?.delivery_status).toBe('delivered');
    const file = await t.app.request(request?.certificate_url ?? '');
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    expect(JSON.stringify(await t.getJson('/api/notifications', rohan))).toContain('Certificate delivered');
  });

  it('rejects with a reason the student sees, and the capture becomes a refund owed (audited)', async () => {
    const { t, admin } = await setUp();
    expect((await json<{ message: string }>(await send(t, 'POST', '/api/staff/certificates/req-new/reject', admin, { reason: '' }), 422)).message).toBe(STAFF_CERTIFICATE_MESSAGES.reasonRequired);
    const rejected = await json<StaffCertificateReply>(await send(t, 'POST', '/api/staff/certificates/req-new/reject', admin, { reason: 'Your admission is not yet complete.' }));
    expect(rejected.request).toMatchObject({ status: 'rejected', rejectReason: 'Your admission is not yet complete.' });
    expect((await send(t, 'POST', '/api/staff/certificates/req-new/reject', admin, { reason: 'Again and again' })).status).toBe(409);
    expect((await upload(t, admin, 'req-new', PDF)).status).toBe(409);
    const payment = await t.db.kysely.selectFrom('payments').selectAll().where('id', '=', 'pay_req-new').executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ refund_status: 'to_refund', refund_reason: 'Certificate rejected: Your admission is not yet complete.' });
    expect(Number(payment.refund_paise)).toBe(10_000);
    const [audit] = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'certificate.reject').execute();
    expect(JSON.parse(audit?.after ?? 'null')).toMatchObject({ delivery_status: 'rejected', refunds_owed: 1 });

    const rohan = await t.token('DEMO002');
    const mine = (await t.getJson('/api/certificate-requests', rohan)) as { data: { _id: string; delivery_status: string; reject_reason?: string | null }[] };
    expect(mine.data.find((item) => item._id === 'req-new')).toMatchObject({ delivery_status: 'rejected', reject_reason: 'Your admission is not yet complete.' });
    const list = await json<StaffCertificateListReply>(await send(t, 'GET', '/api/staff/certificates?status=rejected', admin));
    expect(list.items.map((item) => item.id)).toEqual(['req-new']);
  });
});

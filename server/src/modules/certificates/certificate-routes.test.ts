import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { certificateRequestsReplySchema, certificateTypesReplySchema } from '@invigil/shared/api/certificates';
import { CERTIFICATE_MESSAGES } from '@invigil/shared/api/certificate-messages';
import { DEMO_CERTIFICATE_TYPES } from '../../seed/demo-certificates';
import { importData, ImportError, parseImportFile } from '../../import/import-service';
import { CERTIFICATE_URL_WINDOW_SECONDS, createCertificateLinks, PAY_LINK_WINDOW_SECONDS } from './certificate-links';
import { createCertificateService } from './certificate-service';
import type { CertificatePayments } from './certificate-service';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { certificatePages, PAYMENT_FAILED_MESSAGE, PAYMENT_PENDING_MESSAGE, REQUEST_GENERATED_MESSAGE } from './certificate-routes';

const makeApp = useTestApp();
// Rohan's demo config turns Desk and Certificate off (require-page.test.ts checks that); here he uses them, so his pages are on.
const newApp = async (...args: Parameters<typeof makeApp>) => {
  const t = await makeApp(...args);
  await t.setConfig('DEMO002', {});
  return t;
};

const types = async (t: TestApp, token: string) => certificateTypesReplySchema.parse(await t.getJson('/api/certificate-request-types', token)).data;
const requests = async (t: TestApp, token: string) => certificateRequestsReplySchema.parse(await t.getJson('/api/certificate-requests', token)).data;

/** The certificate service on the test app's database, with a payment service that records its orders. */
function withPayments(t: TestApp) {
  const orders: Parameters<CertificatePayments['createOrder']>[0][] = [];
  const handlers: Parameters<CertificatePayments['onPaid']>[1][] = [];
  const payments: CertificatePayments = {
    createOrder(order) {
      orders.push(order);
      return Promise.resolve({ orderId: `order_${orders.length}`, checkoutUrl: `/gateway/checkout/order_${orders.length}` });
    },
    onPaid: (_kind, handler) => void handlers.push(handler),
  };
  const links = createCertificateLinks(t.config.blobDir, t.config.jwtSecret);
  const service = createCertificateService({ db: t.db.kysely, links, clock: t.clock, logger: t.logger, adminBase: '', payments });
  const pages = new Hono().route('/', certificatePages({ certificates: service, logger: t.logger, blobs: t.tests.blobs }));
  /** The payment service's capture of an order: the registered handler, in a transaction. */
  const paid = (requestId: string, orderId: string, amountPaise: number) =>
    t.db.kysely.transaction().execute(async (trx) => {
      for (const handler of handlers) await handler(requestId, { orderId, amountPaise }, trx);
    });
  return { orders, service, pages, links, paid };
}

const form = (values: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(values).toString() });
const payParams = (payUrl: string) => Object.fromEntries(new URL(payUrl, 'http://portal.test').searchParams);

describe('GET /certificate-request-types', () => {
  it('lists the offered types in order with the fee in paise and rupees and a Pay link signed for the student', async () => {
    const t = await newApp();
    const token = await t.token('student@example.edu');
    const list = await types(t, token);
    expect(list.map((type) => [type._id, type.title, type.fee_paise, type.fee_amount])).toEqual([
      [DEMO_CERTIFICATE_TYPES.bonafide, 'Bonafide Certificate', 10_000, 100],
      [DEMO_CERTIFICATE_TYPES.character, 'Character Certificate', 15_000, 150],
      [DEMO_CERTIFICATE_TYPES.completion, 'Course Completion Certificate', 19_950, 199.5],
      [DEMO_CERTIFICATE_TYPES.transfer, 'Transfer Certificate', 50_000, 500],
    ]);
    const link = new URL(list[0]?.pay_url ?? '', 'http://portal.test');
    expect(link.pathname).toBe('/admin/certificate-request');
    expect(link.searchParams.get('type')).toBe(DEMO_CERTIFICATE_TYPES.bonafide);
    expect(link.searchParams.get('student')).toBe(t.userIds['DEMO001']);

    // A type no longer offered is not listed.
    await t.db.kysely.updateTable('certificate_types').set({ active: 0 }).where('id', '=', DEMO_CERTIFICATE_TYPES.transfer).execute();
    expect((await types(t, token)).map((type) => type._id)).not.toContain(DEMO_CERTIFICATE_TYPES.transfer);
  });

  it('needs a signed-in student', async () => {
    const t = await newApp();
    for (const path of ['/api/certificate-request-types', '/api/certificate-requests']) {
      const response = await t.get(path);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Log in required!' });
    }
  });
});

describe('GET /certificate-requests', () => {
  it("gives the student's own paid requests, the latest update first, with a signed download for a delivered one", async () => {
    const t = await newApp();
    const asha = await requests(t, await t.token('student@example.edu'));
    expect(asha.map((request) => [request._id, request.type_name, request.fee_amount, request.delivery_status])).toEqual([
      ['demo-cert-request-asha-2', 'Character Certificate', 150, 'processing'],
      ['demo-cert-request-asha-1', 'Bonafide Certificate', 100, 'delivered'],
    ]);
    expect(asha[0]?.certificate_url).toBeNull();
    expect(asha[1]?.certificate_url).toMatch(/^\/blobs\/certificates\/demo-cert-request-asha-1\?e=\d+&s=/);
    const rohan = await requests(t, await t.token('second@example.edu'));
    expect(rohan.map((request) => request._id)).toEqual(['demo-cert-request-rohan-1']);
  });

  it('serves a delivered certificate only through its signed, unexpired link', async () => {
    const t = await newApp();
    const [, delivered] = await requests(t, await t.token('student@example.edu'));
    const url = delivered?.certificate_url ?? '';
    const ok = await t.get(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toBe('attachment; filename="Bonafide Certificate.pdf"');
    expect(Buffer.from(await ok.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    expect((await t.get(url.replace(/s=[^&]+/, 's=forged'))).status).toBe(403);
    // Another student's request with this signature, or one not delivered: refused / not found.
    expect((await t.get(url.replace('demo-cert-request-asha-1', 'demo-cert-request-rohan-1'))).status).toBe(404);
    await t.db.kysely.updateTable('certificate_requests').set({ delivery_status: 'delivered', certificate_file: 'DEMO001-bonafide.pdf' }).where('id', '=', 'demo-cert-request-rohan-1').execute();
    expect((await t.get(url.replace('demo-cert-request-asha-1', 'demo-cert-request-rohan-1'))).status).toBe(403);
    // The file redelivered: the old link no longer opens it.
    await t.db.kysely.updateTable('certificate_requests').set({ certificate_file: 'other.pdf' }).where('id', '=', 'demo-cert-request-asha-1').execute();
    expect((await t.get(url)).status).toBe(403);
    await t.db.kysely.updateTable('certificate_requests').set({ certificate_file: 'DEMO001-bonafide.pdf' }).where('id', '=', 'demo-cert-request-asha-1').execute();
    t.clock.advance(3 * CERTIFICATE_URL_WINDOW_SECONDS * 1000);
    expect((await t.get(url)).status).toBe(403);
  });
});

describe('the admin page /admin/certificate-request', () => {
  it('shows the type, its fee and the student for a valid link, and refuses forged, expired and malformed ones', async () => {
    const t = await newApp();
    const [bonafide] = await types(t, await t.token('second@example.edu'));
    const page = await t.get(bonafide?.pay_url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Bonafide Certificate');
    expect(html).toContain('Rs 100.00');
    expect(html).toContain('Rohan Mehta');
    expect(html).toContain('<button type="submit">Pay Rs 100.00</button>');

    const params = payParams(bonafide?.pay_url ?? '');
    const forged = await t.get(`/admin/certificate-request?${new URLSearchParams({ ...params, student: t.userIds['DEMO001'] ?? '' }).toString()}`);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(CERTIFICATE_MESSAGES.linkInvalid);
    const missing = await t.get('/admin/certificate-request?student=x');
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain('type');
    t.clock.advance(3 * PAY_LINK_WINDOW_SECONDS * 1000);
    const expired = await t.get(bonafide?.pay_url ?? '');
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain(CERTIFICATE_MESSAGES.linkExpired);
  });

  it('presses of Pay at once make one unpaid request', async () => {
    const t = await newApp();
    const token = await t.token('second@example.edu');
    const { orders, pages } = withPayments(t);
    const character = (await types(t, token)).find((type) => type._id === DEMO_CERTIFICATE_TYPES.character);
    const params = payParams(character?.pay_url ?? '');
    const presses = await Promise.all(Array.from({ length: 10 }, () => pages.request('/admin/certificate-request', form(params))));
    expect(presses.map((press) => press.status)).toEqual(Array.from({ length: 10 }, () => 303));
    expect(new Set(orders.map((order) => order.purpose.id)).size).toBe(1);
    const unpaid = await t.db.kysely.selectFrom('certificate_requests').select('id').where('user_id', '=', t.userIds['DEMO002']!).where('type_id', '=', DEMO_CERTIFICATE_TYPES.character).execute();
    expect(unpaid).toHaveLength(1);
  });

  it('Pay creates an order for the fee the server knows and the request is generated once paid, once per order', async () => {
    const t = await newApp();
    const token = await t.token('second@example.edu');
    const { orders, pages, paid } = withPayments(t);
    const character = (await types(t, token)).find((type) => type._id === DEMO_CERTIFICATE_TYPES.character);
    const params = payParams(character?.pay_url ?? '');

    const pay = await pages.request('/admin/certificate-request', form(params));
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe('/gateway/checkout/order_1');
    expect(orders).toEqual([{ studentId: t.userIds['DEMO002'], purpose: { kind: 'certificate', id: expect.any(String) }, amountPaise: 15_000, description: 'Certificate: Character Certificate', returnPath: '/admin/certificate-request/done' }]);
    // Not paid yet: not in the list.
    expect((await requests(t, token)).map((request) => request.type_name)).toEqual(['Bonafide Certificate']);

    // Pressing Pay again reuses the unpaid request.
    await pages.request('/admin/certificate-request', form(params));
    expect(orders[1]?.purpose.id).toBe(orders[0]?.purpose.id);

    const requestId = orders[0]?.purpose.id ?? '';
    await paid(requestId, 'order_1', 15_000);
    await paid(requestId, 'order_1', 15_000);
    const after = await requests(t, token);
    expect(after.map((request) => [request._id, request.type_name, request.fee_amount, request.delivery_status])).toEqual([
      [requestId, 'Character Certificate', 150, 'pending'],
      ['demo-cert-request-rohan-1', 'Bonafide Certificate', 100, 'pending'],
    ]);

    // The page the gateway returns to says what our records say.
    expect(await (await pages.request('/admin/certificate-request/done?order_id=order_1&payment=paid')).text()).toContain(REQUEST_GENERATED_MESSAGE);
    expect(await (await pages.request('/admin/certificate-request/done?order_id=order_9&payment=paid')).text()).toContain(PAYMENT_PENDING_MESSAGE);
    expect(await (await pages.request('/admin/certificate-request/done?order_id=order_9&payment=failed')).text()).toContain(PAYMENT_FAILED_MESSAGE);

    // The second order of that request paid too: the student paid twice and gets a second request.
    await paid(requestId, 'order_2', 15_000);
    await paid(requestId, 'order_2', 15_000);
    expect((await requests(t, token)).filter((request) => request.type_name === 'Character Certificate')).toHaveLength(2);
    // Asha's list is unchanged.
    expect((await requests(t, await t.token('student@example.edu'))).map((request) => request._id)).toEqual(['demo-cert-request-asha-2', 'demo-cert-request-asha-1']);
  });

  it('a free type is generated at once, with no order; a forged or malformed form is refused', async () => {
    const t = await newApp();
    await t.db.kysely.updateTable('certificate_types').set({ fee_paise: 0 }).where('id', '=', DEMO_CERTIFICATE_TYPES.transfer).execute();
    const token = await t.token('second@example.edu');
    const { orders, pages } = withPayments(t);
    const list = await types(t, token);
    const transfer = list.find((type) => type._id === DEMO_CERTIFICATE_TYPES.transfer);
    const free = await pages.request('/admin/certificate-request', form(payParams(transfer?.pay_url ?? '')));
    expect(free.status).toBe(200);
    expect(await free.text()).toContain(REQUEST_GENERATED_MESSAGE);
    expect(orders).toEqual([]);
    expect((await requests(t, token)).map((request) => [request.type_name, request.fee_amount])).toContainEqual(['Transfer Certificate', 0]);

    // A form whose type is not the one signed is refused; a body that is no form is a 4xx.
    const bonafide = list.find((type) => type._id === DEMO_CERTIFICATE_TYPES.bonafide);
    const forged = await t.app.request('/admin/certificate-request', form({ ...payParams(bonafide?.pay_url ?? ''), type: DEMO_CERTIFICATE_TYPES.character }));
    expect(forged.status).toBe(403);
    const notForm = await t.app.request('/admin/certificate-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notForm.status).toBeGreaterThanOrEqual(400);
    expect(notForm.status).toBeLessThan(500);
  });
});

describe('paying through the payment service (the gateway simulator)', () => {
  it("Pay goes to the gateway for the type's fee; once paid the request is listed and the return page says so", async () => {
    const t = await newApp({ simulatorWebhookDelayMs: -1 });
    const token = await t.token('second@example.edu');
    const completion = (await types(t, token)).find((type) => type._id === DEMO_CERTIFICATE_TYPES.completion);
    const pay = await t.app.request('/admin/certificate-request', form(payParams(completion?.pay_url ?? '')));
    expect(pay.status).toBe(303);
    const checkout = new URL(pay.headers.get('location') ?? '', 'http://portal.test');
    expect(checkout.pathname).toBe('/gateway/checkout');
    const orderId = checkout.searchParams.get('order_id') ?? '';
    expect(await (await t.app.request(`/gateway/checkout?order_id=${orderId}`)).text()).toContain('Rs 199.50');

    const reply = await (await t.app.request('/gateway/checkout/pay', form({ order_id: orderId, method: 'upi', outcome: 'success' }))).text();
    const fields = Object.fromEntries([...reply.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1] ?? '', match[2] ?? '']));
    const back = await t.app.request('/api/payments/callback', form(fields));
    expect(back.status).toBe(303);
    const done = back.headers.get('location') ?? '';
    expect(done).toMatch(/^\/admin\/certificate-request\/done\?order_id=/);
    expect(await (await t.app.request(done)).text()).toContain(REQUEST_GENERATED_MESSAGE);
    expect((await requests(t, token)).map((request) => [request.type_name, request.fee_amount, request.delivery_status])).toEqual([
      ['Course Completion Certificate', 199.5, 'pending'],
      ['Bonafide Certificate', 100, 'pending'],
    ]);
    // The same reply posted again generates nothing more.
    await t.app.request('/api/payments/callback', form(fields));
    expect(await requests(t, token)).toHaveLength(2);
  });
});

describe('import: certificate types, paid requests and deliveries', () => {
  it('adds and updates types, records a request and delivers it; refuses unknown references', async () => {
    const t = await newApp();
    const run = (json: unknown) => importData(t.db.kysely, parseImportFile(json), t.clock, t.logger);
    const summary = await run({
      version: 1,
      certificate_types: [
        { id: 'cert-migration', title: 'Migration Certificate', fee_paise: 25_050, description: 'For a change of board.' },
        { id: DEMO_CERTIFICATE_TYPES.bonafide, title: 'Bonafide Certificate', fee_paise: 12_000 },
      ],
      certificate_requests: [{ id: 'rohan-migration', reg_no: 'DEMO002', type_id: 'cert-migration', paid_at: '2025-03-01T10:00:00+05:30' }],
    });
    expect(summary.certificates).toEqual({ certificate_types: { inserted: 1, updated: 1 }, certificate_requests: { inserted: 1, updated: 0 }, certificate_deliveries: { inserted: 0, updated: 0 } });
    const token = await t.token('second@example.edu');
    expect((await types(t, token)).find((type) => type._id === 'cert-migration')).toMatchObject({ fee_amount: 250.5, description: 'For a change of board.' });

    const delivered = await run({ version: 1, certificate_deliveries: [{ request_id: 'rohan-migration', file: 'DEMO001-bonafide.pdf', at: '2025-03-05T10:00:00+05:30' }] });
    expect(delivered.certificates.certificate_deliveries).toEqual({ inserted: 0, updated: 1 });
    const latest = (await requests(t, token)).find((request) => request._id === 'rohan-migration');
    expect(latest).toMatchObject({ _id: 'rohan-migration', delivery_status: 'delivered', fee_amount: 250.5, updated_at: Date.parse('2025-03-05T10:00:00+05:30') });
    expect((await t.get(latest?.certificate_url ?? '')).status).toBe(200);

    const refused = await run({
      version: 1,
      certificate_requests: [
        { id: 'x1', reg_no: 'NOBODY', type_id: 'no-type', paid_at: '2025-03-01T10:00:00Z' },
        { id: 'demo-cert-request-asha-1', reg_no: 'DEMO002', type_id: DEMO_CERTIFICATE_TYPES.bonafide, paid_at: '2025-03-01T10:00:00Z' },
      ],
      certificate_deliveries: [{ request_id: 'no-request', file: 'a.pdf' }],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImportError);
    expect((refused as ImportError).issues).toEqual(
      expect.arrayContaining([
        { path: 'certificate_requests.0.reg_no', message: 'There is no student NOBODY.' },
        { path: 'certificate_requests.0.type_id', message: 'There is no certificate type no-type.' },
        { path: 'certificate_requests.1.id', message: 'Certificate request demo-cert-request-asha-1 belongs to another student.' },
        { path: 'certificate_deliveries.0.request_id', message: 'There is no certificate request no-request.' },
      ]),
    );
    const badFile = (() => {
      try {
        parseImportFile({ version: 1, certificate_deliveries: [{ request_id: 'r', status: 'delivered' }, { request_id: 'r', status: 'processing', file: '../x.pdf' }] });
      } catch (error) {
        return error as ImportError;
      }
      return null;
    })();
    expect(badFile?.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['certificate_deliveries.0.file', 'certificate_deliveries.1.file', 'certificate_deliveries.1.request_id']));
  });

  it('refuses a delivery of a request not paid yet', async () => {
    const t = await newApp();
    const { pages } = withPayments(t);
    const [bonafide] = await types(t, await t.token('second@example.edu'));
    await pages.request('/admin/certificate-request', form(payParams(bonafide?.pay_url ?? '')));
    const unpaid = await t.db.kysely.selectFrom('certificate_requests').select('id').where('delivery_status', '=', 'unpaid').executeTakeFirstOrThrow();
    const refused = await importData(t.db.kysely, parseImportFile({ version: 1, certificate_deliveries: [{ request_id: unpaid.id, status: 'processing' }] }), t.clock, t.logger).catch((error: unknown) => error);
    expect((refused as ImportError).issues).toEqual([{ path: 'certificate_deliveries.0.request_id', message: `Certificate request ${unpaid.id} is not paid yet.` }]);
  });
});

import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { certificateRequestsReplySchema, certificateTypesReplySchema } from '@invigil/shared/api/certificates';
import { authorwiseReplySchema, studyListReplySchema } from '@invigil/shared/api/study';
import type { MenuKey } from '@invigil/shared/domain/menu-flags';
import { isFlagOff, MENU_KEYS, MENU_PAGES, pageOffMessage } from '@invigil/shared/domain/menu-flags';
import { DEMO_FEES } from '../../seed/demo-fees';
import { DEMO_STUDY } from '../../seed/demo-study';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { PAGE_CALLS } from './require-page';

const newApp = useTestApp();

/** Every menu page off, in the hand-written forms institutes use. */
const ALL_OFF = Object.fromEntries(MENU_PAGES.map((entry, index) => [entry.key, [false, 'false', 0, '0'][index % 4] as boolean | string | number]));
/** Rohan's demo config (server/src/seed/demo-seed.ts). */
const ROHAN = { ALLOW_CHANGE_PASSWORD: true, POST_PDF_UPLOAD: true, MY_FEE: false, CERTIFICATE: false, VIDEO_LECTURE: false, DESK: false };

async function call(t: TestApp, method: string, path: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-access-token'] = token;
  const response = await t.app.request(path, { method, headers, ...(method === 'GET' ? {} : { body: '{}' }) });
  const text = await response.text();
  let message: string | undefined;
  try {
    message = errorReplySchema.safeParse(JSON.parse(text)).data?.message;
  } catch {
    message = text;
  }
  return { status: response.status, message, text };
}

const concrete = (path: string) => path.replace(/:field/, 'name').replace(/:[a-zA-Z]+/g, 'x');

describe('menu pages turned off by the user config (require-page)', () => {
  it('reads the hand-written forms of off, as the portal does', () => {
    for (const off of [false, 'false', 0, '0']) expect(isFlagOff({ MY_FEE: off }, 'MY_FEE')).toBe(true);
    for (const on of [true, 'true', 1, '1', 'no', '']) expect(isFlagOff({ MY_FEE: on }, 'MY_FEE')).toBe(false);
    expect(isFlagOff({}, 'MY_FEE')).toBe(false);
    expect(pageOffMessage(MENU_KEYS.myFee)).toBe('My Fee is turned off for your account by your institute.');
  });

  it('refuses every call of a page that is off with a 403 and its message; 401 first without a token; open to a student without config', async () => {
    const t = await newApp();
    const asha = await t.token('DEMO001');
    await t.setConfig('DEMO002', ALL_OFF);
    const rohan = await t.token('DEMO002');
    for (const [key, calls] of Object.entries(PAGE_CALLS) as [MenuKey, readonly (readonly [string, string, string?])[]][]) {
      for (const [method, path, signedOut] of calls) {
        const url = `/api${concrete(path)}`;
        const off = await call(t, method, url, rohan);
        expect([method, url, off.status, off.message]).toEqual([method, url, 403, pageOffMessage(key)]);
        // Who is asking comes first: no token is a 401 (the public desk answers signed out).
        expect([method, url, (await call(t, method, url)).status]).toEqual([method, url, signedOut ? 200 : 401]);
        const open = await call(t, method, url, asha);
        expect([method, url, open.status === 403 && open.message === pageOffMessage(key)]).toEqual([method, url, false]);
      }
    }
    // The receipt print of My Fee, outside /api.
    const print = await call(t, 'GET', '/admin/fee-head/demo-fh-tuition/print', rohan);
    expect([print.status, print.message]).toEqual([403, pageOffMessage(MENU_KEYS.myFee)]);
    expect((await call(t, 'GET', '/admin/fee-head/demo-fh-tuition/print')).status).toBe(401);
  });

  it('uses the config as stored now, not the token\'s claim: an institute turns a page off or on for a signed-in student', async () => {
    const t = await newApp();
    const asha = await t.token('DEMO001');
    expect((await call(t, 'GET', '/api/fee-list', asha)).status).toBe(200);
    await t.setConfig('DEMO001', { MY_FEE: 'false' });
    expect(await call(t, 'GET', '/api/fee-list', asha)).toMatchObject({ status: 403, message: 'My Fee is turned off for your account by your institute.' });
    await t.setConfig('DEMO001', { MY_FEE: true });
    expect((await call(t, 'GET', '/api/fee-list', asha)).status).toBe(200);
  });

  it('keeps sign-in, notifications, the test-taking calls and the other pages working for a student whose pages are off', async () => {
    const t = await newApp();
    const rohan = await t.token('DEMO002');
    expect((await call(t, 'GET', '/api/desk', rohan)).status).toBe(403);
    expect((await call(t, 'GET', '/api/fee-list', rohan)).status).toBe(403);
    expect((await call(t, 'GET', '/api/certificate-requests', rohan)).status).toBe(403);
    for (const path of ['/api/user', '/api/notifications', '/api/test/list', '/api/test/myresults', '/api/attendances/stat', '/api/live-class', '/api/queries', '/api/user/profile', '/api/marksheets']) {
      expect([path, (await call(t, 'GET', path, rohan)).status]).toEqual([path, 200]);
    }
    await t.setConfig('DEMO002', ALL_OFF);
    for (const path of ['/api/user', '/api/notifications', '/api/push/public-key', '/api/user/profile']) expect([path, (await call(t, 'GET', path, rohan)).status]).toEqual([path, 200]);
    // The test itself (its instructions and the attempt's calls) is not Assessment's list: never refused by a page flag.
    const instruction = await call(t, 'GET', '/api/test/instruction/x', rohan);
    expect(instruction.message).not.toMatch(/turned off/);
    const sync = await call(t, 'POST', '/api/test/sync', rohan);
    expect(sync.message).not.toMatch(/turned off/);
  });

  it('study items by their type: a type that is off is refused, All Type leaves it out, an item of it takes no uploads', async () => {
    const t = await newApp();
    const rohan = await t.token('DEMO002'); // VIDEO_LECTURE off
    expect(await call(t, 'GET', '/api/study-material/list/authorwise?type=video-lecture', rohan)).toMatchObject({ status: 403, message: pageOffMessage(MENU_KEYS.videoLecture) });
    expect(await call(t, 'GET', '/api/study-material/list?subject_id=demo-physics&type=video-lecture', rohan)).toMatchObject({ status: 403, message: pageOffMessage(MENU_KEYS.videoLecture) });
    const cards = authorwiseReplySchema.parse(await t.getJson('/api/study-material/list/authorwise', rohan));
    expect(cards.data.length).toBeGreaterThan(0);
    expect(cards.data.every((card) => card.video_lecture_count === 0)).toBe(true);
    expect(cards.data.map((card) => card.subject_id)).not.toContain('demo-biology'); // only a video lecture
    const list = studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=all', rohan));
    const asha = await t.token('DEMO001');
    const total = async (type: string) => studyListReplySchema.parse(await t.getJson(`/api/study-material/list?subject_id=demo-physics&type=${type}`, asha)).total;
    expect(list.total).toBe((await total('all')) - (await total('video-lecture')));
    expect(await total('video-lecture')).toBeGreaterThan(0);
    expect(list.data.some((item) => item.type === 'video-lecture')).toBe(false);
    expect(studyListReplySchema.parse(await t.getJson('/api/study-material/list?subject_id=demo-physics&type=homework', rohan)).total).toBe(3);

    await t.setConfig('DEMO002', { ASSIGNMENT: false });
    expect(await call(t, 'POST', `/api/assignment/${DEMO_STUDY.openAssignment}/uploads`, rohan)).toMatchObject({ status: 403, message: pageOffMessage(MENU_KEYS.assignment) });
    const presign = await t.postJson(`/api/presignURLAssignment/${DEMO_STUDY.openAssignment}`, { assignment_id: DEMO_STUDY.openAssignment, content_type: 'image/png', file_name: 'a.png' }, { 'x-access-token': rohan });
    expect(presign.status).toBe(403);
    expect((await call(t, 'POST', '/api/assignment/demo-study-physics-homework-1/uploads', rohan)).status).toBe(200);

    await t.setConfig('DEMO002', { STUDY_MATERIAL: false, HOMEWORK: 0, ASSIGNMENT: 'false', VIDEO_LECTURE: '0' });
    expect(await call(t, 'GET', '/api/study-material/list/authorwise?type=all', rohan)).toMatchObject({ status: 403, message: pageOffMessage(MENU_KEYS.studyMaterial) });
  });

  it('an order\'s status belongs to its purpose\'s page; a certificate pay link given out earlier is refused once Certificate is off', async () => {
    const t = await newApp();
    const rohan = await t.token('DEMO002');
    await t.setConfig('DEMO002', {});
    const started = await t.postJson(`/api/fee/${DEMO_FEES.rohanTuition}/pay-online`, {}, { 'x-access-token': rohan });
    expect(started.status).toBe(200);
    const { order_id: orderId } = (await started.json()) as { order_id: string };
    expect((await call(t, 'GET', `/api/payments/orders/${orderId}`, rohan)).status).toBe(200);
    const types = certificateTypesReplySchema.parse(await t.getJson('/api/certificate-request-types', rohan));
    const payUrl = types.data[0]?.pay_url ?? '';
    expect((await t.get(payUrl)).status).toBe(200);

    await t.setConfig('DEMO002', ROHAN);
    expect(await call(t, 'GET', `/api/payments/orders/${orderId}`, rohan)).toMatchObject({ status: 403, message: pageOffMessage(MENU_KEYS.myFee) });
    const page = await t.get(payUrl);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(pageOffMessage(MENU_KEYS.certificate));
    const { search } = new URL(payUrl, 'http://local.invalid');
    const posted = await t.app.request(new URL(payUrl, 'http://local.invalid').pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: search.slice(1) });
    expect(posted.status).toBe(403);

    // A delivered certificate's signed download link, given out while Certificate was on.
    const asha = await t.token('DEMO001');
    const requests = certificateRequestsReplySchema.parse(await t.getJson('/api/certificate-requests', asha));
    const download = requests.data.find((request) => request.certificate_url !== null)?.certificate_url ?? '';
    expect((await t.get(download)).status).toBe(200);
    await t.setConfig('DEMO001', { CERTIFICATE: false });
    const refused = await t.get(download);
    expect([refused.status, await refused.text()]).toEqual([403, `${pageOffMessage(MENU_KEYS.certificate)}\n`]);
  });
});

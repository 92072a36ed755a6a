import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { apiToken, importFixture, signIn, type E2eStudent } from './student-session';

/**
 * The proctoring event trail end to end: during an attempt the page (with the student's token)
 * and the extension (with the proctor token the portal hands it) report events and a snapshot
 * through the API; after submission the student sees every entry on the result page, in plain
 * words, with where it came from and the snapshot; a clean attempt says no flags were raised.
 */

const STUDENT: E2eStudent = { reg_no: 'PROCTOR01', email: 'proctor01@example.edu', name: 'Trail Tester', password: 'trail1234' };

const quiz = (id: string, name: string) => ({
  _id: id,
  name,
  format: {
    duration: 30,
    parts: [{ name: 'Quiz', sections: [{ name: 'Choice', questions: [{ qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two', C: 'Three', D: 'Four' }, answer: 'B' }] }] }],
  },
  assigned_to: [STUDENT.reg_no],
});

const TESTS = { flagged: quiz('e2e-proctor-trail', 'E2E: Proctored Quiz'), clean: quiz('e2e-proctor-clean', 'E2E: Calm Quiz') };

/** An 8x6 WebP at quality 70, as the camera snapshot. */
const WEBP = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAADQAQCdASoIAAYAAkA4JaACdLoB+AADsAD+h9f/NgQM0Ppg/8lMoXQ16AA=', 'base64');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'proctor-trail-e2e', { students: [STUDENT], tests: Object.values(TESTS) });
});

async function startTest(request: APIRequestContext, token: string, testId: string) {
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
}

async function submitTest(request: APIRequestContext, token: string, testId: string) {
  const submit = await request.post('/api/test/submit', { data: { id: testId, updates: [], terminated: 'manual' }, headers: { 'x-access-token': token } });
  expect(submit.ok()).toBe(true);
}

test('events reported by the page and the extension appear on the result page after submission', async ({ page, request }) => {
  const testId = TESTS.flagged._id;
  await signIn(page, STUDENT);
  const token = await apiToken(request, STUDENT);
  const asStudent = { 'x-access-token': token };
  await startTest(request, token, testId);

  // The portal asks for the extension's token; the extension reports with it alone.
  const issued = await request.post('/api/proctor/token', { data: { test_id: testId }, headers: asStudent });
  expect(issued.ok()).toBe(true);
  const asExtension = { 'x-proctor-token': ((await issued.json()) as { token: string }).token };

  const snapshot = await request.post(`/api/saveAIImage/${testId}/png`, {
    multipart: { test_id: testId, reason: 'MULTI_FACE', image: { name: 'snap.webp', mimeType: 'image/webp', buffer: WEBP } },
    headers: asExtension,
  });
  expect(snapshot.ok()).toBe(true);
  const evidence = ((await snapshot.json()) as { fileName: string }).fileName;

  const now = Date.now();
  const pageEvents = {
    test_id: testId,
    sent_at: now,
    events: [
      { id: 'page-blur-0001', at: now, kind: 'BLUR', source: 'page' },
      { id: 'page-focus-0001', at: now + 1, kind: 'FOCUS', source: 'page', detail: { away_ms: 12_000 } },
    ],
  };
  const extensionEvents = {
    test_id: testId,
    sent_at: now,
    events: [
      { id: 'ext-face-0001', at: now + 2, kind: 'MULTI_FACE', source: 'extension', detail: { faces: 2 }, evidence },
      { id: 'ext-warn-0001', at: now + 3, kind: 'WARNING_SHOWN', source: 'extension', detail: { reason: 'MULTI_FACE' } },
    ],
  };
  const fromPage = await request.post('/api/proctor/events', { data: pageEvents, headers: asStudent });
  expect(await fromPage.json()).toEqual({ stored: 2, duplicates: 0, late: 0 });
  const fromExtension = await request.post('/api/proctor/events', { data: extensionEvents, headers: asExtension });
  expect(await fromExtension.json()).toEqual({ stored: 2, duplicates: 0, late: 0 });
  // A replay (the reporter did not see the reply) stores nothing twice.
  const replay = await request.post('/api/proctor/events', { data: extensionEvents, headers: asExtension });
  expect(await replay.json()).toEqual({ stored: 0, duplicates: 2, late: 0 });

  // Not before submission.
  const early = await request.get(`/api/proctor/events/${testId}`, { headers: asStudent });
  expect(early.status()).toBe(403);
  expect(((await early.json()) as { message: string }).message).toBe('The proctoring timeline is shown once the test is submitted.');

  await submitTest(request, token, testId);

  await page.goto(`/test/${testId}/result`);
  await expect(page.getByRole('heading', { name: 'Result', level: 1 })).toBeVisible();
  const tab = page.getByRole('tab', { name: 'Proctoring (2)' });
  await expect(tab).toBeVisible();
  await tab.click();
  await expect(page.getByRole('heading', { name: 'Proctoring', level: 2 })).toBeVisible();
  await expect(page.getByText('2 proctoring flags were raised.')).toBeVisible();

  const table = page.getByRole('table', { name: 'Proctoring timeline, oldest first' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(5); // the header and four entries, oldest first
  await expect(rows.nth(1)).toContainText('Left the test tab or window');
  await expect(rows.nth(1)).toContainText('This page');
  await expect(rows.nth(1)).toContainText(/\+0:\d\d/);
  await expect(rows.nth(2)).toContainText('Came back to the test');
  await expect(rows.nth(2)).toContainText('Away for 12s');
  await expect(rows.nth(3)).toContainText('More than one face seen by the camera');
  await expect(rows.nth(3)).toContainText('2 faces');
  await expect(rows.nth(3)).toContainText('Extension');
  await expect(rows.nth(4)).toContainText('A warning was shown to you');
  await expect(rows.nth(4)).toContainText('Reason: more than one face seen');

  // The snapshot: a thumbnail that links to the signed URL, which opens only as signed.
  const link = rows.nth(3).getByRole('link', { name: /^Snapshot: More than one face seen by the camera at \d\d:\d\d:\d\d (AM|PM)$/ });
  await expect(link).toBeVisible();
  await expect.poll(() => link.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toContain(evidence);
  const opened = await request.get(href);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('image/webp');
  expect((await request.get(href.split('?')[0] ?? '')).status()).toBe(403);
  await expect(page.getByText('The camera took 1 snapshot during the test')).toBeVisible();
});

test('an attempt without flags says so', async ({ page, request }) => {
  const testId = TESTS.clean._id;
  await signIn(page, STUDENT);
  const token = await apiToken(request, STUDENT);
  await startTest(request, token, testId);
  await submitTest(request, token, testId);

  await page.goto(`/test/${testId}/result`);
  await page.getByRole('tab', { name: 'Proctoring', exact: true }).click();
  await expect(page.getByText('No proctoring flags were raised.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Proctoring timeline, oldest first' })).toHaveCount(0);
});

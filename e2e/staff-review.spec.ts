import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN, DEMO_TEACHER, newStaffPage, scanStaffPage, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, signIn, type E2eStudent } from './student-session';

/**
 * The proctoring review end to end (issue 29, decision 0061): a student's submitted attempt with
 * flags; the admin finds it first in the queue, confirms a flag with a note and voids the attempt
 * with a reason; the student then sees "Confirmed" beside the flag, the void decision and no score,
 * and a classmate's ranking without them. A teacher is not let in.
 */

const worker = process.env.TEST_WORKER_INDEX ?? '0';
const FLAGGED: E2eStudent = forThisWorker({ reg_no: 'REVIEW01', email: 'review01@example.edu', name: `Void Tester ${worker}`, password: 'review1234' });
const CALM: E2eStudent = forThisWorker({ reg_no: 'REVIEW02', email: 'review02@example.edu', name: `Rank Keeper ${worker}`, password: 'review1234' });
const TEST_ID = `e2e-review-quiz-w${worker}`;
const TEST_NAME = `E2E: Reviewed Quiz ${worker}`;
const NOTE = 'A second person is in the snapshot.';
const REASON = 'Someone else helped during the test.';

/** An 8x6 WebP at quality 70, as the camera snapshot. */
const WEBP = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAADQAQCdASoIAAYAAkA4JaACdLoB+AADsAD+h9f/NgQM0Ppg/8lMoXQ16AA=', 'base64');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `staff-review-e2e-${worker}`, {
    students: [FLAGGED, CALM],
    tests: [
      {
        _id: TEST_ID,
        name: TEST_NAME,
        review: 'on_submit',
        format: {
          duration: 30,
          parts: [{ name: 'Quiz', sections: [{ name: 'Choice', questions: [{ qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two', C: 'Three', D: 'Four' }, answer: 'B' }] }] }],
        },
        assigned_to: [FLAGGED.reg_no, CALM.reg_no],
      },
    ],
  });
});

async function takeTest(request: APIRequestContext, student: E2eStudent, flagged: boolean) {
  const token = await apiToken(request, student);
  const headers = { 'x-access-token': token };
  expect((await request.post('/api/test/start', { data: { id: TEST_ID, devices: [] }, headers })).ok()).toBe(true);
  if (flagged) {
    const snapshot = await request.post(`/api/saveAIImage/${TEST_ID}/png`, { multipart: { test_id: TEST_ID, reason: 'MULTI_FACE', image: { name: 'snap.webp', mimeType: 'image/webp', buffer: WEBP } }, headers });
    expect(snapshot.ok()).toBe(true);
    const evidence = ((await snapshot.json()) as { fileName: string }).fileName;
    const now = Date.now();
    const events = [
      { id: 'rev-blur-0001', at: now - 4000, kind: 'BLUR', source: 'page' },
      { id: 'rev-focus-0001', at: now - 3000, kind: 'FOCUS', source: 'page', detail: { away_ms: 1000 } },
      { id: 'rev-face-0001', at: now - 2000, kind: 'MULTI_FACE', source: 'page', detail: { faces: 2 }, evidence },
    ];
    expect((await request.post('/api/proctor/events', { data: { test_id: TEST_ID, sent_at: now, events }, headers })).ok()).toBe(true);
  }
  expect((await request.post('/api/test/submit', { data: { id: TEST_ID, updates: [], terminated: 'manual' }, headers })).ok()).toBe(true);
}

async function studentPage(page: Page, student: E2eStudent) {
  await page.context().clearCookies();
  await signIn(page, student);
}

test('a flag confirmed and the attempt voided: the student sees it, without a score or a rank', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  await takeTest(request, CALM, false);
  await takeTest(request, FLAGGED, true);

  const staff = await newStaffPage(browser);
  await staff.goto('/staff/review');
  await staffSignIn(staff, DEMO_ADMIN);
  await expect(staff.getByRole('heading', { name: 'Proctoring review', level: 1 })).toBeVisible();
  await staff.getByLabel('Test').selectOption({ label: TEST_NAME });
  const table = staff.getByRole('table', { name: /Attempts/ });
  // Needs a look: the flagged attempt; the calm one has no flags.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(FLAGGED.name);
  await expect(table.getByRole('row').nth(1)).toContainText('Not decided');
  await scanStaffPage(staff, 'the review queue');

  await table.getByRole('link', { name: FLAGGED.name }).click();
  await expect(staff.getByRole('heading', { name: `Attempt review: ${FLAGGED.name}`, level: 1 })).toBeVisible();
  await expect(staff.getByRole('table', { name: /Which signals were watched/ }).getByRole('row', { name: /Tab and window switches/ })).toContainText('1s');
  await scanStaffPage(staff, 'the attempt review');

  // The evidence opens large in a dialog.
  await staff.getByRole('button', { name: /Open the snapshot: More than one face/ }).click();
  const dialog = staff.getByRole('dialog', { name: /More than one face/ });
  await expect(dialog.getByRole('img', { name: /Snapshot/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Keys: j moves to the first flag, then the second; f without a note asks for one.
  await staff.getByRole('heading', { name: 'Trail' }).click();
  await staff.keyboard.press('j');
  await staff.keyboard.press('j');
  const face = staff.getByRole('listitem').filter({ hasText: 'More than one face seen by the camera' });
  await expect(face).toBeFocused();
  await staff.keyboard.press('f');
  await expect(face.getByRole('status')).toHaveText('Say why the flag is confirmed.');
  await face.getByLabel('Note on flag 2').fill(NOTE);
  await face.getByRole('button', { name: 'Confirm' }).click();
  await expect(face.getByText(`: ${NOTE}`)).toBeVisible();
  await expect(face.getByText('Confirmed', { exact: true })).toBeVisible();

  // Void without a reason is refused here; with one it is saved.
  await staff.getByRole('radio', { name: 'Void' }).check();
  await staff.getByRole('button', { name: 'Save decision' }).click();
  await expect(staff.getByText('Give a reason for this decision.')).toBeVisible();
  await staff.getByLabel(/^Reason/).fill(REASON);
  await staff.getByRole('button', { name: 'Save decision' }).click();
  await expect(staff.getByText('Decision saved. The student is notified.')).toBeVisible();

  // The queue: decided attempts leave "Needs a look".
  await staff.getByRole('link', { name: 'Back to the queue' }).click();
  await staff.getByLabel('Test').selectOption({ label: TEST_NAME });
  await expect(staff.getByText('Nothing needs a look: every flagged attempt has a decision.')).toBeVisible();
  await staff.getByLabel('Show').selectOption({ label: 'Decided' });
  await expect(staff.getByRole('table', { name: /Attempts/ }).getByRole('row').nth(1)).toContainText('Void');

  // The student: no score, the reason, the flag's verdict and note.
  await studentPage(page, FLAGGED);
  await page.goto(`/test/${TEST_ID}/result`);
  await expect(page.getByRole('alert').filter({ hasText: `This attempt was voided: ${REASON}` })).toBeVisible();
  await expect(page.getByText(`Void: ${REASON}`)).toBeVisible();
  const flagRow = page.getByRole('row').filter({ hasText: 'More than one face seen by the camera' });
  await expect(flagRow.getByText('Confirmed')).toBeVisible();
  await expect(flagRow.getByText(NOTE)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Score Card' })).toHaveCount(0);
  await page.goto('/test-results');
  await expect(page.getByRole('row').filter({ hasText: TEST_NAME })).toContainText('Void');

  // The classmate's ranking closes up without the void attempt.
  await studentPage(page, CALM);
  await page.goto(`/test/${TEST_ID}/result`);
  await page.getByRole('tab', { name: 'Score Card' }).click();
  const ranking = page.getByRole('region', { name: 'Ranking' }).or(page.locator('section[aria-labelledby="ranking-heading"]'));
  await expect(ranking).toContainText(CALM.name);
  await expect(ranking).not.toContainText(FLAGGED.name);
});

test('a teacher is not let into the review', async ({ browser }) => {
  const staff = await newStaffPage(browser);
  await staff.goto('/staff/review');
  await staffSignIn(staff, DEMO_TEACHER);
  await expect(staff.getByText('Not available for your role')).toBeVisible();
});

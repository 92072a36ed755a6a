import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { launchCdpBrowser, type CdpBrowser } from './cdp-browser';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { apiToken, importFixture, submitFromLastQuestion, type E2eStudent } from './student-session';
import { submitReason, submitWithEmptyTrail, timeline } from './proctor-trail';
import { startVirtualDisplay } from './xvfb';

/**
 * The page's own proctoring (no extension): tab switches counted and ending the test at the
 * limit, full screen kept, a student who behaves normally never flagged; each checked on the
 * server's event trail. A Chromium attached over CDP, so leaving the tab really hides the page.
 */

const STUDENT: E2eStudent = { reg_no: 'PROCTOR01', email: 'proctor01@example.edu', name: 'Proctor Tester', password: 'proctor123' };

const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [1, 2].map((n) => ({ qt: 3, pm: 1, text: `<p>Question ${n}: one plus one?</p>`, options: { A: 'One', B: 'Two' }, answer: 'B' })) }] }],
};
const testOf = (id: string, name: string, config: Record<string, unknown>) => ({ _id: id, name, config, format: paper, assigned_to: [STUDENT.reg_no] });
const TESTS = {
  count: testOf('e2e-blur-count', 'E2E: Tab switches', { AUTO_TERMINATE: true, BLUR_ALLOWED_COUNT: 2 }),
  calm: testOf('e2e-blur-calm', 'E2E: Calm student', { AUTO_TERMINATE: true, FULL_SCREEN: true }),
  fullScreen: testOf('e2e-full-screen', 'E2E: Full screen', { FULL_SCREEN: true, MAX_BLUR_ALLOWED_TIME: 4 }),
  screenPicker: testOf('e2e-blur-screen-picker', 'E2E: Screen picker open', { AUTO_TERMINATE: true, PROCTOR_TYPE: 'screen', MAX_BLUR_ALLOWED_TIME: 3 }),
  permissionPrompt: testOf('e2e-blur-permission-prompt', 'E2E: Camera permission prompt', { AUTO_TERMINATE: true, IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 60, MAX_BLUR_ALLOWED_TIME: 3 }),
};

let cdp: CdpBrowser;

test.beforeAll(async () => {
  importFixture(E2E_DATA_DIR, 'proctoring-e2e', { students: [STUDENT], tests: Object.values(TESTS) });
  cdp = await launchCdpBrowser();
});
test.afterAll(async () => cdp?.close());

/** Signs in (token in local storage, as the login page leaves it), starts the test and opens it. */
async function openTest(request: APIRequestContext, testId: string, browser: CdpBrowser = cdp): Promise<{ page: Page; token: string }> {
  const token = await apiToken(request, STUDENT);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const page = await browser.context.newPage();
  await page.goto(`${E2E_BASE_URL}/`);
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`${E2E_BASE_URL}/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  return { page, token };
}

/** Another tab in front of the test for a moment, then the test again: one time away. */
async function switchAway(page: Page, ms = 300): Promise<void> {
  const other = await cdp.context.newPage();
  await other.goto('about:blank');
  await other.bringToFront();
  await expect.poll(() => page.evaluate(() => document.visibilityState)).toBe('hidden');
  await other.waitForTimeout(ms);
  await other.close();
  await page.bringToFront();
}

test('switching tabs is counted; one switch more than allowed submits the test for suspicious activity', async ({ request }) => {
  const { page, token } = await openTest(request, TESTS.count._id);
  await switchAway(page);
  // AUTO_TERMINATE with 2 allowed: the warning says how many are left.
  await expect(page.getByRole('dialog', { name: 'Warning' })).toContainText('You moved away from the test once. After 1 more, the test will be submitted automatically.');
  await page.getByRole('button', { name: 'I understand' }).click();
  await switchAway(page);
  await expect(page.getByRole('dialog', { name: 'Warning' })).toContainText('After 0 more');
  await page.getByRole('button', { name: 'I understand' }).click();
  await switchAway(page);
  await expect(page).toHaveURL(/\/test-submitted/);
  await expect(page.getByText('The test was submitted due to suspicious activity.')).toBeVisible();

  expect(await submitReason(request, token, TESTS.count._id)).toBe('BLUR_ALLOWED_COUNT');
  await expect.poll(async () => (await timeline(request, token, TESTS.count._id)).map((event) => event.kind).filter((kind) => kind !== 'WARNING_SHOWN')).toEqual([
    'BLUR',
    'FOCUS',
    'BLUR',
    'FOCUS',
    'BLUR',
    'AUTO_SUBMIT',
  ]);
  const events = await timeline(request, token, TESTS.count._id);
  expect(events.every((event) => event.source === 'page')).toBe(true);
  expect(events.at(-1)?.detail).toMatchObject({ reason: 'BLUR_ALLOWED_COUNT' });
  await page.close();
});

test('a student who stays on the test in full screen is never flagged nor auto-submitted', async ({ request }) => {
  const { page, token } = await openTest(request, TESTS.calm._id);
  await page.getByRole('dialog', { name: 'Full screen required' }).getByRole('button', { name: 'Enter full screen' }).click();
  await expect(page.getByRole('dialog', { name: 'Full screen required' })).toBeHidden();
  await page.getByRole('radio', { name: /Option B/ }).check();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByRole('radio', { name: /Option B/ }).check();
  // Some seconds of an ordinary test: the policy ticks, answers are saved, nothing is flagged.
  await page.waitForTimeout(6_000);
  await submitFromLastQuestion(page);
  expect(await submitReason(request, token, TESTS.calm._id)).toBe('manual');
  const kinds = (await timeline(request, token, TESTS.calm._id)).map((event) => event.kind);
  expect(kinds.filter((kind) => kind !== 'FULLSCREEN_ENTER')).toEqual([]);
  await page.close();
});

test('leaving full screen warns with the seconds left, returning clears it, staying out submits the test', async ({ request }) => {
  const { page, token } = await openTest(request, TESTS.fullScreen._id);
  await page.getByRole('button', { name: 'Enter full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);

  await page.evaluate(() => document.exitFullscreen());
  const warning = page.getByRole('dialog', { name: 'Full screen required' });
  await expect(warning).toContainText('Return to full screen within 4 seconds, or the test will be submitted automatically.');
  await expect(warning).toContainText(/Automatic submission in [1-4] s/);
  await warning.getByRole('button', { name: 'Return to full screen' }).click();
  await expect(warning).toBeHidden();

  await page.evaluate(() => document.exitFullscreen());
  await expect(page).toHaveURL(/\/test-submitted/, { timeout: 10_000 });
  await expect(page.getByText('The test was submitted due to long time inactivity in website.')).toBeVisible();
  expect(await submitReason(request, token, TESTS.fullScreen._id)).toBe('BLUR_TIME_OUT');
  await expect
    .poll(async () => (await timeline(request, token, TESTS.fullScreen._id)).map((event) => event.kind).filter((kind) => kind !== 'WARNING_SHOWN'))
    .toEqual(['FULLSCREEN_ENTER', 'FULLSCREEN_EXIT', 'FULLSCREEN_ENTER', 'FULLSCREEN_EXIT', 'AUTO_SUBMIT']);
  await page.close();
});

/**
 * A browser prompt has the focus and stays open longer than MAX_BLUR_ALLOWED_TIME (3 s): counted as
 * time away, it would warn and submit. Then the test is submitted by the student (the API), and the
 * trail holds no flag.
 */
async function expectPromptNotCounted(request: APIRequestContext, page: Page, token: string, testId: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.hasFocus()), { timeout: 10_000 }).toBe(false);
  await page.waitForTimeout(5_000);
  await submitWithEmptyTrail(page, request, token, testId);
  await page.close();
}

test("the browser's screen picker, opened by 'Share your screen', is not time away: no warning, no submission, no flag", async ({ request }) => {
  // Chromium without fake media: its real picker opens, takes the focus from the page (measured:
  // the window blurs) and, headless, never answers.
  const realPicker = await launchCdpBrowser([], { fakeMedia: false });
  try {
    const { page, token } = await openTest(request, TESTS.screenPicker._id, realPicker);
    await page.getByRole('dialog', { name: 'Share your screen' }).getByRole('button', { name: 'Share your screen' }).click();
    await expectPromptNotCounted(request, page, token, TESTS.screenPicker._id);
  } finally {
    await realPicker.close();
  }
});

test("the browser's camera permission prompt at the start of a test is not time away", async ({ request }) => {
  // Headless Chromium refuses an unanswered permission without asking: a headed one on a virtual
  // screen shows its prompt, which takes the focus from the page (measured) and stays unanswered.
  const display = await startVirtualDisplay();
  const headed = await launchCdpBrowser([], { fakePrompts: false, display: display.display });
  try {
    const { page, token } = await openTest(request, TESTS.permissionPrompt._id, headed);
    await page.getByRole('heading', { name: 'Question 1 of 2' }).click();
    await expectPromptNotCounted(request, page, token, TESTS.permissionPrompt._id);
  } finally {
    await headed.close();
    display.stop();
  }
});

/// <reference types="chrome" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { launchCdpBrowser, type CdpBrowser } from './cdp-browser';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './e2e-env';
import { EXTENSION_ARGS } from './extension-fixture';
import { submitWithEmptyTrail, timeline } from './proctor-trail';
import { apiToken, importFixture, type E2eStudent } from './student-session';
import { startVirtualDisplay, type VirtualDisplay } from './xvfb';

/**
 * A student who moves through a proctored test by keyboard alone, or opens the test's own PDF, its
 * links, its attachments, its dialogs and its file chooser, never leaves the test: no BLUR on the
 * trail, no warning, no automatic submission; and the shell's controls behind the test are out of
 * reach. A headed Chromium on a virtual screen (headless Chromium has no toolbar for the focus to
 * escape to), attached over CDP so the page's focus is real; then the same with the extension paired.
 */

test.describe.configure({ mode: 'serial' });

const STUDENT: E2eStudent = { reg_no: 'KEYS01', email: 'keys01@example.edu', name: 'Keyboard Tester', password: 'keys1234' };
/** The demo formula sheet, which the server seeds on first start. */
const PDF = '/blobs/public/demo/formula-sheet.pdf';

const mcq = (n: number, extra: Record<string, unknown> = {}) => ({ qt: 3, pm: 1, text: `<p>Question ${n}: one plus one?</p>`, options: { A: 'One', B: 'Two' }, answer: 'B', ...extra });
const paper = {
  duration: 30,
  parts: [
    {
      name: 'Paper',
      sections: [
        {
          name: 'Quick',
          questions: [
            mcq(1, { pdf: PDF, text: `<p>Question 1: one plus one? The <a href="${PDF}">formula sheet</a> may help.</p>` }),
            { qt: 1, pm: 5, text: '<p>Question 2: explain your answer; a photo of your working is welcome.</p>' },
          ],
        },
      ],
    },
  ],
};
const testOf = (id: string, name: string, config: Record<string, unknown> = {}) => ({
  _id: id,
  name,
  // Three times away would submit the test: a walk that leaves the page cannot pass unnoticed.
  config: { AUTO_TERMINATE: true, BLUR_ALLOWED_COUNT: 3, MAX_BLUR_ALLOWED_TIME: 3, HIDE_TEST_PREVIEW: false, ...config },
  format: paper,
  attachments: [
    { type: 'pdf', src: PDF, name: 'Formula sheet' },
    { type: 'link', src: 'https://example.org/reading-list', name: 'Reading list' },
  ],
  assigned_to: [STUDENT.reg_no],
});
const TESTS = {
  walk: testOf('e2e-keys-walk', 'E2E: Keyboard only'),
  links: testOf('e2e-keys-links', 'E2E: Question PDF and links'),
  chooser: testOf('e2e-keys-chooser', 'E2E: File chooser'),
  paired: testOf('e2e-keys-paired', 'E2E: Keyboard only, extension paired'),
};

let display: VirtualDisplay;

test.beforeAll(async () => {
  importFixture(E2E_DATA_DIR, 'keyboard-focus-e2e', { students: [STUDENT], tests: Object.values(TESTS) });
  display = await startVirtualDisplay();
});
test.afterAll(() => display?.stop());

async function openTest(browser: CdpBrowser, request: APIRequestContext, testId: string): Promise<{ page: Page; token: string }> {
  const token = await apiToken(request, STUDENT);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  // The token in local storage before the portal loads, as the login page leaves it.
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`${E2E_BASE_URL}/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true);
  return { page, token };
}

interface Step {
  /** The page still has the focus (false: it went to the browser's toolbar). */
  pageFocused: boolean;
  /** What has the focus: its tag and name. */
  focused: string;
  /** The focus is on one of the shell's controls behind the test, or outside the open dialog. */
  behind: boolean;
}

/** Presses `key` `times` times and notes where the focus is after each press. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', times: number): Promise<Step[]> {
  const steps: Step[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(key);
    steps.push(
      await page.evaluate(() => {
        const active = document.activeElement;
        const dialog = Array.from(document.querySelectorAll('dialog')).filter((element) => element.matches(':modal')).at(-1);
        const inside = dialog ?? document.querySelector('.exam-screen');
        return {
          pageFocused: document.hasFocus(),
          focused: active ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}` : 'nothing',
          behind: !active || active === document.body || !inside || !inside.contains(active),
        };
      }),
    );
  }
  return steps;
}

/** Tab `times` times, then Shift+Tab as often: the steps where the focus left the test (none, we expect). */
async function escapesOfWalk(page: Page, times: number): Promise<Step[]> {
  const steps = [...(await walk(page, 'Tab', times)), ...(await walk(page, 'Shift+Tab', times))];
  return steps.filter((step) => !step.pageFocused || step.behind);
}

/** Opens a dialog by keyboard from the control named `opener`, walks it, and closes it with Escape. */
async function walkDialog(page: Page, opener: string, dialogName: string): Promise<void> {
  await page.getByRole('button', { name: opener }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  expect(await escapesOfWalk(page, 15)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** pdf.js (its chunk and worker) loads on the first PDF opened: slow on a busy 2-core machine. */
const PDF_RENDER_TIMEOUT = 20_000;

/** Opens each of the test's own documents by keyboard: each shows inside the test, no new tab. */
async function openTheTestsDocuments(page: Page): Promise<void> {
  const pages = page.context().pages().length;
  const pdfCanvas = (dialog: ReturnType<Page['getByRole']>) => dialog.getByTestId('pdf-pages').locator('canvas').first();

  await page.getByText('Open the question PDF').focus();
  await page.keyboard.press('Enter');
  const questionPdf = page.getByRole('dialog', { name: 'Question 1 PDF' });
  await expect(pdfCanvas(questionPdf)).toBeVisible({ timeout: PDF_RENDER_TIMEOUT });
  await page.keyboard.press('Escape');
  await expect(questionPdf).toBeHidden();

  // A link in the question's own text, by keyboard and by a Ctrl+click (a new tab, elsewhere).
  await page.getByRole('link', { name: 'formula sheet' }).focus();
  await page.keyboard.press('Enter');
  const linked = page.getByRole('dialog', { name: 'formula sheet' });
  await expect(pdfCanvas(linked)).toBeVisible({ timeout: PDF_RENDER_TIMEOUT });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'formula sheet' }).click({ modifiers: ['Control'] });
  await expect(pdfCanvas(linked)).toBeVisible({ timeout: PDF_RENDER_TIMEOUT });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'formula sheet' }).click({ button: 'middle' });

  await page.getByRole('button', { name: 'Show Attachments' }).focus();
  await page.keyboard.press('Enter');
  const attachments = page.getByRole('dialog', { name: 'Attachments' });
  await attachments.getByRole('button', { name: 'Formula sheet' }).click();
  await expect(pdfCanvas(page.getByRole('dialog', { name: 'Formula sheet' }))).toBeVisible({ timeout: PDF_RENDER_TIMEOUT });
  await page.getByRole('button', { name: 'All attachments' }).click();
  await page.getByRole('dialog', { name: 'Attachments' }).getByRole('button', { name: 'Reading list' }).click();
  await expect(page.getByRole('dialog', { name: 'Reading list' })).toContainText('This link leads outside the test, so it cannot be opened during the test. You can open it after you submit.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  expect(page.context().pages().length).toBe(pages);
}

test.describe("the page's own watch", () => {
  let cdp: CdpBrowser;
  test.beforeAll(async () => {
    cdp = await launchCdpBrowser([], { display: display.display });
  });
  test.afterAll(async () => cdp?.close());

  test('Tab and Shift+Tab through the test and its dialogs keep the focus in the test: no shell control, no time away', async ({ request }) => {
    test.setTimeout(120_000);
    const { page, token } = await openTest(cdp, request, TESTS.walk._id);
    const steps = [...(await walk(page, 'Tab', 60)), ...(await walk(page, 'Shift+Tab', 60))];
    expect(steps.filter((step) => !step.pageFocused || step.behind)).toEqual([]);
    // Round and round: the last control and the first were both reached, both ways.
    expect(steps.map((step) => step.focused)).toEqual(expect.arrayContaining(['input Large text', 'button Submit']));
    // The shell's controls are still there, out of reach.
    await expect(page.locator('header.navbar[inert]').getByLabel('Open menu')).toBeAttached();

    await walkDialog(page, 'Show Attachments', 'Attachments');
    await walkDialog(page, 'Preview All Questions', 'Test Preview ( Not for answering )');
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await walkDialog(page, 'Upload answer', 'Upload answer for question 2');
    await page.getByRole('button', { name: 'Submit', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Submit Test' })).toBeVisible();
    expect(await escapesOfWalk(page, 10)).toEqual([]);

    await page.waitForTimeout(1_500);
    await expect(page.getByRole('dialog', { name: 'Warning' })).toHaveCount(0);
    await page.getByRole('dialog', { name: 'Submit Test' }).getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/test-submitted/);
    expect((await timeline(request, token, TESTS.walk._id)).map((event) => event.kind)).toEqual([]);

    // After the test the shell's controls are back.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.close();
  });

  test("the question's PDF, a link in the question and the attachments open inside the test, never in a new tab", async ({ request }) => {
    const { page, token } = await openTest(cdp, request, TESTS.links._id);
    await openTheTestsDocuments(page);
    await page.waitForTimeout(1_000);
    await submitWithEmptyTrail(page, request, token, TESTS.links._id);
    await page.close();
  });

  test("the upload dialog's file chooser, open longer than MAX_BLUR_ALLOWED_TIME, is not time away", async ({ request }) => {
    const { page, token } = await openTest(cdp, request, TESTS.chooser._id);
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await page.getByRole('button', { name: 'Upload answer' }).click();
    await page.getByRole('button', { name: 'Choose images' }).click();
    // The browser's own chooser window takes the focus from the page and stays open.
    await expect.poll(() => page.evaluate(() => document.hasFocus()), { timeout: 10_000 }).toBe(false);
    await page.waitForTimeout(5_000);
    await submitWithEmptyTrail(page, request, token, TESTS.chooser._id);
    await page.close();
  });
});

test.describe('with the extension paired', () => {
  test.skip(E2E_PORT !== 18080, 'The e2e build of the extension trusts only http://127.0.0.1:18080');
  let cdp: CdpBrowser;
  test.beforeAll(async () => {
    cdp = await launchCdpBrowser(EXTENSION_ARGS, { display: display.display });
  });
  test.afterAll(async () => cdp?.close());

  test('Tab, Shift+Tab and the test\'s own documents are not time away to the extension either', async ({ request }) => {
    test.setTimeout(120_000);
    const { page, token } = await openTest(cdp, request, TESTS.paired._id);
    // The extension watches this attempt (its service worker says so).
    // The extension's worker, not the portal's own (sw.js).
    const isExtension = (each: { url(): string }) => each.url().startsWith('chrome-extension://');
    const worker = cdp.context.serviceWorkers().find(isExtension) ?? (await cdp.context.waitForEvent('serviceworker', isExtension));
    await expect
      .poll(() => worker.evaluate(async () => ((await chrome.storage.session.get('proctor-watch'))['proctor-watch'] as { testId?: string } | undefined)?.testId ?? null), { timeout: 15_000 })
      .toBe(TESTS.paired._id);
    expect(await escapesOfWalk(page, 40)).toEqual([]);
    await openTheTestsDocuments(page);
    await page.waitForTimeout(2_000);
    await submitWithEmptyTrail(page, request, token, TESTS.paired._id);
    await page.close();
  });
});

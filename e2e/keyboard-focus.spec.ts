import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { launchCdpBrowser, type CdpBrowser } from './cdp-browser';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { timeline } from './proctor-trail';
import { apiToken, importFixture, submitFromLastQuestion, type E2eStudent } from './student-session';
import { startVirtualDisplay, type VirtualDisplay } from './xvfb';

/**
 * A student who moves through a proctored test by keyboard alone, or opens the test's own PDF, its
 * attachments and its dialogs, never leaves the page: no BLUR on the trail, no warning, no
 * automatic submission. A headed Chromium on a virtual screen (headless Chromium has no toolbar for
 * the focus to escape to), attached over CDP so the page's focus is real.
 */

const STUDENT: E2eStudent = { reg_no: 'KEYS01', email: 'keys01@example.edu', name: 'Keyboard Tester', password: 'keys1234' };
/** The demo formula sheet, which the server seeds on first start. */
const PDF = '/blobs/public/demo/formula-sheet.pdf';

const question = (n: number, extra: Record<string, unknown> = {}) => ({
  qt: 3,
  pm: 1,
  text: `<p>Question ${n}: one plus one?</p>`,
  options: { A: 'One', B: 'Two' },
  answer: 'B',
  ...extra,
});
const TEST = {
  _id: 'e2e-keyboard-focus',
  name: 'E2E: Keyboard only',
  // Three times away would submit the test: a walk that leaves the page cannot pass unnoticed.
  config: { AUTO_TERMINATE: true, BLUR_ALLOWED_COUNT: 3 },
  format: {
    duration: 30,
    parts: [
      {
        name: 'Paper',
        sections: [
          {
            name: 'Quick',
            questions: [
              question(1, { pdf: PDF, text: `<p>Question 1: one plus one? The <a href="${PDF}">formula sheet</a> may help.</p>` }),
              question(2),
            ],
          },
        ],
      },
    ],
  },
  attachments: [
    { type: 'pdf', src: PDF, name: 'Formula sheet' },
    { type: 'link', src: PDF, name: 'Reading list' },
  ],
  assigned_to: [STUDENT.reg_no],
};

let display: VirtualDisplay;
let cdp: CdpBrowser;

test.beforeAll(async () => {
  importFixture(E2E_DATA_DIR, 'keyboard-focus-e2e', { students: [STUDENT], tests: [TEST] });
  display = await startVirtualDisplay();
  cdp = await launchCdpBrowser([], { display: display.display });
});
test.afterAll(async () => {
  await cdp?.close();
  display?.stop();
});

async function openTest(request: APIRequestContext): Promise<{ page: Page; token: string }> {
  const token = await apiToken(request, STUDENT);
  const start = await request.post('/api/test/start', { data: { id: TEST._id, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const page = await cdp.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${E2E_BASE_URL}/`);
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`${E2E_BASE_URL}/test/${TEST._id}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true);
  return { page, token };
}

interface Step {
  key: string;
  /** The page still has the focus (false: it went to the browser's toolbar). */
  pageFocused: boolean;
  /** What has the focus, as a reader of the test would name it. */
  focused: string;
  /** The focus is on one of the shell's controls behind the test, or outside the open dialog. */
  behind: boolean;
}

/** Presses `key` `times` times and notes where the focus is after each press. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', times: number): Promise<Step[]> {
  const steps: Step[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(key);
    steps.push({
      key,
      ...(await page.evaluate(() => {
        const active = document.activeElement;
        const dialog = [...document.querySelectorAll('dialog')].filter((element) => element.matches(':modal')).at(-1);
        const exam = document.querySelector('.exam-screen');
        const inside = dialog ?? exam;
        return {
          pageFocused: document.hasFocus(),
          focused: active ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 30) ?? ''}` : 'nothing',
          behind: !active || active === document.body || !inside || !inside.contains(active),
        };
      })),
    });
  }
  return steps;
}

const escapes = (steps: Step[]) => steps.filter((step) => !step.pageFocused || step.behind);

test('Tab and Shift+Tab through the whole test keep the focus in the test: no shell control, no time away', async ({ request }) => {
  test.setTimeout(120_000);
  const { page, token } = await openTest(request);
  const steps = [...(await walk(page, 'Tab', 60)), ...(await walk(page, 'Shift+Tab', 60))];
  expect(escapes(steps)).toEqual([]);
  // Every control of the test was reached, the last and the first included.
  const reached = new Set(steps.map((step) => step.focused));
  expect([...reached]).toEqual(expect.arrayContaining(['input Large text', 'button Submit']));

  // The dialogs keep their own loop.
  await page.getByRole('button', { name: 'Show Attachments' }).focus();
  await page.keyboard.press('Enter');
  const attachments = page.getByRole('dialog', { name: 'Attachments' });
  await expect(attachments).toBeVisible();
  expect(escapes([...(await walk(page, 'Tab', 12)), ...(await walk(page, 'Shift+Tab', 12))])).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(attachments).toBeHidden();

  await page.waitForTimeout(1_500);
  await expect(page.getByRole('dialog', { name: 'Warning' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await submitFromLastQuestion(page);
  expect((await timeline(request, token, TEST._id)).map((event) => event.kind)).toEqual([]);

  // After the test the shell's controls are there again.
  await expect(page).toHaveURL(/\/test-submitted/);
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.close();
});

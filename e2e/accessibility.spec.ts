import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { EVERY_TYPE_SECTIONS } from './every-question-type';
import { apiToken, importFixture, signIn as signInStudent, type E2eStudent } from './student-session';
import { DEMO, signIn } from './support';

/**
 * axe-core on every route of the portal (portal/src/app/route-table.ts), on a desktop and a phone,
 * in the states a student meets: signed out, signed in as the demo student, inside a running test
 * with its dialogs open, and on the result, review and answer sheet of that test once submitted.
 * The target is 0 violations of any impact; a failure lists each one (rule, impact, element, what
 * to fix). The in-test screens use students of this spec's own, so the demo students' lists stay
 * as the other journeys expect them.
 * Each screen is scanned at both sizes in one visit (1280 px, then 360 px, then back): one walk,
 * not one per size. What a phone shows by another way (the Questions dialog instead of the side
 * panel, the capture page drawn for a phone when it loads) is walked again at 360 px.
 */

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 360, height: 740 } },
] as const;

const [DESKTOP, PHONE] = [VIEWPORTS[0].size, VIEWPORTS[1].size];

const ASHA = DEMO.first;
const RESULT_TEST = 'demo-attempted';
const MARKSHEET_ID = 'demo-term1-DEMO001';
/** The demo's part-wise paper: Part A's question types and the formula sheet in its attachments. */
const PARTWISE_TEST = 'demo-mixed';
const ANSWER_SHEET_TEST = 'demo-answer-sheet';

const studentFor = (key: string): E2eStudent => ({
  reg_no: `A11Y${key.toUpperCase()}`,
  email: `a11y-${key}@example.edu`,
  name: `Axe Tester ${key}`,
  password: 'axe-check-1',
});
const STUDENTS = {
  inTest: studentFor('in-test'),
  themes: studentFor('themes'),
} as const;

/** One question of every type, with the preview, the pre-submit dialog and the PDF answer sheet on. */
const EVERY_TYPE_TEST = {
  _id: 'a11y-every-type',
  name: 'A11y: Every Question Type',
  config: { HIDE_TEST_PREVIEW: false, HIDE_PRE_SUBMIT: false, PDF_UPLOAD: true },
  format: { duration: 60, parts: [{ name: 'Paper', sections: EVERY_TYPE_SECTIONS }] },
  assigned_to: Object.values(STUDENTS).map((student) => student.reg_no),
};
const EVERY_TYPE_COUNT = EVERY_TYPE_SECTIONS.reduce((count, section) => count + section.questions.length, 0);
/** The first written question: it takes answer photos. */
const WRITTEN_QUESTION = 6;

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'accessibility-e2e', { students: Object.values(STUDENTS), tests: [EVERY_TYPE_TEST] });
});

// ---------------------------------------------------------------------------------------------
// Scanning

/** Waits for the screen to be drawn: a heading, no loading spinner, no transition still running. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.loading:visible')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** axe's experimental rules are off by default; label-content-name-mismatch is one of them. */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'td-has-header', 'css-orientation-lock', 'focus-order-semantics', 'hidden-content'];

/** A violation as one line per element: the rule, its impact, the element and what to fix. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      return `${violation.id} [${node.impact ?? violation.impact ?? 'unknown'}] ${node.target.join(' ')}: ${summary}`;
    }),
  );
}

/**
 * A colour theme changes colours only: the screens' structure is scanned with every rule in the
 * default theme, and in the other themes only the rules that depend on colour run.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
let colourRulesOnly = false;

/**
 * The focus loop's guards (ui/focus-loop.ts) are empty and hand the focus on the moment they get
 * it: nobody reads or operates them, so focus-order-semantics has nothing to ask of them.
 */
const EXCLUDED = '[data-focus-guard]';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe.run on the page, as AxeBuilder's legacy mode runs it (in the page's own frames: no extra
 * blank page per scan). AxeBuilder evaluates axe's 580 KB source in every frame on each scan; once
 * every frame has it (a screen opened inside the portal keeps its window), the same run is asked
 * of the axe already there, with the same context and options.
 */
async function runAxe(page: Page, options: Record<string, unknown>): Promise<AxeResults> {
  const loaded = await Promise.all(page.frames().map((frame) => frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function').catch(() => false)));
  if (!loaded.every(Boolean)) return new AxeBuilder({ page }).setLegacyMode(true).options(options).exclude(EXCLUDED).analyze();
  const reply = await page.evaluate(
    ({ context, options: runOptions }) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe
        .run(context, runOptions)
        .then((results) => ({ error: null, results }), (error: unknown) => ({ error: String(error), results: null })),
    // The context AxeBuilder builds from .exclude(EXCLUDED).
    { context: { include: [], exclude: [EXCLUDED] }, options },
  );
  if (!reply.results) throw new Error(reply.error ?? 'axe gave no results');
  return reply.results;
}

/** axe on the page as it is now; a soft check, so one run lists every screen that fails. */
async function scan(page: Page, where: string) {
  await settle(page);
  const rules = colourRulesOnly
    ? { runOnly: { type: 'rule' as const, values: COLOUR_RULES } }
    : { rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])) };
  const results = await runAxe(page, { resultTypes: ['violations'], ...rules });
  expect.soft(describeViolations(results.violations), `axe violations on ${where} (${page.viewportSize()?.width}px, ${page.url()})`).toEqual([]);
}

/** Resizes the page and lets it draw at the new size (its resize handlers have run). */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Scans the screen as it is at 1280 px, then at 360 px, and goes back to 1280 px (the themes: 1280 px only). */
async function scanBoth(page: Page, where: string) {
  await scan(page, where);
  if (colourRulesOnly) return;
  await resize(page, PHONE);
  await scan(page, where);
  await resize(page, DESKTOP);
}

/**
 * Opens `url` inside the running portal, as its own links do (no reload: several times faster on
 * this machine), and waits for the new screen: a screen of another route replaces the old heading.
 * A screen of the same route keeps its heading, so that one is loaded afresh.
 */
async function visit(page: Page, url: string) {
  const loaded = await page.evaluate(() => document.querySelector('#content') !== null).catch(() => false);
  if (loaded) {
    await page.evaluate((next) => {
      document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-a11y-stale', ''));
      history.pushState(null, '', next);
    }, url);
    const fresh = page.locator('h1:not([data-a11y-stale])').first();
    if (await fresh.waitFor({ timeout: 3_000 }).then(() => true, () => false)) return;
  }
  await page.goto(url);
}

async function visitAndScan(page: Page, url: string, where = url) {
  await visit(page, url);
  await scanBoth(page, where);
}

async function newPage(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  return context.newPage();
}

// ---------------------------------------------------------------------------------------------
// What is scanned, by route

/** Routes scanned by a plain visit, with a real address for each pattern. */
const SIGNED_OUT_URLS: Record<string, string[]> = {
  '/': ['/'],
  '/auth': ['/auth'],
  '/auth/login': ['/auth/login'],
  '/proctor/login': ['/proctor/login'],
  '/staff/login': ['/staff/login'],
  // The reasons change the message and its tone: the plain success and one forced submission.
  '/test-submitted': ['/test-submitted', '/test-submitted?reason=BLUR_ALLOWED_COUNT'],
  '*': ['/no-such-page'],
};

/** The live-class page of the demo class's first class `offset` days from today, asked for today (tomorrow's is refused). */
function demoLiveClassUrl(offset: number): string {
  const at = new Date();
  const today = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  at.setDate(at.getDate() + offset);
  const day = at.toLocaleDateString('en-US', { weekday: 'long' }).toLowerCase();
  return `/live-class/demo-10a-${day}-1?date=${today}`;
}

/**
 * Signed in: the screens of the route table. Consecutive
 * entries of one pattern would keep the same screen, so each pattern's addresses are visited apart.
 */
const SIGNED_IN_URLS: Record<string, string[]> = {
  '/': ['/'],
  '/password/change': ['/password/change'],
  '/desk': ['/desk'],
  '/dashboard/desk': ['/dashboard/desk'],
  // A bookmark's notes (the topic highlighted) and a chapter without notes.
  '/notes/:subject/:chapter/:chapterId': ['/notes/Physics/Laws-of-Motion/demo-laws-of-motion?topic=second-law&subtopic=momentum', '/notes/Physics/Optics/no-such-chapter'],
  '/timetable': ['/timetable'],
  // Today's first class (its meeting link; Thursday's has none: the Jitsi room's honest message) and another day's, refused.
  '/live-class/:id': [demoLiveClassUrl(0), demoLiveClassUrl(1)],
  '/study': ['/study'],
  // Physics of its teacher (the first page: every item type, a score), and a type with no items there.
  '/study/:subject_id': ['/study/demo-physics?tid=demo-teacher-anil&sn=Physics&tn=Dr.%20Anil%20Kumar', '/study/demo-english?type=assignment'],
  '/assignment': ['/assignment'],
  '/homework': ['/homework'],
  '/video-lecture': ['/video-lecture'],
  '/attendance': ['/attendance'],
  '/certificates': ['/certificates'],
  '/certificate-request': ['/certificate-request'],
  '/fee-list': ['/fee-list'],
  '/query-new': ['/query-new'],
  '/queries': ['/queries'],
  // Asha's open query (its thread and the reply box) and her closed one.
  '/queries/:id': ['/queries/demo-query-asha-open', '/queries/demo-query-asha-closed'],
  '/profile': ['/profile'],
  '/troubleshoot': ['/troubleshoot'],
  '/troubleshoot/guide/:topic': ['/troubleshoot/guide/allow-camera', '/troubleshoot/guide/extension'],
  '/test': ['/test'],
  '/mock-test': ['/mock-test'],
  '/test-results': ['/test-results'],
  '/test-submitted': ['/test-submitted?reason=TEST_TIME_OUT'],
  '/test/:id': ['/test/demo-mcq'],
  '/test/:id/dashboard': [`/test/${RESULT_TEST}/dashboard`],
  // An open test, one that has ended and one that costs merit points.
  '/test/:id/instruction': ['/test/demo-mcq/instruction', '/test/demo-ended/instruction', '/test/demo-merit/instruction'],
  '/chapter-test/:ids/instruction': ['/chapter-test/demo-chapter/instruction'],
  '/marksheet': ['/marksheet'],
  '/marksheet/:id': [`/marksheet/${MARKSHEET_ID}`],
  '/answer-sheet': ['/answer-sheet'],
  '/answer-sheet/:id': [`/answer-sheet/${RESULT_TEST}`],
  '*': ['/no-such-page'],
};

/** Routes scanned with clicks (tabs, dialogs, a running test), in the tests below. */
const INTERACTIVE_ROUTES = [
  '/test/:id/ready-check',
  '/troubleshoot/capture-image',
  '/test/:id/result',
  '/test/:id/review',
  '/test/:id/in',
  '/test/:id/test-in-partwise',
  // The proctor console with a proctor signed in: scanned at both sizes in live-proctoring.spec.ts.
  '/proctor',
  '/proctor/test/:id',
  // The staff side with an admin signed in (its table, dialogs and a role's refusal): scanned at both sizes in staff-accounts.spec.ts.
  '/staff',
  '/staff/accounts',
  // The question bank (list, import preview, editor with its preview): at both sizes in staff-bank.spec.ts.
  '/staff/bank',
  '/staff/bank/import',
  '/staff/bank/new',
  '/staff/bank/:id',
  // Students and classes (list, a student, the upload's preview): at both sizes in staff-students.spec.ts.
  '/staff/students',
  '/staff/students/upload',
  '/staff/students/:id',
  '/staff/classes',
  // Tests (list, New test, the editor's tabs and dialogs): at both sizes in staff-tests.spec.ts.
  '/staff/tests',
  '/staff/tests/new',
  '/staff/tests/:id',
  // Preview as a student (before Start, the running test screen under its preview strip, the result): at both sizes in the staff tests journey.
  '/staff/tests/:id/preview',
  // Grading (the tests with answers waiting, one test's answers with a rubric, question reports): at both sizes in staff-grading.spec.ts.
  '/staff/grading',
  '/staff/grading/reports',
  '/staff/grading/:testId',
  // Results (the tests, a test's attempts, item analysis, re-key dialog, changes, release, marksheets; a student's results): at both sizes in staff-results.spec.ts.
  '/staff/results',
  '/staff/results/students/:id',
  '/staff/results/:testId',
  // The proctoring review (the queue, one attempt's trail and decision): at both sizes in staff-review.spec.ts.
  '/staff/review',
  '/staff/review/:attemptId',
  // Issue 30's screens, each scanned at both sizes in its own spec: staff-timetable-attendance.spec.ts,
  '/staff/timetable',
  '/staff/attendance',
  // staff-study.spec.ts (with an assignment's submissions in the grading screen),
  '/staff/grading/assignments/:id',
  '/staff/study',
  '/staff/study/new',
  '/staff/study/:id',
  // staff-communications.spec.ts (notices, queries, certificates),
  '/staff/notices',
  '/staff/notices/new',
  '/staff/queries',
  '/staff/queries/:id',
  '/staff/certificates',
  // staff-fees.spec.ts,
  '/staff/fees',
  '/staff/fees/receipts',
  '/staff/fees/payments',
  // and staff-audit.spec.ts.
  '/staff/audit',
];

/** Every address in an order where no two of one pattern follow each other. */
function interleaved(table: Record<string, string[]>): string[] {
  const rounds = Math.max(...Object.values(table).map((urls) => urls.length));
  return Array.from({ length: rounds }, (_, round) => Object.values(table).flatMap((urls) => urls[round] ?? [])).flat();
}

test('every route of the route table is scanned', () => {
  // The staff side's pages are in its own table, behind the route table's one '/staff/*?'.
  const table = readFileSync('portal/src/app/route-table.ts', 'utf8') + readFileSync('portal/src/features/staff-shell/staff-routes.ts', 'utf8');
  const paths = [...table.matchAll(/(?:path: |later\()'([^']+)'/g)].map((match) => match[1]).filter((path) => path !== '/staff/*?');
  expect(paths.length).toBeGreaterThan(20);
  const covered = new Set([...Object.keys(SIGNED_OUT_URLS), ...Object.keys(SIGNED_IN_URLS), ...INTERACTIVE_ROUTES]);
  expect(paths.filter((path) => !covered.has(path!)), 'routes with no accessibility scan').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Flows

async function scanResultTabs(page: Page, testId: string, label: string) {
  await visit(page, `/test/${testId}/result`);
  await settle(page);
  const tabs = page.getByRole('tablist', { name: 'Result sections' });
  const names = await tabs.getByRole('tab').allTextContents();
  expect(names).toContain('Score Card');
  for (const name of names) {
    await tabs.getByRole('tab', { name, exact: true }).click();
    await scanBoth(page, `${label} result, ${name} tab`);
    // The overall and part tabs have a summary and a detailed view.
    const detailed = page.getByRole('tabpanel', { name, exact: true }).getByRole('tab', { name: 'Detailed view' });
    if (await detailed.count()) {
      await detailed.click();
      await scanBoth(page, `${label} result, ${name} tab, Detailed view`);
    }
  }
}

/** The review with solution and answer shown: each question (or the first), and the Report dialog. */
async function scanReview(page: Page, testId: string, label: string, questions: number) {
  await visit(page, `/test/${testId}/review`);
  await settle(page);
  const actions = page.getByRole('toolbar', { name: 'Review actions' });
  await actions.getByRole('button', { name: 'Solution' }).click();
  await actions.getByRole('button', { name: 'Answer' }).click();
  for (let qi = 1; qi <= questions; qi++) {
    await scanBoth(page, `${label} review, question ${qi}`);
    if (qi < questions) await actions.getByRole('button', { name: 'Next' }).click();
  }
  await actions.getByRole('button', { name: 'Report' }).click();
  await scanDialog(page, /^Report question/, `${label} review, Report dialog`);
}

/** The shell's own states: main menu, theme picker and account menu. */
async function scanShell(page: Page) {
  await visit(page, '/');
  await settle(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  await scanBoth(page, 'main menu open');
  await menu.getByRole('button', { name: 'Theme' }).click();
  const themes = page.getByRole('dialog', { name: 'Theme' });
  await expect(themes).toBeVisible();
  await scanBoth(page, 'theme picker open');
  await themes.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: /^Account/ }).click();
  await expect(page.locator('#account-menu')).toBeVisible();
  await scanBoth(page, 'account menu open');
  await page.keyboard.press('Escape');
}

/** The question navigator's tools: the side panel on a desktop, the Questions dialog on a phone. */
async function openNavigatorTools(page: Page) {
  const opener = page.getByRole('button', { name: 'Open question navigator' });
  if (await opener.isVisible()) {
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Questions' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  return page.getByRole('navigation', { name: 'Question navigator' });
}

/** Scans the open dialog (at both sizes, or at `size` only) and closes it with Escape. */
async function scanDialog(page: Page, name: string | RegExp, where: string, size: 'both' | 'this size' = 'both') {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  if (size === 'both') await scanBoth(page, where);
  else await scan(page, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** The Questions dialog a phone opens over the test: closed. */
async function closeQuestionsDialog(page: Page) {
  const questions = page.getByRole('dialog', { name: 'Questions' });
  if (await questions.count()) {
    await page.keyboard.press('Escape');
    await expect(questions).toHaveCount(0);
  }
}

async function startTest(page: Page, student: E2eStudent, testId: string) {
  const token = await apiToken(page.request, student);
  const start = await page.request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
}

/**
 * The demo's part-wise paper: its first question, and the attachments from the side panel (1280 px)
 * and from the Questions dialog (360 px).
 */
async function scanPartwiseTest(page: Page, student: E2eStudent) {
  await startTest(page, student, PARTWISE_TEST);
  await page.goto(`/test/${PARTWISE_TEST}/test-in-partwise`);
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  await scanBoth(page, 'part-wise demo test');
  for (const viewport of VIEWPORTS) {
    await resize(page, viewport.size);
    const tools = await openNavigatorTools(page);
    if (await page.getByRole('dialog', { name: 'Questions' }).count()) await scan(page, 'part-wise demo test, Questions dialog');
    await tools.getByRole('button', { name: 'Show Attachments' }).click();
    await scanDialog(page, /Attachments/, 'part-wise demo test, attachments', 'this size');
    await closeQuestionsDialog(page);
  }
  await resize(page, DESKTOP);
}

/** Every question type, the preview, the answer photos and sheet, the pre-submit and submit dialogs; then submits. */
async function scanEveryTypeTest(page: Page, student: E2eStudent) {
  const id = EVERY_TYPE_TEST._id;
  await startTest(page, student, id);
  await page.goto(`/test/${id}/in`);
  for (let qi = 1; qi <= EVERY_TYPE_COUNT; qi++) {
    await expect(page.getByRole('heading', { name: `Question ${qi} of ${EVERY_TYPE_COUNT}` })).toBeVisible();
    await scanBoth(page, `every-type test, question ${qi}`);
    if (qi === WRITTEN_QUESTION) {
      await page.getByRole('button', { name: 'Upload answer', exact: true }).click();
      await scanDialog(page, `Upload answer for question ${qi}`, 'every-type test, Upload answer dialog');
    }
    if (qi < EVERY_TYPE_COUNT) await page.getByTestId('save-next').click();
  }
  // The preview and the answer sheet: from the side panel on a desktop, from the Questions dialog on a phone.
  for (const viewport of VIEWPORTS) {
    await resize(page, viewport.size);
    let tools = await openNavigatorTools(page);
    await tools.getByRole('button', { name: 'Preview All Questions' }).click();
    await scanDialog(page, 'Test Preview ( Not for answering )', 'every-type test, preview', 'this size');
    tools = await openNavigatorTools(page);
    await tools.getByRole('button', { name: 'Upload Answer Sheet' }).click();
    await scanDialog(page, 'Answer sheet', 'every-type test, answer sheet dialog', 'this size');
    // On a phone the answer sheet opens over the Questions dialog, which stays open under it.
    await closeQuestionsDialog(page);
  }
  await resize(page, DESKTOP);

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const preSubmit = page.getByRole('dialog', { name: 'Upload your answers' });
  await expect(preSubmit).toBeVisible();
  await scanBoth(page, 'every-type test, pre-submit dialog');
  await preSubmit.getByRole('button', { name: 'Continue' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit Test' });
  await expect(submit).toBeVisible();
  await scanBoth(page, 'every-type test, Submit Test dialog');
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/test-submitted\?/, { timeout: 15_000 });
  await scanBoth(page, 'test submitted, signed in');
}

// ---------------------------------------------------------------------------------------------
// The checks

// The failure message says what to fix; traces of ~100 scans, each injecting axe, cost minutes here.
test.use({ trace: 'off' });

test.describe('axe at 1280 px and at 360 px, each screen scanned at both sizes in one visit', () => {
  test.use({ viewport: DESKTOP });

  test('signed out: home, login and the submitted messages', async ({ page }) => {
    test.setTimeout(180_000);
    for (const url of interleaved(SIGNED_OUT_URLS)) await visitAndScan(page, url, `${url}, signed out`);
    await visit(page, '/auth/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await scanBoth(page, 'login with the errors of an empty form');
  });

  test('signed in as the demo student: every screen, tab and dialog outside a test', async ({ page }) => {
    test.setTimeout(480_000);
    await signIn(page, ASHA.email, ASHA.password);
    await scanShell(page);
    for (const url of interleaved(SIGNED_IN_URLS)) await visitAndScan(page, url);

    // Device check, with the camera seen working.
    await visit(page, '/test/demo-mcq/ready-check');
    await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
    await scanBoth(page, 'device check');

    // An access code asked before the start, with its error.
    await visit(page, '/test/demo-access-code/instruction');
    await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('dialog', { name: 'This test needs an access code' }).getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('Access Code is required')).toBeVisible();
    await scanDialog(page, 'This test needs an access code', 'access code dialog with its error');

    // The capture-image check, both tabs; it draws itself for a phone as it loads, so it is loaded at each size.
    for (const viewport of VIEWPORTS) {
      await resize(page, viewport.size);
      if (viewport === VIEWPORTS[0]) await visit(page, '/troubleshoot/capture-image');
      else await page.goto('/troubleshoot/capture-image');
      await scan(page, 'capture image, Image tab');
      await page.getByRole('tab', { name: 'Audio' }).click();
      await scan(page, 'capture image, Audio tab');
    }
    await resize(page, DESKTOP);

    await scanResultTabs(page, RESULT_TEST, 'demo');
    await scanReview(page, RESULT_TEST, 'demo', 1);

    // A test address with no attempt running.
    await visitAndScan(page, '/test/demo-mcq/in', 'in-test address with no attempt');
  });

  test('in a test: every question type and the test dialogs, then its result, review and answer sheet', async ({ page }) => {
    test.setTimeout(480_000);
    const student = STUDENTS.inTest;
    await signInStudent(page, student);
    await scanPartwiseTest(page, student);
    await scanEveryTypeTest(page, student);
    await scanResultTabs(page, EVERY_TYPE_TEST._id, 'every-type');
    await scanReview(page, EVERY_TYPE_TEST._id, 'every-type', EVERY_TYPE_COUNT);
    await visitAndScan(page, `/answer-sheet/${EVERY_TYPE_TEST._id}`, 'every-type answer sheet');
  });
});

test.describe('axe in every colour theme (desktop)', () => {
  test.use({ viewport: DESKTOP });
  test.beforeAll(() => (colourRulesOnly = true));
  test.afterAll(() => (colourRulesOnly = false));

  test('the themed screens: home, tests, result, review and the in-test screen', async ({ page, browser }) => {
    test.setTimeout(300_000);
    // Index 0, the default, is scanned above; the others change the brand colours.
    const themes = [1, 2, 3];
    const useTheme = (target: Page, index: number) => target.evaluate((value) => localStorage.setItem('theme', String(value)), index);

    await signIn(page, ASHA.email, ASHA.password);
    for (const theme of themes) {
      await useTheme(page, theme);
      await page.goto('/');
      await scan(page, `home in theme ${theme}`);
      await visitAndScan(page, '/test', `scheduled tests in theme ${theme}`);
      await scanResultTabs(page, RESULT_TEST, `theme ${theme}`);
      await scanReview(page, RESULT_TEST, `theme ${theme}`, 1);
    }

    const tester = await newPage(browser, DESKTOP);
    await signInStudent(tester, STUDENTS.themes);
    await startTest(tester, STUDENTS.themes, ANSWER_SHEET_TEST);
    for (const theme of themes) {
      await useTheme(tester, theme);
      await tester.goto(`/test/${ANSWER_SHEET_TEST}/in`);
      await scan(tester, `in-test screen in theme ${theme}`);
    }
    await tester.context().close();
  });
});

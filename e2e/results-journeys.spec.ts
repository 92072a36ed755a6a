import { expect, test, type Page, type Route } from '@playwright/test';
import type { MyResultsReply, TestListReply, TestOutReply } from '@invigil/shared/api/tests';
import { signInByToken } from './student-session';
import { DEMO, snackbar } from './support';

// The demo data: DEMO001 (and DEMO002) took 'Chemistry Unit Test 1' (demo-attempted, a live
// test): DEMO001 scored 7 / 16 with remarks; DEMO002 scored 16 / 16. DEMO001 has one marksheet.
const TEST_ID = 'demo-attempted';
const TEST_NAME = 'Chemistry Unit Test 1';
const DATE_PATTERN = /^\d{2}:\d{2} (AM|PM), \d{2} [A-Z][a-z]{2}, \d{4}$/;

const api = (path: string) => (url: URL) => url.pathname === `/api${path}`;

/** Answers one API call with the real reply changed by `edit`. */
async function editReply<T>(page: Page, path: string, edit: (reply: T, url: URL) => T) {
  await page.route(api(path), async (route: Route) => {
    const response = await route.fetch();
    const reply = (await response.json()) as T;
    await route.fulfill({ response, json: edit(reply, new URL(route.request().url())) });
  });
}

// Signed in as Asha by her token: the login form is sign-in.spec.ts's journey, not these.
test.beforeEach(async ({ page }) => {
  await signInByToken(page, { reg_no: DEMO.first.regNo, password: DEMO.first.password });
});

test('results list: the row, the figures and the links to result and review', async ({ page }) => {
  await page.goto('/test-results');
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /Your test results, page 1/ });
  for (const header of ['Name', 'Correct / Wrong / Skipped', 'Scored / Max Marks', 'Percentage', 'Action']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = table.getByRole('row', { name: new RegExp(TEST_NAME) });
  await expect(row).toContainText('2 / 1 / 1');
  await expect(row).toContainText('7 / 16');
  await expect(row).toContainText('43.75%');
  await expect(row.getByRole('link', { name: `Review of ${TEST_NAME}` })).toHaveAttribute('href', `/test/${TEST_ID}/review`);
  // No Prev/Next for a single short page.
  await expect(page.getByRole('navigation', { name: 'Results pages' })).toHaveCount(0);

  await row.getByRole('link', { name: `Result of ${TEST_NAME}` }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/result`);
  await expect(page.getByRole('heading', { name: 'Result', level: 1 })).toBeVisible();
});

test('results list: paging, chapters, sorting, empty and failure', async ({ page }) => {
  const chapterTest = (i: number): MyResultsReply[number] => ({
    _id: `chapter-${i}`,
    name: i === 0 ? 'Chapter Test' : `Practice ${String.fromCharCode(74 - i)}`,
    type: i === 0 ? 'chapter' : 'live',
    test_created_at: Date.now(),
    test_submitted_at: Date.now(),
    chapters: [{ name: 'Laws of Motion' }, { name: 'Work, Energy and Power' }],
    result: {
      scored: i, max_marks: 10, percentage: i * 10, attempted: 1, total: 1, correct: 1, wrong: 0, partial: 0, skipped: 0, pending: 0,
      accuracy: 100, attempt_rate: 100, avg_speed: 1, time_spent: 1, time_per_question: 1, partResults: [],
    },
    review: { released: true, reviewOpensAt: Date.now(), rule: 'on_submit', hidden: false },
  });
  await page.route(api('/test/myresults'), (route) => {
    const pageNo = new URL(route.request().url()).searchParams.get('page');
    return route.fulfill({ json: pageNo === '1' ? Array.from({ length: 10 }, (_, i) => chapterTest(i)) : [{ ...chapterTest(1), _id: 'last', name: 'Last Row' }] });
  });
  await page.goto('/test-results');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(11);
  await expect(page.getByText('Chapters: Laws of Motion, Work, Energy a ...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chapters: Laws of Motion, Work, Energy a ...' })).toHaveAttribute('href', '/chapter-test/chapter-0/instruction');
  // Sorted by name by default; the Name header toggles the direction.
  await expect(rows.nth(1)).toContainText('Chapter Test');
  const name = page.getByRole('columnheader', { name: 'Name' });
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(1)).toContainText('Practice I');

  const pager = page.getByRole('navigation', { name: 'Results pages' });
  await expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/test-results?page=2');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('rowheader', { name: /Last Row/ })).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('link', { name: 'Prev' }).click();
  await expect(page).toHaveURL('/test-results?page=1');

  await page.unrouteAll();
  await page.route(api('/test/myresults'), (route) => route.fulfill({ json: [] }));
  await page.goto('/test-results?page=1');
  await expect(page.getByText('No test result found!')).toBeVisible();

  await page.unrouteAll();
  await page.route(api('/test/myresults'), (route) => route.fulfill({ status: 500, json: { message: 'Boom' } }));
  await page.goto('/test-results');
  await expect(snackbar(page)).toContainText('Error fetching results!');
  await expect(page.getByRole('alert')).toContainText('Error fetching results!');
});

test('result: overall and detailed views, difficulty filter, score card and ranking', async ({ page }) => {
  await page.goto(`/test/${TEST_ID}/result`);
  const tabs = page.getByRole('tablist', { name: 'Result sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Overall', 'Score Card', 'Proctoring']);
  await expect(tabs.getByRole('tab', { name: 'Overall' })).toHaveAttribute('aria-selected', 'true');

  // Overall view: score, percentage, insight and the SWOT chart with its text alternative.
  const panel = page.getByRole('tabpanel', { name: 'Overall' });
  await expect(panel.getByText('7 / 16')).toBeVisible();
  await expect(panel.getByText('43.75%')).toBeVisible();
  await expect(panel.getByText(/^Strength: you attempted 75% of the questions and 66\.67% of your answers were correct/)).toBeVisible();
  const chart = panel.getByRole('img', { name: /SWOT: Overall/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/Overall: attempt rate 75%, accuracy 66\.67%, Strength/);

  // Detailed view.
  await panel.getByRole('tab', { name: 'Detailed view' }).click();
  const figures: [string, string][] = [['Correct', '2'], ['Wrong', '1'], ['Skipped', '1'], ['Partial', '0'], ['Pending', '0'], ['Accuracy', '66.67%'], ['Attempt rate', '75%'], ['Avg speed', '220 s'], ['Time spent', '11m 00s'], ['Time per question', '165 s']];
  for (const [label, value] of figures) {
    await expect(panel.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')).toHaveText(value);
  }
  const questions = panel.getByRole('table', { name: /Question-wise result/ });
  await expect(questions.getByRole('row')).toHaveCount(5);
  const third = questions.getByRole('row').filter({ has: page.getByRole('link', { name: 'Review question 3' }) });
  await expect(third).toContainText('Wrong');
  await expect(third).toContainText('-1');
  const difficulty = panel.getByRole('group', { name: 'Difficulty' });
  await difficulty.getByRole('radio', { name: 'Easy' }).check();
  await expect(panel.getByText('No questions of this difficulty.')).toBeVisible();
  await difficulty.getByRole('radio', { name: 'All' }).check();
  await expect(questions.getByRole('row')).toHaveCount(5);

  // Keyboard: arrows move between tabs.
  await tabs.getByRole('tab', { name: 'Overall' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Score Card' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Score Card' })).toHaveAttribute('aria-selected', 'true');

  const card = page.getByRole('tabpanel', { name: 'Score Card' });
  await expect(card.getByRole('row', { name: /Total/ })).toContainText('7 / 16');
  await expect(card.getByText('Good start; revise the mole concept.')).toBeVisible();
  const ranks = card.getByRole('table', { name: 'Ranks of this test' });
  await expect(ranks.getByRole('row').nth(1)).toContainText('Rohan Mehta');
  await expect(ranks.getByRole('row').nth(2)).toContainText('Asha Verma');
  await expect(ranks.getByRole('row').nth(2)).toContainText('You');

  // A question number leads to its review.
  await tabs.getByRole('tab', { name: 'Overall' }).click();
  await panel.getByRole('tab', { name: 'Detailed view' }).click();
  await panel.getByRole('link', { name: 'Review question 3' }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/review?qi=2`);
});

/** The one-part paper of the demo result split into two parts, Atoms and Gases, and not live. */
async function splitIntoTwoParts(page: Page) {
  await editReply<TestOutReply>(page, `/test/out/${TEST_ID}`, (reply) => {
    const [part] = reply.testData.format.parts;
    if (!part) return reply;
    const section = part.sections[0];
    if (!section) return reply;
    const first = section.questions.slice(0, 2);
    const second = section.questions.slice(2).map((q) => ({ ...q, pi: 1 }));
    if (!reply.result) return reply;
    const partResult = reply.result.partResults[0];
    return {
      ...reply,
      testData: {
        ...reply.testData,
        type: 'aio-pdf',
        format: {
          ...reply.testData.format,
          parts: [
            { ...part, name: 'Atoms', sections: [{ ...section, questions: first }] },
            { ...part, name: 'Gases', sections: [{ ...section, questions: second }] },
          ],
        },
      },
      result: {
        ...reply.result,
        partResults: partResult
          ? [
              { ...partResult, pi: 0, name: 'Atoms', scored: 8, attempted: 2, total: 2, correct: 2, wrong: 0, skipped: 0, accuracy: 100, attempt_rate: 100 },
              { ...partResult, pi: 1, name: 'Gases', scored: -1, attempted: 1, total: 2, correct: 0, wrong: 1, skipped: 1, accuracy: 0, attempt_rate: 50 },
            ]
          : [],
      },
    };
  });
}

test('result: part tabs, ranking messages and the hidden Review button', async ({ page }) => {
  // Two parts, not live, and HIDE_TEST_REVIEW on.
  await splitIntoTwoParts(page);
  await editReply<{ user: { config: Record<string, unknown> } }>(page, '/user', (reply) => ({ ...reply, user: { ...reply.user, config: { ...reply.user.config, HIDE_TEST_REVIEW: 'true' } } }));
  await page.goto(`/test/${TEST_ID}/result`);
  const tabs = page.getByRole('tablist', { name: 'Result sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Overall', 'Atoms', 'Gases', 'Score Card', 'Proctoring']);
  await expect(page.getByRole('link', { name: 'Review' })).toHaveCount(0);
  const overall = page.getByRole('tabpanel', { name: 'Overall' });
  await expect(overall.getByRole('listitem').filter({ hasText: 'Atoms' })).toContainText('Strength');
  await expect(overall.getByRole('listitem').filter({ hasText: 'Gases' })).toContainText('Weakness');

  await tabs.getByRole('tab', { name: 'Gases' }).click();
  const gases = page.getByRole('tabpanel', { name: 'Gases' });
  await expect(gases.getByText('-1 / 16')).toBeVisible();
  await expect(gases.getByText(/^Weakness: you attempted 50% /)).toBeVisible();
  await gases.getByRole('tab', { name: 'Detailed view' }).click();
  await expect(gases.getByRole('table').getByRole('row')).toHaveCount(3);
  // With review hidden, question numbers are not links.
  await expect(gases.getByRole('link')).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Score Card' }).click();
  await expect(page.getByText('Ranking is available for Live Test Series only.')).toBeVisible();

  // Review hidden in the results list too.
  await page.goto('/test-results');
  await expect(page.getByRole('link', { name: `Result of ${TEST_NAME}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Review of ${TEST_NAME}` })).toHaveCount(0);
  await page.goto(`/test/${TEST_ID}/review`);
  await expect(page.getByText('Review is not available for your account.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Options' })).toHaveCount(0);
});

/** What scrolls sideways: the page itself, or any box in the page that scrolls its content sideways. */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > root.clientWidth) found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(element);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (element.scrollWidth > element.clientWidth + 1) found.push(`"${(element.textContent ?? '').trim().slice(0, 40)}": ${element.scrollWidth} > ${element.clientWidth}`);
    }
    return found;
  });
}

test('phone, 360 px: results, result tabs, review, marksheet, answer sheet and test pages fit without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await splitIntoTwoParts(page);
  // A proctoring record with a flag, a snapshot and long words, as a flagged attempt has.
  await page.route(api(`/proctor/events/${TEST_ID}`), (route) => {
    const at = Date.now() - 3_600_000;
    const event = (id: string, kind: string, offset: number, more: Record<string, unknown> = {}) => ({
      id, kind, source: 'extension', at: at + offset, client_at: at + offset, received_at: at + offset, detail: null, evidence_url: null, late: false, ...more,
    });
    return route.fulfill({
      json: {
        test_id: TEST_ID, started_at: at, submitted_at: at + 660_000, snapshots: 1,
        events: [
          event('e1', 'BLUR', 5_000, { source: 'page' }),
          event('e2', 'MULTI_FACE', 65_000, { detail: { faces: 2 }, evidence_url: '/favicon.svg' }),
          event('e3', 'WARNING_SHOWN', 66_000, { detail: { reason: 'MULTI_FACE' }, late: true }),
        ],
      },
    });
  });

  await page.goto(`/test/${TEST_ID}/result`);
  const tabs = page.getByRole('tablist', { name: 'Result sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Overall', 'Atoms', 'Gases', 'Score Card', 'Proctoring (2)']);
  // Every tab is in sight, none cut off at the edge.
  for (const tab of await tabs.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, `${await tab.textContent()} is in sight`).toBe(true);
  }
  for (const name of ['Overall', 'Atoms', 'Gases']) {
    await tabs.getByRole('tab', { name, exact: true }).click();
    const panel = page.getByRole('tabpanel', { name, exact: true });
    expect(await sidewaysScrolling(page), `${name}, Overall view`).toEqual([]);
    await panel.getByRole('tab', { name: 'Detailed view' }).click();
    await expect(panel.getByRole('table')).toBeVisible();
    expect(await sidewaysScrolling(page), `${name}, Detailed view`).toEqual([]);
  }
  await tabs.getByRole('tab', { name: 'Score Card' }).click();
  // On a phone the score card is one card per part, with every figure.
  const parts = page.getByRole('list', { name: 'Score Card by part' }).getByRole('listitem');
  await expect(parts).toHaveCount(3);
  await expect(parts.nth(2)).toContainText('Total');
  await expect(parts.nth(2)).toContainText('7 / 16');
  await expect(parts.nth(2)).toContainText('Skipped');
  await expect(page.getByText('Ranking is available for Live Test Series only.')).toBeVisible();
  expect(await sidewaysScrolling(page), 'Score Card').toEqual([]);
  await tabs.getByRole('tab', { name: 'Proctoring (2)' }).click();
  const timeline = page.getByRole('table', { name: 'Proctoring timeline, oldest first' });
  await expect(timeline.getByRole('row')).toHaveCount(4);
  await expect(timeline.getByRole('link', { name: /^Snapshot: More than one face seen by the camera at \d\d:\d\d:\d\d (AM|PM)$/ })).toBeVisible();
  expect(await sidewaysScrolling(page), 'Proctoring').toEqual([]);
  // The live test as it is: its ranking fits too.
  await page.unrouteAll();
  await page.goto(`/test/${TEST_ID}/result`);
  await tabs.getByRole('tab', { name: 'Score Card' }).click();
  await expect(page.getByRole('table', { name: 'Ranks of this test' })).toBeVisible();
  expect(await sidewaysScrolling(page), 'Score Card with ranks').toEqual([]);

  const routes = [
    '/test-results', `/test/${TEST_ID}/review`, `/test/${TEST_ID}/review?qi=3`, '/marksheet', '/answer-sheet', `/answer-sheet/${TEST_ID}`,
    '/test', `/test/${TEST_ID}`, '/mock-test',
  ];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    expect(await sidewaysScrolling(page), route).toEqual([]);
  }
  // The results list keeps Name, Score, Percentage and Action on a phone (spec: Correct / Wrong /
  // Skipped hidden on small screens).
  await page.goto('/test-results');
  await expect(page.getByRole('columnheader', { name: 'Correct / Wrong / Skipped' })).toBeHidden();
  await expect(page.getByRole('link', { name: `Result of ${TEST_NAME}` })).toBeVisible();
  const marksheet = await page.goto('/marksheet');
  expect(marksheet?.ok()).toBe(true);
  await page.getByRole('link', { name: /View/ }).first().click();
  await expect(page).toHaveURL(/\/marksheet\/.+/);
  await expect(page.getByText(/^Updated /)).toBeVisible();
  expect(await sidewaysScrolling(page), 'marksheet').toEqual([]);
});

test('result: a live test says the result will be declared soon until ranks load', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(api(`/test/out/${TEST_ID}/ranking`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/test/${TEST_ID}/result`);
  await page.getByRole('tab', { name: 'Score Card' }).click();
  await expect(page.getByText('Result will be declared soon.')).toBeVisible();
  release();
  await expect(page.getByRole('table', { name: 'Ranks of this test' })).toBeVisible();
  await expect(page.getByText('Result will be declared soon.')).toHaveCount(0);
});

test('result and review: a failed test-out load shows the message and goes to /test', async ({ page }) => {
  await page.goto('/test/no-such-test/result');
  await expect(snackbar(page)).toContainText('Test not found!');
  await expect(page).toHaveURL('/test', { timeout: 5_000 });

  await page.route(api(`/test/out/${TEST_ID}`), (route) => route.abort('failed'));
  await page.goto(`/test/${TEST_ID}/review`);
  await expect(snackbar(page)).toContainText('Please check your internet connection!');
  await expect(page).toHaveURL('/test', { timeout: 5_000 });
});

test('review: navigation, answer and solution toggles, remarks and Result', async ({ page }) => {
  await page.goto('/test-results');
  await page.getByRole('link', { name: `Review of ${TEST_NAME}` }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/review`);
  await expect(page.getByRole('heading', { name: /Question 1/ })).toBeVisible();
  const actions = page.getByRole('toolbar', { name: 'Review actions' });
  await expect(actions.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await expect(page.getByText('Good start; revise the mole concept.')).toBeVisible();

  await actions.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/review?qi=1`);
  await expect(page.getByRole('heading', { name: /Question 2/ })).toBeVisible();
  await expect(page.getByText('Well done.')).toBeVisible();
  await actions.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/review?qi=2`);

  // Question 3: the student chose C; the key is A.
  const options = page.getByRole('list', { name: 'Options' });
  await expect(options.getByRole('listitem').filter({ hasText: 'Your answer' })).toContainText('9.8');
  await expect(options.getByText('Correct answer')).toHaveCount(0);
  await actions.getByRole('button', { name: 'Answer' }).click();
  await expect(actions.getByRole('button', { name: 'Answer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(options.getByRole('listitem').filter({ hasText: 'Correct answer' })).toContainText('6.02 x 10^23');
  await expect(page.getByRole('definition').filter({ hasText: /^A$/ })).toBeVisible();
  await actions.getByRole('button', { name: 'Answer' }).click();
  await expect(options.getByText('Correct answer')).toHaveCount(0);

  await expect(page.getByText('The answer is A.')).toHaveCount(0);
  await actions.getByRole('button', { name: 'Solution' }).click();
  await expect(page.getByRole('region', { name: 'Solution' })).toContainText('The answer is A.');
  await actions.getByRole('button', { name: 'Solution' }).click();
  await expect(page.getByText('The answer is A.')).toHaveCount(0);
  await expect(page.getByRole('region', { name: "Teacher's remark", exact: true })).toContainText('Revise the mole concept.');

  // The question navigator and the last question.
  await page.getByRole('navigation', { name: 'Questions' }).getByRole('link', { name: /Question 4, Skipped/ }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/review?qi=3`);
  await expect(actions.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByText('Not answered')).toBeVisible();

  await actions.getByRole('link', { name: 'Result' }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/result`);
});

test('review: the report dialog checks the text, reports, and says when it fails', async ({ page }) => {
  await page.goto(`/test/${TEST_ID}/review?qi=1`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report question 2' });
  await expect(dialog).toBeVisible();
  const text = dialog.getByLabel('What is wrong with this question?');
  await expect(text).toBeFocused();

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("It can't be empty");
  await expect(snackbar(page)).toContainText('Please resolve the report first!');

  await text.fill('x'.repeat(501));
  await expect(dialog.getByRole('alert')).toHaveText('Max characters (500) exceeded!');
  await expect(dialog.getByText('501 / 500')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page)).toContainText('Please resolve the report first!');

  await text.fill('   ');
  await expect(dialog.getByRole('alert')).toHaveText("It can't be empty");

  // Escape closes without sending; reopening starts empty.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Report' }).click();
  await expect(text).toHaveValue('');

  await page.route(api('/question/report'), (route) => route.fulfill({ status: 500, json: { message: 'Down' } }));
  await text.fill('Option B should read "a compound".');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page)).toContainText('Error submitting report!');
  await expect(dialog).toBeVisible();

  await page.unrouteAll();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/question/report'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toEqual({ id: `${TEST_ID}.q2`, text: 'Option B should read "a compound".' });
  await expect(snackbar(page)).toContainText('Question reported. Thanks!');
  await expect(dialog).toBeHidden();
});

test('marksheet: list, print=true prints once after rendering, isolation and failures', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number; printFail: boolean };
    w.printCalls = 0;
    w.printFail = false;
    window.print = () => {
      w.printCalls += 1;
      if (w.printFail) throw new Error('Printing is blocked');
    };
  });
  await page.goto('/marksheet');
  await expect(page.getByRole('heading', { name: 'Marksheet', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /Term 1 Marksheet/ });
  await expect(row.getByRole('cell').filter({ hasText: DATE_PATTERN }).first()).toBeVisible();
  await row.getByRole('link', { name: 'Print Term 1 Marksheet' }).click();
  await expect(page).toHaveURL('/marksheet/demo-term1-DEMO001?print=true');

  // The marksheet HTML renders in the page, in its own shadow root.
  const sheet = page.getByRole('region', { name: 'Marksheet: Term 1 Marksheet' });
  await expect(sheet.getByRole('cell', { name: 'Physics' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  const isolation = await page.evaluate(() => {
    const host = document.querySelector('[aria-label="Marksheet: Term 1 Marksheet"]');
    const heading = host?.shadowRoot?.querySelector('h2');
    return { shadow: Boolean(host?.shadowRoot), font: heading ? getComputedStyle(heading).fontFamily : '' };
  });
  expect(isolation.shadow).toBe(true);
  expect(isolation.font).toContain('Times');

  // The Print button prints again; a failing print says so.
  await page.evaluate(() => ((window as unknown as { printFail: boolean }).printFail = true));
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(snackbar(page)).toContainText('PRINT FAILED: Printing is blocked');

  // Without print=true nothing prints.
  const before = await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'View Term 1 Marksheet' }).click();
  await expect(page).toHaveURL('/marksheet/demo-term1-DEMO001');
  await expect(page.getByRole('heading', { name: 'Term 1 Marksheet', level: 1 })).toBeVisible();
  await expect(sheet.getByRole('cell', { name: 'Chemistry' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(before);

  await page.goto('/marksheet/not-mine');
  await expect(snackbar(page)).toContainText('DATA FETCH FAILED: No data found!');
  await page.route(api('/marksheets'), (route) => route.fulfill({ json: [] }));
  await page.goto('/marksheet');
  await expect(page.getByText('No data found!')).toBeVisible();
});

test('answer sheet: list, disabled card, detail with read-only answers and scroll to top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  // Built from the demo test's item only: other journeys may have started more of Asha's tests.
  await editReply<TestListReply>(page, '/test/attempted-list', (reply) => {
    const taken = reply.filter((item) => item._id === TEST_ID);
    return [
      ...reply,
      ...taken.map((item) => ({ ...item, _id: 'in-progress', name: 'Unfinished Test', test_submitted_at: null })),
      ...taken.map((item) => ({ ...item, _id: 'no-such-test', name: 'Withdrawn Test' })),
    ];
  });
  await page.goto('/answer-sheet');
  await expect(page.getByText('You can verify you submitted answer here.')).toBeVisible();
  const card = page.getByRole('article', { name: TEST_NAME });
  await expect(card.getByRole('definition').first()).toHaveText(DATE_PATTERN);
  await expect(card.getByRole('definition').nth(1)).toHaveText(DATE_PATTERN);
  await expect(page.getByRole('article', { name: 'Unfinished Test' }).getByRole('button', { name: /View My Answer Sheet/ })).toBeDisabled();

  await card.getByRole('link', { name: `View My Answer Sheet: ${TEST_NAME}` }).click();
  await expect(page).toHaveURL(`/answer-sheet/${TEST_ID}`);
  await expect(page.getByRole('heading', { name: `My Answer Sheet: ${TEST_NAME}`, level: 1 })).toBeVisible();
  const questions = page.getByRole('list', { name: 'Questions' }).getByRole('article');
  await expect(questions).toHaveCount(4);
  const first = page.getByRole('article', { name: 'Question 1' });
  await expect(first.getByText('MCQ (single correct)')).toBeVisible();
  await expect(first.getByText('Max marks: 4')).toBeVisible();
  await expect(first.getByRole('listitem').filter({ hasText: 'Your answer' })).toContainText('6');
  // No key on the answer sheet, and nothing to edit.
  await expect(page.getByText('Correct answer')).toHaveCount(0);
  await expect(page.locator('main').locator('input, textarea, select')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Question 4' }).getByText('Not answered')).toBeVisible();

  const toTop = page.getByRole('button', { name: 'Scroll to top' });
  await expect(toTop).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 200));
  await page.waitForTimeout(200);
  await expect(toTop).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(toTop).toBeVisible();
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(toTop).toHaveCount(0);

  // A failed load shows the message and goes back.
  await page.goto('/answer-sheet');
  await page.getByRole('link', { name: 'View My Answer Sheet: Withdrawn Test' }).click();
  await expect(snackbar(page)).toContainText('Test not found!');
  await expect(page).toHaveURL('/answer-sheet');
  await expect(page.getByText('You can verify you submitted answer here.')).toBeVisible();

  await page.unrouteAll();
  await page.route(api('/test/attempted-list'), (route) => route.fulfill({ json: [] }));
  await page.goto('/answer-sheet');
  await expect(page.getByText('No data found!')).toBeVisible();
});

test('test detail: breadcrumb, info, start button, results and not found', async ({ page }) => {
  await page.goto(`/test/${TEST_ID}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Mock Test' })).toHaveAttribute('href', '/mock-test');
  await expect(page.getByRole('heading', { name: TEST_NAME, level: 1 })).toBeVisible();
  const info = page.getByRole('table', { name: 'About this test' });
  await expect(info.getByRole('row', { name: /Duration/ })).toContainText('15 min');
  await expect(info.getByRole('row', { name: /Max Marks/ })).toContainText('16');
  // Taken and ended: the next attempt cannot start.
  await expect(page.getByRole('button', { name: 'Start Test #2' })).toBeDisabled();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('row').nth(1)).toContainText('7 / 16');
  await results.getByRole('link', { name: 'Review of attempt 1' }).click();
  await expect(page).toHaveURL(`/test/${TEST_ID}/review`);

  // A test that has not been taken (nor ended) links its start to the instructions.
  await page.goto('/test/demo-upcoming');
  await expect(page.getByRole('link', { name: 'Start Test #1' })).toHaveAttribute('href', '/test/demo-upcoming/instruction');
  await expect(page.getByText('You have no results for this test yet.')).toBeVisible();

  // The breadcrumb leads to the student's tests by series, and back to a test's detail.
  await page.goto(`/test/${TEST_ID}`);
  await crumbs.getByRole('link', { name: 'Mock Test' }).click();
  await expect(page).toHaveURL('/mock-test');
  await expect(page.getByRole('heading', { name: 'Mock Test', level: 1 })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([/^Physics and Maths Series/, /^Term 1 Test Series/, /^Other tests/]);
  const term1 = page.getByRole('list', { name: 'Tests of Term 1 Test Series' });
  await expect(term1.getByRole('link')).toHaveCount(4);
  await expect(term1.getByRole('link', { name: /Next Week: Mock Exam/ })).toContainText(/Opens \d{2}:\d{2} (AM|PM), \d{2} [A-Z][a-z]{2}, \d{4}/);
  const taken = term1.getByRole('link', { name: new RegExp(TEST_NAME) });
  await expect(taken).toContainText(/Submitted \d{2}:\d{2} (AM|PM)/);
  // Chapter Test: Motion and Energy is assigned to this student only; it is in her series.
  await expect(page.getByRole('list', { name: 'Tests of Physics and Maths Series' }).getByRole('link', { name: /Chapter Test: Motion and Energy/ })).toBeVisible();
  await taken.click();
  await expect(page).toHaveURL(`/test/${TEST_ID}`);
  await expect(page.getByRole('heading', { name: TEST_NAME, level: 1 })).toBeVisible();
  // A failed load says so and retries; no tests at all says so too.
  let mockTestsFail = true;
  await page.route(api('/test/mock-tests'), (route) => (mockTestsFail ? route.fulfill({ status: 500, json: { message: 'Boom' } }) : route.fulfill({ json: [] })));
  await page.goto('/mock-test');
  await expect(snackbar(page)).toContainText('Error fetching tests!');
  mockTestsFail = false;
  await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No assesment scheduled!')).toBeVisible();
  await page.unrouteAll();

  await page.goto('/test/no-such-test');
  await expect(page.getByText('Test not found!')).toBeVisible();
  await page.route(api('/test/get/demo-upcoming'), (route) => route.fulfill({ status: 500, json: { message: 'Boom' } }));
  await page.goto('/test/demo-upcoming');
  await expect(snackbar(page)).toContainText('Error fetching tests!');
});

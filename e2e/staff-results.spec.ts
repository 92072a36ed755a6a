import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN as ADMIN, newStaffPage, scanStaffPage as scan, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, signIn, type E2eStudent } from './student-session';

/**
 * Results (issue 29), by visible labels: three students have submitted a test whose key for
 * question 2 is wrong (imported with their attempts). The admin finds the test under Results,
 * sees its attempts ranked, downloads the CSV, sees "Key looks wrong" on question 2 in the item
 * analysis, re-keys it with a reason: the ranks change, the change is in the history, the
 * students have a notification; the admin releases the review and a student's ranking shows the
 * new order. axe (0 violations) and no sideways scroll at 1280 and 360 px on each screen.
 *
 * The hand-computed example of the server test: q1 B, q2 keyed A (C is right), q3 2.5, q4 D.
 *   Ira  B C 2.5 D ->  9 (14 after the re-key)
 *   Ravi B A 2.4 A ->  7 ( 2 after)
 *   Neel C C 2.5 - ->  0 ( 5 after)
 */

const RUN = `${process.env.TEST_WORKER_INDEX ?? '0'}${Date.now().toString(36)}`.toUpperCase();
const student = (key: string, name: string): E2eStudent => forThisWorker({ reg_no: `E2ERS${key}${RUN}`, email: `results-${key}-${RUN}@example.edu`.toLowerCase(), name, password: 'results-e2e-1' });
const IRA = student('A', `Ira Topper ${RUN}`);
const RAVI = student('B', `Ravi Second ${RUN}`);
const NEEL = student('C', `Neel Third ${RUN}`);
const TEST_ID = `e2e-results-${RUN}`.toLowerCase();
const TEST_NAME = `E2E Results Key Test ${RUN}`;
const MINUTE = 60_000;

test.beforeAll(() => {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const mcq = (answer: string) => ({ qt: 3, pm: 4, nm: 1, text: '<p>Pick the right option.</p>', options: { A: 'alpha', B: 'beta', C: 'gamma', D: 'delta' }, answer });
  const attempt = (who: E2eStudent, answers: [number, string][], minutes: number) => ({
    test_id: TEST_ID,
    reg_no: who.reg_no,
    started_at: iso(now - 2 * 60 * MINUTE),
    submitted_at: iso(now - 2 * 60 * MINUTE + minutes * MINUTE),
    answers: answers.map(([qn, ua]) => ({ qn, ua, s: 30 })),
  });
  importFixture(E2E_DATA_DIR, `staff-results-${RUN}`, {
    students: [IRA, RAVI, NEEL],
    tests: [
      {
        _id: TEST_ID,
        name: TEST_NAME,
        format: {
          duration: 30,
          parts: [
            { name: 'Part A', sections: [{ name: 'S', questions: [mcq('B'), mcq('A')] }] },
            { name: 'Part B', sections: [{ name: 'S', questions: [{ qt: 6, pm: 2, nm: 0, text: '<p>How much?</p>', answer: '2.5' }, mcq('D')] }] },
          ],
        },
        activation_date: iso(now - 3 * 60 * MINUTE),
        ends_at: iso(now - 90 * MINUTE),
        review: 'manual',
        assigned_to: [IRA.reg_no, RAVI.reg_no, NEEL.reg_no],
      },
    ],
    attempts: [
      attempt(IRA, [[1, 'B'], [2, 'C'], [3, '2.5'], [4, 'D']], 10),
      attempt(RAVI, [[1, 'B'], [2, 'A'], [3, '2.4'], [4, 'A']], 12),
      attempt(NEEL, [[1, 'C'], [2, 'C'], [3, '2.5']], 14),
    ],
  });
});

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The attempts table's students, top to bottom, with their rank and score cells. */
async function rankedRows(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: /^Attempts of/ }).getByRole('row');
  await expect(rows).toHaveCount(4);
  const texts: string[] = [];
  for (let i = 1; i < 4; i += 1) {
    const cells = rows.nth(i).locator('th, td');
    texts.push(`${await cells.nth(0).innerText()} ${(await cells.nth(1).innerText()).split('\n')[0]} ${await cells.nth(3).innerText()}`);
  }
  return texts;
}

test('a wrong key is found in the item analysis, re-keyed with a reason, the ranks change and the students see it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const page = await newStaffPage(browser);
  await page.goto('/staff/results');
  await staffSignIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
  await page.getByLabel('Search tests').fill(TEST_NAME);
  const link = page.getByRole('link', { name: TEST_NAME });
  await expect(link).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(TEST_NAME) })).toContainText('3 submitted');
  await expect(page.getByRole('row', { name: new RegExp(TEST_NAME) })).toContainText('Held: students see their review when you release it.');
  await scan(page, 'Results');

  // The attempts, ranked.
  await link.click();
  await expect(page.getByRole('heading', { name: 'Test results', level: 1 })).toBeVisible();
  expect(await rankedRows(page)).toEqual([`1 ${IRA.name} 9 / 14 (64.29%)`, `2 ${RAVI.name} 7 / 14 (50%)`, `3 ${NEEL.name} 0 / 14 (0%)`]);
  await expect(page.getByRole('columnheader', { name: 'Rank' })).toHaveAttribute('aria-sort', 'ascending');
  await scan(page, 'the attempts table');

  // Sorted by a header (keyboard), then back by rank.
  await page.getByRole('button', { name: /^Student/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Student' })).toHaveAttribute('aria-sort', 'ascending');
  expect((await rankedRows(page)).map((row) => row.split(' ')[1])).toEqual(['Ira', 'Neel', 'Ravi']);
  await page.getByRole('button', { name: /^Rank/ }).click();
  await expect(page.getByRole('columnheader', { name: 'Rank' })).toHaveAttribute('aria-sort', 'ascending');

  // The CSV of the whole table.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`results-${TEST_ID}.csv`);
  const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Rank,Name,Reg no,Class,Status,Score,Max marks,Percent,Correct,Wrong,Partial,Skipped,Pending,Time taken (s),Flags,Submitted at,Part A (score),Part B (score)');
  expect(csv[1]).toContain(`1,${IRA.name},${IRA.reg_no}`);

  // Item analysis: question 2's key looks wrong (the top third chose C over the key A).
  await openTab(page, 'Item analysis');
  const q2 = page.getByRole('region', { name: 'Question 2' });
  await expect(q2.getByText('Key looks wrong')).toBeVisible();
  await expect(page.getByText('Key looks wrong')).toHaveCount(1);
  await expect(q2.getByRole('row', { name: /^C/ })).toContainText('2 (66.67%)');
  await scan(page, 'the item analysis');

  // Re-key with a reason (required).
  await q2.getByRole('button', { name: 'Re-key question 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-key question 2' });
  await expect(dialog.getByRole('radio', { name: 'Option A' })).toBeFocused();
  await dialog.getByRole('radio', { name: 'Option C' }).check();
  await dialog.getByRole('button', { name: 'Re-key and score again' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason: students are told why their score changed.');
  await dialog.getByLabel('Reason (students see it)').fill('The right answer is gamma (C).');
  await scan(page, 'the re-key dialog');
  await dialog.getByRole('button', { name: 'Re-key and score again' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Question 2 re-keyed: 3 attempts scored again, 3 students notified.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Question 2' }).getByText('Key looks wrong')).toHaveCount(0);

  // The ranks changed.
  await openTab(page, 'Attempts');
  expect(await rankedRows(page)).toEqual([`1 ${IRA.name} 14 / 14 (100%)`, `2 ${NEEL.name} 5 / 14 (35.71%)`, `3 ${RAVI.name} 2 / 14 (14.29%)`]);

  // The history.
  await openTab(page, 'Changes');
  const history = page.getByRole('table', { name: /Changes to questions/ });
  await expect(history.getByRole('row').nth(1)).toContainText('Re-keyed');
  await expect(history.getByRole('row').nth(1)).toContainText('key A → key C');
  await expect(history.getByRole('row').nth(1)).toContainText('The right answer is gamma (C).');
  await scan(page, 'the changes');

  // The review, released now.
  await openTab(page, 'Review');
  await expect(page.getByText('Held: students see their review when you release it.')).toBeVisible();
  await scan(page, 'the review release');
  await page.getByRole('button', { name: 'Release now' }).click();
  await expect(page.getByText('The review is released: students see it now.')).toBeVisible();
  await expect(page.getByTestId('review-state')).toHaveText(/^Released on /);

  // Ravi has a notification, and his ranking shows the new order.
  const token = await apiToken(request, RAVI);
  const notifications = (await (await request.get('/api/notifications', { headers: { 'x-access-token': token } })).json()) as { data: { data: { title: string } }[] };
  expect(notifications.data.map((item) => item.data.title)).toContain(`Your score in ${TEST_NAME} changed`);
  const ravi = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(ravi, RAVI);
  await ravi.goto(`/test/${TEST_ID}/result`);
  await ravi.getByRole('tab', { name: 'Score Card' }).click();
  const ranks = ravi.getByRole('table', { name: 'Ranks of this test' }).getByRole('row');
  await expect(ranks).toHaveCount(4);
  await expect(ranks.nth(1)).toContainText(IRA.name);
  await expect(ranks.nth(2)).toContainText(NEEL.name);
  await expect(ranks.nth(3)).toContainText(RAVI.name);
  await ravi.context().close();

  // Marksheets from the results; one previewed.
  await openTab(page, 'Marksheets');
  await page.getByRole('button', { name: 'Produce marksheets' }).click();
  await expect(page.getByText('Marksheets produced: 3 new, 0 replaced.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: `Preview the marksheet of ${IRA.name}` }).click();
  const preview = page.getByRole('dialog', { name: `${TEST_NAME} Marksheet` });
  await expect(preview.frameLocator('iframe').getByText('Total')).toBeVisible();
  await scan(page, 'the marksheet preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  await scan(page, 'the marksheets');

  // One student's results, from the attempts table.
  await openTab(page, 'Attempts');
  await page.getByRole('link', { name: IRA.name }).click();
  await expect(page.getByRole('heading', { name: 'Student results', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(TEST_NAME) })).toContainText('1 of 3');
  await scan(page, "a student's results");
  await page.context().close();
});

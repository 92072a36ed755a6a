import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN as ADMIN, DEMO_TEACHER as TEACHER, newStaffPage, scanStaffPage as scan, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, signIn, submitFromLastQuestion, type E2eStudent } from './student-session';

/**
 * The test editor (issue 28), by visible labels: an admin makes a test in the browser (a question
 * written in place, one picked from the question bank), assigns it to a class, publishes it,
 * previews it as a student (scored, nothing stored), and a student of that class finds it, takes
 * it and is scored; once submitted, the paper's questions can no longer be removed. axe (0
 * violations) and no sideways scroll at 1280 and 360 px on the list, the editor and the preview.
 * The class, student, bank question and test are this run's own (other workers, retries).
 */

const RUN = `${process.env.TEST_WORKER_INDEX ?? '0'}${Date.now().toString(36)}`.toUpperCase();
const CLASS = { id: `e2e-te-${RUN}`.toLowerCase(), name: `E2E Editor Class ${RUN}` };
const STUDENT: E2eStudent = forThisWorker({ reg_no: `E2ETE${RUN}`, email: `editor-${RUN}@example.edu`.toLowerCase(), name: 'Tara Editor', password: 'editor-e2e-1' });
const TEST_NAME = `E2E Built In The Editor ${RUN}`;
const BANK_NAME = `E2E bank capital ${RUN}`;

async function staffToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/staff/login', { data: ADMIN });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { token: string }).token;
}

test.beforeAll(async ({ request }) => {
  importFixture(E2E_DATA_DIR, `staff-tests-${RUN}`, {
    students: [STUDENT],
    classes: [{ id: CLASS.id, name: CLASS.name }],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: CLASS.id }],
  });
  // The bank question the editor picks (the bank's own screens have their spec).
  const created = await request.post('/api/staff/bank', {
    headers: { 'x-access-token': await staffToken(request) },
    data: {
      name: BANK_NAME,
      question: { qt: 3, pm: 4, nm: 1, text: '<p>Which city is the capital of India?</p>', options: { A: 'Mumbai', B: 'New Delhi', C: 'Kolkata', D: 'Chennai' }, answer: 'B' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
});

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a test built in the editor is previewed, assigned to a class, taken by a student of it and scored', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const page = await newStaffPage(browser);
  await page.goto('/staff/tests');
  await staffSignIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Tests', level: 1 })).toBeVisible();
  await scan(page, 'Tests');

  // New test: the name, the id made from it, the duration.
  await page.getByRole('link', { name: 'New test' }).click();
  await page.getByLabel('Name').fill(TEST_NAME);
  await page.getByLabel('Duration (minutes)').fill('10');
  await page.getByRole('button', { name: 'Make the test' }).click();
  await expect(page.getByRole('heading', { name: TEST_NAME, level: 1 })).toBeVisible();
  const testId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(testId).toMatch(/^e2e-built-in-the-editor-/);

  // The paper: a part with its section, a question written in place, one from the bank.
  await openTab(page, 'Paper');
  await page.getByRole('button', { name: 'Add a part' }).click();
  await page.getByRole('button', { name: 'Write a question' }).click();
  const write = page.getByRole('dialog', { name: 'Write a question' });
  await write.getByRole('textbox', { name: 'Question text' }).fill('<p>How many sides has a triangle?</p>');
  for (const [label, text] of [['A', 'Two'], ['B', 'Three'], ['C', 'Four'], ['D', 'Five']] as const) await write.getByLabel(`Option ${label}`, { exact: true }).fill(text);
  await write.getByLabel('Option B is correct').check();
  await write.getByLabel('Marks', { exact: true }).fill('4');
  await write.getByLabel('Negative marks').fill('1');
  await write.getByRole('button', { name: 'Add the question' }).click();
  await expect(write).toHaveCount(0);

  await page.getByRole('button', { name: 'Add from bank' }).click();
  const bank = page.getByRole('dialog', { name: /^Add from the bank/ });
  await bank.getByLabel('Search the bank').fill(BANK_NAME);
  await bank.getByRole('checkbox', { name: new RegExp(BANK_NAME) }).check();
  await bank.getByRole('button', { name: 'Add 1 question' }).click();
  await expect(bank).toHaveCount(0);
  await expect(page.getByText('2 questions, 8 marks, 10 min')).toBeVisible();

  // Assigned to the class; saved and published.
  await openTab(page, 'Assignment');
  await page.getByLabel(CLASS.name).check();
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published: version 1/ })).toBeVisible();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await scan(page, 'the test editor');

  // Preview as a student: the real test screen, scored on the server, nothing stored.
  await page.getByRole('link', { name: 'Preview as a student' }).click();
  await page.getByRole('button', { name: 'Start the preview' }).click();
  await expect(page.getByText('Preview: nothing you answer here is stored')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await scan(page, 'the preview');
  await page.getByRole('radio', { name: /Three/ }).check();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
  await page.getByRole('radio', { name: /Mumbai/ }).check();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog', { name: 'Submit Test' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Score 3 / 8')).toBeVisible();
  await scan(page, 'the preview result');
  await page.getByRole('link', { name: 'Back to the editor' }).first().click();
  await expect(page.getByText('Attempts: 0 running, 0 submitted')).toBeVisible();

  // The student of the class finds it, takes it and is scored.
  const student = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(student, STUDENT);
  await student.goto('/test');
  await expect(student.getByRole('article', { name: TEST_NAME })).toBeVisible();
  const token = await apiToken(request, STUDENT);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  await student.goto(`/test/${testId}/in`);
  await expect(student.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await student.getByRole('radio', { name: /Three/ }).check();
  await student.getByRole('button', { name: 'Save & Next' }).click();
  await expect(student.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
  await student.getByRole('radio', { name: /New Delhi/ }).check();
  await submitFromLastQuestion(student);
  await student.goto('/test');
  await student.getByRole('article', { name: TEST_NAME }).getByRole('link', { name: `Result of ${TEST_NAME}` }).click();
  await expect(student.getByText('8 / 8', { exact: true }).first()).toBeVisible();

  // Submitted: the paper keeps its questions (the server says why), settings still publish.
  await page.reload();
  await expect(page.getByText('Attempts: 0 running, 1 submitted')).toBeVisible();
  await openTab(page, 'Paper');
  // Discarding asks first.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: /^Remove question 2/ }).click();
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 student has submitted this paper, so questions cannot be added, removed, moved or change type.' })).toBeVisible();
  await page.getByRole('button', { name: 'Discard unpublished changes' }).click();
  await expect(page.getByText('2 questions, 8 marks, 10 min')).toBeVisible();
});

test("a teacher's list holds their own draft and their classes' tests, not another class's", async ({ browser }) => {
  const page = await newStaffPage(browser);
  await page.goto('/staff/tests');
  await staffSignIn(page, TEACHER);
  await expect(page.getByRole('heading', { name: 'Tests', level: 1 })).toBeVisible();
  const own = page.getByRole('row', { name: /Physics: Motion \(Class 10 - A\)/ });
  await expect(own).toBeVisible();
  await expect(own.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByLabel('Search tests').fill('E2E Built In The Editor');
  await expect(page.getByText(/No tests match/)).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

// The demo chapter test (type 'chapter', skips the device check), assigned to Asha only.
const ID = 'demo-chapter';
const NAME = 'Chapter Test: Motion and Energy';
const CHAPTERS = ['Laws of Motion', 'Work, Energy and Power'];

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
});

test('other ways in reach the chapter-test instructions: the device check, a list of ids, and not for other tests', async ({ page }) => {
  // The device check always proceeds to /test/{id}/instruction, which sends a chapter test on.
  await page.goto(`/test/${ID}/ready-check`);
  await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(`/chapter-test/${ID}/instruction`);
  await expect(page.getByRole('heading', { name: 'Chapters' })).toBeVisible();

  // A comma-separated list: the first id is the test to start.
  await page.goto(`/chapter-test/${ID},demo-mcq/instruction`);
  await expect(page.getByText(NAME, { exact: true })).toBeVisible();

  // A test that is not a chapter test has the ordinary instructions.
  await page.goto('/chapter-test/demo-mcq/instruction');
  await expect(page).toHaveURL('/test/demo-mcq/instruction');
  await expect(page.getByRole('heading', { name: 'Instructions', level: 1 })).toBeVisible();
});

test('a chapter test opens from the list on its own instructions, shows its chapters, starts and lands in the test', async ({ page }) => {
  await page.goto('/test');
  const card = page.getByRole('list', { name: 'Scheduled tests' }).getByRole('link', { name: `Ready Check: ${NAME}` });
  await expect(card).toHaveAttribute('href', `/chapter-test/${ID}/instruction`);
  await card.click();

  await expect(page).toHaveURL(`/chapter-test/${ID}/instruction`);
  await expect(page.getByRole('heading', { name: 'Chapter Test', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Chapter Test');
  await expect(page.getByText(NAME, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chapters' }).getByRole('listitem')).toHaveText(CHAPTERS);
  await expect(page.getByText(/^Four single-choice questions on the chapters below\./)).toBeVisible();

  // The same rules as the instructions of any test: Start waits for the agreement.
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  await expect(start).toBeEnabled();
  await start.click();

  await expect(page).toHaveURL(`/test/${ID}/in`);
  await expect(page.getByText('Question 1 of 4').first()).toBeVisible();
  await expect(page.getByText('A body of mass 2 kg accelerates at 3 m/s². The net force on it is').first()).toBeVisible();

  // Back on the list, the chapter test can be resumed, again through its own instructions.
  await page.goto('/test');
  await expect(page.getByRole('link', { name: `Resume: ${NAME}` })).toHaveAttribute('href', `/chapter-test/${ID}/instruction?resume=true`);
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN as ADMIN, DEMO_TEACHER as TEACHER, newStaffPage, scanStaffPage as scan, staffSignIn } from './staff-e2e';

/**
 * The question bank (issue 28), by visible labels: the admin imports a real Moodle XML export
 * (the Cloze question listed as skipped with its reason), finds the imported question by search,
 * opens it and sees its preview with its image; the teacher adds a numerical question. axe (0
 * violations) and no sideways scroll at 1280 and 360 px on each screen.
 */

const RUN = `${process.env.TEST_WORKER_INDEX ?? '0'}-${Date.now().toString(36)}`;
const FIXTURE = fileURLToPath(new URL('../server/src/modules/question-bank/formats/fixtures/moodle-old-image-tag.xml', import.meta.url));

async function signedIn(browser: Browser, account: { email: string; password: string }, path: string): Promise<Page> {
  const page = await newStaffPage(browser);
  await page.goto(path);
  await staffSignIn(page, account);
  return page;
}

test('the admin imports a Moodle XML export, finds a question and sees its preview with the image', async ({ browser }) => {
  const page = await signedIn(browser, ADMIN, '/staff/bank');
  await expect(page.getByRole('heading', { name: 'Question bank' })).toBeVisible();
  await scan(page, 'the question bank');

  await page.getByRole('link', { name: 'Import questions' }).click();
  await expect(page.getByRole('heading', { name: 'Import questions' })).toBeVisible();
  await page.getByLabel('Question file').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Check the file' }).click();
  const skipped = page.getByRole('list', { name: 'Skipped questions' });
  await expect(skipped).toContainText('cloze question with image');
  await expect(skipped).toContainText('Cloze (embedded answers) questions are not supported');
  await expect(page.getByRole('list', { name: 'Questions to import' })).toContainText('mcq with image');
  await scan(page, 'the import preview');
  await page.getByRole('button', { name: 'Import 1 question' }).click();

  await expect(page.getByRole('heading', { name: 'Question bank' })).toBeVisible();
  await page.getByLabel('Search questions').fill('mcq with image');
  const row = page.getByRole('link', { name: 'mcq with image' }).first();
  await expect(row).toBeVisible();
  await row.click();

  await expect(page.getByRole('heading', { name: 'Question', exact: true })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await expect(preview.getByText('right answer')).toBeVisible();
  const image = preview.locator('img[src^="/blobs/public/bank/"]');
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await scan(page, 'the question editor');
});

test('the teacher adds a numerical question with a range key and TeX', async ({ browser }) => {
  const page = await signedIn(browser, TEACHER, '/staff/bank/new');
  await expect(page.getByRole('heading', { name: 'Question', exact: true })).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Numerical' });
  await page.getByLabel('Name').fill(`Speed ${RUN}`);
  await page.getByRole('textbox', { name: 'Question text' }).fill('<p>A car covers 100 m in 8 s. Its speed \\(v = d/t\\) in m/s?</p>');
  await page.getByLabel('Answer', { exact: true }).fill('12.4');
  await page.getByLabel('Answer up to (for a range)').fill('12.6');
  await page.getByLabel('Marks', { exact: true }).fill('4');
  await page.getByLabel('Negative marks').fill('1');
  await page.getByLabel('Subject').selectOption({ label: 'Physics' });
  await page.getByLabel('Chapter').fill('Motion');
  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await expect(preview.locator('math')).toHaveCount(1);
  await expect(preview.getByText('Marks +4 / -1')).toBeVisible();
  await scan(page, 'the new question');
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('Saved: version 1.')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/bank\/[0-9a-f]{24}$/);

  await page.getByRole('button', { name: 'Back to the bank' }).click();
  await page.getByLabel('Search questions').fill(`Speed ${RUN}`);
  await expect(page.getByRole('link', { name: `Speed ${RUN}` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Speed ${RUN}`) })).toContainText('Numerical');
});

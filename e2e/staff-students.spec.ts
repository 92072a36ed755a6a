import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN as ADMIN, DEMO_TEACHER as TEACHER, newStaffPage as newPage, scanStaffPage as scan, staffSignIn as signIn } from './staff-e2e';

/**
 * The staff's students and classes (issue 28), by visible labels: an admin makes a class, uploads a
 * CSV with bad rows (each reason shown, nothing written), fixes it and imports it with a progress
 * bar and a summary, and finds the new students; a teacher (Class 10 - A) sees only their class's
 * students, not the new class's, and no upload. axe (0 violations) and no sideways scroll at 1280
 * and 360 px. Names and registration numbers are unique to the run (retries, other workers).
 */

const RUN = `${process.env.TEST_WORKER_INDEX ?? '0'}${Date.now().toString(36)}`.toUpperCase();
const CLASS = `E2E Class ${RUN}`;

const csv = (rows: string[][]) => Buffer.from(['Registration No,Name,Email,Class,Password', ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n');
const ROWS = [
  [`E2E-${RUN}-1`, `Ira ${RUN}`, `ira-${RUN}@example.edu`.toLowerCase(), CLASS, 'secret-1'],
  [`E2E-${RUN}-2`, `Kabir ${RUN}`, 'kabir-at-example', CLASS, 'secret-2'],
  [`E2E-${RUN}-3`, `Lata ${RUN}`, `lata-${RUN}@example.edu`.toLowerCase(), 'No Such Class', 'secret-3'],
];
const FIXED = [ROWS[0]!, [ROWS[1]![0]!, ROWS[1]![1]!, `kabir-${RUN}@example.edu`.toLowerCase(), CLASS, 'secret-2'], [ROWS[2]![0]!, ROWS[2]![1]!, ROWS[2]![2]!, CLASS, 'secret-3']];

// The teacher's test looks for what the admin's test wrote: in order, in one worker.
test.describe.configure({ mode: 'serial' });

async function search(page: Page, text: string) {
  await page.getByLabel('Search students').fill(text);
}

test('an admin uploads a CSV with bad rows, sees each reason with nothing written, fixes it, imports it and finds the students', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  await page.goto('/staff/classes');
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
  await page.getByLabel('New class name').fill(CLASS);
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('table', { name: 'Classes' }).getByRole('row', { name: new RegExp(CLASS) })).toBeVisible();
  await scan(page, 'Classes');

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Students' }).click();
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' })).toBeVisible();
  await scan(page, 'Students');
  await page.getByRole('link', { name: 'Upload students' }).click();
  await expect(page.getByRole('heading', { name: 'Upload students', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download template (XLSX)' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('students-template.csv');

  // The bad file: each bad row with its reason; the Import button names what would be written.
  await page.getByLabel('Spreadsheet (CSV or XLSX)').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csv(ROWS) });
  await page.getByRole('button', { name: 'Check file' }).click();
  const errors = page.getByRole('table', { name: /Rows with errors \(2\)/ });
  await expect(errors.getByRole('row', { name: /Kabir/ })).toContainText('Email is not a valid e-mail address.');
  await expect(errors.getByRole('row', { name: /Lata/ })).toContainText("no class named 'No Such Class'.");
  await expect(page.getByRole('button', { name: 'Import 1 student' })).toBeVisible();
  await scan(page, 'the upload preview');

  // Nothing written: the students list does not know them.
  await page.getByRole('link', { name: 'Students', exact: true }).first().click();
  await search(page, `E2E-${RUN}`);
  await expect(page.getByText('No students match the search and filters.')).toBeVisible();

  // The fixed file: three new students, imported with a progress bar, then the summary.
  await page.getByRole('link', { name: 'Upload students' }).click();
  await page.getByLabel('Spreadsheet (CSV or XLSX)').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csv(FIXED) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('button', { name: 'Import 3 students' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Rows with errors/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 3 students' }).click();
  await expect(page.getByText('Import finished: 3 added, 0 updated, 0 unchanged, 0 not imported.')).toBeVisible({ timeout: 30_000 });
  await scan(page, 'the upload summary');
  await page.getByRole('link', { name: 'See the students' }).click();
  await search(page, `E2E-${RUN}`);
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row')).toHaveCount(4);
  for (const row of FIXED) await expect(table.getByRole('row', { name: new RegExp(row[1]!) })).toContainText(CLASS);

  // One student: edit a flag, disable after a confirmation naming them.
  await table.getByRole('link', { name: `Ira ${RUN}` }).click();
  await expect(page.getByRole('heading', { name: 'Student', level: 1 })).toBeVisible();
  await page.getByRole('switch', { name: 'Hide test review (answers and solutions)' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(`Saved the settings of Ira ${RUN}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog', { name: `Disable Ira ${RUN}?` }).getByRole('button', { name: `Disable Ira ${RUN}` }).click();
  await expect(page.getByText('Status: Disabled')).toBeVisible();
  await scan(page, 'Student');
});

test("a teacher sees only Class 10 - A's students, no upload and no writes", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/staff/students');
  await signIn(page, TEACHER);
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('link', { name: 'Asha Verma' })).toBeVisible();
  const classes = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(classes.length).toBeGreaterThan(0);
  expect(new Set(classes)).toEqual(new Set(['Class 10 - A']));
  await expect(page.getByRole('link', { name: 'Upload students' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add student' })).toHaveCount(0);
  // The admin's new class and its students are not theirs.
  await search(page, `E2E-${RUN}`);
  await expect(page.getByText('No students match the search and filters.')).toBeVisible();
  await scan(page, "the teacher's Students");

  await page.goto('/staff/students/upload');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await page.goto('/staff/classes');
  await expect(page.getByRole('table', { name: 'Classes' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Create class' })).toHaveCount(0);
  await page.goto('/staff/students');
  await page.getByRole('table', { name: 'Students' }).getByRole('link', { name: 'Asha Verma' }).click();
  await expect(page.getByText('Only an admin can change students.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  await scan(page, "the teacher's Student");
});

import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_TEACHER, newStaffPage, scanStaffPage, staffSignIn } from './staff-e2e';

/**
 * Issue 30's audit log: a class made and renamed by an admin is found in the log by its id, with
 * who did it and the name before and after; a teacher is not let in.
 */

const worker = process.env.TEST_WORKER_INDEX ?? '0';

test('an admin finds a record\'s changes in the audit log, with the values before and after', async ({ browser, request }) => {
  const login = await request.post('/api/staff/login', { data: DEMO_ADMIN });
  expect(login.ok()).toBe(true);
  const headers = { 'x-access-token': ((await login.json()) as { token: string }).token };
  const first = `Audit class ${worker}-${Date.now()}`;
  const renamed = `${first} renamed`;
  const created = await request.post('/api/staff/classes', { headers, data: { name: first } });
  expect(created.status()).toBe(201);
  const classId = ((await created.json()) as { class: { id: string } }).class.id;
  expect((await request.patch(`/api/staff/classes/${classId}`, { headers, data: { name: renamed } })).ok()).toBe(true);

  const staff = await newStaffPage(browser);
  await staff.goto('/staff/audit');
  await staffSignIn(staff, DEMO_ADMIN);
  await expect(staff.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Changes made by staff, newest first' })).toBeVisible();

  // The record's id shows its history only: the rename, then the creation.
  await staff.getByLabel('Record id').fill(classId);
  const rows = staff.getByRole('table', { name: 'Changes made by staff, newest first' }).locator('tbody > tr');
  await expect(rows).toHaveCount(2);
  await expect(staff.getByRole('status').filter({ hasText: 'changes' })).toHaveText('2 changes');
  const rename = rows.first();
  await expect(rename).toContainText('Meera Iyer');
  await expect(rename).toContainText(classId);

  // By keyboard: the rename's changes open with Enter, showing the name before and after.
  const show = rename.getByRole('button', { name: 'Show 1 change' });
  await show.focus();
  await staff.keyboard.press('Enter');
  await expect(rename.getByRole('button', { name: 'Hide 1 change' })).toHaveAttribute('aria-expanded', 'true');
  const changes = staff.getByRole('table', { name: /^Changes made at/ });
  await expect(changes.getByRole('row', { name: /name/ })).toContainText(first);
  await expect(changes.getByRole('row', { name: /name/ })).toContainText(renamed);
  await scanStaffPage(staff, 'the audit log with a change open');

  // By person: the admin's name in the Person filter keeps the rows; Clear filters shows the whole log.
  await staff.getByLabel('Person').selectOption({ label: 'Meera Iyer (Admin)' });
  await expect(rows.first()).toContainText(classId);
  await staff.getByRole('button', { name: 'Clear filters' }).click();
  await expect(staff.getByLabel('Record id')).toHaveValue('');
  await expect(staff.getByLabel('Person')).toHaveValue('');
});

test('a teacher is not let into the audit log', async ({ browser }) => {
  const staff = await newStaffPage(browser);
  await staff.goto('/staff/audit');
  await staffSignIn(staff, DEMO_TEACHER);
  await expect(staff.getByText('Not available for your role')).toBeVisible();
  await expect(staff.getByRole('navigation').getByRole('link', { name: 'Audit log' })).toHaveCount(0);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { expectSnackbar, recordSnackbars } from './snackbar-recorder';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * Support queries by the spec's labels and messages (student-portal.md: New Query, Queries list,
 * Query follow-up; sections 4, 5 and 8): a new query with an attachment and the student's reply, and a
 * query the institute answered and closed through `npm run import`. A student of this
 * spec's own (in the demo class), so the demo students' queries stay as they are.
 */

const STUDENT: E2eStudent = { reg_no: 'E2EQUERY1', email: 'query-e2e@example.edu', name: 'Quinn Query', password: 'query-e2e-1' };
const CLOSED_QUERY = 'e2e-query-refund';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3b2a60000000049454e44ae426082', 'hex');

test.beforeAll(() => {
  // One import (each takes seconds): the student, and a query the institute has answered and closed.
  importFixture(E2E_DATA_DIR, 'queries-e2e', {
    students: [STUDENT],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: 'demo-class-10a' }],
    queries: [{ id: CLOSED_QUERY, reg_no: STUDENT.reg_no, query_type_id: 'demo-qt-fees', query_sub_type_id: 'refund', query: 'Please refund the hostel deposit I paid twice.', created_at: '2025-01-02T10:00:00Z' }],
    query_replies: [{ id: 'e2e-query-refund-reply', query_id: CLOSED_QUERY, post_by_name: 'Accounts Office', content: 'The second deposit was refunded to your account today.', created_at: '2025-01-03T10:00:00Z' }],
    query_closures: [{ query_id: CLOSED_QUERY }],
  });
});

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

/** Clicks SUBMIT and expects the alert (a native dialog, accepted as it opens) with this text. */
async function submitExpectingAlert(page: Page, text: string) {
  const shown = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  expect(await shown).toBe(text);
}

test('a new query with an attachment and a reply; a closed query with the institute\'s reply', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, STUDENT);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await recordSnackbars(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // /queries: no queries yet; NEW QUERY opens the form.
  await page.goto('/queries');
  await expect(page.getByRole('heading', { name: 'Queries', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'NEW QUERY' }).click();
  await expect(page).toHaveURL('/query-new');

  // Section 5: every field's message and the alert of an invalid form.
  await submitExpectingAlert(page, 'Please resolve all the fields!');
  await expect(page.getByText('Field is required')).toHaveCount(3);
  await page.getByLabel('Message').fill('too short');
  await page.getByLabel('Message').blur();
  await expect(page.getByText('Field is too short (min 10 character)')).toBeVisible();
  await expectAccessible(page, 'New Query with its messages, 1280 px');

  await page.getByRole('combobox', { name: 'Query Type', exact: true }).selectOption({ label: 'Technical' });
  await page.getByRole('combobox', { name: 'Sub Type', exact: true }).selectOption({ label: 'Login problem' });
  await page.getByLabel('Subject (optional)').selectOption({ label: 'Physics' });
  await page.getByLabel('Message').fill('I am signed out every few minutes on my phone.');
  await page.getByLabel('Attachment (.pdf, .png, .jpg, .jpeg)').setInputFiles({ name: 'signed-out.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expectSnackbar(page, 'Query submitted!', 'success');
  await expect(page).toHaveURL('/queries');

  // The list: the new query, open (red), with Follow up.
  const row = page.getByRole('row').filter({ hasText: 'I am signed out every few minutes' });
  await expect(row).toContainText('Technical');
  await expect(row).toContainText('Login problem');
  await expect(row).toContainText('Physics');
  await expect(row.getByText('Open', { exact: true })).toHaveClass(/bg-red-100/);
  await row.getByRole('link', { name: /^Follow up/ }).click();
  await expect(page).toHaveURL(/\/queries\/[0-9a-f]{24}$/);

  // The query's attachment opens from its signed URL; no replies yet.
  const attachment = page.getByRole('link', { name: /^Attachment/ });
  expect((await request.get(await attachment.getAttribute('href') as string)).status()).toBe(200);
  await expect(page.getByText('No replies yet.')).toBeVisible();

  // Section 5, Reply: too short is an alert; then the reply is sent and the query reloads.
  await page.getByLabel('Your reply').fill('short');
  await submitExpectingAlert(page, 'Type reply and it should not be less than 10 characters');
  await page.getByLabel('Your reply').fill('It happens on the school Wi-Fi only.');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expectSnackbar(page, 'Reply submitted!', 'success');
  await expect(page.getByRole('row').filter({ hasText: 'It happens on the school Wi-Fi only.' })).toContainText(STUDENT.name);
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  // A query the institute answered and closed (through npm run import): its reply in the thread, no reply box, BACK.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/queries/${CLOSED_QUERY}`);
  await expect(page.getByRole('row').filter({ hasText: 'The second deposit was refunded' })).toContainText('Accounts Office');
  await expect(page.getByText('The query is closed!')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await expectAccessible(page, 'a closed query with its thread, 360 px');
  await page.getByRole('button', { name: 'BACK' }).click();
  await expect(page).toHaveURL('/queries');
  await expect(page.getByRole('row').filter({ hasText: 'Please refund the hostel deposit' }).getByText('Closed', { exact: true })).toHaveClass(/bg-teal-100/);
  await expect(page.getByRole('row').filter({ hasText: 'I am signed out every few minutes' }).getByText('Open', { exact: true })).toBeVisible();
});

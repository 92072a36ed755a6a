import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * Certificates by the spec's labels (student-portal.md: Certificates, sections 3, 4, 9): a
 * delivered certificate downloaded from its signed link, then a Character Certificate requested,
 * paid on the admin page through the gateway simulator, and listed once that window is closed.
 * A student of this spec's own, so the demo students' lists stay as they are.
 */

const STUDENT: E2eStudent = { reg_no: 'E2ECERT1', email: 'cert-e2e@example.edu', name: 'Chitra Certificate', password: 'cert-e2e-1' };

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'certificates-e2e', {
    students: [STUDENT],
    // The demo's types; the demo's certificate PDF stands in for this student's delivered one.
    certificate_requests: [
      { id: 'e2e-cert-bonafide', reg_no: STUDENT.reg_no, type_id: 'demo-cert-bonafide', status: 'delivered', file: 'DEMO001-bonafide.pdf', paid_at: '2025-01-02T10:00:00Z', updated_at: '2025-01-05T10:00:00Z' },
    ],
  });
});

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

test('a delivered certificate downloads; a certificate paid for on the admin page is listed when its window closes', async ({ page, request }) => {
  const token = await apiToken(request, STUDENT);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/certificates');
  const list = page.getByTestId('certificate-requests');
  for (const header of ['Certificate', 'Fee Amount', 'Status', 'Last update', 'Download']) await expect(list.getByRole('columnheader', { name: header })).toBeVisible();
  const bonafide = list.getByRole('row', { name: /Bonafide Certificate/ });
  await expect(bonafide).toContainText('Rs 100.00');
  await expect(bonafide).toContainText('Delivered');
  const [download] = await Promise.all([page.waitForEvent('download'), bonafide.getByRole('link', { name: 'Download Bonafide Certificate' }).click()]);
  expect(download.suggestedFilename()).toBe('Bonafide Certificate.pdf');
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: 'Request Certificate' }).click();
  await expect(page).toHaveURL('/certificate-request');
  const character = page.getByTestId('certificate-types').getByRole('row', { name: /Character Certificate/ });
  await expect(character).toContainText('Rs 150.00');
  await character.getByRole('button', { name: 'Request Character Certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Character Certificate' });
  await expect(dialog).toContainText('It will redirect to payment page. Once the payment is successfull the request will be generated.');
  await expect(dialog.locator('button', { hasText: 'Close' })).toBeVisible();
  await expectAccessible(page, 'the request dialog at 1280 px');

  // Pay Now: the admin page in its own window, then the gateway's page, then back to the admin page.
  const [admin] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Pay Now' }).click()]);
  await expect(admin).toHaveURL(/\/admin\/certificate-request\?type=demo-cert-character&student=/);
  await expect(admin.getByRole('heading', { name: 'Certificate Request' })).toBeVisible();
  await expect(admin.locator('dl')).toContainText('Chitra Certificate');
  await admin.getByRole('button', { name: 'Pay Rs 150.00' }).click();
  await expect(admin).toHaveURL(/\/gateway\/checkout\?order_id=order_/);
  await admin.getByRole('button', { name: 'Pay Rs 150.00' }).click();
  await expect(admin.getByText('Your certificate request has been generated.')).toBeVisible();
  // Still open: the portal waits. Closed: the list, loaded afresh, has the new request.
  await expect(page.getByRole('status').filter({ hasText: 'Paying for Character Certificate' })).toBeVisible();
  await admin.close();
  await expect(page).toHaveURL('/certificates');
  const paid = list.getByRole('row', { name: /Character Certificate/ });
  await expect(paid).toContainText('Rs 150.00');
  await expect(paid).toContainText('Pending');
  await expect(paid.getByRole('link')).toHaveCount(0);

  // Rows per page (10, 20, 50) and the phone's layout.
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  await expect(page.getByRole('navigation', { name: 'Certificate request pages' })).toContainText('1-2 of 2');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page, '/certificates at 360 px');
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';

export const DEMO = {
  first: { email: 'student@example.edu', regNo: 'DEMO001', password: 'demo1234', name: 'Asha Verma' },
  second: { email: 'second@example.edu', regNo: 'DEMO002', password: 'demo1234', name: 'Rohan Mehta' },
  unverified: { email: 'new@example.edu', regNo: 'DEMO003', password: 'demo1234', name: 'Neha Singh' },
} as const;

/** Signs in through the login form, as a student would, and waits for the redirect. */
export async function signIn(page: Page, identifier: string, password: string, nextPath = '/') {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email or Reg. No.').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === nextPath, { timeout: 10_000 });
}

/**
 * Account -> Logout, waiting for the reload the portal makes 500 ms later (spec), so a navigation
 * the test makes next is not cut short by it.
 */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  await reloaded;
}

export const snackbar = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ }).last();

/** The one-time codes the embedded server "sent" (its mail catcher file). */
export function lastOtpFor(regNo: string): string {
  const lines = readFileSync(join(E2E_DATA_DIR, 'outbox.jsonl'), 'utf8').trim().split('\n');
  const entries = lines.map((line) => JSON.parse(line) as { reg_no?: string; otp?: string });
  const entry = entries.reverse().find((item) => item.reg_no === regNo && item.otp);
  if (!entry?.otp) throw new Error(`No code was sent to ${regNo}`);
  return entry.otp;
}

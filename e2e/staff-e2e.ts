import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

/** The demo staff of the seed (README's demo table). */
export const STAFF_PASSWORD = 'demo1234';
export const DEMO_ADMIN = { email: 'admin@example.edu', password: STAFF_PASSWORD };
export const DEMO_TEACHER = { email: 'teacher@example.edu', password: STAFF_PASSWORD };
export const DEMO_PROCTOR = { email: 'proctor@example.edu', password: STAFF_PASSWORD };

export const STAFF_SIZES = [{ width: 1280, height: 800 }, { width: 360, height: 740 }] as const;
/** axe's experimental rules that the portal's accessibility.spec.ts turns on too. */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'td-has-header', 'focus-order-semantics', 'hidden-content'];

/** axe at both sizes (0 violations), and no sideways scroll of the page or of the staff frame. */
export async function scanStaffPage(page: Page, where: string): Promise<void> {
  const before = page.viewportSize() ?? STAFF_SIZES[0];
  await expect(page.locator('.loading:visible')).toHaveCount(0, { timeout: 15_000 });
  for (const size of STAFF_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'], rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])) })
      .exclude('[data-focus-guard]')
      .analyze();
    expect.soft(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `axe on ${where} at ${size.width}px`).toEqual([]);
    const sideways = await page.evaluate(() => {
      const frame = document.querySelector('[data-testid="staff-frame"]');
      return document.documentElement.scrollWidth > window.innerWidth || (frame !== null && frame.scrollWidth > frame.clientWidth);
    });
    expect.soft(sideways, `no sideways scroll on ${where} at ${size.width}px`).toBe(false);
  }
  await page.setViewportSize(before);
}

/** A page of its own (a fresh context: no session) at the desktop size. */
export async function newStaffPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: STAFF_SIZES[0] })).newPage();
}

/** The staff sign-in form, filled and sent (the page is already on it). */
export async function staffSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

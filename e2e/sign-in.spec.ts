import { expect, test } from '@playwright/test';
import { DEMO, lastOtpFor, signIn, snackbar } from './support';

test('a visit that needs a login goes to sign-in and comes back to the page asked for', async ({ page }) => {
  // A page with a query: the whole address comes back. (A test that does not exist would send the
  // student on to Scheduled Tests, so a real screen is asked for.)
  await page.goto('/study?type=assignment');
  await expect(page).toHaveURL('/auth/login?nextUrl=%2Fstudy%3Ftype%3Dassignment');
  await expect(page.getByText('Please log in to continue!')).toBeVisible();
  await signIn(page, DEMO.first.email, DEMO.first.password, '/study?type=assignment');
  await expect(page).toHaveTitle('Study Material');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the login form says what is missing or wrong', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Required.')).toHaveCount(2);
  await page.getByLabel('Email or Reg. No.').fill(DEMO.first.email);
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Min 6 characters')).toBeVisible();
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(snackbar(page)).toContainText('Invalid email/registration number or password.');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a student signs in with the registration number and sees the welcome card', async ({ page }) => {
  await signIn(page, DEMO.first.regNo.toLowerCase(), DEMO.first.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.first.name}!` })).toBeVisible();
  await expect(page).toHaveTitle('Institute Management System');
});

test('a network failure says to check the connection', async ({ page }) => {
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await page.goto('/auth/login');
  await page.getByLabel('Email or Reg. No.').fill(DEMO.first.email);
  await page.getByLabel('Password').fill(DEMO.first.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(snackbar(page)).toContainText('Please check your internet connection!');
});

test('an account that is not verified yet signs in with the code it was sent', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email or Reg. No.').fill(DEMO.unverified.regNo);
  await page.getByLabel('Password').fill(DEMO.unverified.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
  await page.getByLabel('OTP').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(snackbar(page)).toContainText('The code is wrong or has expired.');
  await page.getByLabel('OTP').fill(lastOtpFor(DEMO.unverified.regNo));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.unverified.name}!` })).toBeVisible();
});

test('an expired or forged token counts as logged out', async ({ page }) => {
  await page.goto('/auth/login');
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = `${encode({ alg: 'HS256' })}.${encode({ id: 'x', name: 'Old', email: 'o@x', meritpoints: 0, avatar: null, config: {}, exp: 1_000 })}.sig`;
  await page.evaluate((token) => localStorage.setItem('jwt_token', token), expired);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?nextUrl=%2Fprofile/);
  // A well-formed but forged token is refused by the server: the 401 clears it.
  const forged = `${encode({ alg: 'HS256' })}.${encode({ id: 'x', name: 'Forged', email: 'f@x', meritpoints: 0, avatar: null, config: {}, exp: 4_000_000_000 })}.sig`;
  await page.evaluate((token) => localStorage.setItem('jwt_token', token), forged);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Student Login' })).toBeVisible();
});

test('signing out says so for the message its full time, across the reload that follows', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  // The account button shows the student's name (its accessible name may be either).
  await page.getByRole('button', { name: new RegExp(`Account|${DEMO.first.name}`) }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  const clickedAt = Date.now();
  const message = page.getByRole('status').getByText('Signed out successfully!');
  await expect(message).toBeVisible();
  // The spec's reload after 500 ms comes, and the message is still there after about 1.5 s: on
  // the new page, for the rest of its time from when that page shows (a busy machine may take
  // seconds to show it, so the wait for it is not the message's own time).
  await reloaded;
  await page.waitForTimeout(Math.max(0, 1_500 - (Date.now() - clickedAt)));
  await expect(message).toBeVisible({ timeout: 5_000 });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Student Login' })).toBeVisible();
  // And then it goes, as every snackbar does.
  await expect(message).toBeHidden({ timeout: 3_000 });
});

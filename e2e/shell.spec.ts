import { expect, test } from '@playwright/test';
import { DEMO, logOut, signIn, snackbar } from './support';

test('the menu and home tiles follow the student config', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  const tiles = page.getByRole('navigation', { name: 'Home tiles' });
  await expect(tiles.getByRole('link')).toHaveCount(14);
  await expect(tiles.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of ['Home', 'Desk', 'My Fee', 'Certificate', 'Video Lecture', 'Profile', 'Query']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('link', { name: 'Change Password' })).toHaveCount(0);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  await reloaded;
  await expect(page.getByRole('link', { name: 'Student Login' })).toBeVisible();

  await signIn(page, DEMO.second.regNo, DEMO.second.password);
  await expect(page.getByRole('navigation', { name: 'Home tiles' }).getByRole('link')).toHaveCount(10);
  await page.getByRole('button', { name: 'Open menu' }).click();
  for (const hidden of ['Desk', 'My Fee', 'Certificate', 'Video Lecture']) {
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await expect(menu.getByRole('link', { name: 'Assessment' })).toBeVisible();
});

test('logout signs out, returns home and protects pages again', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await logOut(page);
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Student Login' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('auth')])).toEqual([null, null]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?nextUrl=%2Fprofile/);
});

test('change password checks the form, updates the password and keeps the session', async ({ page }) => {
  const student = DEMO.second;
  await signIn(page, student.email, student.password);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL('/password/change');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required.')).toHaveCount(3);
  await page.getByLabel('Old Password').fill('not-my-password');
  await page.getByLabel('Password', { exact: true }).fill('newpass99');
  await page.getByLabel('Confirm Password').fill('newpass98');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Password doesn't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('newpass99');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Old password is incorrect.' })).toBeVisible();

  await page.getByLabel('Old Password').fill(student.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toContainText('Password updated!');
  // The session survives the change: a reload keeps the student signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  // The new password works and the old one no longer does; then put it back for other tests.
  await logOut(page);
  await expect(page.getByRole('link', { name: 'Student Login' })).toBeVisible();
  await page.goto('/auth/login');
  await page.getByLabel('Email or Reg. No.').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(snackbar(page)).toContainText('Invalid email/registration number or password.');
  await signIn(page, student.email, 'newpass99');
  await page.goto('/password/change');
  await page.getByLabel('Old Password').fill('newpass99');
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByLabel('Confirm Password').fill(student.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toContainText('Password updated!');
});

test('the chosen theme is applied and kept after a reload', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(await primary()).toBe('#4338ca');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('button', { name: /Crimson/ }).click();
  await expect(page.getByText('Theme applied successfully')).toBeVisible();
  expect(await primary()).toBe('#be123c');
  await page.reload();
  expect(await primary()).toBe('#be123c');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('2');
});

test('the shell works at 360 px, by keyboard, with the context menu off', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO.first.email, DEMO.first.password);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Keyboard from a fresh load: reach the menu button, open the drawer, follow an entry.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Assessment' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/test');
  await expect(page.getByRole('heading', { name: 'Scheduled Tests' })).toBeVisible();
  const prevented = await page.evaluate(() => {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(true);
});

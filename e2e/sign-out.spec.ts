import { expect, test } from '@playwright/test';
import { DEMO, logOut, signIn } from './support';

test('logging out ends the session on the server: the old token is refused', async ({ page, request }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  expect(token).toBeTruthy();
  const headers = { 'x-access-token': token as string };
  expect((await request.get('/api/user', { headers })).status()).toBe(200);

  await logOut(page);
  await expect(page.getByRole('link', { name: 'Student Login' })).toBeVisible();

  // A copy of the token kept elsewhere (another tab, a stolen one) no longer works.
  await expect.poll(async () => (await request.get('/api/user', { headers })).status()).toBe(401);
  expect((await request.get('/api/test/list', { headers })).status()).toBe(401);
});

import { test as plainTest } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env';
import { expect, test } from './extension-fixture';
import { DEMO, signIn } from './support';

test('the portal pairs with the extension: the top bar and the popup both say so', async ({ context, page, openPopup }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await expect(page.getByText('Extension connected')).toBeVisible();
  const popup = await openPopup(await context.newPage());
  await expect(popup.getByRole('status')).toHaveText(`Connected to ${E2E_BASE_URL}`);
  // Closing the portal's tab ends the pairing.
  await page.close();
  await popup.reload();
  await expect(popup.getByRole('status')).toHaveText('Not connected');
});

test('the sign-in page pairs too, before any login', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByText('Extension connected')).toBeVisible();
});

plainTest('without the extension the top bar claims nothing', async ({ page }) => {
  await page.goto('/auth/login');
  // The portal asks for about five seconds; wait past that.
  await page.waitForTimeout(6_000);
  await expect(page.getByText('Extension connected')).toHaveCount(0);
});

plainTest('a forged answer from a window of another origin is ignored', async ({ context, page }) => {
  const foreign = 'http://127.0.0.1:18081';
  await context.route(`${foreign}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Foreign</title><p>Foreign page</p>' }),
  );
  await page.goto(`${foreign}/`);
  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate((url) => {
      const target = window.open(`${url}/auth/login`);
      // Post forged acks at the portal, in the protocol's shape, for its whole pairing window.
      const timer = setInterval(() => {
        target?.postMessage(
          {
            channel: 'invigil', direction: 'to-portal', type: 'PAIR_ACK', id: 'forgedforgedforgedforged',
            payload: { nonce: 'forgedforgedforgedforged', protocolVersion: 1, extensionVersion: '9.9.9', origin: url },
          },
          '*',
        );
      }, 100);
      setTimeout(() => clearInterval(timer), 7_000);
    }, E2E_BASE_URL),
  ]);
  await portal.waitForLoadState();
  await portal.waitForTimeout(7_000);
  await expect(portal.getByText('Extension connected')).toHaveCount(0);
});

import { test as plainTest } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env';
import { expect, test } from './extension-fixture';
import { DEMO, signIn } from './support';

test('the portal pairs with the extension: the top bar and the popup both say so', async ({ context, page, openPopup, openActionPopup }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await expect(page.getByText('Extension connected')).toBeVisible();
  // Opened from the toolbar over the portal's tab: connected, nothing to explain.
  const overPortal = await openActionPopup(page);
  await expect.poll(() => overPortal.text()).toContain(`Connected to ${E2E_BASE_URL}`);
  expect(await overPortal.text()).not.toContain('Build it');
  const popup = await openPopup(await context.newPage());
  await expect(popup.getByRole('status')).toHaveText(`Connected to ${E2E_BASE_URL}`);
  // Closing the portal's tab ends the pairing.
  await page.close();
  await popup.reload();
  await expect(popup.getByRole('status')).toHaveText('Not connected');
});

test('on an origin it was not built for, the popup says why, which origins it trusts, and how to build it for this one', async ({ context, page, openActionPopup }, testInfo) => {
  const other = 'http://127.0.0.1:18081';
  await context.route(`${other}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Portal on another port</title><p>Portal on another port</p>' }),
  );
  await page.goto(`${other}/auth/login`);
  const popup = await openActionPopup(page);
  await expect.poll(() => popup.text()).toContain(`This tab's origin, ${other}, is not one this extension was built for`);
  const text = await popup.text();
  expect(text).toContain('Not connected');
  // The e2e build trusts exactly the test server.
  expect(text).toMatch(new RegExp(`It trusts\\s+${E2E_BASE_URL.replaceAll('.', '\\.')}`));
  expect(text).toContain(`PLASMO_PUBLIC_PORTAL_ORIGINS=${other} npm run build -w extension`);
  await popup.screenshot(testInfo.outputPath('popup-untrusted-origin.png'));
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

plainTest('without the extension, the device check says none is connected and links to how to get or build one', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test/demo-mcq/ready-check');
  const coverage = page.getByRole('region', { name: 'What this browser can watch' });
  await expect(coverage.getByRole('note', { name: 'Extension' })).toContainText(`No extension is connected on this page (${E2E_BASE_URL}), so this page watches what it can.`, { timeout: 10_000 });
  await coverage.getByRole('link', { name: 'How to get the extension, or build it for this address' }).click();
  await expect(page).toHaveURL('/troubleshoot/guide/extension');
  await expect(page.getByRole('heading', { level: 1, name: 'The Invigil Proctor extension' })).toBeVisible();
  await expect(page.getByText(`PLASMO_PUBLIC_PORTAL_ORIGINS=${E2E_BASE_URL} npm run build -w extension`, { exact: true })).toBeVisible();
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

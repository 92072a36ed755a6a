import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { chromium, expect, test as base, type BrowserContext, type Page } from '@playwright/test';

/**
 * Playwright fixtures that run Chromium with the Invigil extension loaded.
 *
 *   import { test, expect } from './extension-fixture';
 *   test('...', async ({ page, extensionId, openPopup }) => { ... });
 *
 * - `context`: a fresh persistent Chromium context (temporary profile) with the extension from
 *   EXTENSION_DIR (default extension/build/chrome-mv3-e2e, built by `scripts/build-extension.sh e2e`,
 *   which trusts only http://127.0.0.1:18080). Headless, /usr/bin/chromium (or CHROMIUM_PATH).
 * - `page`: the context's first tab.
 * - `extensionId`: read from the extension's service worker URL.
 * - `openPopup(page)`: shows the extension popup (popup.html) in `page` and returns it.
 */

/** The id Chrome derives from the public key pinned in extension/package.json "manifest.key". */
export const PINNED_EXTENSION_ID = 'gecddphgnmkdcocohcieolkggkjdpdlp';

export const EXTENSION_DIR =
  process.env.EXTENSION_DIR ?? fileURLToPath(new URL('../extension/build/chrome-mv3-e2e', import.meta.url));

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's flags for a quiet browser with the unpacked extension loaded (specs add their own). */
export const EXTENSION_ARGS: readonly string[] = [
  `--disable-extensions-except=${EXTENSION_DIR}`,
  `--load-extension=${EXTENSION_DIR}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface ExtensionFixtures {
  extensionId: string;
  openPopup: (page: Page) => Promise<Page>;
}

export const test = base.extend<ExtensionFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
  context: async ({}, use) => {
    if (!existsSync(`${EXTENSION_DIR}/manifest.json`)) {
      throw new Error(`No built extension in ${EXTENSION_DIR}: run "scripts/build-extension.sh e2e" (or set EXTENSION_DIR).`);
    }
    const context: BrowserContext = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...EXTENSION_ARGS],
    });
    await use(context);
    await context.close();
  },

  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },

  extensionId: async ({ context }, use) => {
    let worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    if (!worker) worker = await context.waitForEvent('serviceworker', (w) => w.url().startsWith('chrome-extension://'));
    const id = new URL(worker.url()).host;
    await use(id);
  },

  openPopup: async ({ extensionId }, use) => {
    await use(async (page) => {
      await page.goto(`chrome-extension://${extensionId}/popup.html`);
      return page;
    });
  },
});

export { expect };

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { parseToPortal, type ToExtensionMessage, type ToPortalMessage } from '@invigil/shared/protocol/messages';

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
 * - `openActionPopup(page)`: opens the real popup over `page`'s tab, as a click on the toolbar
 *   button does (so `activeTab` applies), and returns a handle to read it and take its picture.
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

/** The popup Chrome opens from the toolbar button: not a Playwright page, so read over DevTools. */
export interface ActionPopup {
  /** The popup's visible text. */
  text(): Promise<string>;
  /** A PNG of the popup, written to `path`. */
  screenshot(path: string): Promise<void>;
}

export interface ExtensionFixtures {
  extensionId: string;
  openPopup: (page: Page) => Promise<Page>;
  openActionPopup: (page: Page) => Promise<ActionPopup>;
}

type SendCdp = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/**
 * Clicks the extension's toolbar button for `page`'s tab (DevTools' Extensions.triggerAction, which
 * needs --enable-unsafe-extension-debugging and a pipe connection, as Playwright's launch has), then
 * attaches to the popup it opens.
 */
async function openActionPopup(context: BrowserContext, extensionId: string, page: Page): Promise<ActionPopup> {
  const browser = context.browser();
  if (!browser) throw new Error('No browser connection for the toolbar button.');
  const session = await browser.newBrowserCDPSession();
  const send = session.send.bind(session) as unknown as SendCdp;
  // Tab targets are listed only when asked for by type.
  const targets = async () => ((await send('Target.getTargets', { filter: [{ type: 'tab' }, { type: 'page' }] })) as { targetInfos: { targetId: string; type: string; url: string }[] }).targetInfos;
  const tabs = (await targets()).filter((target) => target.type === 'tab' && target.url === page.url());
  if (tabs.length !== 1) throw new Error(`Expected one tab at ${page.url()}, found ${tabs.length}.`);
  await send('Extensions.triggerAction', { id: extensionId, targetId: tabs[0]?.targetId });
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  let popup: { targetId: string } | undefined;
  await expect.poll(async () => (popup = (await targets()).find((target) => target.type === 'page' && target.url === popupUrl))).toBeTruthy();
  const { sessionId } = (await send('Target.attachToTarget', { targetId: popup?.targetId, flatten: false })) as { sessionId: string };
  let nextId = 1;
  const waiting = new Map<number, (reply: { result?: unknown; error?: { message: string } }) => void>();
  session.on('Target.receivedMessageFromTarget', (event: { sessionId?: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
  });
  const inPopup = <T>(method: string, params: Record<string, unknown>) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (reply) => (reply.error ? reject(new Error(reply.error.message)) : resolve(reply.result as T)));
      void send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  return {
    async text() {
      const reply = await inPopup<{ result: { value?: string } }>('Runtime.evaluate', { expression: 'document.body.innerText', returnByValue: true });
      return reply.result.value ?? '';
    },
    async screenshot(path) {
      const { data } = await inPopup<{ data: string }>('Page.captureScreenshot', { format: 'png' });
      writeFileSync(path, Buffer.from(data, 'base64'));
    },
  };
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
      // The toolbar button is clicked over DevTools (openActionPopup).
      args: [...EXTENSION_ARGS, '--enable-unsafe-extension-debugging'],
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

  openActionPopup: async ({ context, extensionId }, use) => {
    await use((page) => openActionPopup(context, extensionId, page));
  },
});

export { expect };

/** The product build (scripts/build-extension.sh builds it before the e2e one): trusts the local portal on :8080 only. */
export const PROD_EXTENSION_DIR = fileURLToPath(new URL('../extension/build/chrome-mv3-prod', import.meta.url));

/**
 * Why Chromium cannot be given a managed policy of its own here, or null when it can. Debian's
 * chromium reads policies machine-wide from /etc/chromium/policies/managed; other specs' browsers
 * run at the same time, so a test never writes there. It runs its browser in a mount namespace of
 * its own instead (`unshare --mount`, needs root or CAP_SYS_ADMIN) with a temporary folder bound
 * over /etc/chromium: only that browser sees the policy.
 */
export function policyBrowserUnavailable(): string | null {
  if (!existsSync('/etc/chromium')) return 'no /etc/chromium (not Debian chromium)';
  const probe = spawnSync('unshare', ['--mount', '--propagation', 'private', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? null : 'unshare --mount is not permitted here (needs root or CAP_SYS_ADMIN)';
}

/**
 * A persistent headless Chromium with `extensionDir` loaded and `policy` as its machine policy
 * (Chrome's policy JSON, e.g. {"3rdparty": {"extensions": {"<id>": {...}}}}), seen by this browser
 * only (see policyBrowserUnavailable). Returns the context and a function that replaces the policy
 * while it runs (Chromium notices the file change within seconds). Close the context when done.
 */
export async function launchWithPolicy(extensionDir: string, policy: Record<string, unknown>): Promise<{ context: BrowserContext; setPolicy: (next: Record<string, unknown>) => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'invigil-policy-'));
  const etc = join(dir, 'etc-chromium');
  mkdirSync(join(etc, 'policies', 'managed'), { recursive: true });
  // Keep the machine's other settings for this browser (Debian ships master_preferences there).
  for (const name of readdirSync('/etc/chromium')) {
    if (name !== 'policies') cpSync(join('/etc/chromium', name), join(etc, name), { recursive: true });
  }
  const policyFile = join(etc, 'policies', 'managed', 'invigil-test.json');
  const setPolicy = (next: Record<string, unknown>) => {
    // Written beside it and renamed in, so Chromium never reads half a file.
    writeFileSync(`${policyFile}.tmp`, JSON.stringify(next));
    renameSync(`${policyFile}.tmp`, policyFile);
  };
  setPolicy(policy);
  const wrapper = join(dir, 'chromium-with-policy.sh');
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec unshare --mount --propagation private /bin/sh -c 'mount --bind "$0" /etc/chromium && browser="$1" && shift && exec "$browser" "$@"' ${JSON.stringify(etc)} ${JSON.stringify(CHROMIUM_PATH)} "$@"\n`,
    { mode: 0o755 },
  );
  const args = EXTENSION_ARGS.map((arg) => arg.replaceAll(EXTENSION_DIR, extensionDir));
  const context = await chromium.launchPersistentContext('', {
    executablePath: wrapper,
    headless: true,
    args: [...args, '--enable-unsafe-extension-debugging'],
  });
  context.on('close', () => rmSync(dir, { recursive: true, force: true }));
  return { context, setPolicy };
}

/** The toolbar popup over `page` in a context launched by launchWithPolicy (as the fixture's openActionPopup). */
export function openActionPopupIn(context: BrowserContext, extensionId: string, page: Page): Promise<ActionPopup> {
  return openActionPopup(context, extensionId, page);
}

/** Posts `request` from the page as the portal does and returns the extension's answer, or null after `timeoutMs`. */
export async function askExtension(page: Page, request: ToExtensionMessage, timeoutMs = 1_500): Promise<ToPortalMessage | null> {
  const answer = await page.evaluate(
    ({ request, timeoutMs }) =>
      new Promise<unknown>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { direction?: string; id?: string } | null;
          if (event.source !== window || data?.direction !== 'to-portal' || data.id !== request.id) return;
          clearTimeout(timer);
          window.removeEventListener('message', onMessage);
          resolve(data);
        };
        const timer = setTimeout(() => {
          window.removeEventListener('message', onMessage);
          resolve(null);
        }, timeoutMs);
        window.addEventListener('message', onMessage);
        window.postMessage(request, location.origin);
      }),
    { request, timeoutMs },
  );
  return answer === null ? null : parseToPortal(answer);
}

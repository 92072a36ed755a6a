import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * Notifications by the spec's labels (student-portal.md: Menu and top bar, Notifications and theme,
 * sections 4, 8, 9): the bell's unread count, the list (title, content, attachment, relative time),
 * opening one marks it read, 'Mark all read?' confirmed, 'No unread notification'; the desk's
 * notifications toggle and its messages; the web app's installability and its offline page.
 * A student of this spec's own, without a class, so the demo students keep their unread ones.
 */

const STUDENT: E2eStudent = { reg_no: 'E2ENOTE1', email: 'notify-e2e@example.edu', name: 'Nina Notify', password: 'notify-e2e-1' };
const MINUTE = 60_000;

test.beforeAll(() => {
  const now = Date.now();
  const at = (ms: number) => new Date(now - ms).toISOString();
  importFixture(E2E_DATA_DIR, 'notifications-e2e', {
    students: [STUDENT],
    notifications: [
      { id: 'e2e-note-timetable', title: 'E2E: Timetable changed', content: 'Physics moves to 10:00 on Friday.', audience: 'student', reg_no: STUDENT.reg_no, created_at: at(10 * MINUTE), push: false },
      {
        id: 'e2e-note-sheet', title: 'E2E: Formula sheet', content: 'The formula sheet for the unit test.\nPrint it before Friday.', attachments: ['/blobs/public/demo/formula-sheet.pdf'],
        audience: 'student', reg_no: STUDENT.reg_no, created_at: at(3 * 60 * MINUTE), push: false,
      },
      { id: 'e2e-note-old', title: 'E2E: Library hours', content: 'The library opens at 8.', audience: 'student', reg_no: STUDENT.reg_no, created_at: at(3 * 24 * 60 * MINUTE), read_by: [STUDENT.reg_no], push: false },
    ],
  });
});

const snack = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications: / });

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

async function signedIn(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
}

test('the bell, the list, opening one, Mark all read? and No unread notification', async ({ page, request }) => {
  // Two axe scans take most of its time.
  test.setTimeout(90_000);
  const token = await apiToken(request, STUDENT);
  const headers = { 'x-access-token': token };
  const listed = async () => (await (await request.get('/api/notifications', { headers })).json()) as { data: { id: string; read_at: number | null }[]; unread: number };
  // Ours (2 unread) and whatever goes to everyone in this run's data.
  const unread = (await listed()).unread;
  expect(unread).toBeGreaterThanOrEqual(2);

  await signedIn(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName(`Notifications: ${unread} unread`);
  await expect(page.getByTestId('notifications-badge')).toHaveText(String(unread));

  // By keyboard: the bell opens the list, Escape closes it and gives the bell its focus back.
  await bell(page).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(`${unread} unread`);
  const timetable = panel.getByRole('button', { name: /E2E: Timetable changed/ });
  const sheet = panel.getByRole('button', { name: /E2E: Formula sheet/ });
  await expect(timetable).toContainText(/(?<!\d)1\d minutes ago/);
  await expect(sheet).toContainText('3 hours ago');
  await expect(timetable).toHaveAccessibleName(/, Unread/);
  await expect(panel.getByRole('button', { name: /E2E: Library hours/ })).toContainText('3 days ago');
  await expect(panel.getByRole('button', { name: /E2E: Library hours/ })).not.toHaveAccessibleName(/unread/i);
  await page.screenshot({ path: test.info().outputPath('list-1280.png') });
  await expectAccessible(page, 'notifications list, desktop');

  // Opening one shows its content and attachment and marks it read (on the server too).
  await sheet.focus();
  await page.keyboard.press('Enter');
  await expect(sheet).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText('Print it before Friday.')).toBeVisible();
  const attachment = panel.getByRole('link', { name: /formula-sheet\.pdf/ });
  await expect(attachment).toHaveAttribute('href', '/blobs/public/demo/formula-sheet.pdf');
  await expect(attachment).toHaveAttribute('target', '_blank');
  await expect(sheet).not.toHaveAccessibleName(/unread/i);
  await expect(panel.getByRole('status')).toHaveText(`${unread - 1} unread`);
  await expect.poll(async () => (await listed()).data.find((item) => item.id === 'e2e-note-sheet')?.read_at).not.toBeNull();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAccessibleName(`Notifications: ${unread - 1} unread`);

  // Mark all read? is asked first: Cancel changes nothing.
  await page.setViewportSize({ width: 360, height: 740 });
  await bell(page).click();
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark all read?' });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('confirm-360.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('status')).toHaveText(`${unread - 1} unread`);
  await page.screenshot({ path: test.info().outputPath('list-360.png') });
  await expectAccessible(page, 'notifications list, phone');

  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await confirm.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByRole('status')).toHaveText('No unread notification');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  expect((await listed()).unread).toBe(0);
  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(bell(page)).toHaveAccessibleName('Notifications: no unread');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});

/**
 * A stand-in for the browser's push service, which headless Chromium cannot reach ("Registration
 * failed"): PushManager gives a subscription with a real P-256 key, as a browser's would, so the
 * server accepts it; everything else (permission, service worker, POST /fcm-token) is real.
 */
// Plain JavaScript, as the page runs it (no transpiler helpers).
const STAND_IN_PUSH_SERVICE = `(() => {
  let current = null;
  const toBase64Url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '');
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = toBase64Url(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const endpoint = 'https://push.example.net/send/' + crypto.randomUUID();
    const key = new Uint8Array(options.applicationServerKey).slice().buffer;
    current = {
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => { current = null; return true; },
      getKey: () => null,
    };
    return current;
  };
})();`;

test('the notifications toggle: blocked, enabled, already enabled, turned off; a push shows and refreshes the bell', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request, STUDENT);

  // The student does not allow notifications (the browser's default here).
  const blocked = await browser.newContext();
  const blockedPage = await blocked.newPage();
  await signedIn(blockedPage, token);
  await blockedPage.goto('/desk');
  const blockedToggle = blockedPage.getByRole('group', { name: 'Push notifications' });
  await blockedToggle.getByRole('button', { name: 'Enable notifications' }).click();
  await expect(snack(blockedPage, 'Notification blocked by user!')).toBeVisible();
  await blocked.close();

  const allowed = await browser.newContext({ permissions: ['notifications'] });
  try {
    await allowed.addInitScript({ content: STAND_IN_PUSH_SERVICE });
    const page = await allowed.newPage();
    await signedIn(page, token);
    await page.goto('/desk');
    const toggle = page.getByRole('group', { name: 'Push notifications' });
    await expect(toggle).toHaveAccessibleDescription('Off in this browser.');
    const registered = page.waitForResponse((response) => response.url().endsWith('/api/fcm-token') && response.request().method() === 'POST');
    await toggle.getByRole('button', { name: 'Enable notifications' }).click();
    expect((await registered).status()).toBe(200);
    await expect(snack(page, 'Notification enabled!')).toBeVisible();
    await expect(toggle).toHaveAccessibleDescription('On in this browser.');
    await toggle.getByRole('button', { name: 'Enable notifications' }).click();
    await expect(snack(page, 'Notification already enabled!')).toBeVisible();

    // A push message: the service worker shows it and the open page's bell reloads its list.
    const cdp = await allowed.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((each) => each.scopeURL.endsWith('/') && !each.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const reloaded = page.waitForRequest((each) => each.url().endsWith('/api/notifications') && each.method() === 'GET');
    const origin = new URL(page.url()).origin;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin, registrationId: await registrationId, data: JSON.stringify({ id: 'e2e-push', title: 'E2E: Pushed', body: 'A pushed message.', url: '/?notification=e2e-push' }),
    });
    await reloaded;
    const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((each) => [each.title, each.body, each.tag]));
    expect(shown).toEqual([['E2E: Pushed', 'A pushed message.', 'e2e-push']]);

    const removed = page.waitForResponse((response) => response.url().endsWith('/api/fcm-token') && response.request().method() === 'DELETE');
    await toggle.getByRole('button', { name: 'Turn off' }).click();
    expect(await (await removed).json()).toEqual({ removed: 1 });
    await expect(snack(page, 'Notifications turned off in this browser.')).toBeVisible();
    await expect(toggle).toHaveAccessibleDescription('Off in this browser.');
  } finally {
    await allowed.close();
  }
});

test('installable (Chrome finds no installability error) with an offline page that reloads when back online', async ({ request, baseURL }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request, STUDENT);
  // Installability needs a profile of its own: a fresh context counts as incognito.
  const profile = mkdtempSync(join(tmpdir(), 'invigil-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    baseURL,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signedIn(page, token);
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 10_000 }).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { name: string; short_name: string; display: string; start_url: string; icons: { sizes: string }[] };
    expect(parsed).toMatchObject({ short_name: 'Invigil', display: 'standalone', start_url: '/' });
    expect(parsed.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // The worker controls the page; only the offline page's files are cached, never an API reply.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('banner').getByRole('button', { name: /^Notifications: / }).waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
      return urls.sort();
    });
    expect(cached).toEqual(['/favicon.svg', '/offline.html', '/offline.js']);

    await context.setOffline(true);
    await page.goto('/timetable');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page).toHaveURL(/\/timetable$/);
    await page.screenshot({ path: test.info().outputPath('offline.png') });
    await expectAccessible(page, 'offline page');
    // Back online, the page asked for loads by itself.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible({ timeout: 15_000 });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

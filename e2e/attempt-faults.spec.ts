import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCTOR_KIND_CLASS, type ProctorEventKind } from '@invigil/shared/api/proctor-kinds';
import { chromium, expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Fault tests that need a server of their own: it is killed with SIGKILL and restarted mid-test,
 * and it runs with a short grace so that a deadline can pass while the student is offline.
 * Every test ends by checking, through the API, that every answer given is on the server.
 * It serves a copy of the built portal of its own, so that a test can deploy a new build into it.
 */

const PORT = Number(process.env.E2E_FAULTS_PORT ?? 18390);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(process.cwd(), '.tmp', `e2e-faults-${PORT}`);
const PORTAL_DIST = join(DATA_DIR, 'portal-dist');
const GRACE_SECONDS = 3;
const STUDENT = { reg_no: 'FAULT01', email: 'fault01@example.edu', name: 'Fault Tester', password: 'fault1234' };
const questions = [
  { qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two', C: 'Three', D: 'Four' }, answer: 'B' },
  { qt: 3, pm: 1, text: '<p>Two plus two?</p>', options: { A: 'Three', B: 'Four', C: 'Five', D: 'Six' }, answer: 'B' },
  { qt: 6, pm: 1, text: '<p>Three times three?</p>', answer: 9 },
];
const testOf = (id: string, duration: number) => ({
  _id: id, name: `Faults: ${id}`, assigned_to: [STUDENT.reg_no],
  format: { duration, parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions }] }] },
});
const TESTS = { kill: testOf('fault-kill', 30), reopen: testOf('fault-reopen', 30), late: testOf('fault-late', 0.3), offline: testOf('fault-offline', 30) };

let server: ChildProcess | null = null;
let api: APIRequestContext;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['server/dist/main.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, PORTAL_DIST, GRACE_SECONDS: String(GRACE_SECONDS), SWEEP_INTERVAL_SECONDS: '1', NODE_ENV: 'production', WARM_UP_ROUNDS: '0' },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 20_000 }).toBe(200);
}

async function killServer(): Promise<void> {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, 'import.json');
  writeFileSync(file, JSON.stringify({ version: 1, students: [STUDENT], tests: Object.values(TESTS) }));
  execFileSync(process.execPath, [join(process.cwd(), 'node_modules/tsx/dist/cli.mjs'), 'server/src/cli/import.ts', file], { env: { ...process.env, DATA_DIR }, stdio: 'pipe' });
  cpSync(join(process.cwd(), 'portal', 'dist'), PORTAL_DIST, { recursive: true });
  await startServer();
  api = await playwrightRequest.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  await api?.dispose();
  await killServer();
});

async function token(): Promise<string> {
  const reply = await api.post('/api/login', { data: { phone: STUDENT.reg_no, password: STUDENT.password } });
  return ((await reply.json()) as { token: string }).token;
}

type Saved = { qn: number; ua: string | string[] | null; late: boolean };
async function answersOnServer(testId: string, submitted = false): Promise<Map<number, Saved>> {
  const path = submitted ? `/api/test/answer/${testId}` : `/api/test/in/${testId}?embed=0&ts=${Date.now()}`;
  const reply = await api.get(path, { headers: { 'x-access-token': await token() } });
  const body = (await reply.json()) as { userData?: { test_data: Saved[] } };
  return new Map((body.userData?.test_data ?? []).map((state) => [state.qn, state]));
}

async function signInAndOpen(page: Page, testId: string, start = true): Promise<void> {
  await page.goto(`${BASE}/auth/login`);
  await page.getByLabel('Email or Reg. No.').fill(STUDENT.reg_no);
  await page.getByLabel('Password').fill(STUDENT.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  if (start) {
    const reply = await api.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': await token() } });
    expect(reply.ok()).toBe(true);
  }
  await page.goto(`${BASE}/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: /^Question \d+ of 3$/ })).toBeVisible();
}

const saveStatus = (page: Page) => page.getByTestId('save-status');
const saveNext = (page: Page) => page.getByRole('button', { name: 'Save & Next' });

test('the server is killed and restarted mid-test: every answer reaches it', async ({ page }) => {
  await signInAndOpen(page, TESTS.kill._id);
  await page.getByRole('radio', { name: /Two/ }).check();
  await saveNext(page).click();
  await expect(saveStatus(page)).toHaveText('All answers saved');

  await killServer();
  await page.getByRole('radio', { name: /Four/ }).check();
  await saveNext(page).click();
  await page.getByLabel('Your answer (a number)').fill('9');
  await expect(saveStatus(page)).toContainText('Offline', { timeout: 15_000 });

  await startServer();
  await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 30_000 });
  const saved = await answersOnServer(TESTS.kill._id);
  expect([saved.get(1)?.ua, saved.get(2)?.ua, saved.get(3)?.ua]).toEqual(['B', 'B', '9']);
});

test('the browser is closed with unsent answers and the test resumed in a new one', async () => {
  test.setTimeout(60_000);
  const profile = mkdtempSync(join(tmpdir(), 'invigil-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  try {
    let browser = await launch();
    let page = browser.pages()[0] ?? (await browser.newPage());
    await signInAndOpen(page, TESTS.reopen._id);
    await page.getByRole('radio', { name: /Two/ }).check();
    await saveNext(page).click();
    await expect(saveStatus(page)).toHaveText('All answers saved');
    // From here nothing reaches the server: the next answers exist only on this device.
    await page.route('**/api/test/sync', (route) => route.abort('internetdisconnected'));
    await page.getByRole('radio', { name: /Four/ }).check();
    await saveNext(page).click();
    await page.getByLabel('Your answer (a number)').fill('9');
    await expect(saveStatus(page)).toContainText('Offline', { timeout: 15_000 });
    // Typing is journaled after a short pause (600 ms); then the browser goes away.
    await page.waitForTimeout(1_000);
    await browser.close();
    expect((await answersOnServer(TESTS.reopen._id)).get(2)?.ua ?? null).toBeNull();

    // The student opens the browser again and goes back to the test.
    browser = await launch();
    page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${BASE}/test/${TESTS.reopen._id}/in`);
    await expect(page.getByRole('heading', { name: 'Question 3 of 3' })).toBeVisible();
    await expect(page.getByLabel('Your answer (a number)')).toHaveValue('9');
    await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 30_000 });
    await browser.close();
    const saved = await answersOnServer(TESTS.reopen._id);
    expect([saved.get(1)?.ua, saved.get(2)?.ua, saved.get(3)?.ua]).toEqual(['B', 'B', '9']);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the deadline passes while offline: the server submits, and what comes after the grace is kept, marked late', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInAndOpen(page, TESTS.late._id);
  await page.getByRole('radio', { name: /Two/ }).check();
  await saveNext(page).click();
  await expect(saveStatus(page)).toHaveText('All answers saved');

  await context.setOffline(true);
  await page.getByRole('radio', { name: /Four/ }).check();
  await saveNext(page).click();
  // The portal's own clock runs out: it submits on the device with TEST_TIME_OUT.
  await expect(page.getByText(/You are offline\. Your answers and your submission are saved on this device/)).toBeVisible({ timeout: 45_000 });
  // The server submits the attempt itself once the deadline and its grace have passed.
  await expect.poll(async () => (await api.get(`/api/test/answer/${TESTS.late._id}`, { headers: { 'x-access-token': await token() } })).status(), { timeout: 20_000 }).toBe(200);
  expect((await answersOnServer(TESTS.late._id, true)).get(2)?.ua ?? null).toBeNull();

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/test-submitted\?reason=/, { timeout: 30_000 });
  const saved = await answersOnServer(TESTS.late._id, true);
  expect(saved.get(1)).toMatchObject({ ua: 'B', late: false });
  expect(saved.get(2)).toMatchObject({ ua: 'B', late: true });
});

/**
 * A deploy as a build makes it: a changed file under a new name (the early-data script, which the
 * page names itself), the page naming it, and a new service worker naming it among the test page's
 * files. The server reads the page again when it changes, as after a deploy.
 */
function deployNewBuild(): { version: string } {
  const assets = readdirSync(join(PORTAL_DIST, 'assets'));
  const early = assets.find((name) => /^early-data-[\w-]+\.js$/.test(name));
  if (!early) throw new Error('no early-data script in the build');
  const changed = 'early-data-deploy2.js';
  writeFileSync(join(PORTAL_DIST, 'assets', changed), `${readFileSync(join(PORTAL_DIST, 'assets', early), 'utf8')}\nglobalThis.invigilBuild = 'deploy-2';\n`);
  for (const name of ['index.html.br', 'index.html.gz', 'sw.js.br', 'sw.js.gz']) rmSync(join(PORTAL_DIST, name), { force: true });
  const version = 'deploy2';
  const worker = readFileSync(join(PORTAL_DIST, 'sw.js'), 'utf8');
  writeFileSync(join(PORTAL_DIST, 'sw.js'), worker.replaceAll(early, changed).replace(/const VERSION = '\w+';/, `const VERSION = '${version}';`));
  writeFileSync(join(PORTAL_DIST, 'index.html'), readFileSync(join(PORTAL_DIST, 'index.html'), 'utf8').replaceAll(early, changed));
  return { version };
}

/** What this browser holds of a running attempt: Cache Storage, every IndexedDB database, localStorage. */
function onDevice(page: Page, testId: string, key: string) {
  return page.evaluate(
    async ({ testId, key }) => {
      const names = await caches.keys();
      const testPages: Record<string, string[]> = {};
      for (const name of names.filter((each) => each.startsWith('invigil-test-page-'))) {
        testPages[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
      }
      const papers = names.includes('invigil-papers') ? (await (await caches.open('invigil-papers')).keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes(testId)) : [];
      let kept = 0;
      let keyInIndexedDb = false;
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const opening = indexedDB.open(name);
          opening.onsuccess = () => resolve(opening.result);
          opening.onerror = () => reject(opening.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const rows = await new Promise<unknown[]>((resolve) => {
            const reading = db.transaction(store).objectStore(store).getAll();
            reading.onsuccess = () => resolve(reading.result);
          });
          if (name === 'invigil-kept-attempts') kept += rows.length;
          if (JSON.stringify(rows).includes(key)) keyInIndexedDb = true;
        }
        db.close();
      }
      const local = Object.keys(localStorage).map((name) => `${name}=${localStorage.getItem(name)}`).join('\n');
      return { testPages, papers, kept, keyInIndexedDb, keyInLocalStorage: local.includes(key), owner: localStorage.getItem('invigil-kept-attempt-owner') };
    },
    { testId, key },
  );
}

test('a reload offline keeps the test going; a deploy between two loads serves the new code; nothing stays after the submit', async ({ page, context }) => {
  test.setTimeout(90_000);
  const testId = TESTS.offline._id;
  await signInAndOpen(page, testId);
  const { paper } = (await (await api.get(`/api/test/in/${testId}?embed=0&ts=${Date.now()}`, { headers: { 'x-access-token': await token() } })).json()) as { paper: { key: string } };
  await page.getByRole('radio', { name: /Two/ }).check();
  await saveNext(page).click();
  await expect(saveStatus(page)).toHaveText('All answers saved');
  // Once the first question is usable, the attempt, its paper and the test page's code are kept.
  await expect.poll(async () => {
    const held = await onDevice(page, testId, paper.key);
    return held.kept === 1 && Object.values(held.testPages).some((files) => files.includes(`/test/${testId}/in`) && files.some((file) => /\/assets\/test-in-page-/.test(file)));
  }, { timeout: 20_000 }).toBe(true);
  const before = Object.keys((await onDevice(page, testId, paper.key)).testPages);

  // A deploy: the next load online runs the new build, and its worker keeps the test page anew.
  const { version } = deployNewBuild();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (globalThis as { invigilBuild?: string }).invigilBuild ?? null)).toBe('deploy-2');
  await expect.poll(async () => {
    const { testPages } = await onDevice(page, testId, paper.key);
    return Object.keys(testPages).length === 1 && (testPages[`invigil-test-page-${version}`] ?? []).includes('/assets/early-data-deploy2.js');
  }, { timeout: 20_000 }).toBe(true);
  expect(before).not.toContain(`invigil-test-page-${version}`);

  // Offline, the reload shows the test (from the kept page, of the new build) and the student goes on.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { invigilBuild?: string }).invigilBuild)).toBe('deploy-2');
  await page.getByRole('radio', { name: /Four/ }).check();
  await saveNext(page).click();
  await page.getByLabel('Your answer (a number)').fill('9');
  await expect(saveStatus(page)).toContainText('Offline', { timeout: 15_000 });

  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 30_000 });
  const saved = await answersOnServer(testId);
  expect([...saved.values()].map((state) => [state.qn, state.ua, state.late])).toEqual([[1, 'B', false], [2, 'B', false], [3, '9', false]]);

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog', { name: 'Submit Test' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/test-submitted\?reason=/, { timeout: 15_000 });
  await expect.poll(() => onDevice(page, testId, paper.key)).toEqual({ testPages: {}, papers: [], kept: 0, keyInIndexedDb: false, keyInLocalStorage: false, owner: null });
  // A network drop and a reload are ordinary: nothing on the student's trail is a flag.
  const trail = await api.get(`/api/proctor/events/${testId}`, { headers: { 'x-access-token': await token() } });
  expect(trail.ok()).toBe(true);
  const { events } = (await trail.json()) as { events: { kind: ProctorEventKind }[] };
  expect(events.filter((event) => PROCTOR_KIND_CLASS[event.kind] === 'flag').map((event) => event.kind)).toEqual([]);
});

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Fault tests that need a server of their own: it is killed with SIGKILL and restarted mid-test,
 * and it runs with a short grace so that a deadline can pass while the student is offline.
 * Every test ends by checking, through the API, that every answer given is on the server.
 */

const PORT = Number(process.env.E2E_FAULTS_PORT ?? 18390);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(process.cwd(), '.tmp', `e2e-faults-${PORT}`);
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
const TESTS = { kill: testOf('fault-kill', 30), reopen: testOf('fault-reopen', 30), late: testOf('fault-late', 0.3) };

let server: ChildProcess | null = null;
let api: APIRequestContext;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['server/dist/main.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, GRACE_SECONDS: String(GRACE_SECONDS), SWEEP_INTERVAL_SECONDS: '1', NODE_ENV: 'production', WARM_UP_ROUNDS: '0' },
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

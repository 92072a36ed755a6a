import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A student of a journey's own, imported so the demo students' lists stay as other journeys expect. */
export interface E2eStudent {
  reg_no: string;
  email: string;
  name: string;
  password: string;
  config?: Record<string, unknown>;
}

/**
 * The student with this worker's own identity: a retry runs in a new worker, and a serial file's
 * retry runs every test again, so it must not meet the attempts the failed run already submitted.
 */
export function forThisWorker(student: E2eStudent): E2eStudent {
  const worker = process.env.TEST_WORKER_INDEX ?? '0';
  const [local, domain] = student.email.split('@');
  return { ...student, reg_no: `${student.reg_no}W${worker}`, email: `${local}.w${worker}@${domain}` };
}

/** Loads students and tests through the server's own import path (npm run import) into `dataDir`. */
export function importFixture(dataDir: string, name: string, data: Record<string, unknown>): void {
  const dir = join(dataDir, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'import.json');
  writeFileSync(file, JSON.stringify({ version: 1, ...data }));
  // The bundle the e2e run builds (scripts/test-e2e.sh); tsx on the sources otherwise.
  const bundle = join(process.cwd(), 'server/dist/cli/import.js');
  const command = existsSync(bundle) ? [bundle, file] : [join(process.cwd(), 'node_modules/tsx/dist/cli.mjs'), 'server/src/cli/import.ts', file];
  execFileSync(process.execPath, command, { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' });
}

export async function apiToken(request: APIRequestContext, student: E2eStudent): Promise<string> {
  const reply = await request.post('/api/login', { data: { phone: student.reg_no, password: student.password } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { token: string }).token;
}

export async function signIn(page: Page, student: E2eStudent): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email or Reg. No.').fill(student.reg_no);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
}

/** Signs in through the form, starts the test through the API and opens the in-test screen. */
export async function openStartedTest(page: Page, request: APIRequestContext, student: E2eStudent, testId: string): Promise<string> {
  await signIn(page, student);
  return startAndOpen(page, request, await apiToken(request, student), testId);
}

/** Starts the test through the API (the clock starts here: some timed tests are short) and opens its first question. */
async function startAndOpen(page: Page, request: APIRequestContext, token: string, testId: string): Promise<string> {
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  await page.goto(`/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  return token;
}

/** On the last question: Submit, confirm in the 'Submit Test' dialog, and see the success message. */
export async function submitFromLastQuestion(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog', { name: 'Submit Test' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your test has been submitted successfully.')).toBeVisible();
}

/**
 * Signed in without the login form, for journeys the form is no part of: the student's token (from
 * POST /api/login) is put in local storage before the portal first loads in this page, as the login
 * page leaves it. Set once per tab: a reload or a logout later is the portal's own.
 */
export async function signInByToken(page: Page, student: Pick<E2eStudent, 'reg_no' | 'password'>): Promise<string> {
  const reply = await page.request.post('/api/login', { data: { phone: student.reg_no, password: student.password } });
  expect(reply.ok()).toBe(true);
  const { token } = (await reply.json()) as { token: string };
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-signed-in-by-token') !== null) return;
    sessionStorage.setItem('e2e-signed-in-by-token', '1');
    localStorage.setItem('jwt_token', value);
  }, token);
  return token;
}

/** openStartedTest, signed in by token (signInByToken) rather than through the form. */
export async function openStartedTestByToken(page: Page, request: APIRequestContext, student: E2eStudent, testId: string): Promise<string> {
  return startAndOpen(page, request, await signInByToken(page, student), testId);
}

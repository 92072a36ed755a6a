import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { createJitsiStandIn } from './jitsi-stand-in';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * Video proctoring (PROCTOR_TYPE jitsi-single / jitsi-multi, decision 0034) with two browsers, a
 * student in the test and a proctor in the console, against a local stand-in of the Jitsi IFrame
 * API (e2e/jitsi-stand-in.ts: no Jitsi server is reachable here). Checked: the server's room and
 * password reach both, with each one's name and the resolution; single mode closes the student's
 * room about 2 s after the proctor leaves and opens it again; multi mode is one room for the test;
 * an unreachable Jitsi is said in words and the test goes on.
 */

const SINGLE_STUDENT: E2eStudent = { reg_no: 'VIDEO01', email: 'video01@example.edu', name: 'Vera Video', password: 'video-check-1' };
const MULTI_STUDENT: E2eStudent = { reg_no: 'VIDEO02', email: 'video02@example.edu', name: 'Milo Multi', password: 'video-check-2' };
const PROCTOR = { email: 'video-proctor@example.edu', name: 'Vikram Proctor', password: 'video-proctor-1' };
const SHOTS = process.env['VIDEO_SHOTS'];

const paper = { duration: 30, parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [1, 2].map((n) => ({ qt: 3, pm: 1, text: `<p>Question ${n}: one plus one?</p>`, options: { A: 'One', B: 'Two' }, answer: 'B' })) }] }] };
const SINGLE_TEST = { _id: 'e2e-video-single', name: 'E2E: Video proctoring, single', config: { PROCTOR_TYPE: 'jitsi-single' }, format: paper, assigned_to: [SINGLE_STUDENT.reg_no] };
const MULTI_TEST = { _id: 'e2e-video-multi', name: 'E2E: Video proctoring, multi', config: { PROCTOR_TYPE: 'jitsi-multi' }, format: paper, assigned_to: [MULTI_STUDENT.reg_no] };

// Two browsers each, the 2 s close and the 5 s reopen: more than the default minute on a loaded machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'video-proctoring-e2e', {
    students: [SINGLE_STUDENT, MULTI_STUDENT],
    tests: [SINGLE_TEST, MULTI_TEST],
    proctors: [{ ...PROCTOR, tests: [SINGLE_TEST._id, MULTI_TEST._id] }],
  });
});

type StandIn = ReturnType<typeof createJitsiStandIn>;

/** The student's test page (started through the API) with the stand-in attached. */
async function openTest(browser: Browser, request: APIRequestContext, standIn: StandIn, student: E2eStudent, testId: string): Promise<{ page: Page; context: BrowserContext; token: string }> {
  const token = await apiToken(request, student);
  expect((await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } })).ok()).toBe(true);
  const context = await browser.newContext();
  await standIn.attach(context);
  await context.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  const page = await context.newPage();
  await page.goto(`/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  return { page, context, token };
}

/** The console of a test, signed in with the session the API gives. */
async function openConsole(browser: Browser, standIn: StandIn, testId: string): Promise<Page> {
  const context = await browser.newContext();
  await standIn.attach(context);
  const page = await context.newPage();
  const reply = await page.request.post('/api/proctor/login', { data: { email: PROCTOR.email, password: PROCTOR.password } });
  expect(reply.ok()).toBe(true);
  await context.addInitScript((value) => localStorage.setItem('invigil_proctor_session', value), JSON.stringify(await reply.json()));
  await page.goto(`/proctor/test/${testId}`);
  return page;
}

/** The room the server gives the student (GET /test/video): the stand-in must have been opened with it. */
async function serverRoom(request: APIRequestContext, token: string, testId: string) {
  const reply = await request.get(`/api/test/video/${testId}`, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { room: { room: string; password: string; resolution: number } }).room;
}

/** With VIDEO_SHOTS set: screenshots at 1280 and 360 px, to look at (not part of the checks). */
async function shots(page: Page, where: string) {
  if (!SHOTS) return;
  for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${where}-${size.width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function scan(page: Page, include: string, where: string) {
  for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).include(include).options({ iframes: false }).exclude('[data-focus-guard]').analyze();
    expect.soft(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${where} at ${size.width}px`).toEqual([]);
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll on ${where} at ${size.width}px`).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${where.replace(/\W+/g, '-')}-${size.width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("single mode: the student's own room, the proctor joins it from the console, and it closes 2 s after the proctor leaves", async ({ browser, request }) => {
  const standIn = createJitsiStandIn();
  const { page, token } = await openTest(browser, request, standIn, SINGLE_STUDENT, SINGLE_TEST._id);
  const panel = page.getByRole('region', { name: 'Video proctoring' });
  await expect(panel.getByRole('status')).toHaveText('Video proctoring: waiting for the proctor');

  // The stand-in was opened with the server's room and password, the student's name, and 720.
  const room = await serverRoom(request, token, SINGLE_TEST._id);
  expect(room.room).toMatch(/^invigil-vp-[0-9a-f]{32}$/);
  const [student] = standIn.named(SINGLE_STUDENT.name);
  expect(student?.room).toBe(room.room);
  expect(student?.options.configOverwrite?.resolution).toBe(720);
  expect(student?.commands).toContainEqual(['password', room.password]);
  await expect(page.frameLocator('iframe[title="Video proctoring call"]').getByText(`Stand-in Jitsi room ${room.room}`)).toBeVisible();

  // The proctor: 'Join video' on the candidate's card opens the same room in the console, under the proctor's name.
  const consolePage = await openConsole(browser, standIn, SINGLE_TEST._id);
  await expect(consolePage.getByRole('button', { name: `Join video with ${SINGLE_STUDENT.name}` })).toBeVisible();
  await shots(consolePage, 'console-single');
  await consolePage.getByRole('button', { name: `Join video with ${SINGLE_STUDENT.name}` }).click();
  const dialog = consolePage.getByRole('dialog', { name: `Video: ${SINGLE_STUDENT.name}` });
  await expect(dialog.getByRole('status')).toHaveText(`In the call with ${SINGLE_STUDENT.name}.`);
  const [proctor] = standIn.named(PROCTOR.name);
  expect(proctor?.room).toBe(room.room);
  expect(proctor?.commands).toContainEqual(['password', room.password]);
  await expect(panel.getByRole('status')).toHaveText('Video proctoring: the proctor is in the call');
  await scan(page, '[data-testid="video-proctoring"]', 'student single with the proctor');
  await scan(consolePage, 'dialog', 'console video dialog');

  // Keyboard: the student folds the frame away and back; the call goes on.
  await panel.getByRole('button', { name: 'Hide video' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('button', { name: 'Show video' })).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');

  // The proctor leaves: about 2 s later the student's room closes itself, then opens again, waiting.
  await dialog.getByRole('button', { name: 'Leave the call' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('status')).toHaveText('The proctor left the video call. It opens again in a few seconds.');
  await shots(page, 'student-closed');
  const left = proctor?.leftAt ?? 0;
  const closed = (student?.leftAt ?? 0) - left;
  expect(closed, 'the student room closes about 2 s after the proctor left').toBeGreaterThanOrEqual(1_900);
  expect(closed).toBeLessThan(3_500);
  await expect(panel.getByRole('status')).toHaveText('Video proctoring: waiting for the proctor', { timeout: 10_000 });
  expect(standIn.named(SINGLE_STUDENT.name).map((p) => p.room)).toEqual([room.room, room.room]);
  await Promise.all([page.context().close(), consolePage.context().close()]);
});

test("multi mode: one room for the test at 180, the proctor joins it; an unreachable Jitsi is said and the test goes on", async ({ browser, request }) => {
  const standIn = createJitsiStandIn();
  const { page, context, token } = await openTest(browser, request, standIn, MULTI_STUDENT, MULTI_TEST._id);
  const panel = page.getByRole('region', { name: 'Video proctoring' });
  await expect(panel.getByRole('status')).toHaveText("Video proctoring: in the test's video call");
  const room = await serverRoom(request, token, MULTI_TEST._id);
  const [student] = standIn.named(MULTI_STUDENT.name);
  expect(student?.room).toBe(room.room);
  expect(student?.options.configOverwrite?.resolution).toBe(180);

  const consolePage = await openConsole(browser, standIn, MULTI_TEST._id);
  await expect(consolePage.getByRole('button', { name: `Join video with ${MULTI_STUDENT.name}` })).toHaveCount(0);
  await shots(consolePage, 'console-multi');
  await consolePage.getByRole('button', { name: "Join the test's video call" }).click();
  const dialog = consolePage.getByRole('dialog', { name: `Video: ${MULTI_TEST.name}` });
  await expect(dialog.getByRole('status')).toHaveText('In the call with 1 other.');
  const [proctor] = standIn.named(PROCTOR.name);
  expect(proctor?.room).toBe(room.room);
  expect(proctor?.options.configOverwrite?.resolution).toBe(180);
  expect(proctor?.commands).toContainEqual(['password', room.password]);
  // Multi mode does not close when the proctor leaves.
  await dialog.getByRole('button', { name: 'Leave the call' }).click();
  await page.waitForTimeout(2_500);
  expect(student?.leftAt).toBeNull();
  await consolePage.context().close();

  // The Jitsi script cannot be loaded: said in words, nothing blocks the test.
  await standIn.refuse(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('Video proctoring is not reachable. Your test goes on as usual under its other proctoring checks.');
  await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  await scan(page, '[data-testid="video-proctoring"]', 'student video not reachable');
  await page.getByTestId('save-next').click();
  await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { submitReason, timeline } from './proctor-trail';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * Live proctoring with two browsers (issue 12): a student in a running test and a proctor in the
 * console. Chat both ways, EXTEND_TEST, WARN, PAUSE/RESUME and PROCTOR_TERMINATE, each checked on
 * the student's page and on the server; and a student whose WebSocket is refused (a school proxy)
 * gets a command through the status ping.
 */

const STUDENT: E2eStudent = { reg_no: 'LIVE01', email: 'live01@example.edu', name: 'Live Student', password: 'live-check-1' };
const BEHIND_PROXY: E2eStudent = { reg_no: 'LIVE02', email: 'live02@example.edu', name: 'Proxy Student', password: 'live-check-2' };
const TWO_CAMERAS: E2eStudent = { reg_no: 'LIVE03', email: 'live03@example.edu', name: 'Camera Student', password: 'live-check-3' };
const PROCTOR = { email: 'live-proctor@example.edu', name: 'Live Proctor', password: 'live-proctor-1' };

const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [1, 2].map((n) => ({ qt: 3, pm: 1, text: `<p>Question ${n}: one plus one?</p>`, options: { A: 'One', B: 'Two' }, answer: 'B' })) }] }],
};
// Chat is off unless a config turns DISABLE_CHAT off (spec default); a short ping so the fallback is quick.
const config = { DISABLE_CHAT: false, PING_INTERVAL: 2, MOUSE_OUT: true };
const LIVE_TEST = { _id: 'e2e-live', name: 'E2E: Live proctoring', config, format: paper, assigned_to: [STUDENT.reg_no] };
// Chat off (the spec's default): the console says so and offers none.
const PROXY_TEST = { _id: 'e2e-live-proxy', name: 'E2E: Behind a proxy', config: { ...config, DISABLE_CHAT: true }, format: paper, assigned_to: [BEHIND_PROXY.reg_no] };
// The camera runs for image proctoring (a snapshot a minute: none is taken during the journey).
const CAMERA_TEST = { _id: 'e2e-live-camera', name: 'E2E: Two cameras', config: { ...config, IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 60 }, format: paper, assigned_to: [TWO_CAMERAS.reg_no] };

// The two journeys share nothing but the imported fixture (imported again by each worker: it is idempotent).
test.describe.configure({ mode: 'parallel' });

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'live-proctoring-e2e', {
    students: [STUDENT, BEHIND_PROXY, TWO_CAMERAS],
    tests: [LIVE_TEST, PROXY_TEST, CAMERA_TEST],
    proctors: [{ ...PROCTOR, tests: [LIVE_TEST._id, PROXY_TEST._id, CAMERA_TEST._id] }],
  });
});

/** Starts the test through the API and opens it with the student's token in local storage. */
async function openTest(browser: Browser, request: APIRequestContext, student: E2eStudent, testId: string, refuseWebSocket = false, prepare?: (page: Page) => Promise<void>): Promise<{ page: Page; token: string }> {
  const token = await apiToken(request, student);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  // A proxy that refuses WebSockets: the socket closes before it ever opens.
  if (refuseWebSocket) await page.routeWebSocket(/\/api\/live$/, (socket) => socket.close());
  await prepare?.(page);
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  return { page, token };
}

/** The console of a test: signed in through its form, or (quicker) with the session the API gives. */
async function openConsole(browser: Browser, testId: string, throughForm = true): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (!throughForm) {
    const reply = await page.request.post('/api/proctor/login', { data: { email: PROCTOR.email, password: PROCTOR.password } });
    expect(reply.ok()).toBe(true);
    const session: unknown = await reply.json();
    await page.goto('/proctor/login');
    await page.evaluate((value) => localStorage.setItem('invigil_proctor_session', value), JSON.stringify(session));
    await page.goto(`/proctor/test/${testId}`);
    return page;
  }
  await page.goto('/proctor/test/' + testId);
  await expect(page).toHaveURL(/\/proctor\/login/);
  await page.getByLabel('Email').fill(PROCTOR.email);
  await page.getByLabel('Password').fill(PROCTOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/proctor/test/${testId}`);
  return page;
}

async function command(consolePage: Page, name: string, type: string, reason: string, extra?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await consolePage.getByRole('button', { name: `Command to ${name}` }).click();
  const dialog = consolePage.getByRole('dialog', { name: `Command to ${name}` });
  await dialog.getByRole('radio', { name: type }).check();
  await extra?.(dialog);
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Send command' }).click();
  if (type === 'Terminate the test') {
    // The last choice of the list, and asked about first: nothing is sent until it is confirmed.
    await expect(dialog.getByRole('radio').last()).toHaveAccessibleName('Terminate the test');
    await expect(dialog.getByRole('alert')).toHaveText(new RegExp(`^Terminate ${name}'s test\\? Their answers are submitted now\\.`));
    // The keyboard stays in the dialog, on the safe choice.
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Yes, terminate' }).click();
  }
  await expect(dialog).toBeHidden();
}

/** The newest command in the console's list reaches `state`. */
async function expectState(consolePage: Page, label: string, state: 'sent' | 'delivered' | 'applied') {
  await expect(consolePage.getByRole('list', { name: 'Commands sent' }).getByRole('listitem').filter({ hasText: label }).first()).toContainText(state, { timeout: 15_000 });
}

async function serverDeadline(request: APIRequestContext, token: string, testId: string): Promise<number> {
  const reply = await request.get(`/api/test/in/${testId}`, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { userData: { deadline: number } }).userData.deadline;
}

async function scan(page: Page, where: string) {
  await expect(page.locator('.loading:visible')).toHaveCount(0);
  for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
    expect.soft(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `axe on ${where} at ${size.width}px`).toEqual([]);
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll on ${where} at ${size.width}px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a proctor and a student: chat both ways, extend, warn, pause and resume, terminate', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const consolePage = await openConsole(browser, LIVE_TEST._id);
  const { page, token } = await openTest(browser, request, STUDENT, LIVE_TEST._id);
  const card = consolePage.getByRole('article', { name: STUDENT.name });
  await expect(card).toContainText('Online', { timeout: 15_000 });
  // Each chip says what it is about.
  await expect(card.getByRole('list', { name: 'Presence' })).toContainText(/Connection: Online.*Channel: Live socket/);
  await scan(consolePage, 'the console of a test');

  // Chat: the student writes, the proctor answers, the student sees the unread count.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const studentChat = page.getByRole('dialog', { name: `Chat: ${LIVE_TEST.name}` });
  await studentChat.getByRole('textbox', { name: 'Message' }).fill('May I use a calculator?');
  await studentChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(studentChat.getByRole('list', { name: 'Messages' })).toContainText('May I use a calculator?');
  await page.keyboard.press('Escape');
  await expect(studentChat).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeFocused();

  await card.getByRole('button', { name: `Chat with ${STUDENT.name}` }).click();
  const proctorChat = consolePage.getByRole('dialog', { name: `Chat with ${STUDENT.name}` });
  await expect(proctorChat).toContainText('May I use a calculator?');
  await proctorChat.getByRole('textbox', { name: 'Message' }).fill('No calculators, sorry.');
  await proctorChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(proctorChat.getByRole('list', { name: 'Messages' })).toContainText('No calculators, sorry.');
  await consolePage.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Chat 1 unread' })).toBeVisible();
  // Not only a count: a notice above the bar's buttons with the message's first line, dismissed by Escape.
  await expect(page.getByRole('group', { name: 'Question actions' })).toContainText('Proctor: No calculators, sorry.');
  // On a phone the count sits on the Chat icon's corner: Prev and Save & Next stay on one row.
  await page.setViewportSize({ width: 360, height: 740 });
  const rowOf = async (name: string) => (await page.getByRole('button', { name, exact: true }).boundingBox())?.y;
  expect(await rowOf('Save & Next')).toBe(await rowOf('Prev'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: "Dismiss the proctor's message" }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: "Dismiss the proctor's message" })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat 1 unread' })).toBeVisible();

  // EXTEND_TEST: the server's deadline moves, the page says so and its time left grows.
  const before = await serverDeadline(request, token, LIVE_TEST._id);
  await command(consolePage, STUDENT.name, 'Extend time', 'Power cut in the hall', async (dialog) => dialog.getByLabel('Minutes to add').fill('5'));
  await expect(page.getByText('Test time extended by 5 minutes.')).toBeVisible();
  await expect(page.getByTestId('time-left').first()).toHaveText(/^3[45]:\d\d$/);
  expect(await serverDeadline(request, token, LIVE_TEST._id)).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1_000);
  await expectState(consolePage, 'Extend time', 'applied');

  // WARN: a blocking message the student acknowledges.
  await command(consolePage, STUDENT.name, 'Warn', 'Please keep your eyes on your own screen.');
  const warning = page.getByRole('dialog', { name: 'Warning from the proctor' });
  await expect(warning).toContainText('Please keep your eyes on your own screen.');
  await expectState(consolePage, 'Warn', 'delivered');
  await warning.getByRole('button', { name: 'OK' }).click();
  await expectState(consolePage, 'Warn', 'applied');

  // PAUSE covers the test with the reason, the clock stands still; RESUME uncovers it.
  await command(consolePage, STUDENT.name, 'Pause', 'Fire drill: stay seated.');
  const cover = page.getByRole('alertdialog', { name: 'Test paused by the proctor' });
  await expect(cover).toContainText('Fire drill: stay seated.');
  const frozen = await page.getByTestId('time-left').first().innerText();
  await page.waitForTimeout(1_100);
  expect(await page.getByTestId('time-left').first().innerText()).toBe(frozen);
  await command(consolePage, STUDENT.name, 'Resume', 'Drill over.');
  await expect(cover).toBeHidden();

  // PROCTOR_TERMINATE: submitted on the server with that reason, the page says why.
  await command(consolePage, STUDENT.name, 'Terminate the test', 'Phone seen on the desk.');
  await expect(page).toHaveURL(/\/test-submitted\?.*reason=PROCTOR_TERMINATE/);
  await expect(page.getByText('The test was terminated by proctor.').first()).toBeVisible();
  // From the first message a termination, not a green success.
  await expect(page.locator('.toast .alert-error')).toContainText('The test was terminated by proctor.');
  await expect(page.locator('.toast .alert-success')).toHaveCount(0);
  expect(await submitReason(request, token, LIVE_TEST._id)).toBe('PROCTOR_TERMINATE');
  // The chat and the proctor's dialogs are not time away: only the proctor's own actions are on the trail.
  const kinds = (await timeline(request, token, LIVE_TEST._id)).map((event) => event.kind);
  expect(kinds.filter((kind) => !['PROCTOR_ACTION', 'DISCONNECTED', 'RECONNECTED'].includes(kind))).toEqual([]);
  expect(kinds).toContain('PROCTOR_ACTION');

  // Scheduled Tests: the card's CHAT counts the proctor's reply the student has not read; read there, it stays read.
  await page.goto('/test');
  await page.getByRole('button', { name: `Chat 1 unread about ${LIVE_TEST.name}` }).click();
  const listChat = page.getByRole('dialog', { name: `Chat: ${LIVE_TEST.name}` });
  await expect(listChat.getByRole('list', { name: 'Messages' })).toContainText('No calculators, sorry.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Chat about ${LIVE_TEST.name}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `Chat about ${LIVE_TEST.name}` })).toBeVisible();

  // The result's Proctoring tab says what the proctor did, and who.
  await page.goto(`/test/${LIVE_TEST._id}/result`);
  await page.getByRole('tab', { name: /Proctoring/ }).click();
  const proctoring = page.getByRole('tabpanel', { name: /Proctoring/ });
  for (const line of ['The proctor extended your time by 5 minutes', 'The proctor warned you', 'The proctor paused your test', 'The proctor terminated your test', `By ${PROCTOR.name}. Reason given: Phone seen on the desk.`]) {
    await expect(proctoring).toContainText(line);
  }
  await expect(proctoring).not.toContainText('The proctor acted');

  await consolePage.goto('/proctor');
  await expect(consolePage.getByRole('heading', { name: LIVE_TEST.name })).toBeVisible();
  await scan(consolePage, "the proctor's tests");
});

test('a student whose WebSocket is refused gets the command through the status ping', async ({ browser, request }) => {
  const consolePage = await openConsole(browser, PROXY_TEST._id, false);
  const { page } = await openTest(browser, request, BEHIND_PROXY, PROXY_TEST._id, true);
  // Chat is off for this test: the console offers none and says so; the server refuses one.
  const proxyCard = consolePage.getByRole('article', { name: BEHIND_PROXY.name });
  await expect(proxyCard).toContainText('Chat is off for this test');
  await expect(consolePage.getByText('Chat is off for this test.')).toBeVisible();
  await expect(consolePage.getByRole('button', { name: /^Chat with/ })).toHaveCount(0);
  const consoleToken = await consolePage.evaluate(() => (JSON.parse(localStorage.getItem('invigil_proctor_session') ?? '{}') as { token?: string }).token ?? '');
  const refused = await request.post(`/api/proctor/tests/${PROXY_TEST._id}/chat`, { data: { id: 'chat-off-1', uid: null, m: 'Hello?' }, headers: { 'x-access-token': consoleToken } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('Chat is off for this test: the message was not sent.');
  // Sent at once: the page's first status ping (a few seconds in) brings it.
  await command(consolePage, BEHIND_PROXY.name, 'Warn', 'Your camera seems covered.');
  const warning = page.getByRole('dialog', { name: 'Warning from the proctor' });
  await expect(warning).toContainText('Your camera seems covered.', { timeout: 15_000 });
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: /^Chat/ })).toHaveCount(0);
  // The next ping confirms it; the console shows how the page reaches the server.
  await expectState(consolePage, 'Warn', 'applied');
  await expect(proxyCard).toContainText('Channel: Status ping');

  // A student's session does not open the console: its own sign-in is asked for.
  await page.goto('/proctor');
  await expect(page).toHaveURL(/\/proctor\/login/);
});

test('a student offline while the proctor switches the webcam gets the command on reconnecting; the second camera is then in use', async ({ browser, request }) => {
  test.setTimeout(90_000);
  // A browser with two fake cameras (Chromium names them fake_device_0 and fake_device_1).
  const twoCameras = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream=device-count=2'],
  });
  try {
    const consolePage = await openConsole(browser, CAMERA_TEST._id, false);
    // The page's socket runs through a route that can cut it as a dropped network would (an
    // emulated offline network leaves open sockets open).
    const network = { offline: false, sockets: [] as WebSocketRoute[] };
    const { page } = await openTest(twoCameras, request, TWO_CAMERAS, CAMERA_TEST._id, false, async (studentPage) => {
      await studentPage.routeWebSocket(/\/api\/live$/, (socket) => {
        if (network.offline) return void socket.close();
        network.sockets.push(socket, socket.connectToServer());
      });
    });
    const card = consolePage.getByRole('article', { name: TWO_CAMERAS.name });
    await expect(card).toContainText('fake_device_0', { timeout: 15_000 });

    // The student's network drops: the console sees it; the command waits for the page.
    network.offline = true;
    await page.context().setOffline(true);
    await Promise.all(network.sockets.splice(0).map((socket) => socket.close()));
    await expect(card.getByRole('list', { name: 'Presence' })).toContainText(/Disconnected/i, { timeout: 15_000 });
    // A disconnected candidate never looks live.
    await expect(card.getByRole('list', { name: 'Presence' })).toContainText('Channel: None');
    await expect(card.getByRole('list', { name: 'Presence' })).not.toContainText('Live');
    await command(consolePage, TWO_CAMERAS.name, 'Switch the webcam', 'The side camera shows the desk.', async (dialog) => {
      await dialog.getByRole('combobox', { name: 'Camera' }).selectOption('fake_device_1');
    });
    await expectState(consolePage, 'Switch the webcam', 'sent');

    network.offline = false;
    await page.context().setOffline(false);
    await expectState(consolePage, 'Switch the webcam', 'applied');
    await expect(card).toContainText('fake_device_1', { timeout: 15_000 });
    // On the server: the candidate's status says the second camera is the one in use.
    const consoleToken = await consolePage.evaluate(() => (JSON.parse(localStorage.getItem('invigil_proctor_session') ?? '{}') as { token?: string }).token ?? '');
    const snapshot = await request.get(`/api/proctor/tests/${CAMERA_TEST._id}`, { headers: { 'x-access-token': consoleToken } });
    const candidates = ((await snapshot.json()) as { candidates: { uid: string; name: string; status: { camera?: string | null } | null }[] }).candidates;
    expect(candidates.find((candidate) => candidate.name === TWO_CAMERAS.name)?.status?.camera).toBe('fake_device_1');
    expect(await page.getByRole('heading', { name: 'Question 1 of 2' }).isVisible()).toBe(true);
  } finally {
    await twoCameras.close();
  }
});

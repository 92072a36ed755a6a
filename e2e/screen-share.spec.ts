/// <reference types="chrome" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { CHROMIUM_PATH, EXTENSION_ARGS } from './extension-fixture';
import { startVirtualDisplay, type VirtualDisplay } from './xvfb';
import { apiToken, forThisWorker, importFixture, submitFromLastQuestion } from './student-session';
import { timeline } from './proctor-trail';

/**
 * Screen share proctoring (PROCTOR_TYPE 'screen') in headless Chromium. With
 * --use-fake-ui-for-media-stream and --use-fake-device-for-media-stream, getDisplayMedia answers
 * at once with a fake entire screen (displaySurface 'monitor'), no prompt and no display needed;
 * '--use-fake-device-for-media-stream=display-media-type=browser' makes it a tab instead, unless
 * the page asks for a monitor (the page's displaySurface hint wins over the flag, measured): a
 * student who picks a tab in the real picker is played by dropping that hint. The
 * student stopping the share (the browser's 'Stop sharing') is played by ending the share's
 * track as the browser does: stop() and an 'ended' event.
 *
 * With the unpacked extension paired, 'Share your screen' opens the extension's picker
 * (chrome.desktopCapture, entire screens only) instead: it needs a screen to offer, so Chromium gets
 * a virtual X display (e2e/xvfb.ts), and --auto-select-desktop-capture-source picks "Entire screen"
 * as the student would. No fake media flags there: the stream is Xvfb's real screen.
 */

test.describe.configure({ mode: 'serial' });

const STUDENT = forThisWorker({ reg_no: 'SCREEN01', email: 'screen01@example.edu', name: 'Screen Tester', password: 'screen123' });
const UNPROCTORED = forThisWorker({ reg_no: 'SCREEN02', email: 'screen02@example.edu', name: 'No Proctor Tester', password: 'screen123', config: { NO_PROCTOR: true } });
const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [1, 2].map((n) => ({ qt: 3, pm: 1, text: `<p>Question ${n}: one plus one?</p>`, options: { A: 'One', B: 'Two' }, answer: 'B' })) }] }],
};
const testOf = (id: string, name: string, config: Record<string, unknown>) => ({ _id: id, name, config, format: paper, assigned_to: [STUDENT.reg_no, UNPROCTORED.reg_no] });
const TESTS = {
  shared: testOf('e2e-screen-shared', 'E2E: Screen shared', { PROCTOR_TYPE: 'screen' }),
  reload: testOf('e2e-screen-reload', 'E2E: Screen shared, then the page reloaded', { PROCTOR_TYPE: 'screen' }),
  tab: testOf('e2e-screen-tab', 'E2E: Tab refused', { PROCTOR_TYPE: 'screen' }),
  none: testOf('e2e-screen-none', 'E2E: No screen share', { PROCTOR_TYPE: 'none' }),
  extension: testOf('e2e-screen-extension', "E2E: Screen shared in the extension's picker", { PROCTOR_TYPE: 'screen' }),
  noScreen: testOf('e2e-screen-extension-none', 'E2E: Extension without a screen to offer', { PROCTOR_TYPE: 'screen' }),
  noProctor: testOf('e2e-screen-no-proctor', 'E2E: Student without proctoring', { PROCTOR_TYPE: 'screen', DETECT_SPEECH: true }),
};

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'screen-share-e2e', { students: [STUDENT, UNPROCTORED], tests: Object.values(TESTS) });
});

function launch(displayMediaType?: 'browser' | 'window'): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--use-fake-ui-for-media-stream',
      displayMediaType ? `--use-fake-device-for-media-stream=display-media-type=${displayMediaType}` : '--use-fake-device-for-media-stream',
    ],
  });
}

/**
 * Keeps every stream getDisplayMedia gives the page, so the test can end one as the browser would.
 * With `ignoreHint`, the student picks whatever the browser offers rather than the entire screen
 * the page suggests.
 */
function keepDisplayStreams({ ignoreHint }: { ignoreHint: boolean }) {
  const streams: MediaStream[] = [];
  (window as unknown as { displayStreams: MediaStream[] }).displayStreams = streams;
  const original = MediaDevices.prototype.getDisplayMedia;
  MediaDevices.prototype.getDisplayMedia = async function (this: MediaDevices, options?: DisplayMediaStreamOptions) {
    const stream = await original.call(this, ignoreHint ? { ...options, video: true } : options);
    streams.push(stream);
    return stream;
  };
}

/**
 * As keepDisplayStreams, for a page whose screen comes from the extension's picker: the streams
 * getUserMedia opens with Chrome's desktop constraints are kept too, and every call of the page's
 * own picker (getDisplayMedia) is counted.
 */
function keepExtensionStreams() {
  const streams: MediaStream[] = [];
  const record = window as unknown as { displayStreams: MediaStream[]; pagePickerCalls: number };
  record.displayStreams = streams;
  record.pagePickerCalls = 0;
  const getDisplayMedia = MediaDevices.prototype.getDisplayMedia;
  MediaDevices.prototype.getDisplayMedia = async function (this: MediaDevices, options?: DisplayMediaStreamOptions) {
    record.pagePickerCalls += 1;
    const stream = await getDisplayMedia.call(this, options);
    streams.push(stream);
    return stream;
  };
  const getUserMedia = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
    const stream = await getUserMedia.call(this, constraints);
    if (JSON.stringify(constraints ?? {}).includes('"chromeMediaSource":"desktop"')) streams.push(stream);
    return stream;
  };
}

/** The student presses the browser's 'Stop sharing': the track ends. */
async function stopSharing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const track = (window as unknown as { displayStreams: MediaStream[] }).displayStreams.at(-1)?.getVideoTracks()[0];
    if (!track) throw new Error('no share');
    track.stop();
    track.dispatchEvent(new Event('ended'));
  });
}

async function liveShares(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { displayStreams: MediaStream[] }).displayStreams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length);
}

async function openTest(browser: Browser, request: APIRequestContext, testId: string, { student = STUDENT, ignoreHint = false } = {}): Promise<{ page: Page; token: string }> {
  const token = await apiToken(request, student);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await context.addInitScript(keepDisplayStreams, { ignoreHint });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeAttached();
  return { page, token };
}

async function answerAndSubmit(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Option B/ }).check();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await submitFromLastQuestion(page);
}

test.describe('an entire screen', () => {
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await launch();
  });
  test.afterAll(async () => browser?.close());

  test('the test waits for the share; stopping it is an event and a blocking warning until shared again; the share ends with the attempt', async ({ request }) => {
    const { page, token } = await openTest(browser, request, TESTS.shared._id);
    const status = page.getByTestId('proctor-status');
    const gate = page.getByRole('dialog', { name: 'Share your screen' });
    await expect(gate).toContainText('Share your entire screen to begin');
    await expect(status).toHaveText('Screen: not shared');
    // The questions cannot be answered behind it (the rest of the page is inert), nor can it be closed.
    await expect(page.getByRole('radio', { name: /Option B/ }).click({ timeout: 1000 })).rejects.toThrow();
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();

    await gate.getByRole('button', { name: 'Share your screen' }).click();
    await expect(gate).toBeHidden();
    await expect(status).toHaveText('Screen: sharing your entire screen');
    await page.getByRole('radio', { name: /Option B/ }).check();

    await stopSharing(page);
    const stopped = page.getByRole('dialog', { name: 'Screen sharing stopped' });
    await expect(stopped).toContainText('You stopped sharing your screen. This is recorded with your result.');
    await expect(status).toHaveText('Screen: not shared');
    // No automatic submission: the test waits.
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(new RegExp(`/test/${TESTS.shared._id}/in`));
    await stopped.getByRole('button', { name: 'Share your screen' }).click();
    await expect(stopped).toBeHidden();
    await expect(status).toHaveText('Screen: sharing your entire screen');
    expect(await liveShares(page)).toBe(1);

    await answerAndSubmit(page);
    expect(await liveShares(page)).toBe(0);
    const events = await timeline(request, token, TESTS.shared._id);
    expect(events.map((event) => event.kind)).toEqual(['SCREEN_SHARE_STARTED', 'SCREEN_SHARE_STOPPED', 'WARNING_SHOWN', 'SCREEN_SHARE_STARTED']);
    expect(events.every((event) => event.source === 'page')).toBe(true);
    expect(events[0]?.detail).toEqual({ surface: 'monitor' });
    expect(events[2]?.detail).toEqual({ reason: 'SCREEN_SHARE_STOPPED' });
    await page.context().close();
  });

  test('a reload ends the share: the trail says so, and the test asks for the screen again', async ({ request }) => {
    const { page, token } = await openTest(browser, request, TESTS.reload._id);
    const gate = page.getByRole('dialog', { name: 'Share your screen' });
    await gate.getByRole('button', { name: 'Share your screen' }).click();
    await expect(page.getByTestId('proctor-status')).toHaveText('Screen: sharing your entire screen');
    await page.reload();
    await expect(gate).toContainText('Share your entire screen to begin');
    await gate.getByRole('button', { name: 'Share your screen' }).click();
    await expect(page.getByTestId('proctor-status')).toHaveText('Screen: sharing your entire screen');
    await answerAndSubmit(page);
    const events = await timeline(request, token, TESTS.reload._id);
    expect(events.map((event) => [event.kind, event.detail])).toEqual([
      ['SCREEN_SHARE_STARTED', { surface: 'monitor' }],
      ['SCREEN_SHARE_STOPPED', { reason: 'page left' }],
      ['SCREEN_SHARE_STARTED', { surface: 'monitor' }],
    ]);
    await page.context().close();
  });

  test('PROCTOR_TYPE none asks for no share', async ({ request }) => {
    const { page, token } = await openTest(browser, request, TESTS.none._id);
    await page.getByRole('radio', { name: /Option B/ }).check();
    await expect(page.getByRole('dialog', { name: 'Share your screen' })).toHaveCount(0);
    await expect(page.getByTestId('proctor-status')).toHaveCount(0);
    await answerAndSubmit(page);
    expect(await page.evaluate(() => (window as unknown as { displayStreams: MediaStream[] }).displayStreams.length)).toBe(0);
    expect(await timeline(request, token, TESTS.none._id)).toEqual([]);
    await page.context().close();
  });

  test("a student whose NO_PROCTOR is set is neither asked to share nor listened to", async ({ request }) => {
    const { page, token } = await openTest(browser, request, TESTS.noProctor._id, { student: UNPROCTORED });
    await page.getByRole('radio', { name: /Option B/ }).check();
    await expect(page.getByRole('dialog', { name: 'Share your screen' })).toHaveCount(0);
    await expect(page.getByTestId('proctor-status')).toHaveCount(0);
    await answerAndSubmit(page);
    expect(await timeline(request, token, TESTS.noProctor._id)).toEqual([]);
    await page.context().close();
  });
});

test.describe('a browser tab', () => {
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await launch('browser');
  });
  test.afterAll(async () => browser?.close());

  test('sharing a tab is refused with the reason, stopped at once, noted, and asked again', async ({ request }) => {
    const { page, token } = await openTest(browser, request, TESTS.tab._id, { ignoreHint: true });
    await page.getByRole('dialog', { name: 'Share your screen' }).getByRole('button', { name: 'Share your screen' }).click();
    const refused = page.getByRole('dialog', { name: 'Share your entire screen' });
    await expect(refused).toContainText('You shared a browser tab, not your entire screen.');
    await expect(page.getByTestId('proctor-status')).toHaveText('Screen: not shared');
    await expect.poll(() => liveShares(page)).toBe(0);
    // Asked again: the same answer, the same refusal.
    await refused.getByRole('button', { name: 'Share your screen' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { displayStreams: MediaStream[] }).displayStreams.length)).toBe(2);
    await expect(refused).toBeVisible();
    expect(await liveShares(page)).toBe(0);
    await expect(page.getByRole('radio', { name: /Option B/ }).click({ timeout: 1000 })).rejects.toThrow();

    // The test cannot be submitted from the page while it waits; the API can.
    const submit = await request.post('/api/test/submit', { data: { id: TESTS.tab._id, updates: [], terminated: 'manual' }, headers: { 'x-access-token': token } });
    expect(submit.ok()).toBe(true);
    await expect
      .poll(async () => (await timeline(request, token, TESTS.tab._id)).map((event) => [event.kind, event.detail]))
      .toEqual([
        ['SCREEN_SHARE_STOPPED', { reason: 'not the entire screen', surface: 'browser' }],
        ['SCREEN_SHARE_STOPPED', { reason: 'not the entire screen', surface: 'browser' }],
      ]);
    await page.context().close();
  });
});

test.describe("with the extension: Chrome's picker of entire screens", () => {
  let display: VirtualDisplay | null = null;
  test.beforeAll(async () => {
    display = await startVirtualDisplay();
  });
  test.afterAll(() => display?.stop());

  /** The unpacked e2e extension in headless Chromium; with `screen`, the virtual display is there to capture. */
  async function launchWithExtension({ screen }: { screen: boolean }): Promise<BrowserContext> {
    const env = { ...process.env } as Record<string, string>;
    if (screen && display) env['DISPLAY'] = display.display;
    else delete env['DISPLAY'];
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'invigil-screen-')), {
      executablePath: CHROMIUM_PATH,
      headless: true,
      env,
      args: [
        ...EXTENSION_ARGS,
        // The student picks "Entire screen" in Chrome's picker.
        '--auto-select-desktop-capture-source=Entire screen',
        // Only for the page's own picker, when the extension has no screen to offer.
        ...(screen ? [] : ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']),
      ],
    });
    await context.addInitScript(keepExtensionStreams);
    return context;
  }

  async function openWithExtension(context: BrowserContext, request: APIRequestContext, testId: string): Promise<{ page: Page; token: string }> {
    const token = await apiToken(request, STUDENT);
    const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
    expect(start.ok()).toBe(true);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${E2E_BASE_URL}/`);
    await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
    await page.goto(`${E2E_BASE_URL}/test/${testId}/in`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeAttached();
    return { page, token };
  }

  const pagePickerCalls = (page: Page) => page.evaluate(() => (window as unknown as { pagePickerCalls: number }).pagePickerCalls);

  test("'Share your screen' opens the extension's picker, never the page's; stopping is an event and a warning; the trail names the picker", async ({ request }) => {
    const context = await launchWithExtension({ screen: true });
    try {
      const { page, token } = await openWithExtension(context, request, TESTS.extension._id);
      const status = page.getByTestId('proctor-status');
      const gate = page.getByRole('dialog', { name: 'Share your screen' });
      await gate.getByRole('button', { name: 'Share your screen' }).click();
      await expect(gate).toBeHidden();
      await expect(status).toHaveText('Screen: sharing your entire screen');
      expect(await pagePickerCalls(page)).toBe(0);
      expect(await liveShares(page)).toBe(1);
      // The extension watches this attempt: its picker was the one that opened.
      const worker = context.serviceWorkers().find((each) => each.url().startsWith('chrome-extension://'));
      expect(await worker?.evaluate(async () => ((await chrome.storage.session.get('proctor-watch'))['proctor-watch'] as { testId?: string } | undefined)?.testId)).toBe(TESTS.extension._id);
      await page.getByRole('radio', { name: /Option B/ }).check();

      await stopSharing(page);
      const stopped = page.getByRole('dialog', { name: 'Screen sharing stopped' });
      await expect(stopped).toContainText('You stopped sharing your screen. This is recorded with your result.');
      await stopped.getByRole('button', { name: 'Share your screen' }).click();
      await expect(stopped).toBeHidden();
      await expect(status).toHaveText('Screen: sharing your entire screen');
      expect(await pagePickerCalls(page)).toBe(0);

      await answerAndSubmit(page);
      expect(await liveShares(page)).toBe(0);
      const events = await timeline(request, token, TESTS.extension._id);
      expect(events.map((event) => event.kind)).toEqual(['SCREEN_SHARE_STARTED', 'SCREEN_SHARE_STOPPED', 'WARNING_SHOWN', 'SCREEN_SHARE_STARTED']);
      expect(events[0]?.detail).toEqual({ surface: 'monitor', picker: 'extension' });
      expect(events[3]?.detail).toEqual({ surface: 'monitor', picker: 'extension' });
    } finally {
      await context.close();
    }
  });

  test("when the extension has no screen to offer, the page's own picker opens and the trail says why", async ({ request }) => {
    const context = await launchWithExtension({ screen: false });
    try {
      const { page, token } = await openWithExtension(context, request, TESTS.noScreen._id);
      const gate = page.getByRole('dialog', { name: 'Share your screen' });
      await gate.getByRole('button', { name: 'Share your screen' }).click();
      await expect(gate).toBeHidden();
      await expect(page.getByTestId('proctor-status')).toHaveText('Screen: sharing your entire screen');
      expect(await pagePickerCalls(page)).toBe(1);
      await answerAndSubmit(page);
      const events = await timeline(request, token, TESTS.noScreen._id);
      expect(events.map((event) => [event.kind, event.detail])).toEqual([
        ['DETECTOR_UNAVAILABLE', { detector: 'extension screen picker', text: expect.stringMatching(/source type/) }],
        ['SCREEN_SHARE_STARTED', { surface: 'monitor' }],
      ]);
    } finally {
      await context.close();
    }
  });
});

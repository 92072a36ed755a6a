import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { apiToken, importFixture, submitFromLastQuestion, type E2eStudent } from './student-session';
import { timeline } from './proctor-trail';

/**
 * Speech detection (DETECT_SPEECH) in headless Chromium whose microphone plays a WAV: a spoken one
 * (espeak-ng, installed by scripts/ensure-espeak.sh) raises SPEECH events, silence raises none,
 * checked on the server's trail after submission; the status line says which of listening and
 * transcribing runs; the microphone is released when the attempt ends. Debian's Chromium has no
 * on-device recogniser, so the transcribing journey gives the page a stand-in SpeechRecognition.
 */

test.describe.configure({ mode: 'serial' });

const STUDENT: E2eStudent = { reg_no: 'SPEECH01', email: 'speech01@example.edu', name: 'Speech Tester', password: 'speech123' };
const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [1, 2].map((n) => ({ qt: 3, pm: 1, text: `<p>Question ${n}: one plus one?</p>`, options: { A: 'One', B: 'Two' }, answer: 'B' })) }] }],
};
const testOf = (id: string, name: string, config: Record<string, unknown>) => ({ _id: id, name, config, format: paper, assigned_to: [STUDENT.reg_no] });
const TESTS = {
  spoken: testOf('e2e-speech-spoken', 'E2E: Speech heard', { DETECT_SPEECH: true }),
  silent: testOf('e2e-speech-silent', 'E2E: Silence', { DETECT_SPEECH: true }),
  words: testOf('e2e-speech-words', 'E2E: Speech transcribed', { DETECT_SPEECH: true }),
  noWords: testOf('e2e-speech-no-words', 'E2E: Speech, no recording', { DETECT_SPEECH: true, AUDIO_RECORDING: false }),
  off: testOf('e2e-speech-off', 'E2E: No speech detection', { PROCTOR_TYPE: 'none' }),
};

const WAV_DIR = join(process.cwd(), '.tmp', 'speech-e2e');
const SPOKEN_WAV = join(WAV_DIR, 'spoken.wav');
const SILENT_WAV = join(WAV_DIR, 'silence.wav');

/**
 * The fake microphone's spoken WAV (espeak-ng, installed by scripts/ensure-espeak.sh): about 4 s of
 * someone asking for an answer, then 1.5 s of quiet (longer than a pause between words) before the
 * file loops. Short, so its first stretch of speech is noted about 5 s in.
 */
function writeShortSpokenWav(path: string): void {
  execFileSync('espeak-ng', ['-m', '-s', '150', '-w', path, '<speak>Hey, what is the answer to question two? Tell me quickly.<break time="1500ms"/></speak>']);
}

/** 16-bit mono PCM of `seconds` of digital silence. */
function silenceWav(seconds: number, rate = 16_000): Buffer {
  const data = seconds * rate * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'speech-e2e', { students: [STUDENT], tests: Object.values(TESTS) });
  mkdirSync(WAV_DIR, { recursive: true });
  writeShortSpokenWav(SPOKEN_WAV);
  writeFileSync(SILENT_WAV, silenceWav(5));
});

/** A Chromium whose microphone plays `wav` (looped), allowed without a prompt. */
function launch(wav: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
  });
}

/** Keeps every microphone stream the page opens, to check later that it was released. */
function keepMicrophoneStreams() {
  const streams: MediaStream[] = [];
  (window as unknown as { micStreams: MediaStream[] }).micStreams = streams;
  const original = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
    const stream = await original.call(this, constraints);
    streams.push(stream);
    return stream;
  };
}

/**
 * A stand-in for an on-device SpeechRecognition: says it is available on the device, and while
 * running hears 'what is the damn answer' every 1.5 s. Records what the page asked of it.
 */
function fakeOnDeviceRecognition() {
  const asked: unknown[] = [];
  class FakeRecognition {
    static available(options: unknown) {
      asked.push(options);
      return Promise.resolve('available');
    }
    lang = '';
    continuous = false;
    interimResults = true;
    processLocally = false;
    onstart: (() => void) | null = null;
    onaudiostart: (() => void) | null = null;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    private timer: ReturnType<typeof setInterval> | null = null;
    start() {
      asked.push({ processLocally: this.processLocally, lang: this.lang });
      setTimeout(() => {
        this.onstart?.();
        this.onaudiostart?.();
        this.timer = setInterval(() => {
          const result = Object.assign([{ transcript: 'what is the damn answer' }], { isFinal: true });
          this.onresult?.({ resultIndex: 0, results: { length: 1, 0: result } });
        }, 1500);
      }, 10);
    }
    stop() {
      this.abort();
      this.onend?.();
    }
    abort() {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    }
  }
  Object.assign(window, { SpeechRecognition: FakeRecognition, recognitionAsked: asked });
}

/** Signs in (token in local storage), starts the test through the API and opens it. */
async function openTest(browser: Browser, request: APIRequestContext, testId: string, init: (() => void)[] = []): Promise<{ page: Page; token: string }> {
  const token = await apiToken(request, STUDENT);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  await context.addInitScript(keepMicrophoneStreams);
  for (const script of init) await context.addInitScript(script);
  // The token in local storage before the portal loads, as the login page leaves it.
  await context.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  const page = await context.newPage();
  await page.goto(`/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  return { page, token };
}

async function submit(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Option B/ }).check();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await submitFromLastQuestion(page);
}

/** Every microphone stream the page opened has all its tracks ended. */
async function microphonesReleased(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const streams = (window as unknown as { micStreams: MediaStream[] }).micStreams;
    return { opened: streams.length, live: streams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length };
  });
}

test.describe('a microphone playing speech', () => {
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await launch(SPOKEN_WAV);
  });
  test.afterAll(async () => browser?.close());

  test('speech raises SPEECH events on the trail; the status line says it listens; the microphone is released at the end', async ({ request }) => {
    test.setTimeout(60_000);
    const { page, token } = await openTest(browser, request, TESTS.spoken._id);
    const status = page.getByTestId('proctor-status');
    await expect(status).toHaveText('Microphone: listening for speech');
    // The WAV's first stretch of speech ends about 4 s in (then 1.5 s of quiet).
    await expect(status).toHaveText(/^Microphone: listening for speech \(speech noted (once|\d+ times)\)$/, { timeout: 20_000 });
    await submit(page);
    expect(await microphonesReleased(page)).toEqual({ opened: 1, live: 0 });

    const events = await timeline(request, token, TESTS.spoken._id);
    const speech = events.filter((event) => event.kind === 'SPEECH');
    expect(speech.length).toBeGreaterThanOrEqual(1);
    for (const event of speech) {
      expect(event.source).toBe('page');
      expect(event.detail?.['ms']).toBeGreaterThanOrEqual(1000);
      expect(event.detail?.['voiced_ms']).toBeGreaterThanOrEqual(1000);
      // Debian's Chromium has no on-device recogniser: no words.
      expect(event.detail?.['text']).toBeUndefined();
    }
    expect(events.filter((event) => event.kind === 'DETECTOR_UNAVAILABLE')).toEqual([]);
    await page.context().close();
  });

  test('where the browser transcribes on the device: the status says so, and the words come with the event, profanity filtered', async ({ request }) => {
    test.setTimeout(60_000);
    const { page, token } = await openTest(browser, request, TESTS.words._id, [fakeOnDeviceRecognition]);
    const status = page.getByTestId('proctor-status');
    await expect(status).toHaveText('Microphone: listening and transcribing');
    await expect(status).toHaveText(/speech noted/, { timeout: 20_000 });
    // Its words come up to 1.5 s after the sound.
    await page.waitForTimeout(2000);
    await submit(page);
    expect(await microphonesReleased(page)).toEqual({ opened: 1, live: 0 });
    const asked = await page.evaluate(() => (window as unknown as { recognitionAsked: unknown[] }).recognitionAsked);
    expect(asked[0]).toEqual({ langs: [expect.any(String)], processLocally: true });
    expect(asked[1]).toMatchObject({ processLocally: true });

    const speech = (await timeline(request, token, TESTS.words._id)).filter((event) => event.kind === 'SPEECH');
    expect(speech.length).toBeGreaterThanOrEqual(1);
    expect(speech[0]?.detail?.['text']).toMatch(/^what is the _ answer( what is the _ answer)*$/);
    await page.context().close();
  });

  test('AUDIO_RECORDING off: listening only, even where the browser could transcribe; no words kept', async ({ request }) => {
    test.setTimeout(60_000);
    const { page, token } = await openTest(browser, request, TESTS.noWords._id, [fakeOnDeviceRecognition]);
    const status = page.getByTestId('proctor-status');
    await expect(status).toHaveText('Microphone: listening for speech');
    await expect(status).toHaveText(/speech noted/, { timeout: 20_000 });
    await submit(page);
    expect(await page.evaluate(() => (window as unknown as { recognitionAsked: unknown[] }).recognitionAsked)).toEqual([]);
    const speech = (await timeline(request, token, TESTS.noWords._id)).filter((event) => event.kind === 'SPEECH');
    expect(speech.length).toBeGreaterThanOrEqual(1);
    expect(speech.every((event) => event.detail?.['text'] === undefined)).toBe(true);
    await page.context().close();
  });

  test('without DETECT_SPEECH the microphone is never opened and there is no status line', async ({ request }) => {
    const { page, token } = await openTest(browser, request, TESTS.off._id);
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('proctor-status')).toHaveCount(0);
    await submit(page);
    expect(await microphonesReleased(page)).toEqual({ opened: 0, live: 0 });
    expect(await timeline(request, token, TESTS.off._id)).toEqual([]);
    await page.context().close();
  });
});

test.describe('a silent microphone', () => {
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await launch(SILENT_WAV);
  });
  test.afterAll(async () => browser?.close());

  test('silence raises no SPEECH event', async ({ request }) => {
    test.setTimeout(60_000);
    const { page, token } = await openTest(browser, request, TESTS.silent._id);
    const status = page.getByTestId('proctor-status');
    await expect(status).toHaveText('Microphone: listening for speech');
    // As long as the spoken journey needed (its speech is noted about 5 s in), and more.
    await page.waitForTimeout(7_000);
    await expect(status).toHaveText('Microphone: listening for speech');
    await submit(page);
    expect(await microphonesReleased(page)).toEqual({ opened: 1, live: 0 });
    expect(await timeline(request, token, TESTS.silent._id)).toEqual([]);
    await page.context().close();
  });
});

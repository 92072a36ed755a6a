import type { Server } from 'node:http';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import type { FaceCheck } from './face/camera-page';
import { FACE_FRAMES_DIR, faceVideos, type FaceVideos, serveFacePage } from './face/face-harness';

// The face check on a fake camera: Chromium plays a .y4m built from packaged face images
// (scripts/make-face-frames.mjs) as its webcam; the page sends the frames to the face worker
// (Human's BlazeFace with mesh confirmation, tfjs wasm, models served by us) and counts faces.
// Every request must stay on our origin: no model or wasm file comes from a CDN.

test.describe.configure({ mode: 'serial' });

let videos: FaceVideos;
let origin: string;
let server: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  videos = faceVideos();
  ({ origin, server } = await serveFacePage());
});

test.afterAll(() => {
  server?.close();
});

const faceCheck = (page: Page) => page.evaluateHandle(() => (window as unknown as { faceCheck: FaceCheck }).faceCheck);

/** Runs `body` in a page whose camera plays `video`; checks that nothing left our origin. */
async function withCamera<T>(video: string, body: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${join(FACE_FRAMES_DIR, video)}`],
  });
  try {
    const context = await browser.newContext();
    const offOrigin: string[] = [];
    await context.route('**/*', (route) => {
      if (route.request().url().startsWith(origin)) return route.continue();
      offOrigin.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => 'faceCheck' in window);
    const result = await body(page);
    expect(offOrigin).toEqual([]);
    return result;
  } finally {
    await browser.close();
  }
}

for (const [video, faces] of [
  ['one-face', 1],
  ['two-faces', 2],
  ['no-face', 0],
] as const) {
  test(`counts ${faces} face(s) on the ${video} camera`, async () => {
    const result = await withCamera(`video/${video}.y4m`, async (page) => (await faceCheck(page)).evaluate((check) => check.count(3, 100)));
    expect({ width: result.width, height: result.height }).toEqual({ width: 640, height: 480 });
    expect(result.counts).toEqual([faces, faces, faces]);
  });
}

test('the face-count detector follows the camera from one face to two to none', async () => {
  const { segmentSeconds, segments } = videos.sequence;
  const watchMs = (segments.length * segmentSeconds + 1) * 1000;
  test.setTimeout(watchMs + 60_000);
  const events = await withCamera(videos.sequence.file, async (page) =>
    (await faceCheck(page)).evaluate((check, ms) => check.watch({ normalIntervalMs: 1000, detectedIntervalMs: 1000, confirmFrames: 3, confirmGapMs: 250 }, ms), watchMs),
  );
  expect(events.filter((e) => e.type === 'error')).toEqual([]);
  const reasons = events.flatMap((e) => (e.type === 'check' ? [e.reason] : []));
  // Consecutive checks that agree, once: the video is one face, then two, then none (then loops).
  const changes = reasons.filter((reason, i) => i === 0 || reason !== reasons[i - 1]);
  expect(changes.slice(0, 3)).toEqual([null, 'MULTI_FACE', 'NO_FACE']);
  expect(reasons.length).toBeGreaterThanOrEqual(6);
});

// Makes the troubleshoot screen's two videos: screen recordings of this portal in headless
// Chromium with its fake camera and microphone, written to portal/public/troubleshoot/ as small
// VP9 WebM files with WebVTT captions and a WebP poster (the captions are the steps in
// portal/src/features/troubleshoot/troubleshoot-videos.ts, timed as the recording goes).
//
//   npm run build -w portal && npm run build -w server
//   npm run videos:troubleshoot            (PORTAL_DIST=... to record another build)
//
// How: the recorded page's frames come from the DevTools screencast (only when something changes,
// each with its time); a second page re-times them to a steady 10 frames a second, encodes them
// with WebCodecs' VP9 encoder, and webm-muxer writes the file here, with its duration and cues so
// the player can show the length and seek. Nothing is downloaded: Chromium, the portal and the
// server are the ones on this machine. Run it again after a visible change to these screens.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { startBuiltServer } from '../bench/bench-server.mjs';
import { captionsSource, GUIDE_VIDEOS, posterSource, videoSource } from '../portal/src/features/troubleshoot/troubleshoot-videos.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const VIEWPORT = { width: 960, height: 600 };
const FPS = 10;
const BITRATE = 100_000;
/** The troubleshoot screen loads both on a student's connection: each stays well under 1 MB. */
const MAX_BYTES = 600_000;
const STUDENT = { email: 'student@example.edu', password: 'demo1234' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pointer drawn into the page, since the screencast shows none: the viewer sees where each click goes. */
function pointerOverlay() {
  const install = () => {
    const dot = document.createElement('div');
    dot.setAttribute('aria-hidden', 'true');
    // A popover, so it can be lifted above a modal dialog (both live in the top layer).
    dot.popover = 'manual';
    dot.style.cssText = 'position:fixed;inset:auto;left:-40px;top:-40px;width:22px;height:22px;margin:-11px 0 0 -11px;padding:0;overflow:visible;border-radius:50%;border:3px solid #4338ca;background:rgba(67,56,202,.25);pointer-events:none;transition:transform .15s';
    document.documentElement.appendChild(dot);
    dot.showPopover();
    let aboveModal = false;
    addEventListener('mousemove', (event) => {
      dot.style.left = `${event.clientX}px`;
      dot.style.top = `${event.clientY}px`;
      const modal = document.querySelector('dialog:modal') !== null;
      if (modal && !aboveModal) {
        dot.hidePopover();
        dot.showPopover();
      }
      aboveModal = modal;
    }, true);
    addEventListener('mousedown', () => (dot.style.transform = 'scale(.6)'), true);
    addEventListener('mouseup', () => (dot.style.transform = ''), true);
  };
  if (document.documentElement) install();
  else addEventListener('DOMContentLoaded', install);
}

/** Moves the pointer to the middle of `locator` in steps (so the viewer can follow it), then clicks. */
async function pointAt(page, locator, { click = false } = {}) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`Nothing to point at: ${locator}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await sleep(300);
  if (click) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: 120 });
}

/** Runs `steps` (one per caption) while the screencast records `page`; returns the frames and when each step began. */
async function record(page, steps) {
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    frames.push({ data, time: metadata.timestamp ?? Date.now() / 1000 });
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 92, maxWidth: VIEWPORT.width, maxHeight: VIEWPORT.height, everyNthFrame: 1 });
  await sleep(300);
  const marks = [];
  for (const step of steps) {
    marks.push(Date.now() / 1000);
    await step();
  }
  await sleep(1500);
  const end = Date.now() / 1000;
  await cdp.send('Page.stopScreencast');
  await cdp.detach();
  return { frames, marks, end };
}

/** The recorded frames, re-timed to FPS frames a second from the first step: for each tick, the last frame shown by then. */
function steadyFrames(frames, start, end) {
  const sorted = [...frames].sort((a, b) => a.time - b.time);
  const picks = [];
  let index = 0;
  for (let tick = 0; start + tick / FPS <= end; tick += 1) {
    const at = start + tick / FPS;
    while (index + 1 < sorted.length && sorted[index + 1].time <= at) index += 1;
    picks.push(index);
  }
  return { sorted, picks };
}

const vttTime = (seconds) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** One cue per caption, from its step's start to the next step's (the last to the end). */
function captionsFile(captions, marks, start, end) {
  const cues = captions.map((caption, i) => `${i + 1}\n${vttTime(marks[i] - start)} --> ${vttTime((marks[i + 1] ?? end) - start)}\n${caption}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/** The poster: the last frame shown during step `step`, as WebP. */
async function poster(encoderPage, { frames, marks, end }, step) {
  const until = (marks[step + 1] ?? end) - 0.1;
  const shown = [...frames].sort((a, b) => a.time - b.time).filter((frame) => frame.time <= until).at(-1) ?? frames[0];
  const data = await encoderPage.evaluate(async (jpeg) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/jpeg;base64,${jpeg}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d').drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, shown.data);
  return Buffer.from(data, 'base64');
}

/** Encodes the frames to VP9 in the encoder page and muxes them here. */
async function encode(encoderPage, { frames, marks, end }) {
  const start = marks[0];
  const { sorted, picks } = steadyFrames(frames, start, end);
  await encoderPage.evaluate(
    async ({ width, height, fps, bitrate }) => {
      const state = { chunks: [], bitmaps: new Map(), error: null };
      state.encoder = new VideoEncoder({
        output: (chunk) => {
          const bytes = new Uint8Array(chunk.byteLength);
          chunk.copyTo(bytes);
          state.chunks.push({ bytes: Array.from(bytes), type: chunk.type, timestamp: chunk.timestamp });
        },
        error: (error) => (state.error = String(error)),
      });
      state.encoder.configure({ codec: 'vp09.00.10.08', width, height, bitrate, framerate: fps, latencyMode: 'quality' });
      window.recording = state;
    },
    { ...VIEWPORT, fps: FPS, bitrate: BITRATE },
  );
  for (const [tick, index] of picks.entries()) {
    const frame = sorted[index];
    await encoderPage.evaluate(
      async ({ tick, index, data, fps }) => {
        const state = window.recording;
        if (!state.bitmaps.has(index)) {
          state.bitmaps.clear();
          const blob = await (await fetch(`data:image/jpeg;base64,${data}`)).blob();
          state.bitmaps.set(index, await createImageBitmap(blob));
        }
        const frame = new VideoFrame(state.bitmaps.get(index), { timestamp: Math.round((tick * 1e6) / fps), duration: Math.round(1e6 / fps) });
        // A key frame every 10 s: each costs as much as seconds of changes, and seeking decodes from the last one.
        state.encoder.encode(frame, { keyFrame: tick % (fps * 10) === 0 });
        frame.close();
        while (state.encoder.encodeQueueSize > 4) await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { tick, index, data: frame.data, fps: FPS },
    );
  }
  const chunks = await encoderPage.evaluate(async () => {
    const state = window.recording;
    await state.encoder.flush();
    state.encoder.close();
    if (state.error) throw new Error(state.error);
    return state.chunks;
  });
  const muxer = new Muxer({ target: new ArrayBufferTarget(), video: { codec: 'V_VP9', ...VIEWPORT, frameRate: FPS }, firstTimestampBehavior: 'offset' });
  for (const chunk of chunks) muxer.addVideoChunkRaw(new Uint8Array(chunk.bytes), chunk.type, chunk.timestamp);
  muxer.finalize();
  return { webm: Buffer.from(muxer.target.buffer), start, frames: picks.length };
}

async function signIn(page, base) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email or Reg. No.').fill(STUDENT.email);
  await page.getByLabel('Password').fill(STUDENT.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  // The sign-in message fades before the recording starts.
  await sleep(2500);
}

/** Waits until the device check shows Video and Audio working. */
async function bothGreen(page) {
  for (const name of ['Video', 'Audio']) await page.getByRole('checkbox', { name }).and(page.locator(':checked')).waitFor({ timeout: 15_000 });
}

/** The device check when everything works: Scheduled Tests, Ready Check, green, Proceed. */
async function deviceCheckSteps(page, base) {
  const list = page.getByRole('list', { name: 'Scheduled tests' });
  const readyCheck = list.getByRole('link', { name: 'Ready Check: General Aptitude: Practice Test' });
  await page.goto(`${base}/test`);
  await readyCheck.waitFor();
  await page.mouse.move(VIEWPORT.width / 2, 80);
  return [
    async () => {
      await sleep(2500);
      await pointAt(page, readyCheck, { click: true });
    },
    async () => {
      await page.getByRole('heading', { name: 'Camera and microphone' }).waitFor();
      await pointAt(page, page.getByLabel('Camera preview'));
      await sleep(3000);
    },
    async () => {
      await bothGreen(page);
      await pointAt(page, page.getByRole('checkbox', { name: 'Video' }));
      await sleep(1200);
      await pointAt(page, page.getByRole('checkbox', { name: 'Audio' }));
      await sleep(1200);
      await pointAt(page, page.getByRole('combobox', { name: 'Camera' }));
      await sleep(2500);
    },
    async () => {
      await page.mouse.wheel(0, 420);
      await sleep(3500);
      await page.mouse.wheel(0, -420);
      await sleep(800);
    },
    async () => {
      await pointAt(page, page.getByRole('link', { name: 'Proceed' }));
      await sleep(1000);
      await pointAt(page, page.getByRole('link', { name: 'Proceed' }), { click: true });
    },
    async () => {
      await page.getByRole('heading', { name: 'Instructions' }).waitFor();
      await sleep(3500);
    },
  ];
}

/** The device check with the camera and microphone blocked, How To Allow, then allowed and rechecked. */
async function allowCameraSteps(page, base) {
  await page.goto(`${base}/test/demo-mcq/ready-check`);
  const alert = page.getByRole('alert').filter({ hasText: 'Please allow this website to access webcam!' });
  await alert.waitFor({ timeout: 15_000 });
  await page.mouse.move(VIEWPORT.width / 2, 80);
  const dialog = page.getByRole('dialog', { name: 'How to allow the camera and microphone' });
  return [
    async () => {
      await sleep(1500);
      await pointAt(page, page.getByRole('checkbox', { name: 'Video' }));
      await sleep(1500);
    },
    async () => {
      await pointAt(page, alert);
      await sleep(2500);
      await pointAt(page, page.getByRole('button', { name: 'Proceed' }));
      await sleep(1500);
    },
    async () => {
      await pointAt(page, page.getByRole('button', { name: 'How To Allow' }), { click: true });
      await dialog.waitFor();
      await sleep(1500);
    },
    async () => {
      await pointAt(page, dialog.getByRole('listitem').first());
      await sleep(3500);
      await pointAt(page, dialog.getByRole('listitem').nth(1));
      await sleep(2500);
      // What the student does in Chrome's own address bar (not part of the page, so not in the recording).
      await page.context().grantPermissions(['camera', 'microphone'], { origin: base });
    },
    async () => {
      await pointAt(page, dialog.getByRole('button', { name: 'Close' }), { click: true });
      await sleep(600);
      await pointAt(page, page.getByRole('button', { name: 'Recheck' }), { click: true });
    },
    async () => {
      await bothGreen(page);
      await pointAt(page, page.getByRole('checkbox', { name: 'Audio' }));
      await sleep(1200);
      await pointAt(page, page.getByRole('link', { name: 'Proceed' }));
      await sleep(2500);
    },
  ];
}

const SCENES = {
  // Chrome grants the fake devices without asking.
  'device-check': { args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'], steps: deviceCheckSteps },
  // No automatic grant: headless Chromium answers the request with a refusal, as a blocked site gets.
  'allow-camera': { args: ['--use-fake-device-for-media-stream'], steps: allowCameraSteps },
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'invigil-videos-'));
  const { base, server } = await startBuiltServer(root, dataDir);
  const outDir = join(root, 'portal/public');
  mkdirSync(join(outDir, 'troubleshoot'), { recursive: true });
  const encoderBrowser = await chromium.launch({ executablePath: CHROMIUM, args: BASE_ARGS });
  try {
    // A page on a loopback address: WebCodecs needs a secure context.
    const encoderPage = await encoderBrowser.newPage();
    await encoderPage.route('http://127.0.0.1:9/encoder', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>encoder</title>' }));
    await encoderPage.goto('http://127.0.0.1:9/encoder');
    for (const video of GUIDE_VIDEOS) {
      const scene = SCENES[video.id];
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BASE_ARGS, ...scene.args] });
      try {
        const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await signIn(page, base);
        await page.addInitScript(pointerOverlay);
        const steps = await scene.steps(page, base);
        if (steps.length !== video.captions.length) throw new Error(`${video.id}: ${steps.length} steps for ${video.captions.length} captions`);
        const recording = await record(page, steps);
        const { webm, start, frames } = await encode(encoderPage, recording);
        if (webm.length > MAX_BYTES) throw new Error(`${video.id}: ${webm.length} bytes, more than ${MAX_BYTES}: lower BITRATE or shorten the steps`);
        writeFileSync(join(outDir, videoSource(video.id)), webm);
        writeFileSync(join(outDir, captionsSource(video.id)), captionsFile(video.captions, recording.marks, start, recording.end));
        writeFileSync(join(outDir, posterSource(video.id)), await poster(encoderPage, recording, video.posterStep));
        console.log(`${videoSource(video.id)}: ${frames} frames, ${(frames / FPS).toFixed(1)} s, ${Math.round(webm.length / 1024)} KB`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await encoderBrowser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

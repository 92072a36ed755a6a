#!/usr/bin/env node
// In-test screen responsiveness: how long after a Save-Next click the next frame is painted.
// Usage: npm run bench:test-ui [-- --build] [-- --clicks=150]
//
// Starts the built server on a temporary DATA_DIR and a free port, imports a 300-question test
// through the server's own import path (server/src/cli/import.ts), opens it in headless Chromium
// and clicks Save-Next (answering every other question first). For every click it records, in the
// page: the synchronous work (click -> handlers and React commit done) and the time to the next
// painted frame (requestAnimationFrame + setTimeout after the click), plus the browser's own Event
// Timing duration. Target: p95 of click -> next paint at most 16 ms.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startImportedServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const CLICKS = Number(args.find((a) => a.startsWith('--clicks='))?.split('=')[1] ?? 150);
const QUESTIONS = 300;
const TARGET_P95_MS = 16;
/** Pause between actions: no student answers and moves on faster than a few times a second. */
const THINK_MS = Number(args.find((a) => a.startsWith('--think='))?.split('=')[1] ?? 150);
const TEST_ID = 'bench-300';
const STUDENT = { reg_no: 'BENCH001', password: 'bench1234' };

if (args.includes('--build') || !existsSync(join(root, 'portal/dist/index.html'))) execSync('npm run build -w portal', { cwd: root, stdio: 'inherit' });
if (args.includes('--build') || !existsSync(join(root, 'server/dist/main.js'))) execSync('npm run build -w server', { cwd: root, stdio: 'inherit' });

/** A 300-question paper: mostly single choice, with multi-correct, numerical and subjective ones. */
function importFile() {
  const question = (n) => {
    const text = `<p>Question ${n}: ${'Read the statement carefully and choose the best answer. '.repeat(2)}</p>`;
    if (n % 10 === 7) return { qt: 6, pm: 4, text, answer: n };
    if (n % 10 === 9) return { qt: 1, pm: 5, text };
    const options = { A: `Option A of ${n}`, B: `Option B of ${n}`, C: `Option C of ${n}`, D: `Option D of ${n}` };
    if (n % 10 === 3) return { qt: 4, pm: 4, nm: 1, text, options, answer: ['A', 'C'] };
    return { qt: 3, pm: 4, nm: 1, text, options, answer: 'B' };
  };
  const sections = [0, 1, 2].map((s) => ({
    name: ['Physics', 'Chemistry', 'Mathematics'][s],
    instruction: '<p>+4 for a correct answer, -1 for a wrong one.</p>',
    questions: Array.from({ length: QUESTIONS / 3 }, (_, i) => question(s * (QUESTIONS / 3) + i + 1)),
  }));
  return {
    version: 1,
    students: [{ ...STUDENT, email: 'bench@example.edu', name: 'Bench Student' }],
    tests: [
      {
        _id: TEST_ID,
        name: 'Benchmark: 300 Questions',
        format: { duration: 180, parts: [{ name: 'Paper', sections }] },
        config: { SHUFFLE_OPTIONS: true },
        open_to_all: true,
      },
    ],
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
}
const ms = (v) => `${v.toFixed(1)} ms`.padStart(9);

const dataDir = mkdtempSync(join(tmpdir(), 'invigil-bench-ui-'));
let server;
let base;
let browser;
let exitCode = 0;
try {
  ({ base, server } = await startImportedServer(root, dataDir, importFile()));

  const post = async (path, body, token) => {
    const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) }, body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  const { token } = await post('/login', { phone: STUDENT.reg_no, password: STUDENT.password });
  await post('/test/start', { id: TEST_ID, devices: [] }, token);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${base}/`);
  await page.evaluate((t) => localStorage.setItem('jwt_token', t), token);
  await page.goto(`${base}/test/${TEST_ID}/in`);
  await page.getByRole('heading', { name: `Question 1 of ${QUESTIONS}` }).waitFor({ timeout: 30_000 });

  await page.evaluate(() => {
    const state = { work: [], paint: [], events: [], pending: null };
    window.__bench = state;
    const isTarget = (event) => event.target instanceof Element && event.target.closest('[data-testid="save-next"], #question-heading');
    // Capture on window runs before React's listener on the root; bubble on window runs after it.
    window.addEventListener('click', (event) => {
      if (!isTarget(event)) return;
      performance.mark('save-next-click');
      state.pending = new Promise((resolve) => {
        requestAnimationFrame(() =>
          setTimeout(() => {
            state.paint.push(performance.now() - event.timeStamp);
            resolve();
          }, 0),
        );
      });
    }, true);
    window.addEventListener('click', (event) => {
      if (isTarget(event)) state.work.push(performance.now() - event.timeStamp);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'click') state.events.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });

  // The floor: a click that changes nothing, measured the same way (waiting for the next frame and
  // painting it cost this much even with no work at all).
  const heading = page.locator('#question-heading');
  for (let i = 0; i < 40; i += 1) {
    await heading.click();
    await page.evaluate(() => window.__bench.pending);
  }
  const floor = await page.evaluate(() => {
    const paint = window.__bench.paint.splice(0);
    window.__bench.work.splice(0);
    window.__bench.events.splice(0);
    return paint;
  });

  const saveNext = page.getByTestId('save-next');
  // --profile: a CPU profile of the clicks (best with an unminified portal, PORTAL_DIST=...).
  const cdp = args.includes('--profile') ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  // --trace: a Chromium performance trace of the clicks, summarised by renderer task kind.
  if (args.includes('--trace')) await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline', ...(args.includes('--invalidations') ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []), ...(args.includes('--samples') ? ['disabled-by-default-v8.cpu_profiler'] : [])] });
  for (let i = 0; i < CLICKS; i += 1) {
    if (i % 2 === 0) {
      const choice = page.getByRole('radio').first();
      if (await choice.count()) await choice.check();
      await page.waitForTimeout(THINK_MS);
    }
    await saveNext.click();
    await page.evaluate(() => window.__bench.pending);
    // A student reads before the next click; the saves of this one run meanwhile, as in real use.
    await page.waitForTimeout(THINK_MS);
  }
  await page.getByRole('heading', { name: `Question ${CLICKS + 1} of ${QUESTIONS}` }).waitFor({ timeout: 5_000 });
  if (args.includes('--trace')) {
    const buffer = await browser.stopTracing();
    const file = join(root, '.tmp', 'test-ui.trace.json');
    writeFileSync(file, buffer);
    const { traceEvents } = JSON.parse(buffer.toString());
    const totals = new Map();
    for (const event of traceEvents) {
      if (event.ph !== 'X' || typeof event.dur !== 'number') continue;
      const entry = totals.get(event.name) ?? { ms: 0, n: 0, max: 0 };
      entry.ms += event.dur / 1000;
      entry.n += 1;
      entry.max = Math.max(entry.max, event.dur / 1000);
      totals.set(event.name, entry);
    }
    console.log(`Trace (${file}), renderer work by kind over all clicks:`);
    for (const [name, { ms: total, n, max }] of [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
      console.log(`${total.toFixed(1).padStart(9)} ms  ${String(n).padStart(6)}x  max ${max.toFixed(1).padStart(6)} ms  ${name}`);
    }
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = join(root, '.tmp', 'test-ui.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    const selfMs = new Map();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas;
    profile.samples.forEach((id, index) => {
      const { callFrame } = byId.get(id);
      const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[index] ?? 0) / 1000);
    });
    const top = [...selfMs.entries()].filter(([key]) => !key.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 40);
    console.log(`CPU profile (${file}), self time over all clicks:`);
    for (const [key, value] of top) console.log(`${value.toFixed(1).padStart(8)} ms  ${key}`);
  }
  const result = await page.evaluate(() => ({ work: window.__bench.work, paint: window.__bench.paint, slowEvents: window.__bench.events.length }));
  const idle = summary(floor);

  const work = summary(result.work);
  const paint = summary(result.paint);
  console.log(`In-test screen, ${QUESTIONS} questions, ${paint.n} Save-Next clicks, ${THINK_MS} ms between actions (headless Chromium):`);
  console.log(`${''.padEnd(34)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}`);
  console.log(`${'click -> handlers + render done'.padEnd(34)} ${ms(work.p50)} ${ms(work.p95)} ${ms(work.max)}`);
  console.log(`${'click -> next frame painted'.padEnd(34)} ${ms(paint.p50)} ${ms(paint.p95)} ${ms(paint.max)}`);
  console.log(`${'(floor: a click that does nothing)'.padEnd(34)} ${ms(idle.p50)} ${ms(idle.p95)} ${ms(idle.max)}`);
  const ok = paint.p95 <= TARGET_P95_MS;
  console.log(`Target p95 click -> next paint <= ${TARGET_P95_MS} ms: ${ok ? 'met' : 'NOT met'}`);
  if (!ok) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await browser?.close();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

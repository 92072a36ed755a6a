#!/usr/bin/env node
// Every portal route on a slow phone: the gzip JavaScript it downloads and the time until its main
// content is painted with its data.
// Usage: npm run bench:portal [-- --runs=3] [-- --only=/desk,/timetable] [-- --no-throttle] [-- --inspect] [-- --https]
//
// Starts the BUILT server (server/dist/main.js; the portal from PORTAL_DIST, default portal/dist:
// run `npm run build` first, this builds nothing) on a temporary DATA_DIR with the demo data, and
// opens each route of portal/src/app/route-table.ts at a real address in headless Chromium, in a
// fresh browser context each (cold cache, service workers blocked so only the route's own
// downloads count), signed in as Asha (student@example.edu) where the route needs a sign-in.
// Every page runs under emulated slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up: CDP
// Network.emulateNetworkConditions) and a 4x CPU slowdown (Emulation.setCPUThrottlingRate).
//
// JS: every script the page downloads in its first 5 s (when the main content comes later, until
// 3 s after it), chunks loaded after idle included, each counted at its gzip -9 size (as
// bench:bundle does).
// Main content: navigation start -> the frame in which the route's main heading (h1 in <main>,
// else <main>'s first heading) and the route's own data element (below) are visible and no
// loading spinner is left. Targets: at most 120 KB gzip JS on every route, at most 100 KB on the
// login route, main content within 2.5 s.
//
// --https: the pages come through deploy/nginx/invigil.conf (local-nginx.sh) on HTTPS with HTTP/2,
// the build's brotli files and a self-signed certificate made here with openssl, as a deployed
// portal serves them (a camera
// needs a secure page, so every real deployment has TLS in front). Without it, straight from the
// Node server over cleartext HTTP/1.1, where the browser's six connections queue a page's files.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort, startBuiltServer } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const throttle = !args.includes('--no-throttle');
const inspect = args.includes('--inspect');
const https = args.includes('--https');
/** --runs=N: each route N times, the median time (a busy machine makes single runs noisy). */
const RUNS = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1));

const ROUTE_JS_TARGET_KB = 120;
const LOGIN_JS_TARGET_KB = 100;
const CONTENT_TARGET_MS = 2_500;
const SCRIPT_WINDOW_MS = 5_000;
/** When the content comes later than 5 s, scripts are still counted until this long after it. */
const IDLE_GRACE_MS = 3_000;
const CONTENT_TIMEOUT_MS = 30_000;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const ASHA = { phone: 'student@example.edu', password: 'demo1234' };
const PROCTOR = { email: 'proctor@example.edu', password: 'demo1234' };
/** The demo proctor's session as the console stores it (set once signed in, below). */
let proctorSession = '';

const portalDist = process.env.PORTAL_DIST ?? join(root, 'portal', 'dist');
for (const [file, what] of [[join(root, 'server/dist/main.js'), 'the server'], [join(portalDist, 'index.html'), `the portal (${portalDist})`]]) {
  if (!existsSync(file)) {
    console.error(`${what} is not built (${file} is missing): run npm run build first.`);
    process.exit(2);
  }
}

/** Today in the server's zone (the bench and the server share it): the demo's live class of today. */
const now = new Date();
const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
const weekday = now.toLocaleDateString('en-US', { weekday: 'long' }).toLowerCase();

/**
 * A real address of each pattern, and the selector of "main content with data": the element that
 * shows the route's first loaded list or card (any of a comma-separated list). Unknown patterns
 * are measured with the heading alone when they have no parameter, and reported when they have.
 */
const SAMPLES = {
  '/': { signedOut: true, path: '/', data: 'main a[href="/auth/login"], main .btn' },
  '/auth': { signedOut: true, path: '/auth', data: 'main a[href="/auth/login"], main .btn' },
  '/auth/login': { signedOut: true, path: '/auth/login', data: 'main form input[type="password"]' },
  '/test-submitted': { signedOut: true, path: '/test-submitted' },
  '/live-class/:id': { path: (base) => `/live-class/demo-10a-${weekday}-6?date=${today}&api=${encodeURIComponent(`${base}/api`)}`, data: 'main #live-class-subject' },
  '/study/:subject_id': { path: '/study/demo-physics?tid=demo-teacher-anil&sn=Physics&tn=Dr.%20Anil%20Kumar', data: 'main [data-testid="study-item"]' },
  // Asha's open query: its thread's first row once loaded.
  '/queries/:id': { path: '/queries/demo-query-asha-open', data: 'main table tbody tr' },
  '/troubleshoot/guide/:topic': { path: '/troubleshoot/guide/allow-camera' },
  // The test's name is its heading: loaded data.
  '/test/:id': { path: '/test/demo-mcq' },
  '/test/:id/in': { path: '/test/demo-mcq/in', data: 'main [data-testid="save-next"], [data-testid="save-next"]', started: 'demo-mcq' },
  '/test/:id/test-in-partwise': { path: '/test/demo-mixed/test-in-partwise', data: '[data-testid="save-next"]', started: 'demo-mixed' },
  '/test/:id/dashboard': { path: '/test/demo-attempted/dashboard' },
  '/test/:id/instruction': { path: '/test/demo-mcq/instruction', data: 'main dl' },
  '/test/:id/ready-check': { path: '/test/demo-mcq/ready-check', data: 'main .card' },
  '/test/:id/result': { path: '/test/demo-attempted/result', data: 'main dl' },
  '/test/:id/review': { path: '/test/demo-attempted/review', data: 'main article' },
  '/chapter-test/:ids/instruction': { path: '/chapter-test/demo-chapter/instruction', data: 'main li' },
  '/marksheet/:id': { path: '/marksheet/demo-term1-DEMO001' },
  '/answer-sheet/:id': { path: '/answer-sheet/demo-attempted', data: 'main li' },
  '/notes/:subject/:chapter/:chapterId': { path: `/notes/${encodeURIComponent('Physics')}/${encodeURIComponent('Laws of Motion')}/demo-laws-of-motion` },
  // The proctor console, signed in as the demo proctor: their tests, and one test's live candidates
  // (Asha's attempt started first, so there is a card).
  '/proctor/login': { signedOut: true, path: '/proctor/login', data: 'main form input[type="password"]' },
  '/proctor': { proctor: true, path: '/proctor', data: 'main ul[aria-label="Your tests"] li' },
  '/proctor/test/:id': { proctor: true, path: '/proctor/test/demo-mcq', data: 'main article', started: 'demo-mcq' },
  // The staff side's pages with an address parameter: signed out, they measure the staff chunk and the sign-in it leads to.
  '/staff/students/:id': { signedOut: true, path: '/staff/students/unknown', data: 'main form input[type="password"]' },
  '/staff/bank/:id': { signedOut: true, path: '/staff/bank/unknown', data: 'main form input[type="password"]' },
};

/** The data element of routes without a parameter (their first list or card once loaded). */
const DATA = {
  '/desk': 'main li, main .card',
  '/study': 'main .card',
  '/assignment': 'main .card',
  '/homework': 'main .card',
  '/video-lecture': 'main .card',
  '/dashboard/desk': 'main li, main .card',
  '/timetable': 'main table td, main [role="grid"] [role="gridcell"], main li',
  '/attendance': 'main table td, main [role="grid"] [role="gridcell"]',
  '/troubleshoot': 'main .card',
  '/profile': 'main dl, main table, main li',
  '/test': 'main li, main .card',
  '/mock-test': 'main li, main .card',
  '/test-results': 'main li, main table tr, main .card',
  '/marksheet': 'main li a, main table a, main .card',
  '/answer-sheet': 'main li, main .card, main table tr',
  '/queries': 'main [data-testid="queries-table"] tbody tr',
  // The form once its query types have loaded.
  '/query-new': 'main form[aria-busy="false"]',
  '/certificates': 'main [data-testid="certificate-requests"] tbody tr',
  // Asha's fee table's first row once loaded.
  '/fee-list': 'main [data-testid="fee-table"] tbody tr',
  '/certificate-request': 'main [data-testid="certificate-types"] tbody tr',
};

function routePatterns() {
  // The staff side's pages are in its own table, behind the route table's one '/staff/*?'.
  const table = readFileSync(join(root, 'portal/src/app/route-table.ts'), 'utf8') + readFileSync(join(root, 'portal/src/features/staff-shell/staff-routes.ts'), 'utf8');
  return [...new Set([...table.matchAll(/(?:path: |later\()'([^']+)'/g)].map((match) => match[1]))].filter((path) => path !== '*' && path !== '/staff/*?');
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipSizes = new Map();
/** The page's origin and the server's own, when they differ (--https): files are sized from the server. */
const origins = { page: '', server: '' };
async function gzipSizeOf(url) {
  if (!gzipSizes.has(url)) {
    const body = Buffer.from(await (await fetch(origins.page ? url.replace(origins.page, origins.server) : url)).arrayBuffer());
    gzipSizes.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipSizes.get(url);
}

async function measure(browser, base, token, pattern, sample) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    if (sample.proctor) await context.addInitScript((session) => localStorage.setItem('invigil_proctor_session', session), proctorSession);
    else if (!sample.signedOut) await context.addInitScript((jwt) => localStorage.setItem('jwt_token', jwt), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    let navigationStart = null;
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (navigationStart === null && event.type === 'Document') navigationStart = event.timestamp;
      requests.set(event.requestId, { url: event.request.url, at: event.timestamp, script: false, done: false });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request && (event.type === 'Script' || /javascript/i.test(event.response.mimeType))) request.script = true;
    });
    const finish = (event) => {
      const request = requests.get(event.requestId);
      if (request) {
        request.done = true;
        request.end = event.timestamp;
        request.encoded = event.encodedDataLength ?? 0;
      }
    };
    cdp.on('Network.loadingFinished', finish);
    cdp.on('Network.loadingFailed', finish);

    const path = typeof sample.path === 'function' ? sample.path(base) : sample.path;
    // The check runs in the page on each animation frame and keeps the first frame that shows the
    // content; the bench only reads that time now and then. (Playwright's waitForFunction would
    // inject its own utility script and call into the page on every frame: on a 4x slower CPU
    // that competes with the page it measures and adds several hundred ms.)
    await page.addInitScript((selector) => {
      const visible = (element) => !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
      const check = () => {
        const main = document.querySelector('main');
        const heading = main?.querySelector('h1') ?? main?.querySelector('h2, h3');
        const shown =
          visible(heading) &&
          ![...document.querySelectorAll('.loading-spinner, [role="status"][aria-label^="Loading"]')].some(visible) &&
          (!selector || [...document.querySelectorAll(selector)].some(visible));
        if (shown) window.__benchContentAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, sample.data ?? null);
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    let contentMs = null;
    let problem = '';
    const deadline = Date.now() + CONTENT_TIMEOUT_MS;
    while (contentMs === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      contentMs = await page.evaluate(() => window.__benchContentAt ?? null).catch(() => null);
    }
    if (contentMs === null) problem = `no main content within ${CONTENT_TIMEOUT_MS / 1000} s`;
    // On a slow machine the content may come after 5 s: the chunks it loads once idle still count.
    const windowMs = Math.max(SCRIPT_WINDOW_MS, contentMs === null ? 0 : contentMs + IDLE_GRACE_MS);
    const elapsed = await page.evaluate(() => performance.now());
    if (elapsed < windowMs) await page.waitForTimeout(windowMs - elapsed);
    // Scripts asked for within the window are counted when they finish.
    const inWindow = () => [...requests.values()].filter((request) => request.script && navigationStart !== null && (request.at - navigationStart) * 1000 <= windowMs);
    for (let i = 0; i < 100 && inWindow().some((request) => !request.done); i += 1) await page.waitForTimeout(100);
    const scripts = inWindow();
    const beforeContent = scripts.filter((request) => contentMs !== null && (request.at - navigationStart) * 1000 <= contentMs);
    const sum = async (list) => (await Promise.all(list.map((request) => gzipSizeOf(request.url)))).reduce((a, b) => a + b, 0);
    const outline = inspect ? await page.evaluate(() => {
      const main = document.querySelector('main');
      const heading = main?.querySelector('h1, h2, h3');
      const first = main?.querySelector('li, .card, table, dl');
      return `${heading?.textContent?.trim() ?? '(no heading)'} | ${first ? `${first.tagName.toLowerCase()}.${[...first.classList].slice(0, 2).join('.')}: ${first.textContent?.trim().slice(0, 60)}` : '(no list/card)'}`;
    }) : '';
    // --inspect also prints every request of the page: when it was asked for and when it ended.
    const waterfall = () => [...requests.values()]
      .filter((request) => navigationStart !== null && (request.at - navigationStart) * 1000 <= windowMs)
      .sort((a, b) => a.at - b.at)
      .map((request) => {
        const ms = (t) => (t === undefined ? '   -' : String(Math.round((t - navigationStart) * 1000)).padStart(4));
        return `      ${ms(request.at)} -> ${ms(request.end)} ms  ${String(request.encoded ?? '-').padStart(6)} B  ${new URL(request.url).pathname.slice(0, 70)}`;
      })
      .join('\n');
    // --inspect also names each script with its gzip size, largest first: what to cut.
    const fileList = inspect
      ? (await Promise.all(scripts.map(async (request) => [new URL(request.url).pathname.split('/').pop(), await gzipSizeOf(request.url)])))
          .sort((a, b) => b[1] - a[1])
          .map(([name, size]) => `${name} ${(size / 1024).toFixed(1)}`)
          .join(', ')
      : '';
    return {
      pattern,
      path,
      signedIn: sample.signedOut ? 'no' : sample.proctor ? 'proctor' : 'yes',
      files: scripts.length,
      jsAtContent: await sum(beforeContent),
      js: await sum(scripts),
      // What went over the wire for those scripts (headers included): gzip or brotli when the server sends it so.
      jsSent: scripts.reduce((total, request) => total + (request.encoded ?? 0), 0),
      contentMs,
      problem,
      outline: inspect ? `${outline}\n      scripts: ${fileList}\n${waterfall()}` : outline,
    };
  } finally {
    await context.close();
  }
}

/** nginx (the deploy config, through local-nginx.sh) on HTTPS + HTTP/2 in front of `base`, on a fresh self-signed certificate. */
async function startHttpsProxy(base) {
  const dir = join(dataDir, 'nginx');
  const cert = join(dataDir, 'cert.pem');
  const key = join(dataDir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const port = await freePort();
  const child = spawn('bash', [join(root, 'deploy/nginx/local-nginx.sh'), '--dir', dir, '--port', String(port), '--upstream', new URL(base).host, '--dist', portalDist, '--tls', `${cert},${key}`, '--brotli'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const pageBase = `https://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    // Node's fetch would refuse the self-signed certificate: ask nginx's port whether it accepts connections.
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() && true)).once('error', () => resolve(false));
    });
    if (open) return { pageBase, proxy: child };
    if (waited > 10_000 || child.exitCode !== null) throw new Error('nginx did not start (see the lines above)');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'invigil-bench-portal-'));
let server;
let proxy;
let browser;
let exitCode = 0;
try {
  let base;
  ({ base, server } = await startBuiltServer(root, dataDir));
  const post = async (path, body, token) => {
    const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) }, body: JSON.stringify(body) });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  const { token } = await post('/login', ASHA);
  // The proctor console's own session (portal/src/features/proctor-console/proctor-auth.ts).
  proctorSession = JSON.stringify(await post('/proctor/login', PROCTOR));
  // The address the browser opens: the server itself, or nginx on HTTPS in front of it.
  let pageBase = base;
  if (https) {
    ({ pageBase, proxy } = await startHttpsProxy(base));
    Object.assign(origins, { page: pageBase, server: base });
  }

  const patterns = routePatterns();
  const runs = [];
  for (const pattern of patterns) {
    const sample = SAMPLES[pattern] ?? (pattern.includes(':') ? null : { path: pattern, data: DATA[pattern] });
    if (!sample) {
      console.error(`No sample address for ${pattern}: add one to SAMPLES in bench/portal-routes.mjs.`);
      exitCode = 1;
      continue;
    }
    runs.push([pattern, { ...sample, data: sample.data ?? DATA[pattern] }]);
    // Home signed in too: what a student opens every day.
    // (The first upcoming class card's spinner holds the content until it has loaded.)
    if (pattern === '/') runs.push(['/ (signed in)', { path: '/', data: 'main .card' }]);
  }
  const selected = only ? runs.filter(([pattern]) => only.includes(pattern)) : runs;

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...(https ? ['--ignore-certificate-errors'] : [])],
  });
  console.log(`Portal routes${https ? ' over HTTPS and HTTP/2 through nginx' : ' from the Node server over HTTP/1.1'} on ${throttle ? `slow 4G (${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up) and a ${CPU_SLOWDOWN}x CPU slowdown` : 'no throttling'}, headless Chromium, cold cache:`);
  const results = [];
  for (const [pattern, sample] of selected) {
    // A running test's screen: started (or resumed) right before, so that its clock has not run out.
    if (sample.started) await post('/test/start', { id: sample.started, devices: [] }, token).catch((error) => console.error(`Could not start ${sample.started}: ${error.message}`));
    const tries = [];
    for (let run = 0; run < RUNS; run += 1) tries.push(await measure(browser, pageBase, token, pattern, sample));
    // The median by content time (a run without content counts as the slowest); its JS with it.
    tries.sort((a, b) => (a.contentMs ?? Infinity) - (b.contentMs ?? Infinity));
    results.push(tries[Math.floor((tries.length - 1) / 2)]);
    process.stderr.write(`  measured ${pattern}${RUNS > 1 ? `: ${tries.map((t) => (t.contentMs === null ? '-' : (t.contentMs / 1000).toFixed(2))).join(', ')} s` : ''}\n`);
  }

  const header = ['route', 'signed in', 'JS files', 'JS gzip at content', `JS gzip (first ${SCRIPT_WINDOW_MS / 1000} s)`, 'JS sent', 'main content', 'targets'];
  const rows = results.map((result) => {
    const jsTarget = result.pattern === '/auth/login' ? LOGIN_JS_TARGET_KB : ROUTE_JS_TARGET_KB;
    const misses = [];
    if (result.js / 1024 > jsTarget) misses.push(`JS > ${jsTarget} KB`);
    if (result.contentMs === null) misses.push(result.problem);
    else if (result.contentMs > CONTENT_TARGET_MS) misses.push(`content > ${CONTENT_TARGET_MS / 1000} s`);
    if (misses.length > 0) exitCode = 1;
    return [
      result.pattern === result.path ? result.pattern : `${result.pattern}  ${result.path.split('?')[0]}`,
      result.signedIn,
      String(result.files),
      `${kb(result.jsAtContent)} KB`,
      `${kb(result.js)} KB`,
      `${kb(result.jsSent)} KB`,
      result.contentMs === null ? '-' : `${(result.contentMs / 1000).toFixed(2)} s`,
      misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`,
      result.outline,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 || column === 7 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row.slice(0, 8)) + (inspect ? `   ${row[8]}` : ''));
  console.log('');
  console.log(`Targets: JS at most ${ROUTE_JS_TARGET_KB} KB gzip on every route (${LOGIN_JS_TARGET_KB} KB on /auth/login), main content within ${CONTENT_TARGET_MS / 1000} s.`);
  const missed = rows.filter((row) => row[7] !== 'met').length;
  console.log(missed === 0 ? 'Every route met its targets.' : `${missed} of ${rows.length} routes missed a target.`);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  exitCode = 1;
} finally {
  await browser?.close();
  proxy?.kill('SIGTERM');
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

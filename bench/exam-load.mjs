#!/usr/bin/env node
// npm run bench:exam [-- --students 2000 --window 60 --steady 60 --sync-every 2]
//
// N simulated students start one test within a window, fetch the paper, sync every few seconds
// and ping every 20 s, against the built server on the embedded SQLite database on this machine.
// Prints start p50/p99, paper p99, sync rate and p99, and errors. The client runs on the same
// 2 cores as the server, so the figures are pessimistic. Traffic goes to 127.0.0.1 only.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const STUDENTS = arg('students', 2000);
const WINDOW_S = arg('window', 60);
const STEADY_S = arg('steady', 60);
const SYNC_EVERY_S = arg('sync-every', 2);
const PING_EVERY_S = 20;
const QUESTIONS = 40;
const TEST_ID = 'bench-exam';
const PASSWORD = 'bench1234';

const freePort = () => new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

// --- setup: a data folder with N students and one test open to all -------------------------
if (!existsSync(join(root, 'server/dist/main.js'))) execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'invigil-bench-'));
const importFile = join(dataDir, 'bench-import.json');
const question = (n) => ({ qt: 3, pm: 4, nm: 1, text: `<p>Question ${n}: pick the right option.</p>`, options: { A: 'one', B: 'two', C: 'three', D: 'four' }, answer: 'B', solution: '<p>B.</p>' });
writeFileSync(importFile, JSON.stringify({
  version: 1,
  students: Array.from({ length: STUDENTS }, (_, i) => ({ reg_no: `BENCH${i}`, email: `bench${i}@example.edu`, name: `Bench Student ${i}`, password: PASSWORD })),
  tests: [{
    _id: TEST_ID, name: 'Bench exam', open_to_all: true,
    format: { duration: 180, parts: [{ name: 'Part A', sections: [{ name: 'Section A', questions: Array.from({ length: QUESTIONS }, (_, i) => question(i + 1)) }] }] },
  }],
}));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOGIN_MAX_FAILURES_PER_IP: '100000' };
let t0 = performance.now();
execFileSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/cli/import.ts'), importFile], { cwd: root, env, stdio: 'ignore' });
console.log(`setup: imported ${STUDENTS} students and a ${QUESTIONS}-question test in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const port = await freePort();
const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
const stopServer = () => { server.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); };
process.on('exit', stopServer);

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function request(method, path, { token, body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: {
      ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      ...(token ? { 'x-access-token': token } : {}), ...headers,
    } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started, headers: res.headers }));
    });
    req.on('error', (error) => resolve({ status: 0, body: Buffer.from(String(error)), ms: performance.now() - started }));
    if (payload) req.write(payload);
    req.end();
  });
}
const json = (reply) => { try { return JSON.parse(reply.body.toString()); } catch { return null; } };

for (let i = 0; i < 100; i += 1) {
  if ((await request('GET', '/api/health')).status === 200) break;
  await sleep(100);
}

// --- sign in every student (not measured: it happens before the exam) ----------------------
t0 = performance.now();
const tokens = new Array(STUDENTS);
let next = 0;
await Promise.all(Array.from({ length: 8 }, async () => {
  while (next < STUDENTS) {
    const i = next++;
    const reply = await request('POST', '/api/login', { body: { phone: `BENCH${i}`, password: PASSWORD } });
    tokens[i] = json(reply)?.token;
    if (!tokens[i]) throw new Error(`login ${i} failed: ${reply.status} ${reply.body}`);
  }
}));
console.log(`setup: signed in ${STUDENTS} students in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// --- the exam --------------------------------------------------------------------------------
const stats = { start: [], in: [], paper: [], sync: [], ping: [], errors: new Map(), paperBytes: 0, syncTimes: [] };
const fail = (what, reply) => {
  const key = `${what} ${reply.status}`;
  stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
};
const examStart = performance.now();
const examEnd = examStart + (WINDOW_S + STEADY_S) * 1000;

async function student(i) {
  await sleep(Math.random() * WINDOW_S * 1000);
  const token = tokens[i];
  const start = await request('POST', '/api/test/start', { token, body: { id: TEST_ID, devices: [] } });
  if (start.status !== 200) return fail('start', start);
  stats.start.push(start.ms);
  const inReply = await request('GET', `/api/test/in/${TEST_ID}?ts=${Date.now()}&embed=0`, { token });
  if (inReply.status !== 200) return fail('in', inReply);
  stats.in.push(inReply.ms);
  const paperUrl = json(inReply).paper.url;
  const paper = await request('GET', paperUrl.startsWith('/api') ? paperUrl : `/api${paperUrl}`, { token, headers: { 'accept-encoding': 'br' } });
  if (paper.status !== 200) return fail('paper', paper);
  stats.paper.push(paper.ms);
  stats.paperBytes = paper.body.length;
  let rev = 0;
  let sinceSync = 0;
  let sincePing = 0;
  // Spread the syncs so that students are not in lockstep.
  await sleep(Math.random() * SYNC_EVERY_S * 1000);
  while (performance.now() < examEnd) {
    const qn = 1 + (rev % QUESTIONS);
    rev += 1;
    const now = Date.now();
    const sync = await request('POST', '/api/test/sync', { token, body: { id: TEST_ID, qn, updates: [{ qn, rev, ua: 'ABCD'[rev % 4], ats: now, mts: null, vts: now, s: rev, at: now }] } });
    if (sync.status !== 200) fail('sync', sync);
    else { stats.sync.push(sync.ms); stats.syncTimes.push(performance.now()); }
    sinceSync = 0;
    sincePing += SYNC_EVERY_S;
    if (sincePing >= PING_EVERY_S) {
      sincePing = 0;
      const ping = await request('POST', '/api/test/sync', { token, body: { id: TEST_ID, qn, updates: [] } });
      if (ping.status !== 200) fail('ping', ping); else stats.ping.push(ping.ms);
    }
    await sleep(SYNC_EVERY_S * 1000 - sinceSync);
  }
}

console.log(`exam: ${STUDENTS} students start within ${WINDOW_S} s, then sync every ${SYNC_EVERY_S} s and ping every ${PING_EVERY_S} s for ${STEADY_S} s more...`);
await Promise.all(Array.from({ length: STUDENTS }, (_, i) => student(i)));

// Sync rate over the steady phase, when everyone has started.
const steadyFrom = examStart + WINDOW_S * 1000;
const steadySyncs = stats.syncTimes.filter((time) => time >= steadyFrom).length;
const steadyRate = steadySyncs / STEADY_S;
const errors = [...stats.errors.values()].reduce((sum, count) => sum + count, 0);

console.log('');
console.log(`students: ${STUDENTS}; started: ${stats.start.length}; paper: ${(stats.paperBytes / 1024).toFixed(1)} KB brotli`);
console.log(`start   p50 ${ms(percentile(stats.start, 50))}  p99 ${ms(percentile(stats.start, 99))}  (target p99 <= 500 ms)`);
console.log(`in      p50 ${ms(percentile(stats.in, 50))}  p99 ${ms(percentile(stats.in, 99))}`);
console.log(`paper   p50 ${ms(percentile(stats.paper, 50))}  p99 ${ms(percentile(stats.paper, 99))}`);
console.log(`sync    ${stats.sync.length} in all; steady ${steadyRate.toFixed(0)}/s  p50 ${ms(percentile(stats.sync, 50))}  p99 ${ms(percentile(stats.sync, 99))}  (target p99 <= 100 ms at >= 1000/s)`);
console.log(`ping    p99 ${ms(percentile(stats.ping, 99))}`);
console.log(`errors  ${errors}${errors ? ` (${[...stats.errors].map(([key, count]) => `${key}: ${count}`).join(', ')})` : ''}  (target 0)`);
agent.destroy();
stopServer();
process.exit(0);

#!/usr/bin/env node
// npm run bench:exam [-- --students 2000 --window 60 --steady 60 --sync-every 2] [--fixed-cadence] [--fresh] [--cpu-prof DIR]
//
// N simulated students start one test within a window, fetch the paper, sync every few seconds
// and ping every 20 s, against the built server on the embedded SQLite database on this machine.
// Prints start p50/p99, paper p99, sync rate and p99, and errors. The client runs on the same
// 2 cores as the server, so the figures are pessimistic. Traffic goes to 127.0.0.1 only.
//
// Setup (not measured) is slow on purpose: every student's password is an scrypt hash, made on
// import and checked at sign-in. So the imported database, the JWT secret and the tokens are kept
// in $TMPDIR/invigil-bench-cache/<hash of the import file> and reused by the next run with the
// same options (a fresh copy each run; tokens are checked first and signed in again if refused).
// --fresh ignores the cache. --cpu-prof DIR runs the server with node --cpu-prof into DIR;
// BENCH_SERVER_ARGS='--trace-gc ...' passes other node options to it (and shows its stdout).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
const FRESH = process.argv.includes('--fresh');
const FIXED_CADENCE = process.argv.includes('--fixed-cadence');
const CPU_PROF_DIR = process.argv.includes('--cpu-prof') ? process.argv[process.argv.indexOf('--cpu-prof') + 1] : undefined;
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
const importJson = JSON.stringify({
  version: 1,
  students: Array.from({ length: STUDENTS }, (_, i) => ({ reg_no: `BENCH${i}`, email: `bench${i}@example.edu`, name: `Bench Student ${i}`, password: PASSWORD })),
  tests: [{
    _id: TEST_ID, name: 'Bench exam', open_to_all: true,
    format: { duration: 180, parts: [{ name: 'Part A', sections: [{ name: 'Section A', questions: Array.from({ length: QUESTIONS }, (_, i) => question(i + 1)) }] }] },
  }],
});
writeFileSync(importFile, importJson);
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOGIN_MAX_FAILURES_PER_IP: '100000' };
const cacheDir = join(tmpdir(), 'invigil-bench-cache', createHash('sha256').update(importJson).digest('hex').slice(0, 16));
const cached = (name) => join(cacheDir, name);
let t0 = performance.now();
if (!FRESH && existsSync(cached('invigil.sqlite'))) {
  copyFileSync(cached('invigil.sqlite'), join(dataDir, 'invigil.sqlite'));
  if (existsSync(cached('jwt-secret'))) copyFileSync(cached('jwt-secret'), join(dataDir, 'jwt-secret'));
  console.log(`setup: reused the imported ${STUDENTS} students and test from ${cacheDir}`);
} else {
  execFileSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/cli/import.ts'), importFile], { cwd: root, env, stdio: 'ignore' });
  console.log(`setup: imported ${STUDENTS} students and a ${QUESTIONS}-question test in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The import closed the database cleanly (no WAL left), so the file alone is the state.
  if (!existsSync(join(dataDir, 'invigil.sqlite-wal'))) {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    copyFileSync(join(dataDir, 'invigil.sqlite'), cached('invigil.sqlite.tmp'));
    renameSync(cached('invigil.sqlite.tmp'), cached('invigil.sqlite'));
  }
}

const port = await freePort();
const nodeArgs = [...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []), ...(process.env.BENCH_SERVER_ARGS ? process.env.BENCH_SERVER_ARGS.split(' ') : [])];
const server = spawn(process.execPath, [...nodeArgs, join(root, 'server/dist/main.js')], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', process.env.BENCH_SERVER_ARGS ? 'inherit' : 'ignore', 'inherit'] });
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
let tokens = null;
if (!FRESH && existsSync(cached('tokens.json'))) {
  const saved = JSON.parse(readFileSync(cached('tokens.json'), 'utf8'));
  const check = await request('GET', '/api/test/list', { token: saved[0] });
  if (saved.length === STUDENTS && check.status === 200) {
    tokens = saved;
    console.log(`setup: reused the tokens of ${STUDENTS} students`);
  }
}
if (!tokens) {
  tokens = new Array(STUDENTS);
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
  if (existsSync(cached('invigil.sqlite')) && existsSync(join(dataDir, 'jwt-secret'))) {
    copyFileSync(join(dataDir, 'jwt-secret'), cached('jwt-secret'));
    writeFileSync(cached('tokens.json.tmp'), JSON.stringify(tokens));
    renameSync(cached('tokens.json.tmp'), cached('tokens.json'));
  }
}

// --- the exam --------------------------------------------------------------------------------
const stats = { start: [], in: [], paper: [], sync: [], ping: [], errors: new Map(), paperBytes: 0, syncTimes: [], pingTimes: [] };
const errorSamples = new Map();
const fail = (what, reply) => {
  const key = `${what} ${reply.status}`;
  stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
  if (!errorSamples.has(key)) errorSamples.set(key, reply.body.toString().slice(0, 200));
};
// CPU time of the server process (Linux /proc) and of this client, to tell their shares apart.
const serverCpuSeconds = (which = 'all') => {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const [user, system] = [Number(fields[11]) / 100, Number(fields[12]) / 100]; // utime, stime in clock ticks (USER_HZ = 100)
    return which === 'system' ? system : user + system;
  } catch {
    return NaN;
  }
};
const serverSystemAtStart = serverCpuSeconds('system');
const serverCpuAtStart = serverCpuSeconds();
const clientCpuAtStart = process.cpuUsage();
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
  let sincePing = 0;
  // Spread the syncs so that students are not in lockstep.
  await sleep(Math.random() * SYNC_EVERY_S * 1000);
  let due = performance.now();
  while (performance.now() < examEnd) {
    const qn = 1 + (rev % QUESTIONS);
    rev += 1;
    const now = Date.now();
    const sync = await request('POST', '/api/test/sync', { token, body: { id: TEST_ID, qn, updates: [{ qn, rev, ua: 'ABCD'[rev % 4], ats: now, mts: null, vts: now, s: rev, at: now }] } });
    if (sync.status !== 200) fail('sync', sync);
    else { stats.sync.push(sync.ms); stats.syncTimes.push(performance.now()); }
    sincePing += SYNC_EVERY_S;
    if (sincePing >= PING_EVERY_S) {
      sincePing = 0;
      const ping = await request('POST', '/api/test/sync', { token, body: { id: TEST_ID, qn, updates: [] } });
      if (ping.status !== 200) fail('ping', ping); else { stats.ping.push(ping.ms); stats.pingTimes.push(performance.now()); }
    }
    // Default: the next sync SYNC_EVERY_S after this one's reply (a slow server gets fewer).
    // --fixed-cadence: every SYNC_EVERY_S on the clock, as a portal's timer does (slots missed
    // while waiting for a reply are skipped, not sent in a burst).
    due = FIXED_CADENCE ? Math.max(due + SYNC_EVERY_S * 1000, performance.now()) : performance.now() + SYNC_EVERY_S * 1000;
    await sleep(due - performance.now());
  }
}

console.log(`exam: ${STUDENTS} students start within ${WINDOW_S} s, then sync every ${SYNC_EVERY_S} s${FIXED_CADENCE ? ' (fixed cadence)' : ''} and ping every ${PING_EVERY_S} s for ${STEADY_S} s more...`);
await Promise.all(Array.from({ length: STUDENTS }, (_, i) => student(i)));

// Sync rate over the steady phase, when everyone has started.
const steadyFrom = examStart + WINDOW_S * 1000;
const steadySyncs = stats.syncTimes.filter((time) => time >= steadyFrom).length;
const steadyRate = steadySyncs / STEADY_S;
const steadyPingRate = stats.pingTimes.filter((time) => time >= steadyFrom).length / STEADY_S;
const errors = [...stats.errors.values()].reduce((sum, count) => sum + count, 0);
const examSeconds = (performance.now() - examStart) / 1000;
const serverCpu = serverCpuSeconds() - serverCpuAtStart;
const serverSystem = serverCpuSeconds('system') - serverSystemAtStart;
const clientCpuUsage = process.cpuUsage(clientCpuAtStart);
const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6;
const requests = stats.start.length + stats.in.length + stats.paper.length + stats.sync.length + stats.ping.length;

console.log('');
console.log(`students: ${STUDENTS}; started: ${stats.start.length}; paper: ${(stats.paperBytes / 1024).toFixed(1)} KB brotli`);
console.log(`start   p50 ${ms(percentile(stats.start, 50))}  p99 ${ms(percentile(stats.start, 99))}  (target p99 <= 500 ms)`);
console.log(`in      p50 ${ms(percentile(stats.in, 50))}  p99 ${ms(percentile(stats.in, 99))}`);
console.log(`paper   p50 ${ms(percentile(stats.paper, 50))}  p99 ${ms(percentile(stats.paper, 99))}`);
console.log(`sync    ${stats.sync.length} in all; steady ${steadyRate.toFixed(0)}/s (${(steadyRate + steadyPingRate).toFixed(0)}/s with pings)  p50 ${ms(percentile(stats.sync, 50))}  p99 ${ms(percentile(stats.sync, 99))}  (target p99 <= 100 ms at >= 1000/s)`);
// Where the slow syncs are: spread out (the server is slow) or bunched in a few seconds (stalls).
const slowSeconds = new Map();
stats.sync.forEach((latency, i) => {
  if (latency <= 100) return;
  const second = Math.floor((stats.syncTimes[i] - latency - examStart) / 1000);
  slowSeconds.set(second, (slowSeconds.get(second) ?? 0) + 1);
});
const slowTotal = [...slowSeconds.values()].reduce((sum, count) => sum + count, 0);
const worst = [...slowSeconds].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([second, count]) => `${count} sent at ${second} s`).join(', ');
console.log(`        syncs over 100 ms: ${slowTotal} (${((100 * slowTotal) / Math.max(1, stats.sync.length)).toFixed(2)}%), sent in ${slowSeconds.size} distinct seconds${slowTotal ? `; most: ${worst}` : ''}`);
console.log(`ping    p99 ${ms(percentile(stats.ping, 99))}`);
console.log(`cpu     server ${serverCpu.toFixed(1)} s (${serverSystem.toFixed(1)} s in the kernel; ${((100 * serverCpu) / examSeconds).toFixed(0)}% of a core, ${((1e6 * serverCpu) / requests).toFixed(0)} µs a request), client ${clientCpu.toFixed(1)} s, over ${examSeconds.toFixed(0)} s`);
console.log(`errors  ${errors}${errors ? ` (${[...stats.errors].map(([key, count]) => `${key}: ${count}`).join(', ')})` : ''}  (target 0)`);
for (const [key, sample] of errorSamples) console.log(`        first ${key}: ${sample}`);
agent.destroy();
stopServer();
process.exit(0);

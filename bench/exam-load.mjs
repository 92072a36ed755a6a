#!/usr/bin/env node
// npm run bench:exam [-- --students 2000 --window 60 --steady 60 --sync-every 2] [--fixed-cadence] [--fresh]
//                    [--processes N] [--nginx] [--postgres] [--redis] [--cluster N] [--cpu-prof DIR] [--separate-in] [--sealed] [--warm N] [--cold]
//
// N simulated students start one test within a window (as the portal does, the start also enters
// the test: its reply carries what GET /test/in gives, decision 0044; --separate-in asks GET
// /test/in after it, as before), fetch the paper (--sealed: fetched sealed before the window, as
// the portal does on the instructions page, and opened with the start's key; decision 0046), sync every few seconds
// and ping every 20 s, against the built server on this machine. Prints start p50/p99, paper
// p99, sync rate and p99, server CPU per request, the servers' event-loop delay p99, and errors.
// The client runs on the same 2 cores as the server, so the figures are pessimistic. Traffic goes
// to 127.0.0.1 only.
//
// Deployments (docs/scale.md compares them):
// - default: one server process on the embedded SQLite database, the client straight to it;
// - --nginx: deploy/nginx/invigil.conf in front (deploy/nginx/local-nginx.sh), as in production;
// - --processes N: N server processes behind nginx (implies --nginx), on one database;
// - --postgres / --redis: a throwaway PostgreSQL (fsync on, synchronous_commit off: an
//   acknowledged answer survives a crash of the server or of PostgreSQL, as SQLite's WAL with
//   synchronous=NORMAL does) and Redis for the live channel (scripts/with-postgres.sh, with-redis.sh);
// - --cluster N: --processes N --postgres --redis, the multi-process deployment of deploy/.
//
// Setup (not measured) is slow on purpose: every student's password is an scrypt hash, made on
// import and checked at sign-in. So the imported database (the SQLite file, or a pg_dump), the JWT
// secret and the tokens are kept in $TMPDIR/invigil-bench-cache/<hash of the import file and the
// engine> and reused by the next run with the same options (a fresh copy each run; tokens are
// checked first and signed in again if refused). --fresh ignores the cache. --cpu-prof DIR runs
// the servers with node --cpu-prof into DIR; BENCH_SERVER_ARGS='--trace-gc ...' passes other node
// options to them (and shows their stdout).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createDecipheriv, createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';

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
const CLUSTER = arg('cluster', 0);
const PROCESSES = CLUSTER || arg('processes', 1);
const NGINX = process.argv.includes('--nginx') || PROCESSES > 1;
const POSTGRES = process.argv.includes('--postgres') || CLUSTER > 0;
const REDIS = process.argv.includes('--redis') || CLUSTER > 0;
const SEPARATE_IN = process.argv.includes('--separate-in');
const SEALED = process.argv.includes('--sealed');
const CPU_PROF_DIR = process.argv.includes('--cpu-prof') ? process.argv[process.argv.indexOf('--cpu-prof') + 1] : undefined;
const PING_EVERY_S = 20;
// --warm N: N students start, sync and ping a second test before the exam, so that the server's
// start and sync paths are not met cold (JIT, heap) by the spike.
const WARM = arg('warm', 0);
const WARM_TEST_ID = 'bench-warm-up';
// --cold: the servers skip their own warm-up after boot (WARM_UP_ROUNDS=0; decision 0050).
const COLD = process.argv.includes('--cold');
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

// PostgreSQL and Redis: this script again, inside the throwaway servers of scripts/with-*.sh.
if ((POSTGRES && !process.env.TEST_DATABASE_URL) || (REDIS && !process.env.TEST_REDIS_URL)) {
  const wrap = [...(POSTGRES && !process.env.TEST_DATABASE_URL ? ['bash', join(root, 'scripts/with-postgres.sh')] : []), ...(REDIS && !process.env.TEST_REDIS_URL ? ['bash', join(root, 'scripts/with-redis.sh')] : [])];
  const run = spawnSync(wrap[0], [...wrap.slice(1), process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, WITH_POSTGRES_SETTINGS: '-c synchronous_commit=off -c shared_buffers=256MB' },
  });
  process.exit(run.status ?? 1);
}
const databaseUrl = POSTGRES ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = REDIS ? process.env.TEST_REDIS_URL : undefined;
const pgBin = (name) => {
  const dirs = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const found = dirs.map((version) => `/usr/lib/postgresql/${version}/bin/${name}`).find((path) => existsSync(path));
  return found ?? name;
};

// --- setup: a data folder with N students and one test open to all -------------------------
if (!existsSync(join(root, 'server/dist/main.js'))) execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'invigil-bench-'));
const importFile = join(dataDir, 'bench-import.json');
const question = (n) => ({ qt: 3, pm: 4, nm: 1, text: `<p>Question ${n}: pick the right option.</p>`, options: { A: 'one', B: 'two', C: 'three', D: 'four' }, answer: 'B', solution: '<p>B.</p>' });
const importJson = JSON.stringify({
  version: 1,
  students: Array.from({ length: STUDENTS }, (_, i) => ({ reg_no: `BENCH${i}`, email: `bench${i}@example.edu`, name: `Bench Student ${i}`, password: PASSWORD })),
  tests: [TEST_ID, ...(WARM > 0 ? [WARM_TEST_ID] : [])].map((id) => ({
    _id: id, name: id === TEST_ID ? 'Bench exam' : 'Bench warm-up', open_to_all: true,
    format: { duration: 180, parts: [{ name: 'Part A', sections: [{ name: 'Section A', questions: Array.from({ length: QUESTIONS }, (_, i) => question(i + 1)) }] }] },
  })),
});
writeFileSync(importFile, importJson);
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOGIN_MAX_FAILURES_PER_IP: '100000', ...(COLD ? { WARM_UP_ROUNDS: '0' } : {}), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
const cacheDir = join(tmpdir(), 'invigil-bench-cache', createHash('sha256').update(importJson).update(POSTGRES ? 'postgres' : 'sqlite').digest('hex').slice(0, 16));
const cached = (name) => join(cacheDir, name);
const dumpFile = cached('postgres.dump');
let t0 = performance.now();
const saveToCache = (write) => {
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  write();
};
if (!FRESH && existsSync(POSTGRES ? dumpFile : cached('invigil.sqlite'))) {
  if (POSTGRES) execFileSync(pgBin('pg_restore'), ['--no-owner', '-d', databaseUrl, dumpFile], { stdio: 'inherit' });
  else copyFileSync(cached('invigil.sqlite'), join(dataDir, 'invigil.sqlite'));
  if (existsSync(cached('jwt-secret'))) copyFileSync(cached('jwt-secret'), join(dataDir, 'jwt-secret'));
  console.log(`setup: reused the imported ${STUDENTS} students and test from ${cacheDir}`);
} else {
  execFileSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/src/cli/import.ts'), importFile], { cwd: root, env, stdio: 'ignore' });
  console.log(`setup: imported ${STUDENTS} students and a ${QUESTIONS}-question test in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (POSTGRES) {
    saveToCache(() => {
      execFileSync(pgBin('pg_dump'), ['-Fc', '-f', `${dumpFile}.tmp`, databaseUrl]);
      renameSync(`${dumpFile}.tmp`, dumpFile);
    });
  } else if (!existsSync(join(dataDir, 'invigil.sqlite-wal'))) {
    // The import closed the database cleanly (no WAL left), so the file alone is the state.
    saveToCache(() => {
      copyFileSync(join(dataDir, 'invigil.sqlite'), cached('invigil.sqlite.tmp'));
      renameSync(cached('invigil.sqlite.tmp'), cached('invigil.sqlite'));
    });
  }
}
const databaseCached = () => existsSync(POSTGRES ? dumpFile : cached('invigil.sqlite'));

// --- the servers: N processes on one database, nginx in front of them when asked ------------
const loopDelayDir = mkdtempSync(join(tmpdir(), 'invigil-bench-loop-'));
const nodeArgs = [
  '--import', pathToFileURL(join(root, 'bench/loop-delay.mjs')).href,
  ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []),
  ...(process.env.BENCH_SERVER_ARGS ? process.env.BENCH_SERVER_ARGS.split(' ') : []),
];
const servers = [];
const children = [];
const health = async (port, path = '/api/health', tries = 300) => {
  for (let i = 0; i < tries; i += 1) {
    const ok = await new Promise((resolve) => http.get({ host: '127.0.0.1', port, path }, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false)));
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`nothing answered ${path} with 200 on port ${port}`);
};
for (let i = 0; i < PROCESSES; i += 1) {
  const serverPort = await freePort();
  // The first process migrates; the others start once it is up (as deploy/ runs `npm run migrate` first).
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(serverPort), HOST: '127.0.0.1', BENCH_LOOP_DELAY_DIR: loopDelayDir, ...(i > 0 ? { MIGRATE_ON_START: 'false' } : {}) },
    stdio: ['ignore', process.env.BENCH_SERVER_ARGS ? 'inherit' : 'ignore', 'inherit'],
  });
  servers.push({ child, port: serverPort });
  children.push(child);
  await health(serverPort);
}
let port = servers[0].port;
let nginx;
if (NGINX) {
  port = await freePort();
  const nginxDir = join(dataDir, 'nginx');
  const dist = existsSync(join(root, 'portal/dist/index.html')) ? join(root, 'portal/dist') : mkdtempSync(join(tmpdir(), 'invigil-bench-dist-'));
  nginx = spawn('bash', [join(root, 'deploy/nginx/local-nginx.sh'), '--dir', nginxDir, '--port', String(port), '--upstream', servers.map((s) => `127.0.0.1:${s.port}`).join(','), '--dist', dist], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(nginx);
  await health(port);
}
console.log(`servers: ${PROCESSES} process${PROCESSES > 1 ? 'es' : ''} on ${POSTGRES ? 'PostgreSQL' : 'SQLite'}${REDIS ? ' and Redis' : ''}${NGINX ? ', behind nginx' : ', the client straight to it'}`);
const stopServer = () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
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
  if (databaseCached() && existsSync(join(dataDir, 'jwt-secret'))) {
    copyFileSync(join(dataDir, 'jwt-secret'), cached('jwt-secret'));
    writeFileSync(cached('tokens.json.tmp'), JSON.stringify(tokens));
    renameSync(cached('tokens.json.tmp'), cached('tokens.json'));
  }
}

// --- --sealed: every student fetches the sealed paper before the exam (decision 0046), as the
// portal does while the instructions are read; the start then carries only its key.
const sealedCopies = new Array(STUDENTS);
if (SEALED) {
  t0 = performance.now();
  const instruction = json(await request('GET', `/api/test/instruction/${TEST_ID}`, { token: tokens[0] }));
  const sealedUrl = instruction?.sealed_paper?.url;
  if (!sealedUrl) throw new Error('--sealed: the instructions name no sealed paper');
  const times = [];
  let next = 0;
  await Promise.all(Array.from({ length: Number(process.env.BENCH_HANDOUT_CONCURRENCY ?? 8) }, async () => {
    while (next < STUDENTS) {
      const i = next++;
      const reply = await request('GET', sealedUrl, { token: tokens[i] });
      if (reply.status !== 200) throw new Error(`sealed paper ${i}: ${reply.status} ${reply.body}`);
      sealedCopies[i] = reply.body;
      times.push(reply.ms);
    }
  }));
  times.sort((a, b) => a - b);
  console.log(`setup: handed out ${STUDENTS} sealed papers (${sealedCopies[0].length} bytes) in ${((performance.now() - t0) / 1000).toFixed(1)} s, p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms`);
}
// The layout of server/src/modules/exam/paper-seal.ts (this script runs on plain node, without the TypeScript sources).
const unseal = (bytes, key) => {
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return JSON.parse(gunzipSync(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()])).toString('utf8'));
};

// --- the exam --------------------------------------------------------------------------------
if (WARM > 0) {
  t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < Math.min(WARM, STUDENTS)) {
      const token = tokens[next++];
      const start = await request('POST', '/api/test/start', { token, body: { id: WARM_TEST_ID, devices: [], enter: true } });
      if (start.status !== 200) throw new Error(`warm-up start: ${start.status} ${start.body}`);
      const now = Date.now();
      await request('POST', '/api/test/sync', { token, body: { id: WARM_TEST_ID, qn: 2, updates: [{ qn: 2, rev: 1, ua: 'A', ats: now, mts: null, vts: now, s: 1, at: now }] } });
      await request('POST', '/api/test/sync', { token, body: { id: WARM_TEST_ID, qn: 2, updates: [] } });
    }
  }));
  console.log(`setup: warmed the server with ${Math.min(WARM, STUDENTS)} starts, syncs and pings of another test in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
// The servers warm up after boot (decision 0050) and say ready when done: the exam waits for that.
for (const { port: serverPort } of servers) await health(serverPort, '/api/health/ready', 600);
const stats = { start: [], in: [], paper: [], sync: [], ping: [], errors: new Map(), paperBytes: 0, syncTimes: [], pingTimes: [], unsealed: 0, startSentAt: [] };
const errorSamples = new Map();
const fail = (what, reply) => {
  const key = `${what} ${reply.status}`;
  stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
  if (!errorSamples.has(key)) errorSamples.set(key, reply.body.toString().slice(0, 200));
};
// CPU time of the server process (Linux /proc) and of this client, to tell their shares apart.
// CPU time (Linux /proc) of the server processes, of nginx (master and workers) and of this client.
// 'withEnded' adds the CPU of the process's ended children it has reaped (cutime, cstime): a
// PostgreSQL backend that closes during the exam (the pool drops idle connections after 10 s)
// leaves its CPU there, in the postmaster's figures, and nowhere else.
const cpuSecondsOf = (pid, which) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const [user, system] = [Number(fields[11]) / 100, Number(fields[12]) / 100]; // utime, stime in clock ticks (USER_HZ = 100)
    if (which === 'withEnded') return user + system + (Number(fields[13]) + Number(fields[14])) / 100;
    return which === 'system' ? system : user + system;
  } catch {
    return 0;
  }
};
const childPids = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
// local-nginx.sh execs nginx, so its pid is the master's.
const nginxPids = () => (nginx ? [nginx.pid, ...childPids(nginx.pid)] : []);
const cpuOf = (pids, which = 'all') => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid, which), 0);
// PostgreSQL's and Redis's processes (by name): on this machine they share the cores too.
const pidsNamed = (names) => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
  try {
    return names.includes(readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
  } catch {
    return false;
  }
}).map(Number);
const databasePids = () => (POSTGRES ? pidsNamed(['postgres']) : []).concat(REDIS ? pidsNamed(['redis-server']) : []);
const serverPids = servers.map((s) => s.child.pid);
const serverCpuSeconds = (which = 'all') => cpuOf(serverPids, which);
const serverSystemAtStart = serverCpuSeconds('system');
const serverCpuAtStart = serverCpuSeconds();
const nginxCpuAtStart = cpuOf(nginxPids());
const databaseCpuAtStart = new Map(databasePids().map((pid) => [pid, cpuSecondsOf(pid, 'withEnded')]));
const clientCpuAtStart = process.cpuUsage();
// The event-loop delay counts from here (bench/loop-delay.mjs).
for (const pid of serverPids) process.kill(pid, 'SIGUSR2');
const examStart = performance.now();
// This client's own event-loop delay: when it is high, the client (not the server) adds to the
// latencies it measures, since it shares the cores.
const clientLoop = monitorEventLoopDelay({ resolution: 10 });
clientLoop.enable();
const examEnd = examStart + (WINDOW_S + STEADY_S) * 1000;

async function student(i) {
  await sleep(Math.random() * WINDOW_S * 1000);
  const token = tokens[i];
  const startSentAt = performance.now() - examStart;
  const start = await request('POST', '/api/test/start', { token, body: { id: TEST_ID, devices: [], ...(SEPARATE_IN ? {} : { enter: true }) } });
  if (start.status !== 200) return fail('start', start);
  stats.start.push(start.ms);
  stats.startSentAt.push(startSentAt);
  let entered = json(start)?.entered;
  if (!entered) {
    const inReply = await request('GET', `/api/test/in/${TEST_ID}?ts=${Date.now()}&embed=0`, { token });
    if (inReply.status !== 200) return fail('in', inReply);
    stats.in.push(inReply.ms);
    entered = json(inReply);
  }
  if (SEALED && entered.paper.key && sealedCopies[i]) {
    try {
      if (unseal(sealedCopies[i], entered.paper.key).version === entered.paper.version) stats.unsealed += 1;
    } catch (error) {
      fail('unseal', { status: 0, body: Buffer.from(String(error)) });
    }
  }
  const paperUrl = entered.paper.url;
  const paper = SEALED ? null : await request('GET', paperUrl.startsWith('/api') ? paperUrl : `/api${paperUrl}`, { token, headers: { 'accept-encoding': 'br' } });
  if (paper && paper.status !== 200) return fail('paper', paper);
  if (paper) {
    stats.paper.push(paper.ms);
    stats.paperBytes = paper.body.length;
  }
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
const nginxCpu = cpuOf(nginxPids()) - nginxCpuAtStart;
// Per process, and the backends that ended during the exam through the postmaster's reaped children.
const databaseCpu = databasePids().reduce((sum, pid) => sum + cpuSecondsOf(pid, 'withEnded') - (databaseCpuAtStart.get(pid) ?? 0), 0);
const clientCpuUsage = process.cpuUsage(clientCpuAtStart);
const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6;
const requests = stats.start.length + stats.in.length + stats.paper.length + stats.sync.length + stats.ping.length;

console.log('');
console.log(`students: ${STUDENTS}; started: ${stats.start.length}; paper: ${(stats.paperBytes / 1024).toFixed(1)} KB brotli`);
console.log(`start   p50 ${ms(percentile(stats.start, 50))}  p99 ${ms(percentile(stats.start, 99))}  (target p99 <= 1000 ms)`);
console.log(stats.in.length > 0 ? `in      p50 ${ms(percentile(stats.in, 50))}  p99 ${ms(percentile(stats.in, 99))}` : 'in      (carried by the start)');
{
  // Where the slow starts are: spread over the window (the server is slow) or bunched (stalls).
  const slowStarts = new Map();
  stats.start.forEach((latency, i) => {
    if (latency > 100) slowStarts.set(Math.floor(stats.startSentAt[i] / 1000), (slowStarts.get(Math.floor(stats.startSentAt[i] / 1000)) ?? 0) + 1);
  });
  const slowTotal = [...slowStarts.values()].reduce((sum, count) => sum + count, 0);
  const most = [...slowStarts].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([second, count]) => `${count} sent at ${second} s`).join(', ');
  console.log(`        starts over 100 ms: ${slowTotal}, sent in ${slowStarts.size} distinct seconds${slowTotal ? `; most: ${most}` : ''}`);
}
if (SEALED) console.log(`paper   opened from the sealed copy by ${stats.unsealed} of ${stats.start.length} students (no paper request; decision 0046)`);
else console.log(`paper   p50 ${ms(percentile(stats.paper, 50))}  p99 ${ms(percentile(stats.paper, 99))}`);
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
console.log(`cpu     server ${serverCpu.toFixed(1)} s (${serverSystem.toFixed(1)} s in the kernel; ${((100 * serverCpu) / examSeconds).toFixed(0)}% of a core, ${((1e6 * serverCpu) / requests).toFixed(0)} µs a request)${nginx ? `, nginx ${nginxCpu.toFixed(1)} s (${((1e6 * nginxCpu) / requests).toFixed(0)} µs a request)` : ''}${POSTGRES || REDIS ? `, ${[POSTGRES && 'PostgreSQL', REDIS && 'Redis'].filter(Boolean).join(' and ')} ${databaseCpu.toFixed(1)} s (${((1e6 * databaseCpu) / requests).toFixed(0)} µs a request)` : ''}, client ${clientCpu.toFixed(1)} s, over ${examSeconds.toFixed(0)} s`);
clientLoop.disable();
console.log(`client  event-loop delay p99 ${(clientLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(clientLoop.max / 1e6).toFixed(1)} ms (latencies above include it)`);
console.log(`errors  ${errors}${errors ? ` (${[...stats.errors].map(([key, count]) => `${key}: ${count}`).join(', ')})` : ''}  (target 0)`);
for (const [key, sample] of errorSamples) console.log(`        first ${key}: ${sample}`);
agent.destroy();
// The servers write their event-loop delay as they exit.
const exited = children.filter((child) => child !== nginx).map((child) => new Promise((resolve) => child.once('exit', resolve)));
for (const child of children) child.kill('SIGTERM');
await Promise.race([Promise.all(exited), sleep(15_000)]);
const delays = readdirSync(loopDelayDir).map((name) => JSON.parse(readFileSync(join(loopDelayDir, name), 'utf8')));
rmSync(loopDelayDir, { recursive: true, force: true });
if (delays.length) console.log(`loop    event-loop delay per server process: ${delays.map((d) => `p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms`).join('; ')}`);
stopServer();
process.exit(0);

#!/usr/bin/env node
// npm run bench:live [-- --students 10000 --duration 60 --batch 20 --command-every 1] [--processes 2 --redis] [--cpu-prof DIR]
//
// Issue 12's numbers: N candidates connected to the live channel (GET /api/live, one WebSocket
// each) of one test, on the built server on the embedded SQLite database on this machine. Each
// socket says hello, then sends its status on the spec's ping interval (PING_INTERVAL seconds,
// the first after PING_INTERVAL_INITIAL), and acknowledges every command it gets (delivered and
// applied at once, as the page does after acting). A proctor's console (its own socket) sends
// EXTEND_TEST to batches of candidates every second and a chat to everyone now and then.
// Prints memory per connection (server RSS delta / N), command round trip (sent on the console ->
// applied-ack heard on the console) p50/p99, chat fan-out time, the server's CPU, and checks that
// no command was lost or applied twice (the deadlines moved by exactly the minutes sent).
//
// --processes 2 --redis: two server processes sharing the database and a Redis (REDIS_URL): the
// console on the first, the candidates on the second, so every command crosses Redis. Redis is
// started by scripts/with-redis.sh (installed from Debian when missing) unless TEST_REDIS_URL is set.
//
// Setup (not measured): the server seeds its demo data once, then the N students, their
// assignment to the demo test and their started attempts are written straight into the SQLite
// file (cloned from a demo student's), and their session tokens are signed with the JWT_SECRET the
// bench gives the server, so no password hash is computed 10,000 times. The client runs on the
// same cores as the server: the figures are pessimistic. Traffic goes to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { WebSocket } from 'ws';
import { freePort } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
};
const STUDENTS = arg('students', 10_000);
const DURATION_S = arg('duration', 60);
const BATCH = arg('batch', 20);
const COMMAND_EVERY_S = arg('command-every', 1);
// 0: no chat. Default: three in the steady phase.
const CHAT_EVERY_S = arg('chat-every', Math.max(5, Math.round(arg('duration', 60) / 3)));
const PROCESSES = arg('processes', 1);
const USE_REDIS = argv.includes('--redis');
const CPU_PROF_DIR = argv.includes('--cpu-prof') ? argv[argv.indexOf('--cpu-prof') + 1] : undefined;
// shared/src/domain/constants.ts (a tick is a second).
const PING_INTERVAL_S = 20;
const PING_INTERVAL_INITIAL_S = 4;
const TEST_ID = 'demo-mcq';
const JWT_SECRET = randomBytes(36).toString('base64url');
const CONNECT_IN_FLIGHT = 200;

if (PROCESSES > 1 && !USE_REDIS) {
  console.error('--processes 2 needs --redis: processes share the live channel only through Redis.');
  process.exit(2);
}
if (USE_REDIS && !process.env.TEST_REDIS_URL) {
  // Again, beside a throwaway Redis.
  const result = spawnSync('bash', [join(root, 'scripts/with-redis.sh'), process.execPath, fileURLToPath(import.meta.url), ...argv], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
const REDIS_URL = USE_REDIS ? process.env.TEST_REDIS_URL : undefined;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(0)} ms`;

if (!existsSync(join(root, 'server/dist/main.js'))) {
  console.error('Build the server first: npm run build -w server');
  process.exit(1);
}

// --- servers ---------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'invigil-bench-live-'));
const servers = [];
function startServer(name) {
  return freePort().then(async (port) => {
    const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET, PORT: String(port), HOST: '127.0.0.1', SWEEP_INTERVAL_SECONDS: '0', LOGIN_MAX_FAILURES_PER_IP: '100000', WARM_UP_ROUNDS: '0' };
    delete env.DATABASE_URL;
    if (REDIS_URL) env.REDIS_URL = REDIS_URL;
    else delete env.REDIS_URL;
    const nodeArgs = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
    const child = spawn(process.execPath, [...nodeArgs, join(root, 'server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const server = { name, port, child, base: `http://127.0.0.1:${port}` };
    servers.push(server);
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${server.base}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (i > 150) throw new Error(`${name} did not start.`);
      await sleep(200);
    }
    return server;
  });
}
async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}
let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const postJson = async (base, path, body, token) => {
  const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) }, body: JSON.stringify(body) });
  const reply = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
};

// --- setup: demo data, then N students with started attempts, written straight into the file ------
let t0 = performance.now();
{
  const first = await startServer('setup');
  const asha = (await postJson(first.base, '/login', { phone: 'student@example.edu', password: 'demo1234' })).token;
  await postJson(first.base, '/test/start', { id: TEST_ID, devices: [] }, asha);
  await stopServer(first);
  servers.splice(0);
}
const db = new Database(join(dataDir, 'invigil.sqlite'));
db.pragma('journal_mode = WAL');
const template = db.prepare(`select * from users where email = 'student@example.edu'`).get();
const templateAttempt = db.prepare(`select * from attempts where user_id = ? and test_id = ?`).get(template.id, TEST_ID);
const openToAll = db.prepare(`select open_to_all from tests where id = ?`).get(TEST_ID).open_to_all === 1;
const now = Date.now();
const insertRow = (table, row) => db.prepare(`insert into ${table} (${Object.keys(row).map((c) => `"${c}"`).join(', ')}) values (${Object.keys(row).map(() => '?').join(', ')})`);
const students = [];
{
  const config = JSON.stringify({ ...JSON.parse(template.config), DISABLE_CHAT: false });
  const userRow = (i) => ({ ...template, id: `live-u-${i}`, reg_no: `LIVE${i}`, email: `live${i}@example.edu`, name: `Live Student ${i}`, phone: '', config, avatar: null });
  const attemptRow = (i) => ({ ...templateAttempt, id: `live-a-${i}`, user_id: `live-u-${i}`, started_at: now, deadline_ms: now + 4 * 3600_000, extensions: '[]', updated_at: now, paused_at: null, submitted_at: null });
  const users = insertRow('users', userRow(0));
  const attempts = insertRow('attempts', attemptRow(0));
  const assignments = db.prepare('insert or ignore into test_assignments (test_id, user_id) values (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < STUDENTS; i += 1) {
      users.run(...Object.values(userRow(i)));
      attempts.run(...Object.values(attemptRow(i)));
      if (!openToAll) assignments.run(TEST_ID, `live-u-${i}`);
    }
  })();
  // A session token as the server signs one (HS256 over the claims of token-service.ts).
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = b64({ alg: 'HS256', typ: 'JWT' });
  const iat = Math.floor(now / 1000);
  for (let i = 0; i < STUDENTS; i += 1) {
    const payload = b64({ id: `live-u-${i}`, name: `Live Student ${i}`, email: `live${i}@example.edu`, meritpoints: 0, avatar: null, config: JSON.parse(config), exp: iat + 86_400, iat });
    students.push({ i, uid: `live-u-${i}`, token: `${header}.${payload}.${createHmac('sha256', JWT_SECRET).update(`${header}.${payload}`).digest('base64url')}` });
  }
}
db.pragma('wal_checkpoint(TRUNCATE)');
console.log(`setup: ${STUDENTS} students with started attempts of ${TEST_ID} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const consoleServer = await startServer(PROCESSES > 1 ? 'A (console)' : 'server');
const studentServer = PROCESSES > 1 ? await startServer('B (candidates)') : consoleServer;
console.log(
  PROCESSES > 1
    ? `servers: A on :${consoleServer.port} (console), B on :${studentServer.port} (candidates), sharing SQLite and Redis at ${REDIS_URL}`
    : `server: one process on :${consoleServer.port}${REDIS_URL ? ` (REDIS_URL ${REDIS_URL})` : ' (in-process channel)'}`,
);

const procStat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
const cpuSeconds = (server) => {
  try {
    const fields = procStat(server.child.pid);
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};
const rssBytes = (server) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return NaN;
  }
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// --- the console ------------------------------------------------------------------------------
const proctorToken = (await postJson(consoleServer.base, '/proctor/login', { email: 'proctor@example.edu', password: 'demo1234' })).token;
const wsUrl = (server) => `ws://127.0.0.1:${server.port}/api/live`;
function open(url, onMessage) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.on('message', (data) => onMessage(JSON.parse(data.toString())));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const commands = new Map(); // id -> { uid, sentAt, appliedAt, states: [] }
const batchSentAt = new Map(); // uid -> performance.now() of the batch naming it (latest)
const pendingByUid = new Map(); // uid -> send times not yet matched to a 'sent' command
let consoleWelcome;
let candidateUpdates = 0;
const consoleSocket = await open(wsUrl(consoleServer), (message) => {
  if (message.type === 'welcome') consoleWelcome = message;
  else if (message.type === 'candidate') candidateUpdates += 1;
  else if (message.type === 'command') {
    const { command } = message;
    let entry = commands.get(command.id);
    if (!entry) {
      const sentAt = pendingByUid.get(command.uid)?.shift() ?? batchSentAt.get(command.uid) ?? performance.now();
      entry = { uid: command.uid, sentAt, appliedAt: null, states: [] };
      commands.set(command.id, entry);
    }
    entry.states.push(command.state);
    if (command.state === 'applied' && entry.appliedAt === null) entry.appliedAt = performance.now();
  } else if (message.type === 'error') console.log(`console error: ${message.message}`);
});
consoleSocket.send(JSON.stringify({ type: 'hello', token: proctorToken, tid: TEST_ID }));
while (!consoleWelcome) await sleep(20);
console.log(`console: welcome with ${consoleWelcome.candidates.length} candidates`);

// --- the candidates ---------------------------------------------------------------------------
const rssBefore = rssBytes(studentServer);
const received = new Map(); // command id -> times received by its student
const chatReceived = new Map(); // chat id -> { count, last, perStudent: Map }
let studentErrors = 0;
const errorSamples = new Map();
let connected = 0;
let closedEarly = 0;
const sockets = [];
function statusOf(student) {
  return { qn: 1 + (student.i % 40), answered: student.i % 40, marked: student.i % 3, unsent: 0, extension: false, clock: Date.now() };
}
async function connectStudent(student) {
  let welcomed;
  const welcome = new Promise((resolve) => (welcomed = resolve));
  const socket = await open(wsUrl(studentServer), (message) => {
    if (message.type === 'welcome') return welcomed();
    if (message.type === 'command') {
      const { id } = message.command;
      const times = (received.get(id) ?? 0) + 1;
      received.set(id, times);
      // The page acknowledges each delivery; it applies an id once and says so (again, if asked again).
      socket.send(JSON.stringify({ type: 'ack', acks: [{ id, state: 'delivered' }, { id, state: 'applied' }] }));
    } else if (message.type === 'chat') {
      const entry = chatReceived.get(message.message.id) ?? { count: 0, last: 0, students: new Set(), doubled: 0 };
      if (entry.students.has(student.uid)) entry.doubled += 1;
      entry.students.add(student.uid);
      entry.count += 1;
      entry.last = performance.now();
      chatReceived.set(message.message.id, entry);
    } else if (message.type === 'error') {
      studentErrors += 1;
      if (!errorSamples.has(message.message)) errorSamples.set(message.message, student.uid);
    }
  });
  socket.on('close', () => {
    if (!stopping) closedEarly += 1;
  });
  sockets.push(socket);
  socket.send(JSON.stringify({ type: 'hello', token: student.token, tid: TEST_ID }));
  await welcome;
  connected += 1;
  // The page's status pings: the first after PING_INTERVAL_INITIAL, then every PING_INTERVAL (spread).
  const ping = () => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ type: 'status', status: statusOf(student) }));
  student.timer = setTimeout(() => {
    ping();
    student.timer = setInterval(ping, PING_INTERVAL_S * 1000);
  }, (PING_INTERVAL_INITIAL_S + Math.random() * PING_INTERVAL_S) * 1000);
}
let stopping = false;
t0 = performance.now();
const cpuAtConnect = servers.map(cpuSeconds);
{
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_IN_FLIGHT }, async () => {
      while (next < students.length) {
        const student = students[next++];
        await connectStudent(student).catch((error) => {
          studentErrors += 1;
          if (!errorSamples.has(String(error))) errorSamples.set(String(error), student.uid);
        });
      }
    }),
  );
}
const connectSeconds = (performance.now() - t0) / 1000;
const connectCpu = servers.map((server, i) => cpuSeconds(server) - cpuAtConnect[i]);
console.log(`connect: ${connected} of ${STUDENTS} sockets said hello and were welcomed in ${connectSeconds.toFixed(1)} s (${(connected / connectSeconds).toFixed(0)}/s)`);
await sleep(3_000);
const rssConnected = rssBytes(studentServer);

// --- steady: status pings, commands in batches, chat to everyone --------------------------------
console.log(`steady: ${DURATION_S} s of status pings every ${PING_INTERVAL_S} s, EXTEND_TEST to ${BATCH} candidates every ${COMMAND_EVERY_S} s, ${CHAT_EVERY_S > 0 ? `a chat to all every ${CHAT_EVERY_S} s` : 'no chat'}...`);
const cpuAtSteady = servers.map(cpuSeconds);
const steadyStart = performance.now();
let batches = 0;
let commandsAsked = 0;
const minutesAsked = new Map();
const chats = [];
let cursor = 0;
const commandTimer = setInterval(() => {
  const uids = [];
  for (let k = 0; k < BATCH; k += 1) uids.push(students[cursor++ % students.length].uid);
  const sentAt = performance.now();
  for (const uid of uids) {
    batchSentAt.set(uid, sentAt);
    pendingByUid.set(uid, [...(pendingByUid.get(uid) ?? []), sentAt]);
    minutesAsked.set(uid, (minutesAsked.get(uid) ?? 0) + 1);
  }
  batches += 1;
  commandsAsked += uids.length;
  consoleSocket.send(JSON.stringify({ type: 'command', command: { type: 'EXTEND_TEST', uids, reason: 'Bench: a power cut in hall B', et: 1 } }));
}, COMMAND_EVERY_S * 1000);
const chatTimer = setInterval(() => {
  if (CHAT_EVERY_S <= 0) return;
  const id = `bench-chat-${chats.length}`;
  chats.push({ id, sentAt: performance.now() });
  consoleSocket.send(JSON.stringify({ type: 'chat', id, uid: null, m: `Bench announcement ${chats.length}: 10 minutes left in hall B.` }));
}, Math.max(1, CHAT_EVERY_S) * 1000);
await sleep(DURATION_S * 1000);
clearInterval(commandTimer);
clearInterval(chatTimer);
const steadySeconds = (performance.now() - steadyStart) / 1000;
const steadyCpu = servers.map((server, i) => cpuSeconds(server) - cpuAtSteady[i]);
const rssSteady = rssBytes(studentServer);
// Drain: every command applied, every chat delivered (or 30 s).
const drainStart = performance.now();
while (performance.now() - drainStart < 30_000) {
  const allApplied = commands.size >= commandsAsked && [...commands.values()].every((entry) => entry.appliedAt !== null);
  const allChats = chats.every((chat) => (chatReceived.get(chat.id)?.students.size ?? 0) >= connected);
  if (allApplied && allChats) break;
  await sleep(200);
}
const drainSeconds = (performance.now() - drainStart) / 1000;

// --- checks and figures -----------------------------------------------------------------------
stopping = true;
for (const student of students) {
  clearTimeout(student.timer);
  clearInterval(student.timer);
}
const rtts = [...commands.values()].filter((entry) => entry.appliedAt !== null).map((entry) => entry.appliedAt - entry.sentAt);
const notApplied = [...commands.values()].filter((entry) => entry.appliedAt === null).length;
const neverStored = commandsAsked - commands.size;
const deliveredTwice = [...received.values()].filter((times) => times > 1).length;
const neverReceived = [...commands.keys()].filter((id) => !received.has(id)).length;
// On the server: each command stored once and applied once (deadline moved by exactly its minute).
const rows = db.prepare(`select user_id, count(*) as n, sum(case when applied_at is null then 0 else 1 end) as applied from proctor_commands where test_id = ? and user_id like 'live-u-%' group by user_id`).all(TEST_ID);
const deadlines = new Map(db.prepare(`select user_id, deadline_ms from attempts where test_id = ? and user_id like 'live-u-%'`).all(TEST_ID).map((row) => [row.user_id, Number(row.deadline_ms)]));
let deadlineMismatches = 0;
let rowMismatches = 0;
for (const student of students) {
  const asked = minutesAsked.get(student.uid) ?? 0;
  const row = rows.find((r) => r.user_id === student.uid);
  if ((row?.n ?? 0) !== asked || (row?.applied ?? 0) !== asked) rowMismatches += 1;
  if (deadlines.get(student.uid) !== now + 4 * 3600_000 + asked * 60_000) deadlineMismatches += 1;
}

console.log('');
console.log(`candidates: ${connected} connected of ${STUDENTS}${PROCESSES > 1 ? ` on process B; console on process A (through Redis)` : ''}; ${closedEarly} sockets closed early; ${studentErrors} errors${errorSamples.size ? ` (${[...errorSamples.keys()].slice(0, 3).join(' | ')})` : ''}`);
console.log(`memory: server RSS ${mb(rssBefore)} before, ${mb(rssConnected)} connected, ${mb(rssSteady)} after the steady phase: ${((rssConnected - rssBefore) / 1024 / Math.max(1, connected)).toFixed(1)} KB per connection`);
console.log(`commands: ${commandsAsked} EXTEND_TEST in ${batches} batches of ${BATCH}; round trip sent -> applied-ack at the console p50 ${ms(percentile(rtts, 50))} p99 ${ms(percentile(rtts, 99))} max ${ms(Math.max(...rtts))}  (target p99 <= 500 ms)`);
console.log(`          lost: ${neverStored} never stored, ${notApplied} not applied, ${neverReceived} never reached the page; doubled: ${rowMismatches} candidates with a command count or applied count off, ${deadlineMismatches} deadlines off by other than the minutes sent; ${deliveredTwice} delivered twice (the page applies an id once)  (target 0 lost, 0 doubled)`);
const slowest = [...commands.values()].filter((entry) => entry.appliedAt !== null).sort((x, y) => y.appliedAt - y.sentAt - (x.appliedAt - x.sentAt)).slice(0, 5);
console.log(`          slowest sent at ${slowest.map((entry) => `${((entry.sentAt - steadyStart) / 1000).toFixed(1)} s (${ms(entry.appliedAt - entry.sentAt)})`).join(', ')}; chats sent at ${chats.map((chat) => `${((chat.sentAt - steadyStart) / 1000).toFixed(1)} s`).join(', ') || 'none'}`);
for (const chat of chats) {
  const entry = chatReceived.get(chat.id);
  console.log(`chat ${chat.id}: to ${entry?.students.size ?? 0} of ${connected} candidates, fan-out ${entry ? ms(entry.last - chat.sentAt) : 'n/a'} (sent -> last candidate has it); ${entry?.doubled ?? 0} doubled`);
}
console.log(`status: ${candidateUpdates} candidate updates heard by the console over the run`);
const labels = PROCESSES > 1 ? ['A', 'B'] : ['server'];
console.log(`cpu: connect ${connectCpu.map((s, i) => `${labels[i]} ${s.toFixed(1)} s`).join(', ')} over ${connectSeconds.toFixed(0)} s; steady ${steadyCpu.map((s, i) => `${labels[i]} ${s.toFixed(1)} s (${((100 * s) / steadySeconds).toFixed(0)}% of a core)`).join(', ')} over ${steadySeconds.toFixed(0)} s; drain ${drainSeconds.toFixed(1)} s`);

for (const socket of sockets) socket.terminate();
consoleSocket.terminate();
db.close();
for (const server of servers) await stopServer(server);
cleanup();
process.exit(0);

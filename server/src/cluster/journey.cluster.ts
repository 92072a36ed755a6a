import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveCandidate, ProctorCommand } from '@invigil/shared/api/live';
import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { DEMO_TEST_IDS } from '../seed/demo-tests';
import { unsealPaperJson } from '../modules/exam/exam-module';
import { startCluster, UPSTREAM_HEADER } from './cluster-stand';
import type { ClusterStand } from './cluster-stand';

/**
 * Issue 14's cluster test (npm run test:cluster; scripts/test-cluster.sh gives it PostgreSQL and
 * Redis): two server processes behind the real deploy/nginx/invigil.conf, no sticky sessions. A
 * student's whole journey goes through nginx as a browser's would, its requests alternating between
 * the processes, a proctor's console on the other process commanding them; then one process is
 * killed mid-test and a second student loses nothing and finishes on the other.
 */

const DATABASE_URL = process.env['TEST_DATABASE_URL']?.trim();
const REDIS_URL = process.env['TEST_REDIS_URL']?.trim();
const TEST = DEMO_TEST_IDS.mcq; // five single-choice questions, 20 minutes, open to all
const KEY: readonly string[] = ['C', 'B', 'B', 'B', 'B']; // the demo paper's answers: 4 marks each
const PASSWORD = 'demo1234';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('an answer sheet page')]);
const WEBP = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAADQAQCdASoIAAYAAkA4JaACdLoB+AADsAD+h9f/NgQM0Ppg/8lMoXQ16AA=', 'base64');

let stand: ClusterStand;

beforeAll(async () => {
  if (!DATABASE_URL || !REDIS_URL) throw new Error('The cluster test needs TEST_DATABASE_URL and TEST_REDIS_URL: run it with npm run test:cluster.');
  stand = await startCluster({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL });
}, 90_000);

afterAll(async () => {
  await stand?.close();
}, 30_000);

interface Served {
  step: string;
  /** The processes nginx passed the request to, in order (more than one after a failover). */
  tried: string[];
  status: number;
}

/** A browser's HTTP calls through nginx, noting which process answered each. */
function browser(label: string) {
  const served: Served[] = [];
  let token: string | undefined;
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown; by: string }> {
    const init: RequestInit = { method, headers: { ...(token ? { 'x-access-token': token } : {}), ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(`${stand.url}${path}`, init);
    const text = await response.text();
    const tried = (response.headers.get(UPSTREAM_HEADER) ?? '').split(',').map((entry) => stand.nameOf(entry) ?? entry.trim());
    served.push({ step: `${method} ${path}`, tried, status: response.status });
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a page)
    }
    return { status: response.status, json, by: tried.at(-1) ?? '?' };
  }
  /** A call that must succeed (2xx); its JSON reply. */
  async function ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await call(method, path, body);
    if (reply.status < 200 || reply.status >= 300) throw new Error(`${label}: ${method} ${path} answered ${reply.status} ${JSON.stringify(reply.json)}\n${stand.logs()}`);
    return reply.json as T;
  }
  return {
    served,
    call,
    ok,
    setToken: (value: string) => (token = value),
  };
}

interface Live {
  by: string;
  welcome: Record<string, unknown>;
  closed: Promise<number>;
  send(message: unknown): void;
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** The live channel's WebSocket through nginx; `by` is the process nginx upgraded it to. */
async function openLive(token: string): Promise<Live> {
  const socket = new WebSocket(`${stand.url.replace('http', 'ws')}/api/live`);
  const received: Record<string, unknown>[] = [];
  let by = '?';
  socket.on('upgrade', (response) => {
    // After a failover nginx lists every process it tried; the last one took the socket.
    by = stand.nameOf(String(response.headers[UPSTREAM_HEADER] ?? '').split(',').at(-1) ?? '') ?? '?';
  });
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const live: Live = {
    get by() {
      return by;
    },
    welcome: {},
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((message) => message['type'] === type);
        if (index >= 0) return received.splice(index, 1)[0] as Record<string, unknown>;
        if (Date.now() > deadline) throw new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
  live.send({ type: 'hello', token, tid: TEST });
  live.welcome = await live.next('welcome');
  closers.push(() => socket.terminate());
  return live;
}
const closers: (() => void)[] = [];
afterAll(() => closers.forEach((close) => close()));

const update = (qn: number, rev: number, ua: string): QuestionUpdate => {
  const at = Date.now();
  return { qn, rev, ua, ats: at, mts: null, vts: at, s: 5, at };
};

async function signIn(user: ReturnType<typeof browser>, login: string): Promise<string> {
  const reply = await user.ok<{ token?: string }>('POST', '/api/login', { phone: login, password: PASSWORD });
  expect(reply.token).toBeTruthy();
  user.setToken(reply.token as string);
  return reply.token as string;
}

async function candidateOf(console_: Live, regNo: string, check: (candidate: LiveCandidate) => boolean): Promise<LiveCandidate> {
  for (;;) {
    const candidate = (await console_.next('candidate'))['candidate'] as LiveCandidate;
    if (candidate.reg_no === regNo && check(candidate)) return candidate;
  }
}

describe('two server processes behind nginx, on PostgreSQL, Redis and S3', () => {
  it("a student's whole journey alternates between the processes; a proctor on the other process commands them", async () => {
    const asha = browser('Asha');
    const proctor = browser('proctor');

    // The portal's page comes from a server process (through nginx); its hashed files from disk.
    const page = await asha.call('GET', '/');
    expect(page.status).toBe(200);
    expect(['A', 'B']).toContain(page.by);
    const script = /\/assets\/[\w.-]+\.js/.exec(readFileSync(join(stand.portalDist, 'index.html'), 'utf8'))?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${stand.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get(UPSTREAM_HEADER)).toBeNull();
    expect(asset.headers.get('cache-control')).toContain('immutable');
    await asset.arrayBuffer();

    const ashaToken = await signIn(asha, 'student@example.edu');
    const proctorLogin = await proctor.ok<{ token: string }>('POST', '/api/proctor/login', { email: 'proctor@example.edu', password: PASSWORD });
    proctor.setToken(proctorLogin.token);

    // The paper handed out sealed before the start (decision 0046): each process seals with its own
    // nonce, and the key the start gives (from either process) opens both copies.
    const instruction = await asha.ok<{ sealed_paper?: { url: string } }>('GET', `/api/test/instruction/${TEST}`);
    const sealedCopies: { by: string | undefined; bytes: Buffer }[] = [];
    for (const _ of [0, 1]) {
      const reply = await fetch(`${stand.url}${instruction.sealed_paper?.url ?? '/none'}`, { headers: { 'x-access-token': ashaToken } });
      expect(reply.status).toBe(200);
      const by = stand.nameOf(reply.headers.get(UPSTREAM_HEADER) ?? '');
      asha.served.push({ step: 'GET sealed paper', tried: [by ?? '?'], status: reply.status });
      sealedCopies.push({ by, bytes: Buffer.from(await reply.arrayBuffer()) });
    }
    expect(sealedCopies.map((copy) => copy.by).sort()).toEqual(['A', 'B']);
    const started = await asha.ok<{ entered: { paper: { url: string; key: string } } }>('POST', '/api/test/start', { id: TEST, devices: [], enter: true });
    const plainPaper = await asha.ok('GET', started.entered.paper.url);
    for (const { bytes } of sealedCopies) {
      expect(unsealPaperJson(bytes, started.entered.paper.key)).toEqual(plainPaper);
    }
    const entered = await asha.ok<{ userData: { timeLeft: number } }>('GET', `/api/test/in/${TEST}`);
    expect(entered.userData.timeLeft).toBeGreaterThan(19 * 60);

    // The student's live channel on one process, the proctor's console on the other.
    const studentLive = await openLive(ashaToken);
    const console_ = await openLive(proctorLogin.token);
    expect([studentLive.by, console_.by].sort()).toEqual(['A', 'B']);
    // The page's status on the student's process reaches the console on the other, through Redis.
    // (Not the welcome's `online`: a process counts another's sockets only after its next presence
    // heartbeat, up to 5 s after that process started.)
    expect((console_.welcome['candidates'] as LiveCandidate[]).find((c) => c.reg_no === 'DEMO001')).toMatchObject({ phase: 'running' });
    studentLive.send({ type: 'status', status: { qn: 1, answered: 0, marked: 0, unsent: 0, extension: false, clock: Date.now() } });
    const ashaUid = (await candidateOf(console_, 'DEMO001', (c) => c.online && c.status?.qn === 1)).uid;

    // Answers: five syncs, each acknowledged, whichever process takes it.
    for (let qn = 1; qn <= 3; qn += 1) {
      const synced = await asha.ok<{ acked_rev: number }>('POST', '/api/test/sync', { id: TEST, updates: [update(qn, qn, KEY[qn - 1] as string)], qn });
      expect(synced.acked_rev).toBe(qn);
    }

    // An answer-sheet upload: presigned on one process, PUT straight to S3, saved (and checked in S3) on the other.
    const presigned = await asha.ok<{ fileName: string; signedURL: string }>('POST', `/api/presignURL/${TEST}/0/png`, { test_id: TEST, content_type: 'image/png' });
    expect(presigned.signedURL.startsWith(`${stand.s3.endpoint}/${stand.bucket}/`)).toBe(true);
    const put = await fetch(presigned.signedURL, { method: 'PUT', headers: { 'content-type': 'image/png', origin: stand.url }, body: PNG });
    expect(put.status).toBe(200);
    const saved = await asha.ok<{ newData: { iu: string[] } }>('POST', `/api/savePresignedURL/${TEST}/0/png`, { test_id: TEST, content_type: 'image/png', fileName: presigned.fileName });
    expect(saved.newData.iu).toHaveLength(1);
    const sdk = stand.s3.client();
    const head = await sdk.send(new HeadObjectCommand({ Bucket: stand.bucket, Key: `uploads/${presigned.fileName}` }));
    expect(head.ContentLength).toBe(PNG.length);

    // Proctoring: a snapshot (the server puts it in S3) and events; the console on the other process hears the flag.
    const form = new FormData();
    form.set('test_id', TEST);
    form.set('reason', 'BLUR');
    form.set('data', new Blob([WEBP], { type: 'image/webp' }), 'snapshot.webp');
    const snapshot = await asha.ok<{ fileName: string }>('POST', `/api/snapUpload/${TEST}/webp`, form);
    const now = Date.now();
    const events = [
      { id: 'cluster-blur-1', at: now - 3000, kind: 'BLUR', source: 'page', evidence: snapshot.fileName },
      { id: 'cluster-focus-1', at: now, kind: 'FOCUS', source: 'page', detail: { away_ms: 3000, count: 1 } },
    ];
    expect(await asha.ok('POST', '/api/proctor/events', { test_id: TEST, sent_at: now, events })).toEqual({ stored: 2, duplicates: 0, late: 0 });
    const flag = await console_.next('flag');
    expect(flag).toMatchObject({ uid: ashaUid, kind: 'BLUR' });

    // The proctor's command, sent on the console's process, reaches the student's socket on the other.
    console_.send({ type: 'command', command: { type: 'EXTEND_TEST', uids: [ashaUid], reason: 'Late start', et: 5 } });
    const command = (await studentLive.next('command'))['command'] as ProctorCommand;
    expect(command).toMatchObject({ type: 'EXTEND_TEST', et: 5, state: 'sent' });
    studentLive.send({ type: 'ack', acks: [{ id: command.id, state: 'applied' }] });
    for (;;) {
      const seen = (await console_.next('command'))['command'] as ProctorCommand;
      if (seen.id === command.id && seen.state === 'applied') break;
    }

    for (let qn = 4; qn <= 5; qn += 1) {
      const synced = await asha.ok<{ acked_rev: number; time_left: number }>('POST', '/api/test/sync', { id: TEST, updates: [update(qn, qn, KEY[qn - 1] as string)], qn });
      expect(synced.acked_rev).toBe(qn);
      // The extension is the database's: every process sees the later deadline.
      expect(synced.time_left).toBeGreaterThan(20 * 60);
    }

    const submitted = await asha.ok<{ success: boolean; acked_rev: number }>('POST', '/api/test/submit', { id: TEST, updates: [], terminated: 'manual', qn: 5 });
    expect(submitted).toMatchObject({ success: true, acked_rev: 5 });
    const out = await asha.ok<{ result: { scored: number; correct: number; attempted: number }; userData: { iu: string[] } }>('GET', `/api/test/out/${TEST}`);
    expect(out.result).toMatchObject({ scored: 20, correct: 5, attempted: 5 });
    const timeline = await asha.ok<{ events: { id: string; kind: string; source: string }[] }>('GET', `/api/proctor/events/${TEST}`);
    expect(timeline.events.map((event) => event.id)).toEqual(expect.arrayContaining(['cluster-blur-1', 'cluster-focus-1']));
    expect(timeline.events.some((event) => event.kind === 'EXTEND_TEST' || event.source === 'proctor')).toBe(true);

    // Requests went to both processes, and no process served more than a few more than the other.
    const journey = [...asha.served, ...proctor.served].filter((call) => call.step !== 'GET /');
    const byProcess = { A: journey.filter((call) => call.tried.at(-1) === 'A'), B: journey.filter((call) => call.tried.at(-1) === 'B') };
    console.info(`Journey: ${journey.length} calls through nginx, A served ${byProcess.A.length}, B ${byProcess.B.length}\n${journey.map((call) => `  ${call.tried.join('->')} ${call.status} ${call.step}`).join('\n')}`);
    expect(byProcess.A.length).toBeGreaterThanOrEqual(5);
    expect(byProcess.B.length).toBeGreaterThanOrEqual(5);
    // The student's own calls alternate: no process took more than two of them in a row.
    const ashaOrder = asha.served.map((call) => call.tried.at(-1)).join('');
    expect(ashaOrder).not.toMatch(/AAA|BBB/);
    // The sync calls alone hit both processes.
    expect(new Set(asha.served.filter((call) => call.step === 'POST /api/test/sync').map((call) => call.tried.at(-1)))).toEqual(new Set(['A', 'B']));
    sdk.destroy();
  });

  it('one process killed (SIGKILL) mid-test: the student loses no acknowledged answer and finishes on the other', async () => {
    const rohan = browser('Rohan');
    const token = await signIn(rohan, 'second@example.edu');
    await rohan.ok('POST', '/api/test/start', { id: TEST, devices: [] });
    await rohan.ok('GET', `/api/test/in/${TEST}`);
    const live = await openLive(token);
    const victim = stand.processes[live.by as 'A' | 'B'];
    const survivor = stand.processes[victim.name === 'A' ? 'B' : 'A'];
    expect(victim).toBeDefined();

    /** The portal's journal: a sync is sent again (same revs: applied once) until acknowledged. */
    const failures: string[] = [];
    async function syncUntilAcked(updates: QuestionUpdate[], qn: number): Promise<number> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const reply = await rohan.call('POST', '/api/test/sync', { id: TEST, updates, qn });
          if (reply.status === 200) return (reply.json as { acked_rev: number }).acked_rev;
          failures.push(`sync q${qn}: ${reply.status}`);
        } catch (error) {
          failures.push(`sync q${qn}: ${(error as Error).message}`);
        }
        if (attempt >= 5) throw new Error(`sync of q${qn} not acknowledged after 5 tries: ${failures.join('; ')}\n${stand.logs()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    expect(await syncUntilAcked([update(1, 1, KEY[0] as string)], 1)).toBe(1);
    expect(await syncUntilAcked([update(2, 2, KEY[1] as string)], 2)).toBe(2);
    expect(failures).toEqual([]);

    // Syncs on their way (new answers and the page's replays, spread over both processes) as the
    // process holding the student's socket dies: each is answered by the victim before it dies, cut
    // off (502, sent again by the journal) or passed to the survivor by nginx; none may be lost.
    const beforeKill = rohan.served.length;
    const inFlight = [
      syncUntilAcked([update(3, 3, KEY[2] as string)], 3),
      syncUntilAcked([update(1, 1, KEY[0] as string), update(2, 2, KEY[1] as string)], 2),
      syncUntilAcked([update(4, 4, KEY[3] as string)], 4),
      syncUntilAcked([update(3, 3, KEY[2] as string)], 3),
    ];
    await new Promise((resolve) => setTimeout(resolve, 3));
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    const acked = await Promise.all(inFlight);
    expect(Math.max(...acked)).toBe(4);

    // The live channel drops; the page reconnects, through nginx, to the survivor.
    expect(await live.closed).not.toBe(1000);
    const again = await openLive(token);
    expect(again.by).toBe(survivor.name);

    // The rest of the test, on the survivor, each call answered first time (nginx skips the dead process).
    const afterKill = rohan.served.length;
    expect(await syncUntilAcked([update(5, 5, KEY[4] as string)], 5)).toBe(5);
    const submitted = await rohan.ok<{ success: boolean; acked_rev: number }>('POST', '/api/test/submit', { id: TEST, updates: [], terminated: 'manual', qn: 5 });
    expect(submitted).toMatchObject({ success: true, acked_rev: 5 });
    const out = await rohan.ok<{ result: { scored: number; correct: number; attempted: number }; userData: { test_data: { qn: number; ua: unknown }[] } }>('GET', `/api/test/out/${TEST}`);
    expect(out.userData.test_data.map((q) => [q.qn, q.ua])).toEqual(KEY.map((answer, index) => [index + 1, answer]));
    expect(out.result).toMatchObject({ scored: 20, correct: 5, attempted: 5 });

    const after = rohan.served.slice(afterKill);
    expect(after.every((call) => call.status === 200 && call.tried.at(-1) === survivor.name)).toBe(true);
    console.info(
      `Killed ${victim.name}; ${survivor.name} served the rest. Client retries at the kill: ${failures.length} (${failures.join('; ') || 'none'})\n` +
        rohan.served
          .slice(beforeKill)
          .map((call) => `  ${call.tried.join('->')} ${call.status} ${call.step}`)
          .join('\n'),
    );
  });

  it('the survivor stops cleanly on SIGTERM (exit 0), as systemd stops it', async () => {
    const alive = Object.values(stand.processes).filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    expect(alive).toHaveLength(1);
    const [last] = alive as [(typeof alive)[number]];
    last.child.kill('SIGTERM');
    expect(await last.exited).toBe(0);
    // nginx has no process left to pass to.
    expect((await fetch(`${stand.url}/api/health/ready`)).status).toBe(502);
  });
});

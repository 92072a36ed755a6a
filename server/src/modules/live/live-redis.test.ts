import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveCandidate, ProctorCommand, ProctorTestSnapshot } from '@invigil/shared/api/live';
import { buildApp } from '../../app';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import type { LiveHub } from './live-hub';
import type { PresenceStore } from './live-presence';
import { SOCKET_DROP_GRACE_MS } from './live-service';
import { createRedisHub } from './redis-live-hub';
import { createRedisPresenceStore } from './redis-presence-store';
import { useLiveSockets } from '../../test-support/live-socket';
import type { LiveSocket } from '../../test-support/live-socket';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

/**
 * Issue 12: "a console on one server process, the student on another, through Redis". Two apps
 * (two live services, hubs and presence stores, as two processes have) listen on two ports,
 * sharing one database and one Redis (scripts/with-redis.sh sets TEST_REDIS_URL).
 */
const TEST_REDIS_URL = process.env['TEST_REDIS_URL']?.trim() || undefined;
const TEST = DEMO_TEST_IDS.mcq;

const makeApp = useTestApp();
const { listen, connect } = useLiveSockets();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function twoProcesses() {
  const t = await makeApp();
  await t.db.kysely.updateTable('users').set({ config: JSON.stringify({ DISABLE_CHAT: false }) }).execute();
  const asha = await t.token('student@example.edu');
  const login = await t.postJson('/api/proctor/login', { email: 'proctor@example.edu', password: 'demo1234' });
  const proctor = ((await login.json()) as { token: string }).token;
  expect((await t.postJson('/api/test/start', { id: TEST, devices: [] }, { 'x-access-token': asha })).status).toBe(200);
  const prefix = `test-${randomUUID()}:`;
  const processOf = async (name: string) => {
    const hub: LiveHub = createRedisHub(TEST_REDIS_URL as string, { logger: t.logger, prefix });
    const presence: PresenceStore = createRedisPresenceStore(TEST_REDIS_URL as string, { logger: t.logger, prefix, processId: name });
    closers.push(() => hub.close(), () => presence.close());
    const app = buildApp({ db: t.db, config: t.config, clock: t.clock, logger: t.logger, liveHub: hub, livePresence: presence });
    return { app, url: await listen(app) };
  };
  return { t, asha, proctor, ashaId: t.userIds['DEMO001'] as string, a: await processOf('A'), b: await processOf('B') };
}

async function hello(url: string, token: string): Promise<LiveSocket> {
  const socket = await connect(url);
  socket.send({ type: 'hello', token, tid: TEST });
  await socket.next('welcome');
  return socket;
}

/** The next candidate update of this student matching `check`. */
async function candidateUpdate(console_: LiveSocket, uid: string, check: (candidate: LiveCandidate) => boolean): Promise<LiveCandidate> {
  for (;;) {
    const candidate = (await console_.next('candidate'))['candidate'] as LiveCandidate;
    if (candidate.uid === uid && check(candidate)) return candidate;
  }
}

const trailOf = async (t: TestApp, userId: string) => {
  const attempt = await t.db.kysely.selectFrom('attempts').select('id').where('user_id', '=', userId).where('test_id', '=', TEST).executeTakeFirstOrThrow();
  return (await t.db.kysely.selectFrom('proctor_events').select(['kind', 'at']).where('attempt_id', '=', attempt.id).orderBy('at').execute()).map((row) => row.kind);
};

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!TEST_REDIS_URL)('the live channel across two server processes, through Redis', () => {
  it("a console on A sees a student on B online, commands them and hears the ack; chat both ways, each message once", async () => {
    const { t, asha, proctor, ashaId, a, b } = await twoProcesses();
    const console_ = await connect(a.url);
    console_.send({ type: 'hello', token: proctor, tid: TEST });
    const welcome = await console_.next('welcome');
    expect((welcome['candidates'] as LiveCandidate[]).find((c) => c.uid === ashaId)).toMatchObject({ online: false });

    const student = await hello(b.url, asha);
    await candidateUpdate(console_, ashaId, (c) => c.online && c.via === 'websocket');
    const snapshot = (await (await a.app.request(`/api/proctor/tests/${TEST}`, { headers: { 'x-access-token': proctor } })).json()) as ProctorTestSnapshot;
    expect(snapshot.candidates.find((c) => c.uid === ashaId)).toMatchObject({ online: true, via: 'websocket' });

    // The status sent on B is seen on A.
    student.send({ type: 'status', status: { qn: 3, answered: 2, marked: 1, unsent: 0, extension: false, clock: t.clock.now() } });
    await candidateUpdate(console_, ashaId, (c) => c.status?.qn === 3);

    console_.send({ type: 'command', command: { type: 'EXTEND_TEST', uids: [ashaId], reason: 'Late start', et: 5 } });
    const command = (await student.next('command'))['command'] as ProctorCommand;
    expect(command).toMatchObject({ type: 'EXTEND_TEST', et: 5, state: 'sent' });
    // The welcome's deadline, then the moved one.
    expect((await student.next('deadline'))['time_left']).toBeLessThanOrEqual(20 * 60);
    expect((await student.next('deadline'))['time_left']).toBeGreaterThan(20 * 60);
    student.send({ type: 'ack', acks: [{ id: command.id, state: 'applied' }] });
    for (;;) {
      const update = (await console_.next('command'))['command'] as ProctorCommand;
      if (update.id === command.id && update.state === 'applied') break;
    }

    student.send({ type: 'chat', chat: { id: 's-1', m: 'Can I use a calculator?' } });
    expect(((await console_.next('chat'))['message'] as { m: string }).m).toBe('Can I use a calculator?');
    console_.send({ type: 'chat', id: 'p-1', uid: ashaId, m: 'No.' });
    for (;;) {
      const message = (await student.next('chat'))['message'] as { m: string };
      if (message.m === 'No.') break;
    }

    // A message to all goes as batches: heard once on B too.
    console_.send({ type: 'chat', id: 'all-1', uid: null, m: 'Ten minutes left.' });
    for (;;) {
      const message = (await student.next('chat'))['message'] as { id: string };
      if (message.id === 'all-1') break;
    }

    await settle();
    // Published once on one process, heard once on the other: nothing doubled.
    expect(student.pending('command')).toEqual([]);
    expect(student.pending('deadline')).toEqual([]);
    expect(student.pending('chat')).toEqual([]);
    expect(console_.pending('chat').filter((m) => (m['message'] as { id: string }).id === 'p-1')).toHaveLength(1);
    expect(console_.pending('chat').filter((m) => (m['message'] as { id: string }).id === 's-1')).toHaveLength(0);
    expect(t.logger.errors).toEqual([]);
  });

  it('a drop on B past the grace goes on the trail once, though the student comes back on A', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { t, asha, proctor, ashaId, a, b } = await twoProcesses();
    const console_ = await hello(a.url, proctor);
    const student = await hello(b.url, asha);
    await candidateUpdate(console_, ashaId, (c) => c.online);

    t.clock.advance(1_000);
    const droppedAt = t.clock.now();
    student.socket.close();
    await student.closed;
    expect((await candidateUpdate(console_, ashaId, (c) => !c.online)).disconnectedSince).toBe(droppedAt);
    // B's grace runs out: B writes the drop.
    t.clock.advance(SOCKET_DROP_GRACE_MS + 5_000);
    await vi.advanceTimersByTimeAsync(SOCKET_DROP_GRACE_MS + 100);
    await settle();
    expect(await trailOf(t, ashaId)).toEqual(['DISCONNECTED']);

    // Back on A: only the return is written.
    await hello(a.url, asha);
    await candidateUpdate(console_, ashaId, (c) => c.online);
    await settle();
    expect(await trailOf(t, ashaId)).toEqual(['DISCONNECTED', 'RECONNECTED']);
    expect(t.logger.errors).toEqual([]);
  });

  it('a reload that lands on the other process leaves nothing on the trail', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { t, asha, ashaId, a, b } = await twoProcesses();
    const student = await hello(b.url, asha);
    student.socket.close();
    await student.closed;
    await settle(100);
    t.clock.advance(2_000);
    await hello(a.url, asha);
    // B's timer still fires, and finds the student back (on A).
    t.clock.advance(SOCKET_DROP_GRACE_MS);
    await vi.advanceTimersByTimeAsync(SOCKET_DROP_GRACE_MS + 100);
    await settle();
    expect(await trailOf(t, ashaId)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CHAT_NOT_SENT } from '@invigil/shared/api/live-messages';
import type { LivePingReply, ProctorCommand, ProctorTestSnapshot, ProctorTrailReply } from '@invigil/shared/api/live';
import { addStaffAccount } from '../staff/staff-module';
import { createProctorTrail } from '../proctoring/proctoring-module';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { SOCKET_DROP_GRACE_MS } from './live-service';
import { useLiveSockets } from '../../test-support/live-socket';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const makeApp = useTestApp();
const liveSockets = useLiveSockets();

const TEST = DEMO_TEST_IDS.mcq;
const STATUS = { qn: 1, answered: 0, marked: 0, unsent: 0, extension: false, clock: Date.now() };

/** A signed-in student with chat enabled, a started attempt, and the demo proctor's token. */
async function setup() {
  const t = await makeApp();
  await t.db.kysely.updateTable('users').set({ config: JSON.stringify({ DISABLE_CHAT: false }) }).execute();
  const asha = await t.token('student@example.edu');
  const rohan = await t.token('second@example.edu');
  const login = await t.postJson('/api/proctor/login', { email: 'proctor@example.edu', password: 'demo1234' });
  expect(login.status).toBe(200);
  const proctor = ((await login.json()) as { token: string }).token;
  expect((await t.postJson('/api/test/start', { id: TEST, devices: [] }, { 'x-access-token': asha })).status).toBe(200);
  return { t, asha, rohan, proctor, ashaId: t.userIds['DEMO001'] as string, rohanId: t.userIds['DEMO002'] as string };
}

const listen = (t: TestApp): Promise<string> => liveSockets.listen(t.app);
const { connect } = liveSockets;

const attemptOf = (t: TestApp, userId: string) => t.db.kysely.selectFrom('attempts').selectAll().where('user_id', '=', userId).where('test_id', '=', TEST).executeTakeFirstOrThrow();
const trailOf = async (t: TestApp, userId: string) =>
  t.db.kysely.selectFrom('proctor_events').select(['kind', 'source', 'via', 'detail']).where('attempt_id', '=', (await attemptOf(t, userId)).id).orderBy('at').execute();

describe('proctor accounts', () => {
  it('sign in with one message for a wrong password; tokens of one role are refused by the other', async () => {
    const { t, asha, proctor } = await setup();
    const wrong = await t.postJson('/api/proctor/login', { email: 'proctor@example.edu', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password.' });
    expect((await t.postJson('/api/proctor/login', { email: 'x' })).status).toBe(422);
    expect((await t.get('/api/user', { 'x-access-token': proctor })).status).toBe(401);
    expect((await t.get('/api/test/list', { 'x-access-token': proctor })).status).toBe(401);
    expect((await t.get('/api/proctor/tests', { 'x-access-token': asha })).status).toBe(401);
    expect((await t.get(`/api/proctor/tests/${TEST}`, { 'x-access-token': asha })).status).toBe(401);
    const tests = (await t.getJson('/api/proctor/tests', proctor)) as { id: string }[];
    expect(tests.map((test) => test.id)).toContain(TEST);
  });

  it('signing out ends that session only: its token is refused, a session signed in elsewhere goes on', async () => {
    const { t, proctor, asha } = await setup();
    const other = ((await (await t.postJson('/api/proctor/login', { email: 'proctor@example.edu', password: 'demo1234' })).json()) as { token: string }).token;
    expect((await t.postJson('/api/proctor/logout', {}, { 'x-access-token': asha })).status).toBe(401);
    expect((await t.postJson('/api/proctor/logout', {}, { 'x-access-token': proctor })).status).toBe(200);
    expect((await t.get('/api/proctor/tests', { 'x-access-token': proctor })).status).toBe(401);
    expect((await t.postJson('/api/proctor/logout', {}, { 'x-access-token': proctor })).status).toBe(401);
    expect((await t.get('/api/proctor/tests', { 'x-access-token': other })).status).toBe(200);
  });

  it('a proctor sees only the tests they are assigned to', async () => {
    const { t } = await setup();
    await addStaffAccount(t.db.kysely, { email: 'other@example.edu', name: 'Other', role: 'proctor', password: 'secret12', testIds: [DEMO_TEST_IDS.mixed] }, t.clock.now());
    const login = await t.postJson('/api/proctor/login', { email: 'other@example.edu', password: 'secret12' });
    const other = ((await login.json()) as { token: string }).token;
    expect(((await t.getJson('/api/proctor/tests', other)) as { id: string }[]).map((test) => test.id)).toEqual([DEMO_TEST_IDS.mixed]);
    expect((await t.get(`/api/proctor/tests/${TEST}`, { 'x-access-token': other })).status).toBe(404);
    expect((await t.get(`/api/proctor/tests/${TEST}/trail/${t.userIds['DEMO001']}`, { 'x-access-token': other })).status).toBe(404);
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [t.userIds['DEMO001']], reason: 'x' }, { 'x-access-token': other })).status).toBe(404);
  });
});

describe('commands over HTTP, applied by the server', () => {
  it('EXTEND_TEST moves the deadline once; acks move forward once; the ping carries what is pending', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const before = await attemptOf(t, ashaId);
    const sent = await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'EXTEND_TEST', uids: [ashaId], reason: 'Power cut', et: 10 }, { 'x-access-token': proctor });
    expect(sent.status).toBe(200);
    const [command] = ((await sent.json()) as { commands: ProctorCommand[] }).commands as [ProctorCommand];
    expect(command).toMatchObject({ type: 'EXTEND_TEST', et: 10, state: 'sent', by: 'Priya Nair' });
    const after = await attemptOf(t, ashaId);
    expect(after.deadline_ms - before.deadline_ms).toBe(10 * 60_000);
    expect(JSON.parse(after.extensions)).toEqual([{ minutes: 10, at: t.clock.now() }]);

    const ping = async (acks: unknown[] = []) => {
      const response = await t.postJson('/api/live/ping', { tid: TEST, status: STATUS, acks }, { 'x-access-token': asha });
      expect(response.status).toBe(200);
      return (await response.json()) as LivePingReply;
    };
    expect((await ping()).commands.map((c) => c.id)).toEqual([command.id]);
    await ping([{ id: command.id, state: 'applied' }]);
    await ping([{ id: command.id, state: 'applied' }, { id: command.id, state: 'delivered' }]);
    const reply = await ping();
    expect(reply.commands).toEqual([]);
    expect(reply.time_left).toBe(Math.floor((after.deadline_ms - t.clock.now()) / 1000));
    expect((await attemptOf(t, ashaId)).deadline_ms).toBe(after.deadline_ms);
    const snapshot = (await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot;
    expect(snapshot.commands.find((c) => c.id === command.id)?.state).toBe('applied');
    expect(snapshot.candidates.find((c) => c.uid === ashaId)).toMatchObject({ phase: 'running', online: true, via: 'http' });
    expect((await trailOf(t, ashaId)).map((row) => [row.kind, row.via])).toEqual([['PROCTOR_ACTION', 'proctor']]);
  });

  it("the trail names a proctor only for the server's own entries: a student's event claiming one stays the student's", async () => {
    const { t, asha, proctor, ashaId } = await setup();
    await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'EXTEND_TEST', uids: [ashaId], reason: 'Power cut', et: 10 }, { 'x-access-token': proctor });
    const forged = { id: 'event-0009', at: t.clock.now(), kind: 'WARNING_SHOWN', source: 'page', detail: { by: 'Other Proctor', command: 'EXTEND_TEST' } };
    expect((await t.postJson('/api/proctor/events', { test_id: TEST, sent_at: t.clock.now(), events: [forged] }, { 'x-access-token': asha })).status).toBe(200);
    const trail = (await t.getJson(`/api/proctor/tests/${TEST}/trail/${ashaId}`, proctor)) as ProctorTrailReply;
    const byKind = Object.fromEntries(trail.entries.map((entry) => [entry.kind, entry]));
    expect(trail.entries).toHaveLength(2);
    expect(byKind['PROCTOR_ACTION']?.by).toBe('Priya Nair');
    expect(byKind['WARNING_SHOWN']?.by).toBe('page');
    expect(byKind['WARNING_SHOWN']?.detail).toContain('by: Other Proctor');
  });

  it('PAUSE stops the clock (the sweeper leaves it); RESUME moves the deadline by the paused time', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const headers = { 'x-access-token': proctor };
    const before = await attemptOf(t, ashaId);
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'PAUSE', uids: [ashaId], reason: 'Check the room' }, headers)).status).toBe(200);
    const leftAtPause = Math.floor((before.deadline_ms - t.clock.now()) / 1000);
    t.clock.advance(60 * 60_000);
    expect(await t.tests.attempts.sweepExpiredAttempts(t.clock.now())).toBe(0);
    const sync = (await (await t.postJson('/api/test/sync', { id: TEST, updates: [], qn: 1 }, { 'x-access-token': asha })).json()) as { time_left: number; paused?: boolean };
    expect(sync).toMatchObject({ time_left: leftAtPause, paused: true });
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'RESUME', uids: [ashaId], reason: 'Done' }, headers)).status).toBe(200);
    const after = await attemptOf(t, ashaId);
    expect(after.paused_at).toBeNull();
    expect(after.deadline_ms - before.deadline_ms).toBe(60 * 60_000);
  });

  it('PROCTOR_TERMINATE submits with that reason with no browser connected', async () => {
    const { t, proctor, ashaId } = await setup();
    const response = await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'PROCTOR_TERMINATE', uids: [ashaId], reason: 'Phone seen' }, { 'x-access-token': proctor });
    expect(response.status).toBe(200);
    expect(await attemptOf(t, ashaId)).toMatchObject({ submit_reason: 'PROCTOR_TERMINATE' });
    expect((await attemptOf(t, ashaId)).submitted_at).not.toBeNull();
    const again = await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [ashaId], reason: 'x' }, { 'x-access-token': proctor });
    expect(again.status).toBe(409);
  });

  it('refuses what is not for a student or malformed: 4xx, never 500', async () => {
    const { t, asha, rohanId, proctor } = await setup();
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [rohanId], reason: 'x' }, { 'x-access-token': asha })).status).toBe(401);
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'NOPE', uids: [rohanId], reason: 'x' }, { 'x-access-token': proctor })).status).toBe(422);
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'EXTEND_TEST', uids: [rohanId], reason: 'x' }, { 'x-access-token': proctor })).status).toBe(422);
    expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [rohanId], reason: 'x' }, { 'x-access-token': proctor })).status).toBe(409);
    expect((await t.postJson('/api/live/ping', '{not json', { 'x-access-token': asha })).status).toBe(400);
    expect((await t.postJson('/api/live/ping', { tid: TEST }, { 'x-access-token': asha })).status).toBe(422);
    expect((await t.postJson('/api/live/ping', { tid: TEST, status: STATUS })).status).toBe(401);
    expect((await t.postJson(`/api/live/chat/${TEST}`, { id: 'c1', m: '   ' }, { 'x-access-token': asha })).status).toBe(422);
    expect(t.logger.errors).toEqual([]);
  });
});

describe('one student, one thread', () => {
  it("an ack of another student's command changes nothing; the same chat id in two threads is two messages", async () => {
    const { t, asha, rohan, proctor, ashaId, rohanId } = await setup();
    expect((await t.postJson('/api/test/start', { id: TEST, devices: [] }, { 'x-access-token': rohan })).status).toBe(200);
    const sent = await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [ashaId], reason: 'Eyes on the screen' }, { 'x-access-token': proctor });
    const [command] = ((await sent.json()) as { commands: ProctorCommand[] }).commands as [ProctorCommand];
    const ping = await t.postJson('/api/live/ping', { tid: TEST, status: STATUS, acks: [{ id: command.id, state: 'applied' }], chat: [{ id: 'same', m: 'from Rohan' }] }, { 'x-access-token': rohan });
    expect(ping.status).toBe(200);
    expect(((await ping.json()) as LivePingReply).commands).toEqual([]);
    const snapshot = (await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot;
    expect(snapshot.commands.find((c) => c.id === command.id)?.state).toBe('sent');
    await t.postJson(`/api/live/chat/${TEST}`, { id: 'same', m: 'from Asha' }, { 'x-access-token': asha });
    const ashaThread = (await t.getJson(`/api/live/chat/${TEST}`, asha)) as { chat: { m: string; uid: string }[] };
    expect(ashaThread.chat.map((m) => [m.m, m.uid])).toEqual([['from Asha', ashaId]]);
    const rohanThread = (await t.getJson(`/api/live/chat/${TEST}`, rohan)) as { chat: { m: string; uid: string }[] };
    expect(rohanThread.chat.map((m) => [m.m, m.uid])).toEqual([['from Rohan', rohanId]]);
  });
});

describe('chat over HTTP', () => {
  it('is filtered, idempotent by id, and each student reads only their own thread', async () => {
    const { t, asha, rohan, proctor, ashaId } = await setup();
    const first = await t.postJson(`/api/live/chat/${TEST}`, { id: 'm-1', m: 'this damn clock' }, { 'x-access-token': asha });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { message: { m: string } }).message.m).toBe('this _ clock');
    await t.postJson(`/api/live/chat/${TEST}`, { id: 'm-1', m: 'this damn clock' }, { 'x-access-token': asha });
    await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'p-1', uid: ashaId, m: 'Noted.' }, { 'x-access-token': proctor });
    const thread = (await t.getJson(`/api/live/chat/${TEST}`, asha)) as { chatDisabled: boolean; chat: { id: string; teid: string | null }[] };
    expect(thread.chatDisabled).toBe(false);
    expect(thread.chat.map((m) => m.id)).toEqual(['m-1', 'p-1']);
    expect(((await t.getJson(`/api/live/chat/${TEST}`, rohan)) as { chat: unknown[] }).chat).toEqual([]);
    // One call for every card of Scheduled Tests: the proctor's unread messages of each thread, her own only.
    const unreadOf = async (token: string) => ((await t.getJson('/api/live/chats', token)) as { threads: { tid: string; chatDisabled: boolean; unread: number }[] }).threads.find((thread) => thread.tid === TEST);
    expect(await unreadOf(asha)).toEqual({ tid: TEST, chatDisabled: false, unread: 1 });
    expect(await unreadOf(rohan)).toMatchObject({ unread: 0 });
    expect((await t.postJson(`/api/live/chat/${TEST}/read`, { upTo: 'soon' }, { 'x-access-token': asha })).status).toBe(422);
    expect((await t.postJson(`/api/live/chat/${TEST}/read`, { upTo: t.clock.now() }, { 'x-access-token': asha })).status).toBe(200);
    expect(await unreadOf(asha)).toMatchObject({ unread: 0 });
    await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'p-2', uid: ashaId, m: 'Again.' }, { 'x-access-token': proctor });
    expect(await unreadOf(asha)).toMatchObject({ unread: 1 });
    // A page on the ping fallback says what it read with its next ping.
    expect((await t.postJson('/api/live/ping', { tid: TEST, status: STATUS, read: t.clock.now() }, { 'x-access-token': asha })).status).toBe(200);
    expect(await unreadOf(asha)).toMatchObject({ unread: 0 });
    expect((await t.get('/api/live/chats')).status).toBe(401);
    await t.db.kysely.updateTable('users').set({ config: '{}' }).execute();
    const disabled = await t.postJson(`/api/live/chat/${TEST}`, { id: 'm-2', m: 'hello' }, { 'x-access-token': asha });
    expect(disabled.status).toBe(403);
    expect(CHAT_NOT_SENT).toBe('Message was not sent! Please try again.');
  });

  it('a message to all lands once in every candidate\'s thread; a resend of its id adds nothing', async () => {
    const { t, asha, rohan, proctor } = await setup();
    const headers = { 'x-access-token': proctor };
    const sent = await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'all-1', uid: null, m: 'Ten minutes left.' }, headers);
    expect(sent.status).toBe(200);
    const { messages } = (await sent.json()) as { messages: { uid: string; m: string }[] };
    const candidates = ((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).candidates;
    expect(messages.map((m) => m.uid).sort()).toEqual(candidates.map((c) => c.uid).sort());
    expect((await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'all-1', uid: null, m: 'Ten minutes left.' }, headers)).status).toBe(200);
    for (const token of [asha, rohan]) {
      const thread = (await t.getJson(`/api/live/chat/${TEST}`, token)) as { chat: { id: string; m: string }[] };
      expect(thread.chat.map((m) => [m.id, m.m])).toEqual([['all-1', 'Ten minutes left.']]);
    }
  });
});

describe("a proctor's chat where chat is off (issue 31)", () => {
  it('is refused with a clear message over HTTP and the socket, stores nothing, and the console is told; commands still go', async () => {
    const { t, proctor, ashaId, rohanId } = await setup();
    const headers = { 'x-access-token': proctor };
    // Asha's chat is off (DISABLE_CHAT unset: the spec's default), Rohan's on.
    await t.db.kysely.updateTable('users').set({ config: '{}' }).where('id', '=', ashaId).execute();
    const candidates = ((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).candidates;
    expect(candidates.find((c) => c.uid === ashaId)?.chatDisabled).toBe(true);
    expect(candidates.find((c) => c.uid === rohanId)?.chatDisabled).toBe(false);

    const toAsha = await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'off-1', uid: ashaId, m: 'Can you hear me?' }, headers);
    expect(toAsha.status).toBe(403);
    expect(await toAsha.json()).toMatchObject({ message: 'Chat is off for this candidate in this test: the message was not sent.' });
    // A message to all goes to those whose chat is on only.
    const toAll = await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'off-2', uid: null, m: 'Ten minutes left.' }, headers);
    expect(toAll.status).toBe(200);
    const sentTo = ((await toAll.json()) as { messages: { uid: string }[] }).messages.map((m) => m.uid);
    expect(sentTo).toContain(rohanId);
    expect(sentTo).not.toContain(ashaId);
    const chat = ((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).chat;
    expect(chat.filter((m) => m.uid === ashaId)).toEqual([]);

    // Nobody's chat on: the message to all is refused too.
    await t.db.kysely.updateTable('users').set({ config: '{}' }).execute();
    const nobody = await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'off-3', uid: null, m: 'Anyone?' }, headers);
    expect(nobody.status).toBe(403);
    expect(await nobody.json()).toMatchObject({ message: 'Chat is off for this test: the message was not sent.' });

    const url = await listen(t);
    const console_ = await connect(url);
    console_.send({ type: 'hello', token: proctor, tid: TEST });
    await console_.next('welcome');
    console_.send({ type: 'chat', id: 'off-4', uid: ashaId, m: 'Hello?' });
    expect((await console_.next('error'))['message']).toBe('Chat is off for this candidate in this test: the message was not sent.');
    // A warning still reaches her.
    const warn = await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [ashaId], reason: 'Eyes on your screen.' }, headers);
    expect(warn.status).toBe(200);
    expect(((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).chat).toHaveLength(1);
  });
});

describe('the WebSocket /api/live', () => {
  it('chat both ways, a command pushed live and acked; a disconnection goes on the trail and nothing is submitted', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const url = await listen(t);
    const console_ = await connect(url);
    console_.send({ type: 'hello', token: proctor, tid: TEST });
    const welcome = await console_.next('welcome');
    expect((welcome['candidates'] as { uid: string }[]).some((c) => c.uid === ashaId)).toBe(true);

    const student = await connect(url);
    student.send({ type: 'hello', token: asha, tid: TEST });
    expect(await student.next('welcome')).toMatchObject({ chatDisabled: false, commands: [] });
    expect((await student.next('deadline'))['paused']).toBe(false);

    student.send({ type: 'chat', chat: { id: 's-1', m: 'Can I use a calculator?' } });
    expect(((await console_.next('chat'))['message'] as { m: string; un: string }).m).toBe('Can I use a calculator?');
    console_.send({ type: 'chat', id: 'p-1', uid: ashaId, m: 'No.' });
    expect(((await student.next('chat'))['message'] as { m: string }).m).toBe('Can I use a calculator?');
    expect(((await student.next('chat'))['message'] as { m: string; teid: string | null }).teid).not.toBeNull();

    console_.send({ type: 'command', command: { type: 'EXTEND_TEST', uids: [ashaId], reason: 'Late start', et: 5 } });
    const command = (await student.next('command'))['command'] as ProctorCommand;
    expect(command).toMatchObject({ type: 'EXTEND_TEST', et: 5 });
    expect((await student.next('deadline'))['time_left']).toBeGreaterThan(20 * 60);
    student.send({ type: 'ack', acks: [{ id: command.id, state: 'applied' }] });
    for (;;) {
      const update = (await console_.next('command'))['command'] as ProctorCommand;
      if (update.state === 'applied') break;
    }

    student.send('not json');
    expect((await student.next('error'))['message']).toBe('A message is one JSON object.');
    student.send({ type: 'command', command: { type: 'PROCTOR_TERMINATE', uids: [ashaId], reason: 'me' } });
    expect(await student.next('error')).toBeTruthy();

    for (let i = 0; i < 70; i += 1) student.send({ type: 'read', upTo: 0 });
    expect((await student.next('error'))['message']).toBe('Too many messages: slow down.');
    t.clock.advance(1000);
    student.socket.close();
    await student.closed;
    t.clock.advance(SOCKET_DROP_GRACE_MS + 5000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reconnected = await connect(url);
    reconnected.send({ type: 'hello', token: asha, tid: TEST });
    await reconnected.next('welcome');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const kinds = (await trailOf(t, ashaId)).map((row) => [row.kind, row.source]);
    expect(kinds).toEqual([
      ['PROCTOR_ACTION', 'proctor'],
      ['DISCONNECTED', 'server'],
      ['RECONNECTED', 'server'],
    ]);
    expect((await attemptOf(t, ashaId)).submitted_at).toBeNull();
    expect(t.logger.errors).toEqual([]);
  });

  it('a socket back within the grace (a reload) leaves nothing on the trail; the console saw it offline meanwhile', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const url = await listen(t);
    const first = await connect(url);
    first.send({ type: 'hello', token: asha, tid: TEST });
    await first.next('welcome');
    first.socket.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const offline = ((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).candidates.find((c) => c.uid === ashaId);
    expect(offline).toMatchObject({ online: false });
    t.clock.advance(SOCKET_DROP_GRACE_MS - 1000);
    const again = await connect(url);
    again.send({ type: 'hello', token: asha, tid: TEST });
    await again.next('welcome');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await trailOf(t, ashaId)).toEqual([]);
  });

  it('a student offline when a command is sent gets it on reconnecting, and a terminated attempt is submitted meanwhile', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const url = await listen(t);
    await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'PROCTOR_TERMINATE', uids: [ashaId], reason: 'Left the room' }, { 'x-access-token': proctor });
    expect((await attemptOf(t, ashaId)).submit_reason).toBe('PROCTOR_TERMINATE');
    const student = await connect(url);
    student.send({ type: 'hello', token: asha, tid: TEST });
    const welcome = await student.next('welcome');
    expect((welcome['commands'] as ProctorCommand[]).map((c) => c.type)).toEqual(['PROCTOR_TERMINATE']);
    // A sync or a submit that gets there first hears why the attempt is submitted.
    const sync = (await (await t.postJson('/api/test/sync', { id: TEST, updates: [], qn: 1 }, { 'x-access-token': asha })).json()) as Record<string, unknown>;
    expect(sync).toMatchObject({ submitted: true, terminated_by_proctor: true });
    const submit = (await (await t.postJson('/api/test/submit', { id: TEST, updates: [], terminated: 'manual' }, { 'x-access-token': asha })).json()) as Record<string, unknown>;
    expect(submit).toMatchObject({ type: 100, terminated_by_proctor: true });
  });

  it('the console hears of flags as they are stored; PAUSE reaches the page as a paused deadline; reads clear the unread count', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const url = await listen(t);
    const console_ = await connect(url);
    console_.send({ type: 'hello', token: proctor, tid: TEST });
    await console_.next('welcome');
    const student = await connect(url);
    student.send({ type: 'hello', token: asha, tid: TEST });
    await student.next('welcome');
    await student.next('deadline');

    const events = { test_id: TEST, sent_at: t.clock.now(), events: [{ id: 'event-0001', at: t.clock.now(), kind: 'MULTI_FACE', source: 'page' }] };
    expect((await t.postJson('/api/proctor/events', events, { 'x-access-token': asha })).status).toBe(200);
    expect(await console_.next('flag')).toMatchObject({ uid: ashaId, kind: 'MULTI_FACE' });

    console_.send({ type: 'command', command: { type: 'PAUSE', uids: [ashaId], reason: 'Show the room' } });
    expect(((await student.next('command'))['command'] as ProctorCommand).reason).toBe('Show the room');
    expect(await student.next('deadline')).toMatchObject({ paused: true });

    student.send({ type: 'chat', chat: { id: 's-9', m: 'Ok' } });
    await console_.next('chat');
    const unread = async () => ((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).candidates.find((c) => c.uid === ashaId);
    expect(await unread()).toMatchObject({ unreadChat: 1, flags: 1, phase: 'paused', online: true, via: 'websocket' });
    expect((await t.postJson(`/api/proctor/tests/${TEST}/read`, { uid: ashaId, upTo: t.clock.now() }, { 'x-access-token': proctor })).status).toBe(200);
    expect((await unread())?.unreadChat).toBe(0);

    // A flag's evidence is a stored snapshot: the console gets a signed link, never the bare key.
    await createProctorTrail(t.db.kysely).insertEvents([
      { attemptId: (await attemptOf(t, ashaId)).id, eventId: 'event-0002', kind: 'NO_FACE', source: 'page', via: 'student', clientAt: t.clock.now(), at: t.clock.now(), receivedAt: t.clock.now(), detail: {}, evidence: 'snapshot-key.webp', late: false },
    ]);
    const lastFlag = (await unread())?.lastFlag;
    expect(lastFlag?.kind).toBe('NO_FACE');
    expect(lastFlag?.evidence).toMatch(/^\/.*snapshot-key\.webp\?e=\d+&s=/);
  });

  it('a page on the HTTP ping that goes quiet is disconnected since its last ping; its return puts the gap on the trail', async () => {
    const { t, asha, proctor, ashaId } = await setup();
    const ping = () => t.postJson('/api/live/ping', { tid: TEST, status: STATUS }, { 'x-access-token': asha });
    expect((await ping()).status).toBe(200);
    const lastPing = t.clock.now();
    t.clock.advance(5 * 60_000);
    const candidate = ((await t.getJson(`/api/proctor/tests/${TEST}`, proctor)) as ProctorTestSnapshot).candidates.find((c) => c.uid === ashaId);
    expect(candidate).toMatchObject({ online: false, disconnectedSince: lastPing });
    expect((await ping()).status).toBe(200);
    const rows = await trailOf(t, ashaId);
    expect(rows.map((row) => row.kind)).toEqual(['DISCONNECTED', 'RECONNECTED']);
    expect(JSON.parse(rows[1]?.detail ?? '{}')).toEqual({ via: 'http', away_ms: 5 * 60_000 });
    expect((await attemptOf(t, ashaId)).submitted_at).toBeNull();
  });

  it('a session ended by logging out ends its channel at the next message', async () => {
    const { t, asha } = await setup();
    const url = await listen(t);
    const student = await connect(url);
    student.send({ type: 'hello', token: asha, tid: TEST });
    await student.next('welcome');
    expect((await t.postJson('/api/logout', {}, { 'x-access-token': asha })).status).toBe(200);
    student.send({ type: 'status', status: STATUS });
    expect((await student.next('error'))['message']).toBe('Log in required!');
    expect(await student.closed).toBe(1008);
  });

  it('closes a socket without hello, refuses a bad token, another origin, and another test for a proctor', async () => {
    const { t, rohan, proctor } = await setup();
    const url = await listen(t);
    const silent = await connect(url);
    silent.send({ type: 'status', status: STATUS });
    expect((await silent.next('error'))['message']).toBe('Say hello first, with a session token.');
    expect(await silent.closed).toBe(1008);

    const forged = await connect(url);
    forged.send({ type: 'hello', token: 'x.y.z', tid: TEST });
    expect((await forged.next('error'))['message']).toBe('Log in required!');

    await expect(connect(url, { origin: 'https://evil.example' })).rejects.toThrow(/403/);

    await addStaffAccount(t.db.kysely, { email: 'proctor@example.edu', name: 'Priya Nair', role: 'proctor', password: 'demo1234', testIds: [DEMO_TEST_IDS.mixed] }, t.clock.now());
    const other = await connect(url);
    other.send({ type: 'hello', token: proctor, tid: TEST });
    expect((await other.next('error'))['message']).toBe('You are not a proctor of this test.');
    expect(await other.closed).toBe(1008);

    // A student's hello for a test they cannot see.
    const stranger = await connect(url);
    stranger.send({ type: 'hello', token: rohan, tid: 'no-such-test' });
    expect((await stranger.next('error'))['message']).toBe('Test not found!');
    expect(await stranger.closed).toBe(1008);
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import {
  alreadySubmittedReplySchema,
  answerSheetReplySchema,
  marksheetListReplySchema,
  marksheetSchema,
  mockTestsReplySchema,
  myResultsReplySchema,
  rankingReplySchema,
  startReplySchema,
  TEST_MESSAGES,
  testGetReplySchema,
  testInReplySchema,
  testInstructionReplySchema,
  testListReplySchema,
  testOutReplySchema,
  testPaperSchema,
} from '@invigil/shared/api/tests';
import type { TestInReply } from '@invigil/shared/api/tests';
import { submitReplySchema, syncReplySchema } from '@invigil/shared/api/attempt-sync';
import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { DEMO_ACCESS_CODE, DEMO_SERIES, DEMO_TEST_IDS } from '../../seed/demo-tests';
import { unsealPaperJson } from './paper-seal';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();
const auth = (token: string) => ({ [ACCESS_TOKEN_HEADER]: token });
const MINUTE = 60_000;

async function errorOf(response: Response) {
  return errorReplySchema.parse(await response.json());
}

/** Every object key anywhere in a JSON value. */
function deepKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) deepKeys(item, keys);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      deepKeys(item, keys);
    }
  }
  return keys;
}

const update = (qn: number, rev: number, ua: QuestionUpdate['ua'], at = Date.now()): QuestionUpdate => ({
  qn,
  rev,
  ua,
  ats: ua === null ? null : at,
  mts: null,
  vts: at,
  s: 10,
  at,
});

async function signedIn(t: TestApp, who = 'DEMO001') {
  const token = await t.token(who);
  const headers = auth(token);
  return {
    token,
    get: (path: string, extra: Record<string, string> = {}) => t.get(path, { ...headers, ...extra }),
    post: (path: string, body: unknown) => t.postJson(path, body, headers),
    json: (path: string) => t.getJson(path, token),
    start: async (id: string, extra: Record<string, unknown> = {}) => t.postJson('/api/test/start', { id, devices: [], ...extra }, headers),
    enter: async (id: string): Promise<TestInReply> => testInReplySchema.parse(await t.getJson(`/api/test/in/${id}`, token)),
  };
}

describe('GET /api/test/list, /test/get, /test/instruction', () => {
  it('lists the tests a student may see, with the fields of the spec and no question', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const raw = await asha.json('/api/test/list?q=123');
    const list = testListReplySchema.parse(raw);
    const byId = new Map(list.map((item) => [item._id, item]));
    expect([...byId.keys()].sort()).toEqual(Object.values(DEMO_TEST_IDS).sort());
    expect(byId.get(DEMO_TEST_IDS.mcq)).toMatchObject({ time_to_start: 0, attempted: false, resumeable: false, test_created_at: null, SKIP_PREPARE: false, duration: 20 });
    expect(byId.get(DEMO_TEST_IDS.upcoming)?.time_to_start).toBeGreaterThan(0);
    expect(byId.get(DEMO_TEST_IDS.ended)?.time_to_start).toBeLessThan(0);
    expect(byId.get(DEMO_TEST_IDS.accessCode)).toMatchObject({ access_code: true, SKIP_PREPARE: true });
    expect(byId.get(DEMO_TEST_IDS.merit)?.mp_cost).toBe(50);
    expect(byId.get(DEMO_TEST_IDS.attempted)).toMatchObject({ attempted: true, resumeable: false });
    expect(byId.get(DEMO_TEST_IDS.attempted)?.test_submitted_at).toEqual(expect.any(Number));
    // Open tests first, then upcoming, then ended.
    expect(list.map((item) => Math.sign(item.time_to_start))).toEqual([...list.map((item) => Math.sign(item.time_to_start))].sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : b - a)));
    expect(JSON.stringify(raw)).not.toMatch(/"(text|questions|answer|solution)"/);

    const attempted = testListReplySchema.parse(await asha.json('/api/test/attempted-list'));
    expect(attempted.map((item) => item._id)).toEqual([DEMO_TEST_IDS.attempted]);
  });

  it('shows a test assigned to some students only to them', async () => {
    const t = await newApp();
    await t.db.kysely.deleteFrom('test_assignments').where('user_id', '=', t.userIds['DEMO002'] ?? '').execute();
    const rohan = await signedIn(t, 'DEMO002');
    const list = testListReplySchema.parse(await rohan.json('/api/test/list'));
    expect(list.map((item) => item._id)).not.toContain(DEMO_TEST_IDS.merit);
    for (const path of [`/api/test/get/${DEMO_TEST_IDS.merit}`, `/api/test/instruction/${DEMO_TEST_IDS.merit}`, `/api/test/in/${DEMO_TEST_IDS.merit}`]) {
      const response = await rohan.get(path);
      expect(response.status, path).toBe(404);
      expect(await errorOf(response)).toEqual({ message: TEST_MESSAGES.testNotFound });
    }
    expect((await rohan.start(DEMO_TEST_IDS.merit)).status).toBe(404);
    expect((await signedIn(t)).json(`/api/test/get/${DEMO_TEST_IDS.merit}`)).resolves.toBeTruthy();
  });

  it('groups the tests a student may see by series for the Mock Test page, and no one else\'s', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const raw = await asha.json('/api/test/mock-tests');
    const series = mockTestsReplySchema.parse(raw);
    const ids = (mockId: string | null) => series.find((item) => item.mock_id === mockId)?.tests.map((test) => test._id) ?? [];
    // Series by name, then the tests in no series.
    expect(series.map((item) => item.mock_id)).toEqual([DEMO_SERIES.physicsMaths, DEMO_SERIES.term1, null]);
    expect(ids(DEMO_SERIES.physicsMaths).sort()).toEqual([DEMO_TEST_IDS.chapter, DEMO_TEST_IDS.mixed].sort());
    // In each series the list's order: open, then upcoming, then ended (the latest first).
    expect(ids(DEMO_SERIES.term1)).toEqual([DEMO_TEST_IDS.mcq, DEMO_TEST_IDS.upcoming, DEMO_TEST_IDS.ended, DEMO_TEST_IDS.attempted]);
    // Every test of the list once, with the list's fields, and no question.
    const list = testListReplySchema.parse(await asha.json('/api/test/list'));
    const grouped = series.flatMap((item) => item.tests);
    expect(grouped.map((test) => test._id).sort()).toEqual(list.map((test) => test._id).sort());
    expect(grouped.find((test) => test._id === DEMO_TEST_IDS.attempted)).toMatchObject({ attempted: true, test_submitted_at: expect.any(Number) });
    expect(JSON.stringify(raw)).not.toMatch(/"(text|questions|answer|solution)"/);

    // Rohan: not the chapter test (assigned to Asha only), nor a test taken off his assignments.
    await t.db.kysely.deleteFrom('test_assignments').where('user_id', '=', t.userIds['DEMO002'] ?? '').execute();
    const rohan = mockTestsReplySchema.parse(await (await signedIn(t, 'DEMO002')).json('/api/test/mock-tests'));
    const rohanIds = rohan.flatMap((item) => item.tests.map((test) => test._id));
    expect(rohanIds).not.toContain(DEMO_TEST_IDS.chapter);
    expect(rohanIds).not.toContain(DEMO_TEST_IDS.merit);
    expect(rohan.find((item) => item.mock_id === DEMO_SERIES.physicsMaths)?.tests.map((test) => test._id)).toEqual([DEMO_TEST_IDS.mixed]);
    // A test's state is the student's own: Asha's start shows on her page, not on Rohan's.
    expect((await asha.start(DEMO_TEST_IDS.mcq)).status).toBe(200);
    const mcqOf = (reply: unknown) => mockTestsReplySchema.parse(reply).flatMap((item) => item.tests).find((test) => test._id === DEMO_TEST_IDS.mcq);
    expect(mcqOf(await asha.json('/api/test/mock-tests'))).toMatchObject({ attempted: true, resumeable: true });
    expect(mcqOf(await (await signedIn(t, 'DEMO002')).json('/api/test/mock-tests'))).toMatchObject({ attempted: false, resumeable: false });

    expect((await t.get('/api/test/mock-tests')).status).toBe(401);
  });

  it('gives the test structure and instruction without questions, and the results of the student', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const instruction = testInstructionReplySchema.parse(await asha.json(`/api/test/instruction/${DEMO_TEST_IDS.mixed}?resume=true`));
    expect(instruction.chapters).toEqual([{ name: 'Kinematics' }, { name: 'Algebra' }, { name: 'Optics' }]);
    expect(instruction.instruction).toContain('Part A lasts 10 minutes');
    const format = instruction.test.format;
    expect(format).toMatchObject({ duration: 21, noq: 10, partwise_timing: true, partwise_time_gap: 1, sq: 'none' });
    expect(format.parts.map((part) => [part.name, part.fqn, part.lqn, part.noq, part.time_lefts, part.time_lefte])).toEqual([
      ['Part A', 1, 5, 5, 1260, 660],
      ['Part B', 6, 10, 5, 600, 0],
    ]);
    expect(format.parts[1]?.sections.map((section) => [section.name, section.noq, section.tap])).toEqual([
      ['Numerical', 2, false],
      ['Subjective', 2, false],
      ['Tap', 1, true],
    ]);
    expect(instruction.test.attachments).toEqual([{ type: 'pdf', src: '/blobs/public/demo/formula-sheet.pdf', name: 'Formula sheet' }]);
    expect(deepKeys(instruction)).not.toContain('questions');

    const detail = testGetReplySchema.parse(await asha.json(`/api/test/get/${DEMO_TEST_IDS.attempted}`));
    expect(detail.results).toHaveLength(1);
    expect(detail.results[0]?.result).toMatchObject({ scored: 7, max_marks: 16, correct: 2, wrong: 1, skipped: 1, attempted: 3, total: 4 });
    expect(testGetReplySchema.parse(await asha.json(`/api/test/get/${DEMO_TEST_IDS.mcq}`)).results).toEqual([]);

    expect((await asha.get('/api/test/get/no-such-test')).status).toBe(404);
    expect((await t.get(`/api/test/get/${DEMO_TEST_IDS.mcq}`)).status).toBe(401);
  });

  it('serves the demo PDF attachment', async () => {
    const t = await newApp();
    const response = await t.get('/blobs/public/demo/formula-sheet.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    // Dot segments are resolved by URL parsing (then it is no blob path); encoded slashes stay inside and are refused.
    for (const path of ['/blobs/public/../jwt-secret', '/blobs/public/%2e%2e/jwt-secret', '/blobs/public/..%2fjwt-secret', '/blobs/public/demo%2f..%2f..%2fjwt-secret']) {
      const response = await t.get(path);
      expect(response.status, path).not.toBe(200);
      expect(await response.text()).not.toContain(t.config.jwtSecret);
    }
    expect((await t.get('/blobs/public/..%2fjwt-secret')).status).toBe(404);
    expect((await t.get('/blobs/public/demo/nothing.pdf')).status).toBe(404);
  });
});

describe('POST /api/test/start', () => {
  it('asks for the access code and refuses a wrong one', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const missing = await asha.start(DEMO_TEST_IDS.accessCode);
    expect(missing.status).toBe(422);
    expect(await errorOf(missing)).toEqual({ message: 'Access Code is required', issues: [{ path: 'access_code', message: 'Access Code is required' }] });
    expect((await errorOf(await asha.start(DEMO_TEST_IDS.accessCode, { access_code: '   ' }))).message).toBe('Access Code is required');
    const wrong = await asha.start(DEMO_TEST_IDS.accessCode, { access_code: 'open-sesame' });
    expect(wrong.status).toBe(422);
    expect((await errorOf(wrong)).message).toBe(TEST_MESSAGES.accessCodeWrong);
    expect((await asha.get(`/api/test/in/${DEMO_TEST_IDS.accessCode}`)).status).toBe(403);

    const ok = await asha.start(DEMO_TEST_IDS.accessCode, { access_code: ` ${DEMO_ACCESS_CODE} ` });
    expect(ok.status).toBe(200);
    expect(startReplySchema.parse(await ok.json())).toMatchObject({ test_id: DEMO_TEST_IDS.accessCode, error: null, resumed: false });
    // Resuming needs no code again.
    expect(startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.accessCode, { resume: true })).json()).resumed).toBe(true);
  });

  it('takes the merit points once, and refuses a student who has too few', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const first = startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.merit)).json());
    expect(first).toMatchObject({ resumed: false, meritpoints: 70 });
    const again = startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.merit, { resume: true })).json());
    expect(again).toMatchObject({ resumed: true, meritpoints: 70, deadline: first.deadline });
    expect((await t.users.findByIdentifier('DEMO001'))?.meritpoints).toBe(70);

    await t.db.kysely.updateTable('users').set({ meritpoints: 49 }).where('reg_no', '=', 'DEMO002').execute();
    const rohan = await signedIn(t, 'DEMO002');
    const refused = await rohan.start(DEMO_TEST_IDS.merit);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ message: 'This test costs 50 merit points; you have 49.' });
    expect((await t.users.findByIdentifier('DEMO002'))?.meritpoints).toBe(49);
    expect(testListReplySchema.parse(await rohan.json('/api/test/list')).find((item) => item._id === DEMO_TEST_IDS.merit)?.attempted).toBe(false);
  });

  it('charges once when two starts race', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const replies = await Promise.all([asha.start(DEMO_TEST_IDS.merit), asha.start(DEMO_TEST_IDS.merit), asha.start(DEMO_TEST_IDS.merit)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect((await t.users.findByIdentifier('DEMO001'))?.meritpoints).toBe(70);
    const attempts = await t.db.kysely.selectFrom('attempts').selectAll().where('test_id', '=', DEMO_TEST_IDS.merit).execute();
    expect(attempts).toHaveLength(1);
  });

  it('keeps to the activation window', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const early = await asha.start(DEMO_TEST_IDS.upcoming);
    expect(early.status).toBe(403);
    expect(await errorOf(early)).toEqual({ message: TEST_MESSAGES.notOpenYet });
    const late = await asha.start(DEMO_TEST_IDS.ended);
    expect(late.status).toBe(403);
    expect(await errorOf(late)).toEqual({ message: TEST_MESSAGES.ended });

    t.clock.advance(2 * 24 * 60 * MINUTE + 1);
    expect((await asha.start(DEMO_TEST_IDS.upcoming)).status).toBe(200);
  });

  it('resumes an unfinished attempt without resetting its clock, and answers type 100 once submitted', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const devices = [{ deviceId: 'cam-1', type: 'videoinput', active: true, label: 'Front camera' }];
    const first = startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.mcq, { devices })).json());
    expect(first.deadline).toBe(t.clock.now() + 20 * MINUTE);
    expect(first.room_no).toBe(`invigil-${DEMO_TEST_IDS.mcq}`);
    expect((await asha.enter(DEMO_TEST_IDS.mcq)).userData.timeLeft).toBe(20 * 60);

    t.clock.advance(5 * MINUTE);
    const resumed = startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.mcq, { resume: true })).json());
    expect(resumed).toMatchObject({ resumed: true, deadline: first.deadline });
    expect((await asha.enter(DEMO_TEST_IDS.mcq)).userData.timeLeft).toBe(15 * 60);
    const row = await t.db.kysely.selectFrom('attempts').select('devices').where('test_id', '=', DEMO_TEST_IDS.mcq).executeTakeFirstOrThrow();
    expect(JSON.parse(row.devices)).toEqual(devices);

    const list = testListReplySchema.parse(await asha.json('/api/test/list'));
    expect(list.find((item) => item._id === DEMO_TEST_IDS.mcq)).toMatchObject({ attempted: true, resumeable: true });

    expect((await asha.post('/api/test/submit', { id: DEMO_TEST_IDS.mcq, updates: [], terminated: 'manual' })).status).toBe(200);
    const after = await asha.start(DEMO_TEST_IDS.mcq);
    expect(after.status).toBe(200);
    expect(alreadySubmittedReplySchema.parse(await after.json())).toEqual({ type: 100, message: 'Test already submitted.' });
  });

  it('with enter, carries the attempt as GET /test/in?embed=0 gives it, without keys; not once submitted', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const plain = startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.mixed)).json());
    expect(plain.entered).toBeUndefined();
    const started = startReplySchema.parse(await (await asha.start(DEMO_TEST_IDS.mcq, { enter: true })).json());
    const entered = testInReplySchema.parse(await asha.json(`/api/test/in/${DEMO_TEST_IDS.mcq}?embed=0`));
    expect(started).toMatchObject({ test_id: DEMO_TEST_IDS.mcq, resumed: false });
    expect(started.entered).toEqual(entered);
    expect(started.entered?.testData).toBeUndefined();
    expect(JSON.stringify(started)).not.toMatch(/"answer"|"solution"/);

    expect((await asha.post('/api/test/submit', { id: DEMO_TEST_IDS.mcq, updates: [], terminated: 'manual' })).status).toBe(200);
    const after = await asha.start(DEMO_TEST_IDS.mcq, { enter: true });
    expect(alreadySubmittedReplySchema.parse(await after.json())).toEqual({ type: 100, message: 'Test already submitted.' });
  });

  it('validates the request', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const response = await asha.post('/api/test/start', { devices: 'none' });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).issues?.map((issue) => issue.path)).toEqual(['id', 'devices']);
    expect((await t.postJson('/api/test/start', { id: DEMO_TEST_IDS.mcq })).status).toBe(401);
  });
});

describe('GET /api/test/in, POST /api/test/sync and /api/test/submit', () => {
  it('needs a start, then gives the paper without keys and the saved state', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const before = await asha.get(`/api/test/in/${DEMO_TEST_IDS.mixed}`);
    expect(before.status).toBe(403);
    expect(await errorOf(before)).toEqual({ message: TEST_MESSAGES.notStarted });
    await asha.start(DEMO_TEST_IDS.mixed);
    const reply = await asha.enter(DEMO_TEST_IDS.mixed);
    expect(reply.testData?.format.parts.flatMap((part) => part.sections.flatMap((section) => section.questions.map((q) => q.qt)))).toEqual([3, 7, 4, 5, 5, 6, 6, 1, 8, 7]);
    expect(reply.testData?.format.noq).toBe(10);
    expect(reply.paper).toEqual({
      version: 1,
      url: `/api/test/paper/${DEMO_TEST_IDS.mixed}/1`,
      sealed_url: `/api/test/sealed-paper/${DEMO_TEST_IDS.mixed}/1`,
      key: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(reply.userData).toMatchObject({ mock_id: DEMO_TEST_IDS.mixed, test_data: [], timeLeft: 21 * 60, last_qn: 1, result: null, acked_rev: 0 });
    expect(reply.instructions).toContain('Part A');
    expect(reply.testConfig).toEqual({ PROCTOR_TYPE: 'none', DETECT_MULTIFACE: false, HIDE_TEST_PREVIEW: false });
    const tap = reply.testData?.format.parts[1]?.sections[2]?.questions[0];
    expect(tap).toMatchObject({ qt: 7, noo: 6, options: {} });

    const lite = testInReplySchema.parse(await asha.json(`/api/test/in/${DEMO_TEST_IDS.mixed}?embed=0`));
    expect(lite.testData).toBeUndefined();
    expect(lite.test).toMatchObject({ _id: DEMO_TEST_IDS.mixed, attempted: true, resumeable: true });
  });

  it('applies a change only when its rev is higher: replays and out-of-order revs change nothing', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    await asha.start(DEMO_TEST_IDS.mcq);
    const sync = async (updates: QuestionUpdate[], qn = 1) => syncReplySchema.parse(await (await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates, qn })).json());

    const batch = [update(1, 1, 'A'), update(2, 2, 'B'), update(1, 3, 'C')];
    const first = await sync(batch, 2);
    expect(first).toEqual({ success: true, acked_rev: 3, time_left: 20 * 60, late: false, submitted: false });
    // The same batch again, and again in another order: nothing changes.
    expect(await sync(batch, 2)).toEqual(first);
    expect(await sync([...batch].reverse(), 2)).toEqual(first);
    // An older change of question 1 arriving late is ignored; a newer one of question 2 is applied.
    expect((await sync([update(1, 2, 'D'), update(2, 5, null)], 3)).acked_rev).toBe(5);
    const state = (await asha.enter(DEMO_TEST_IDS.mcq)).userData;
    expect(state.test_data.map((q) => [q.qn, q.ua, q.rev, q.late])).toEqual([
      [1, 'C', 3, false],
      [2, null, 5, false],
    ]);
    expect(state.last_qn).toBe(3);
    expect(state.acked_rev).toBe(5);

    const invalid = await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(99, 9, 'A')], qn: 1 });
    expect(invalid.status).toBe(422);
    expect((await errorOf(invalid)).message).toBe('Question 99 is not in this test.');
    const notStarted = await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mixed, updates: [], qn: 1 });
    expect(notStarted.status).toBe(403);
  });

  it('answers a ping (no updates) from what is stored, and still records a move to another question', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    await asha.start(DEMO_TEST_IDS.mcq);
    const sync = async (updates: QuestionUpdate[], qn: number) => syncReplySchema.parse(await (await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates, qn })).json());

    expect(await sync([], 1)).toEqual({ success: true, acked_rev: 0, time_left: 20 * 60, late: false, submitted: false });
    await sync([update(1, 1, 'A'), update(2, 4, 'B')], 2);
    t.clock.advance(MINUTE);
    expect(await sync([], 2)).toEqual({ success: true, acked_rev: 4, time_left: 19 * 60, late: false, submitted: false });
    // A ping from another question moves last_qn, as a sync does.
    await sync([], 3);
    expect((await asha.enter(DEMO_TEST_IDS.mcq)).userData.last_qn).toBe(3);

    // Unknown test: 404 with or without updates; a test not started: 403.
    for (const updates of [[], [update(1, 9, 'A')]]) {
      const unknown = await asha.post('/api/test/sync', { id: 'no-such-test', updates, qn: 1 });
      expect(unknown.status).toBe(404);
      const notStarted = await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mixed, updates, qn: 1 });
      expect(notStarted.status).toBe(403);
    }

    // Past the deadline and its grace, and after submission: late, and no move recorded.
    t.clock.advance(19 * MINUTE + t.config.graceSeconds * 1000 + 1);
    expect(await sync([], 4)).toEqual({ success: true, acked_rev: 4, time_left: 0, late: true, submitted: false });
    await asha.post('/api/test/submit', { id: DEMO_TEST_IDS.mcq, updates: [], terminated: 'manual' });
    expect(await sync([], 5)).toEqual({ success: true, acked_rev: 4, time_left: 0, late: true, submitted: true });
    const stored = await t.db.kysely.selectFrom('attempts').select('last_qn').where('test_id', '=', DEMO_TEST_IDS.mcq).executeTakeFirstOrThrow();
    expect(Number(stored.last_qn)).toBe(3);
  });

  it('acknowledges exactly what is stored when many syncs of several students arrive at once', async () => {
    const t = await newApp();
    const students = await Promise.all(['DEMO001', 'DEMO002'].map((who) => signedIn(t, who)));
    for (const student of students) await student.start(DEMO_TEST_IDS.mcq);
    // Revs 1..30 per student, one question each (qn cycles 1..5), sent all at once and out of order.
    const revs = Array.from({ length: 30 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const replies = await Promise.all(
      students.flatMap((student, s) =>
        revs.map(async (rev) => {
          const qn = 1 + (rev % 5);
          const response = await student.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(qn, rev, `${s}-${rev}`)], qn });
          return { s, rev, reply: syncReplySchema.parse(await response.json()) };
        }),
      ),
    );
    // Every reply acknowledges at least its own rev, never more than was sent.
    for (const { rev, reply } of replies) {
      expect(reply.acked_rev).toBeGreaterThanOrEqual(rev);
      expect(reply.acked_rev).toBeLessThanOrEqual(30);
    }
    for (const [s, student] of students.entries()) {
      const state = (await student.enter(DEMO_TEST_IDS.mcq)).userData;
      expect(state.acked_rev).toBe(30);
      // Per question, the highest rev sent for it won.
      expect(state.test_data.map((q) => [q.qn, q.rev, q.ua])).toEqual(
        [1, 2, 3, 4, 5].map((qn) => {
          const rev = 30 - ((30 - (qn - 1)) % 5);
          return [qn, rev, `${s}-${rev}`];
        }),
      );
    }
  });

  it('a test that cannot be resumed takes its start again within a minute before any answer (a lost reply), and refuses it after', async () => {
    const t = await newApp();
    await t.db.kysely.updateTable('tests').set({ allow_resume: 0 }).where('id', '=', DEMO_TEST_IDS.mcq).execute();
    const asha = await signedIn(t);
    const first = await asha.start(DEMO_TEST_IDS.mcq);
    expect(first.status).toBe(200);
    const { deadline } = (await first.json()) as { deadline: number };
    t.clock.advance(20_000);
    const retry = await asha.start(DEMO_TEST_IDS.mcq);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ resumed: true, deadline });
    // Once an answer is stored the page was running: coming back is a resume, refused.
    await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(1, 1, 'C')], qn: 1 });
    const again = await asha.start(DEMO_TEST_IDS.mcq);
    expect(again.status).toBe(403);
    expect(((await again.json()) as { message: string }).message).toBe(TEST_MESSAGES.resumeNotAllowed);
  });

  it('a test that cannot be resumed refuses a second start after a minute, answers or not', async () => {
    const t = await newApp();
    await t.db.kysely.updateTable('tests').set({ allow_resume: 0 }).where('id', '=', DEMO_TEST_IDS.mcq).execute();
    const asha = await signedIn(t);
    expect((await asha.start(DEMO_TEST_IDS.mcq)).status).toBe(200);
    t.clock.advance(61_000);
    expect((await asha.start(DEMO_TEST_IDS.mcq)).status).toBe(403);
  });

  it("records a browser's claim of PROCTOR_TERMINATE on a running attempt as the student's own submit", async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    await asha.start(DEMO_TEST_IDS.mcq);
    const submitted = submitReplySchema.parse(await (await asha.post('/api/test/submit', { id: DEMO_TEST_IDS.mcq, updates: [], terminated: 'PROCTOR_TERMINATE' })).json());
    expect(submitted).toMatchObject({ success: true, terminated: 'manual' });
    const stored = await t.db.kysely.selectFrom('attempts').select('submit_reason').where('test_id', '=', DEMO_TEST_IDS.mcq).where('user_id', '=', t.userIds['DEMO001']!).executeTakeFirstOrThrow();
    expect(stored.submit_reason).toBe('manual');
    const sync = await (await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [], qn: 1 })).json();
    expect(sync).not.toHaveProperty('terminated_by_proctor');
  });

  it('submits once, scores with the shared rules, and answers type 100 to a second submit', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    await asha.start(DEMO_TEST_IDS.mcq);
    await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(1, 1, 'C'), update(2, 2, 'A')], qn: 2 });
    t.clock.advance(4 * MINUTE);
    const body = { id: DEMO_TEST_IDS.mcq, updates: [update(2, 3, 'B'), update(3, 4, 'A')], terminated: 'manual', qn: 3 };
    const submitted = submitReplySchema.parse(await (await asha.post('/api/test/submit', body)).json());
    expect(submitted).toEqual({ success: true, message: TEST_MESSAGES.submitted, terminated: 'manual', acked_rev: 4, late: false, submitted_at: t.clock.now() });

    const again = await asha.post('/api/test/submit', { ...body, updates: [update(4, 5, 'B')] });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ type: 100, message: 'Test already submitted.', acked_rev: 5 });
    const inReply = await asha.get(`/api/test/in/${DEMO_TEST_IDS.mcq}`);
    expect(alreadySubmittedReplySchema.parse(await inReply.json())).toEqual({ type: 100, message: 'Test already submitted.' });

    const out = testOutReplySchema.parse(await asha.json(`/api/test/out/${DEMO_TEST_IDS.mcq}`));
    // 1: C correct (+4), 2: B correct (+4), 3: A wrong (-1), 4: answered after submission (late, not scored), 5: skipped.
    expect(out.result).toMatchObject({ scored: 7, max_marks: 20, correct: 2, wrong: 1, skipped: 2, attempted: 3, total: 5, time_spent: 240 });
    expect(out.result?.partResults).toEqual([expect.objectContaining({ pi: 0, name: 'Aptitude', scored: 7 })]);
    expect(out.userData.terminated).toBe('manual');
    expect(out.userData.test_data.find((q) => q.qn === 4)).toMatchObject({ ua: 'B', late: true });

    const sheet = answerSheetReplySchema.parse(await asha.json(`/api/test/answer/${DEMO_TEST_IDS.mcq}`));
    expect(sheet.userData.test_data.map((q) => q.qn)).toEqual([1, 2, 3, 4]);
    expect(deepKeys(sheet)).not.toContain('answer');

    const results = myResultsReplySchema.parse(await asha.json('/api/test/myresults'));
    expect(results.map((row) => row._id)).toEqual([DEMO_TEST_IDS.mcq, DEMO_TEST_IDS.attempted]);
    expect(results[0]?.chapters).toEqual([{ name: 'Arithmetic' }, { name: 'Reasoning' }]);
    expect(myResultsReplySchema.parse(await asha.json('/api/test/myresults?page=2'))).toEqual([]);
  });

  it('keeps changes after the deadline and its grace, marked late and not scored', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    await asha.start(DEMO_TEST_IDS.mcq);
    await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(1, 1, 'C')], qn: 1 });

    // Within the grace: still on time, time left 0.
    t.clock.advance(20 * MINUTE + t.config.graceSeconds * 1000);
    const inGrace = syncReplySchema.parse(await (await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(2, 2, 'B')], qn: 2 })).json());
    expect(inGrace).toMatchObject({ late: false, submitted: false, time_left: 0, acked_rev: 2 });

    t.clock.advance(1);
    const late = syncReplySchema.parse(await (await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(1, 3, 'A'), update(3, 4, 'B'), update(2, 2, 'B')], qn: 3 })).json());
    expect(late).toMatchObject({ late: true, submitted: false, acked_rev: 4 });
    const rows = await t.db.kysely
      .selectFrom('answers')
      .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
      .select(['answers.qn', 'answers.late', 'answers.rev', 'answers.ua'])
      .where('attempts.test_id', '=', DEMO_TEST_IDS.mcq)
      .orderBy('answers.qn')
      .orderBy('answers.late')
      .execute();
    // The replay of rev 2 was not stored again as late.
    expect(rows.map((row) => [Number(row.qn), Number(row.late), Number(row.rev), JSON.parse(row.ua)])).toEqual([
      [1, 0, 1, 'C'],
      [1, 1, 3, 'A'],
      [2, 0, 2, 'B'],
      [3, 1, 4, 'B'],
    ]);

    const submit = submitReplySchema.parse(await (await asha.post('/api/test/submit', { id: DEMO_TEST_IDS.mcq, updates: [], terminated: 'TEST_TIME_OUT' })).json());
    expect(submit).toMatchObject({ late: true, terminated: 'TEST_TIME_OUT', acked_rev: 4 });
    const out = testOutReplySchema.parse(await asha.json(`/api/test/out/${DEMO_TEST_IDS.mcq}`));
    // Scored on the on-time answers only: 1 C (+4), 2 B (+4).
    expect(out.result).toMatchObject({ scored: 8, correct: 2, wrong: 0, attempted: 2, time_spent: 20 * 60 });
    expect(out.userData.test_data.map((q) => [q.qn, q.ua, q.late])).toEqual([
      [1, 'A', true],
      [2, 'B', false],
      [3, 'B', true],
    ]);

    // After submission a sync is still acknowledged, and kept as late.
    const afterSubmit = syncReplySchema.parse(await (await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(5, 6, 'A')], qn: 5 })).json());
    expect(afterSubmit).toEqual({ success: true, acked_rev: 6, time_left: 0, late: true, submitted: true });
  });
});

describe('the deadline sweeper', () => {
  it('submits attempts past their deadline and grace with TEST_TIME_OUT and scores them', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const rohan = await signedIn(t, 'DEMO002');
    await asha.start(DEMO_TEST_IDS.mcq);
    await asha.post('/api/test/sync', { id: DEMO_TEST_IDS.mcq, updates: [update(1, 1, 'C'), update(2, 2, 'A')], qn: 2 });
    t.clock.advance(10 * MINUTE);
    await rohan.start(DEMO_TEST_IDS.mcq);

    const { attempts } = t.tests;
    t.clock.advance(10 * MINUTE + t.config.graceSeconds * 1000);
    expect(await attempts.sweepExpiredAttempts(t.clock.now())).toBe(0);
    t.clock.advance(1);
    expect(await attempts.sweepExpiredAttempts(t.clock.now())).toBe(1);
    expect(await attempts.sweepExpiredAttempts(t.clock.now())).toBe(0);

    expect(alreadySubmittedReplySchema.parse(await asha.json(`/api/test/in/${DEMO_TEST_IDS.mcq}`)).type).toBe(100);
    const out = testOutReplySchema.parse(await asha.json(`/api/test/out/${DEMO_TEST_IDS.mcq}`));
    expect(out.userData.terminated).toBe('TEST_TIME_OUT');
    expect(out.result).toMatchObject({ scored: 3, correct: 1, wrong: 1, time_spent: 20 * 60 });
    // Rohan's attempt still runs.
    expect((await rohan.enter(DEMO_TEST_IDS.mcq)).userData.timeLeft).toBe(10 * 60 - t.config.graceSeconds - 1);
    t.clock.advance(10 * MINUTE);
    expect(await attempts.sweepExpiredAttempts(t.clock.now())).toBe(1);
    expect((await rohan.get(`/api/test/out/${DEMO_TEST_IDS.mcq}`)).status).toBe(200);
  });
});

describe('keys and solutions', () => {
  it('appear in no reply before submission, and in the test-out reply after', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const id = DEMO_TEST_IDS.mixed;
    const replies: [string, unknown][] = [];
    const record = async (name: string, response: Response) => {
      expect(response.status, name).toBe(200);
      replies.push([name, await response.json()]);
    };
    await record('list', await asha.get('/api/test/list'));
    await record('attempted-list', await asha.get('/api/test/attempted-list'));
    await record('get', await asha.get(`/api/test/get/${id}`));
    await record('instruction', await asha.get(`/api/test/instruction/${id}?resume=true`));
    await record('start', await asha.start(id));
    await record('in', await asha.get(`/api/test/in/${id}?ts=1`));
    await record('in embed=0', await asha.get(`/api/test/in/${id}?embed=0`));
    await record('sync', await asha.post('/api/test/sync', { id, updates: [update(1, 1, 'B'), update(3, 2, ['A', 'C'])], qn: 3 }));
    // Part B (questions 6-10) opens after Part A's 10 minutes and a 1-minute rest.
    t.clock.advance(11 * MINUTE);
    await record('sync part B', await asha.post('/api/test/sync', { id, updates: [update(6, 3, '5')], qn: 6 }));
    await record('in after sync', await asha.get(`/api/test/in/${id}`));
    const paperUrl = testInReplySchema.parse(replies.find(([name]) => name === 'in')?.[1]).paper.url;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await asha.get(paperUrl, { 'accept-encoding': encoding });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
      replies.push([`paper ${encoding}`, JSON.parse(text)]);
    }
    for (const [name, body] of replies) {
      const keys = deepKeys(body);
      expect(keys.has('answer') || keys.has('solution'), name).toBe(false);
    }
    const before = await asha.get(`/api/test/out/${id}`);
    expect(before.status).toBe(403);
    expect(await errorOf(before)).toEqual({ message: TEST_MESSAGES.notSubmitted });
    expect((await asha.get(`/api/test/answer/${id}`)).status).toBe(403);
    expect((await asha.get(`/api/test/out/${id}/ranking`)).status).toBe(403);

    await asha.post('/api/test/submit', { id, updates: [], terminated: 'manual' });
    const out = testOutReplySchema.parse(await asha.json(`/api/test/out/${id}`));
    const keys = deepKeys(out);
    expect(keys.has('answer') && keys.has('solution')).toBe(true);
    const questions = out.testData.format.parts.flatMap((part) => part.sections.flatMap((section) => section.questions));
    expect(questions.map((q) => q.answer)).toEqual(['B', 'C', ['A', 'C'], 'C', 'B', '5', '19.5..19.7', null, null, 'c']);
    expect(questions[7]?.solution).toContain('uniform motion');
    // 1 B correct +4, 3 A,C correct +4, 6 "5" correct +4; the rest skipped.
    expect(out.result).toMatchObject({ scored: 12, correct: 3, wrong: 0, attempted: 3, total: 10 });
    expect(out.result?.partResults.map((part) => [part.name, part.scored])).toEqual([
      ['Part A', 8],
      ['Part B', 4],
    ]);
  });
});

describe('GET /api/test/paper/:id/:version', () => {
  it('serves the same precompressed bytes with an ETag and answers 304 to If-None-Match', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const url = `/api/test/paper/${DEMO_TEST_IDS.mcq}/1`;
    expect((await asha.get(url)).status).toBe(403);
    await asha.start(DEMO_TEST_IDS.mcq);

    const br = await asha.get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('private, no-cache');
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"demo-mcq\.1\.[\w-]+-br"$/);
    const paper = testPaperSchema.parse(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')));
    expect(paper).toMatchObject({ _id: DEMO_TEST_IDS.mcq, version: 1, format: { noq: 5, max_marks: 20 } });

    const notModified = await asha.get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    // Another encoding of the same version is the same paper.
    expect((await asha.get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(304);

    const plain = await asha.get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(testPaperSchema.parse(await plain.json())).toEqual(paper);
    // Compressed once, for every student: Rohan gets the very same bytes.
    const rohan = await signedIn(t, 'DEMO002');
    await rohan.start(DEMO_TEST_IDS.mcq);
    const again = await rohan.get(url, { 'accept-encoding': 'br' });
    expect(again.headers.get('etag')).toBe(etag);

    expect((await asha.get(`/api/test/paper/${DEMO_TEST_IDS.mcq}/2`)).status).toBe(404);
    expect((await asha.get(`/api/test/paper/${DEMO_TEST_IDS.mcq}/x`)).status).toBe(404);
  });
});

describe('GET /api/test/sealed-paper/:id/:version (decision 0046)', () => {
  /** AES-256-GCM, `iv | ciphertext | tag`, over the gzipped paper: what the portal does with WebCrypto. */
  const unseal = (bytes: Buffer, key: string) => testPaperSchema.parse(unsealPaperJson(bytes, key));

  it('is handed out from 30 minutes before the opening, without its key, which only the start gives', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const id = DEMO_TEST_IDS.upcoming;
    const url = `/api/test/sealed-paper/${id}/1`;
    const early = testInstructionReplySchema.parse(await asha.json(`/api/test/instruction/${id}`));
    expect(early.sealed_paper).toBeUndefined();
    const refused = await asha.get(url);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ message: TEST_MESSAGES.sealedPaperNotYet });

    t.clock.advance(early.test.time_to_start - 10 * MINUTE);
    const soon = testInstructionReplySchema.parse(await asha.json(`/api/test/instruction/${id}`));
    expect(soon.sealed_paper).toEqual({ version: 1, url });
    const sealed = await asha.get(url);
    expect(sealed.status).toBe(200);
    expect(sealed.headers.get('content-type')).toBe('application/octet-stream');
    const etag = sealed.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"demo-upcoming\.1\.[\w-]+\.sealed"$/);
    const bytes = Buffer.from(await sealed.arrayBuffer());
    expect((await asha.get(url, { 'if-none-match': etag })).status).toBe(304);
    // Nothing of the paper can be read without the key: no question text in the bytes.
    expect(bytes.toString('latin1')).not.toMatch(/Question|<p>/);
    expect((await asha.get(`/api/test/sealed-paper/${id}/2`)).status).toBe(404);
    expect((await asha.get(`/api/test/sealed-paper/nobody-s-test/1`)).status).toBe(404);
    expect((await t.get(url)).status).toBe(401);
    // Still not startable, so no key anywhere yet.
    expect((await asha.start(id)).status).toBe(403);

    t.clock.advance(10 * MINUTE + 1);
    const started = startReplySchema.parse(await (await asha.start(id, { enter: true })).json());
    const key = started.entered?.paper.key ?? '';
    expect(started.entered?.paper.sealed_url).toBe(url);
    const opened = unseal(bytes, key);
    const plain = testPaperSchema.parse(await (await asha.get(`/api/test/paper/${id}/1`, { 'accept-encoding': 'identity' })).json());
    expect(opened).toEqual(plain);
    expect(JSON.stringify(soon)).not.toContain(key);
    // A key that is not this one opens nothing.
    expect(() => unseal(bytes, Buffer.alloc(32, 1).toString('base64url'))).toThrow();
    // Once started, the instructions no longer point at it (the attempt has the paper).
    expect(testInstructionReplySchema.parse(await asha.json(`/api/test/instruction/${id}`)).sealed_paper).toBeUndefined();
  });
});

describe('ranking, reports and marksheets', () => {
  it('ranks the submitted attempts of a live test', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const ranking = rankingReplySchema.parse(await asha.json(`/api/test/out/${DEMO_TEST_IDS.attempted}/ranking`));
    expect(ranking.live).toBe(true);
    // A classmate's row carries an opaque token, never their id (decision 0051); the student's own, their id.
    expect(ranking.ranks.map(([rank, name, userId, result]) => [rank, name, userId, result.scored])).toEqual([
      [1, 'Rohan Mehta', expect.stringMatching(/^r-/), 16],
      [2, 'Asha Verma', t.userIds['DEMO001'], 7],
    ]);
    const out = testOutReplySchema.parse(await asha.json(`/api/test/out/${DEMO_TEST_IDS.attempted}`));
    expect(out.userData.remark).toBe('Good start; revise the mole concept.');
    expect(out.userData.test_data.map((q) => q.r)).toEqual([null, 'Well done.', 'Revise the mole concept.']);
  });

  it('takes question reports with the messages of the spec', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const ok = await asha.post('/api/question/report', { id: `${DEMO_TEST_IDS.mcq}.q2`, text: 'Option B looks wrong.' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'Question reported. Thanks!' });
    const stored = await t.db.kysely.selectFrom('question_reports').selectAll().execute();
    expect(stored.map((row) => [row.test_id, Number(row.qn), row.text, row.user_id])).toEqual([[DEMO_TEST_IDS.mcq, 2, 'Option B looks wrong.', t.userIds['DEMO001']]]);

    const empty = await asha.post('/api/question/report', { id: `${DEMO_TEST_IDS.mcq}.q2`, text: '   ' });
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).message).toBe("It can't be empty");
    const long = await asha.post('/api/question/report', { id: `${DEMO_TEST_IDS.mcq}.q2`, text: 'x'.repeat(501) });
    expect((await errorOf(long)).message).toBe('Max characters (500) exceeded!');
    expect((await asha.post('/api/question/report', { id: `${DEMO_TEST_IDS.mcq}.q2`, text: 'x'.repeat(500) })).status).toBe(200);
    for (const id of [`${DEMO_TEST_IDS.mcq}.q6`, 'nothing.q1', 'demo-mcq']) {
      const response = await asha.post('/api/question/report', { id, text: 'Wrong' });
      expect(response.status, id).toBe(404);
      expect((await errorOf(response)).message).toBe('Question not found.');
    }
  });

  it('lists a student’s marksheets and serves each as sanitised HTML, to its owner only', async () => {
    const t = await newApp();
    const asha = await signedIn(t);
    const list = marksheetListReplySchema.parse(await asha.json('/api/marksheets'));
    expect(list.map((item) => [item._id, item.name])).toEqual([['demo-term1-DEMO001', 'Term 1 Marksheet']]);
    const sheet = marksheetSchema.parse(await asha.json('/api/marksheets/demo-term1-DEMO001'));
    expect(sheet.marksheet).toContain('<table border="1" cellpadding="6">');
    expect(sheet.marksheet).toContain('<p style="text-align: right">Principal</p>');

    await t.db.kysely.updateTable('marksheets').set({ html: '<p onclick="steal()">Hi<script>alert(1)</script><img src="javascript:alert(1)"></p>' }).execute();
    expect(marksheetSchema.parse(await asha.json('/api/marksheets/demo-term1-DEMO001')).marksheet).toBe('<p>Hi<img></p>');

    const rohan = await signedIn(t, 'DEMO002');
    expect(marksheetListReplySchema.parse(await rohan.json('/api/marksheets'))).toEqual([]);
    const other = await rohan.get('/api/marksheets/demo-term1-DEMO001');
    expect(other.status).toBe(404);
    expect(await errorOf(other)).toEqual({ message: 'No data found!' });
  });
});

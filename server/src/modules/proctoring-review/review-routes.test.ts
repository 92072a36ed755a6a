import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { proctorTimelineReplySchema } from '@invigil/shared/api/proctor';
import type { ProctorEvent } from '@invigil/shared/api/proctor';
import {
  attemptDecisionReplySchema,
  attemptReviewReplySchema,
  flagVerdictReplySchema,
  REVIEW_MESSAGES,
  reviewQueueReplySchema,
  reviewTestsReplySchema,
} from '@invigil/shared/api/staff-review';
import { myResultsReplySchema, rankingReplySchema, testGetReplySchema, testOutReplySchema } from '@invigil/shared/api/tests';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';
import { createReviewService } from './review-service';

const newApp = useTestApp();
const MCQ = DEMO_TEST_IDS.mcq;
const ATTEMPTED = DEMO_TEST_IDS.attempted;

let counter = 0;
const event = (kind: ProctorEvent['kind'], at: number, more: Partial<ProctorEvent> = {}): ProctorEvent => {
  counter += 1;
  return { id: `rev-${String(counter).padStart(6, '0')}`, at, kind, source: 'page', ...more };
};

/** A student starts MCQ, reports these events and submits; returns the attempt id. */
async function takeWithEvents(t: TestApp, regNo: string, kinds: ProctorEvent['kind'][]): Promise<string> {
  const token = await t.token(regNo);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  expect((await t.postJson('/api/test/start', { id: MCQ, devices: [] }, headers)).status).toBe(200);
  const now = t.clock.now();
  if (kinds.length > 0) {
    const events = kinds.map((kind, index) => event(kind, now + index * 1000));
    t.clock.advance(kinds.length * 1000 + 1000);
    expect((await t.postJson('/api/proctor/events', { test_id: MCQ, sent_at: t.clock.now(), events }, headers)).status).toBe(200);
  }
  expect((await t.postJson('/api/test/submit', { id: MCQ, updates: [], terminated: 'manual' }, headers)).status).toBe(200);
  const row = await t.db.kysely.selectFrom('attempts').select('id').where('user_id', '=', t.userIds[regNo] ?? '').where('test_id', '=', MCQ).executeTakeFirstOrThrow();
  return row.id;
}

const attemptOf = async (t: TestApp, regNo: string, testId: string) =>
  (await t.db.kysely.selectFrom('attempts').select('id').where('user_id', '=', t.userIds[regNo] ?? '').where('test_id', '=', testId).executeTakeFirstOrThrow()).id;

describe('proctoring review: roles and scope', () => {
  it('lets admins and the test\'s proctors in; a teacher gets 403, a student\'s token 401, another proctor 403', async () => {
    const t = await newApp();
    const attemptId = await takeWithEvents(t, 'DEMO001', ['BLUR', 'FOCUS']);
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    const student = await t.token('DEMO001');

    await json(await send(t, 'GET', '/api/staff/review', admin), 200);
    await json(await send(t, 'GET', `/api/staff/review/attempts/${attemptId}`, proctor), 200);
    await json(await send(t, 'GET', '/api/staff/review', teacher), 403);
    await json(await send(t, 'GET', `/api/staff/review/attempts/${attemptId}`, teacher), 403);
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, teacher, { decision: 'no_concern' }), 403);
    await json(await send(t, 'GET', '/api/staff/review', student), 401);
    await json(await send(t, 'GET', `/api/staff/review/attempts/${attemptId}`, student), 401);
    await json(await t.app.request('/api/staff/review'), 401);

    // The proctor no longer proctors MCQ: 403 on its attempt and its filter, and it leaves their queue.
    await t.db.kysely.deleteFrom('proctor_tests').where('test_id', '=', MCQ).execute();
    const refused = errorReplySchema.parse(await json(await send(t, 'GET', `/api/staff/review/attempts/${attemptId}`, proctor), 403));
    expect(refused.message).toBe(REVIEW_MESSAGES.notYourTest);
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, proctor, { decision: 'void', reason: 'x' }), 403);
    await json(await send(t, 'GET', `/api/staff/review?test=${MCQ}`, proctor), 403);
    const queue = reviewQueueReplySchema.parse(await json(await send(t, 'GET', '/api/staff/review?state=all', proctor), 200));
    expect(queue.items.map((row) => row.test_id)).not.toContain(MCQ);
    const tests = reviewTestsReplySchema.parse(await json(await send(t, 'GET', '/api/staff/review/tests', proctor), 200));
    expect(tests.tests.map((test) => test.id)).not.toContain(MCQ);
    await json(await send(t, 'GET', '/api/staff/review/attempts/nope', admin), 404);
  });
});

describe('proctoring review: the queue', () => {
  it('sorts by need: confirmed flags, under review, then flags, then the rest; filters by state and test', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const one = await takeWithEvents(t, 'DEMO001', ['BLUR', 'FOCUS']);
    const two = await takeWithEvents(t, 'DEMO002', ['BLUR', 'FOCUS', 'NO_FACE', 'MULTI_FACE', 'SPEECH']);
    const queue = async (query: string) => reviewQueueReplySchema.parse(await json(await send(t, 'GET', `/api/staff/review?test=${MCQ}&${query}`, admin), 200));

    // Undecided, by flags: two (4) before one (1); the FOCUS notes are not counted.
    let all = await queue('state=all');
    expect(all.items.map((row) => [row.attempt_id, row.flags])).toEqual([[two, 4], [one, 1]]);
    expect(all.items[0]).toMatchObject({ student_name: 'Rohan Mehta', reg_no: 'DEMO002', test_name: expect.any(String), decision: null, cleared: 0, confirmed: 0 });

    // A confirmed flag puts one first.
    const detail = attemptReviewReplySchema.parse(await json(await send(t, 'GET', `/api/staff/review/attempts/${one}`, admin), 200));
    const blur = detail.entries.find((entry) => entry.type === 'event' && entry.kind === 'BLUR');
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${one}/flags/${blur?.id}`, admin, { verdict: 'confirmed', note: 'Looked away for long.' }), 200);
    all = await queue('state=all');
    expect(all.items.map((row) => [row.attempt_id, row.confirmed])).toEqual([[one, 1], [two, 0]]);

    // Decided attempts go last and leave "needs a look"; under review shows under its own state.
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${one}/decision`, admin, { decision: 'no_concern' }), 200);
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${two}/decision`, admin, { decision: 'under_review', reason: 'Two faces: ask the hall.' }), 200);
    all = await queue('state=all');
    expect(all.items.map((row) => row.attempt_id)).toEqual([two, one]);
    expect((await queue('state=needs_look')).items).toEqual([]);
    expect((await queue('state=under_review')).items.map((row) => row.attempt_id)).toEqual([two]);
    expect((await queue('state=decided')).items.map((row) => [row.attempt_id, row.decision])).toEqual([[one, 'no_concern']]);
    const bad = errorReplySchema.parse(await json(await send(t, 'GET', '/api/staff/review?state=odd', admin), 422));
    expect(bad.message).toMatch(/state/);
  });
});

describe('proctoring review: an attempt', () => {
  it('shows the trail with commands, chat, evidence links, gaps and coverage; validates verdicts and decisions', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const attemptId = await takeWithEvents(t, 'DEMO001', ['BLUR', 'FOCUS', 'NO_FACE']);
    const at = t.clock.now() - 500;
    const userId = t.userIds['DEMO001'] ?? '';
    await t.db.kysely.insertInto('proctor_snapshots').values({ file_key: 'snap-key.webp', attempt_id: attemptId, reason: 'IMAGE_PROCTOR', source: 'page', size: 10, created_at: at }).execute();
    await t.db.kysely
      .insertInto('proctor_events')
      .values([
        { attempt_id: attemptId, event_id: 'live-d', kind: 'DISCONNECTED', source: 'server', via: 'server', client_at: at - 4000, at: at - 4000, received_at: at, detail: null, evidence: null, late: 0 },
        { attempt_id: attemptId, event_id: 'live-r', kind: 'RECONNECTED', source: 'server', via: 'server', client_at: at - 1000, at: at - 1000, received_at: at, detail: null, evidence: null, late: 0 },
      ])
      .execute();
    await t.db.kysely.insertInto('proctor_commands').values({ id: 'cmd-1', attempt_id: attemptId, test_id: MCQ, user_id: userId, type: 'WARNING', reason: 'Eyes on screen', et: null, ed: null, proctor_id: 'p', proctor_name: 'Priya Nair', sent_at: at - 3000, delivered_at: at - 2900, applied_at: null }).execute();
    await t.db.kysely.insertInto('chat_messages').values({ test_id: MCQ, user_id: userId, id: 'chat-1', author: 'proctor', proctor_id: 'p', proctor_name: 'Priya Nair', body: 'Please stay in view.', sent_at: at - 2000, read_at: null }).execute();

    const detail = attemptReviewReplySchema.parse(await json(await send(t, 'GET', `/api/staff/review/attempts/${attemptId}`, admin), 200));
    expect(detail.attempt).toMatchObject({ id: attemptId, reg_no: 'DEMO001', student_name: 'Asha Verma', test_id: MCQ });
    expect(detail.flags).toBe(2);
    expect(detail.entries.map((entry) => entry.type)).toEqual(expect.arrayContaining(['event', 'command', 'chat', 'snapshot']));
    const snapshot = detail.entries.find((entry) => entry.type === 'snapshot');
    expect(snapshot?.type === 'snapshot' && snapshot.evidence_url).toMatch(/snap-key\.webp\?e=\d+&s=/);
    const gap = detail.entries.find((entry) => entry.type === 'event' && entry.kind === 'DISCONNECTED');
    expect(gap?.type === 'event' && gap.gap_ms).toBe(3000);
    expect(detail.disconnected_ms).toBe(3000);
    expect(detail.coverage.find((row) => row.signal === 'Tab and window switches')).toMatchObject({ watched_by: ['page'], flags: 1, off_ms: 1000 });
    expect(detail.coverage.find((row) => row.signal === 'Camera')).toMatchObject({ flags: 1 });

    const events = detail.entries.flatMap((entry) => (entry.type === 'event' ? [entry] : []));
    const noFace = events.find((entry) => entry.kind === 'NO_FACE');
    const focus = events.find((entry) => entry.kind === 'FOCUS');
    const put = (eventId: string | undefined, body: unknown) => send(t, 'PUT', `/api/staff/review/attempts/${attemptId}/flags/${eventId}`, admin, body);
    expect(errorReplySchema.parse(await json(await put(noFace?.id, { verdict: 'confirmed' }), 422)).message).toBe(REVIEW_MESSAGES.noteRequired);
    expect(errorReplySchema.parse(await json(await put(noFace?.id, { verdict: 'confirmed', note: '   ' }), 422)).message).toBe(REVIEW_MESSAGES.noteRequired);
    await json(await put(noFace?.id, { verdict: 'maybe' }), 422);
    expect(errorReplySchema.parse(await json(await put(focus?.id, { verdict: 'cleared' }), 422)).message).toBe(REVIEW_MESSAGES.notAFlag);
    await json(await put('no-such-event', { verdict: 'cleared' }), 404);
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${attemptId}/flags/${noFace?.id}`, admin, '{not json'), 400);
    const cleared = flagVerdictReplySchema.parse(await json(await put(noFace?.id, { verdict: 'cleared' }), 200));
    expect(cleared.verdict).toMatchObject({ verdict: 'cleared', note: '', reviewer_name: DEMO_STAFF.admin.name });
    // Changeable: the same flag confirmed afterwards, one row.
    await json(await put(noFace?.id, { verdict: 'confirmed', note: 'Left the desk.' }), 200);
    const again = attemptReviewReplySchema.parse(await json(await send(t, 'GET', `/api/staff/review/attempts/${attemptId}`, admin), 200));
    const reviewed = again.entries.find((entry) => entry.type === 'event' && entry.id === noFace?.id);
    expect(reviewed?.type === 'event' && reviewed.verdict).toMatchObject({ verdict: 'confirmed', note: 'Left the desk.' });

    const decide = (body: unknown) => send(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, admin, body);
    expect(errorReplySchema.parse(await json(await decide({ decision: 'void' }), 422)).message).toBe(REVIEW_MESSAGES.reasonRequired);
    expect(errorReplySchema.parse(await json(await decide({ decision: 'under_review', reason: '' }), 422)).message).toBe(REVIEW_MESSAGES.reasonRequired);
    await json(await decide({ decision: 'banned', reason: 'x' }), 422);
    await json(await decide({ decision: 'void', reason: 'x', extra: 1 }), 422);
    const decided = attemptDecisionReplySchema.parse(await json(await decide({ decision: 'void', reason: 'Another person sat the test.' }), 200));
    expect(decided.decision).toMatchObject({ decision: 'void', reason: 'Another person sat the test.', reviewer_name: DEMO_STAFF.admin.name });
  });

  it('refuses a decision on a running attempt', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    expect((await t.postJson('/api/test/start', { id: MCQ, devices: [] }, { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') })).status).toBe(200);
    const attemptId = await attemptOf(t, 'DEMO001', MCQ);
    expect(errorReplySchema.parse(await json(await send(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, admin, { decision: 'void', reason: 'x' }), 409)).message).toBe(REVIEW_MESSAGES.notSubmitted);
  });
});

describe('proctoring review: what the student sees', () => {
  it('a void attempt has no score in test-out, the results list or the ranking, and un-voiding restores it; the student is told', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const rohan = await t.token('DEMO002');
    const asha = await t.token('DEMO001');
    const rohanAttempt = await attemptOf(t, 'DEMO002', ATTEMPTED);
    const decide = (body: unknown) => send(t, 'PUT', `/api/staff/review/attempts/${rohanAttempt}/decision`, admin, body);
    const ranks = async (token: string) => rankingReplySchema.parse(await t.getJson(`/api/test/out/${ATTEMPTED}/ranking`, token)).ranks.map(([rank, name]) => [rank, name]);
    expect(await ranks(asha)).toEqual([[1, 'Rohan Mehta'], [2, 'Asha Verma']]);

    await json(await decide({ decision: 'void', reason: 'A second person was seen.' }), 200);
    const out = testOutReplySchema.parse(await t.getJson(`/api/test/out/${ATTEMPTED}`, rohan));
    expect(out.result).toBeNull();
    expect(out.userData.result).toBeNull();
    expect(out.decision).toMatchObject({ decision: 'void', reason: 'A second person was seen.' });
    const list = myResultsReplySchema.parse(await t.getJson('/api/test/myresults', rohan));
    expect(list.find((row) => row._id === ATTEMPTED)).toMatchObject({ result: null, decision: { decision: 'void' } });
    const get = testGetReplySchema.parse(await t.getJson(`/api/test/get/${ATTEMPTED}`, rohan));
    expect(get.results[0]).toMatchObject({ result: null, decision: { decision: 'void' } });
    const sheet = (await t.getJson(`/api/test/answer/${ATTEMPTED}`, rohan)) as { userData: { result: unknown } };
    expect(sheet.userData.result).toBeNull();
    // The others close up; the void student is in nobody's ranking, their own included.
    expect(await ranks(asha)).toEqual([[1, 'Asha Verma']]);
    expect(await ranks(rohan)).toEqual([[1, 'Asha Verma']]);
    // Asha's own result is untouched, and she never sees Rohan's decision.
    const ashaOut = testOutReplySchema.parse(await t.getJson(`/api/test/out/${ATTEMPTED}`, asha));
    expect(ashaOut.result?.scored).toBe(7);
    expect(ashaOut.decision ?? null).toBeNull();
    // Notified.
    const notes = (await t.getJson('/api/notifications?page=1', rohan)) as unknown;
    expect(JSON.stringify(notes)).toContain('was voided');
    expect(JSON.stringify(await t.getJson('/api/notifications?page=1', asha))).not.toContain('was voided');

    // Un-void: the stored result comes back as it was.
    await json(await decide({ decision: 'no_concern' }), 200);
    const restored = testOutReplySchema.parse(await t.getJson(`/api/test/out/${ATTEMPTED}`, rohan));
    expect(restored.result?.scored).toBe(16);
    expect(restored.decision).toMatchObject({ decision: 'no_concern' });
    expect(await ranks(asha)).toEqual([[1, 'Rohan Mehta'], [2, 'Asha Verma']]);

    // The reviewer's words reach the notification as plain text, kept as typed: the student's
    // screens print a notification's content as text (never as markup), so it is shown, not run.
    await json(await decide({ decision: 'under_review', reason: '<img src=x onerror=alert(1)>' }), 200);
    const stored = await t.db.kysely.selectFrom('notifications').select('content').where('audience_id', '=', t.userIds['DEMO002'] ?? '').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(stored.map((row) => row.content).join('')).toContain('<img src=x onerror=alert(1)>');
    expect(stored.map((row) => row.content).join('')).not.toContain('&lt;');
  });

  it('shows the student their flags\' verdicts and the decision, and never another student\'s evidence or verdicts', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const one = await takeWithEvents(t, 'DEMO001', ['NO_FACE']);
    const two = await takeWithEvents(t, 'DEMO002', ['MULTI_FACE']);
    await t.db.kysely.insertInto('proctor_snapshots').values({ file_key: 'rohan-face.webp', attempt_id: two, reason: 'MULTI_FACE', source: 'page', size: 10, created_at: t.clock.now() }).execute();
    const rohanFlag = (await t.db.kysely.selectFrom('proctor_events').select('event_id').where('attempt_id', '=', two).executeTakeFirstOrThrow()).event_id;
    await t.db.kysely.updateTable('proctor_events').set({ evidence: 'rohan-face.webp' }).where('attempt_id', '=', two).execute();
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${two}/flags/${rohanFlag}`, admin, { verdict: 'confirmed', note: 'Two people at the desk.' }), 200);
    await json(await send(t, 'PUT', `/api/staff/review/attempts/${two}/decision`, admin, { decision: 'under_review', reason: 'Asking the hall.' }), 200);

    const rohan = proctorTimelineReplySchema.parse(await t.getJson(`/api/proctor/events/${MCQ}`, await t.token('DEMO002')));
    expect(rohan.events[0]).toMatchObject({ kind: 'MULTI_FACE', verdict: { verdict: 'confirmed', note: 'Two people at the desk.' } });
    expect(rohan.decision).toMatchObject({ decision: 'under_review', reason: 'Asking the hall.' });

    const asha = proctorTimelineReplySchema.parse(await t.getJson(`/api/proctor/events/${MCQ}`, await t.token('DEMO001')));
    expect(asha.events.map((item) => [item.kind, item.verdict ?? null, item.evidence_url])).toEqual([['NO_FACE', null, null]]);
    expect(asha.decision ?? null).toBeNull();
    expect(JSON.stringify(asha)).not.toContain('rohan-face');
    expect(one).not.toBe(two);
  });
});

describe('proctoring review: the decision reaches the student', () => {
  it('pushes the decision\'s notification once it is stored', async () => {
    const t = await newApp();
    const attemptId = await takeWithEvents(t, 'DEMO001', ['BLUR']);
    const pushed: string[][] = [];
    const review = createReviewService({ db: t.db.kysely, clock: t.clock, store: { getUrl: () => '' }, trail: { eventsOf: () => Promise.resolve([]) }, push: { sendNotifications: (ids) => (pushed.push([...ids]), Promise.resolve({ sent: 1, removed: 0, failed: 0 })) } });
    const admin = await t.db.kysely.selectFrom('staff_accounts').selectAll().where('email', '=', DEMO_STAFF.admin.email).executeTakeFirstOrThrow();
    await review.setDecision({ ...admin, disabledAt: null } as unknown as Parameters<typeof review.setDecision>[0], attemptId, 'under_review', 'Two faces: ask the hall.');
    const stored = await t.db.kysely.selectFrom('notifications').select('id').where('audience_id', '=', t.userIds['DEMO001'] ?? '').orderBy('created_at', 'desc').execute();
    expect(pushed).toEqual([[stored[0]?.id]]);
  });
});

import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { GradingAnswerReply, GradingQueueReply, GradingTestReply, GradingTestsReply, QuestionReportItem, QuestionReportsReply } from '@invigil/shared/api/staff-grading';
import { GRADING_MESSAGES, IMPORTED_GRADER } from '@invigil/shared/api/staff-grading';
import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import { storeGrades } from '../exam/exam-module';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
const TEST = DEMO_TEST_IDS.answerSheet;
const base = `/api/staff/grading/tests/${TEST}`;

const update = (qn: number, ua: QuestionUpdate['ua'], at = Date.now()): QuestionUpdate => ({ qn, rev: 1, ua, ats: ua === null ? null : at, mts: null, vts: at, s: 10, at });

/** DEMO001 and DEMO002 write the answer-sheet test: typed answers to 1 (both) and 2 (Asha), the MCQ (3) right. */
async function setUp() {
  const t = await newApp();
  const students: Record<string, string> = {};
  for (const [regNo, answers] of [
    ['DEMO001', [update(1, 'Dear Principal, we would like a science club.'), update(2, 'Diwali is a festival of lights.'), update(3, 'B')]],
    ['DEMO002', [update(1, 'Respected madam, a club please.'), update(3, 'A')]],
  ] as const) {
    const token = await t.token(regNo);
    students[regNo] = token;
    expect((await t.postJson('/api/test/start', { id: TEST, devices: [] }, { [ACCESS_TOKEN_HEADER]: token })).status).toBe(200);
    const submitted = await t.postJson('/api/test/submit', { id: TEST, updates: answers, terminated: 'manual' }, { [ACCESS_TOKEN_HEADER]: token });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
  }
  const admin = await staffToken(t, DEMO_STAFF.admin.email);
  const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
  const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
  const attemptOf = async (regNo: string) =>
    (await t.db.kysely.selectFrom('attempts').select('id').where('test_id', '=', TEST).where('user_id', '=', t.userIds[regNo] ?? '').executeTakeFirstOrThrow()).id;
  return { t, admin, teacher, proctor, students, asha: await attemptOf('DEMO001'), rohan: await attemptOf('DEMO002') };
}

describe('grading: roles, scope and anonymity', () => {
  it('lets admins and teachers of the test in; proctors 403, students 401, another teacher\'s test 403', async () => {
    const { t, admin, teacher, proctor, students, asha } = await setUp();
    expect((await send(t, 'GET', '/api/staff/grading/tests', proctor)).status).toBe(403);
    expect((await send(t, 'GET', base, proctor)).status).toBe(403);
    expect((await send(t, 'PUT', `${base}/answers/${asha}/1/grade`, proctor, { marks: 1, base_graded_at: null })).status).toBe(403);
    expect((await send(t, 'GET', '/api/staff/grading/tests', students['DEMO001'] ?? '')).status).toBe(401);
    expect((await t.app.request('/api/staff/grading/tests')).status).toBe(401);

    // The test is nobody's class's yet: not the teacher's.
    const refused = await send(t, 'GET', base, teacher);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(GRADING_MESSAGES.notYours);
    expect((await json<GradingTestsReply>(await send(t, 'GET', '/api/staff/grading/tests', teacher))).tests).toEqual([]);
    expect((await send(t, 'GET', `${base}/answers/${asha}/1`, teacher)).status).toBe(403);

    const list = await json<GradingTestsReply>(await send(t, 'GET', '/api/staff/grading/tests', admin));
    expect(list.tests.find((test) => test.id === TEST)).toMatchObject({ answers: 3, to_grade: 3, graded: 0, second_looks: 0 });

    // Published to the teacher's class, it is theirs.
    await t.db.kysely.insertInto('test_classes').values({ test_id: TEST, class_id: DEMO_CLASS_ID }).execute();
    const summary = await json<GradingTestReply>(await send(t, 'GET', base, teacher));
    expect(summary.questions.map((question) => [question.qn, question.answers, question.graded])).toEqual([
      [1, 2, 0],
      [2, 1, 0],
    ]);
    expect(summary.questions[0]?.excerpt).toBe('Write a letter to your school principal asking for a science club.');
    expect((await send(t, 'GET', '/api/staff/grading/tests/no-such-test', admin)).status).toBe(404);
  });

  it('sends no name unless asked', async () => {
    const { t, admin, asha } = await setUp();
    const queue = await json<GradingQueueReply>(await send(t, 'GET', `${base}/queue?qn=1`, admin));
    expect(queue.entries).toHaveLength(2);
    expect(queue.entries.every((entry) => entry.student === null && /^Answer \d+$/.test(entry.label))).toBe(true);
    expect(JSON.stringify(queue)).not.toMatch(/Asha|DEMO001|Rohan|DEMO002/);
    const answer = await send(t, 'GET', `${base}/answers/${asha}/1`, admin);
    const text = await answer.text();
    expect(text).not.toMatch(/Asha|DEMO001/);
    const reply = JSON.parse(text) as GradingAnswerReply;
    expect(reply).toMatchObject({ student: null, typed: 'Dear Principal, we would like a science club.', range: { min: 0, max: 10 }, solution: '<p>Format, purpose, two reasons, polite close.</p>' });
    expect(reply.question.text).toContain('science club');

    const named = await json<GradingQueueReply>(await send(t, 'GET', `${base}/queue?qn=1&names=1`, admin));
    expect(named.entries.map((entry) => entry.student?.reg_no).sort()).toEqual(['DEMO001', 'DEMO002']);
    expect((await json<GradingAnswerReply>(await send(t, 'GET', `${base}/answers/${asha}/1?names=1`, admin))).student).toEqual({ name: 'Asha Verma', reg_no: 'DEMO001' });
    // Auto-scored questions are not in the queue.
    expect((await send(t, 'GET', `${base}/answers/${asha}/3`, admin)).status).toBe(404);
    expect((await send(t, 'GET', `${base}/queue?filter=nothing`, admin)).status).toBe(422);
  });
});

describe('grading: grades', () => {
  it('checks range and half marks, re-scores the attempt, keeps history, 409 on a stale base, and a repeat adds nothing', async () => {
    const { t, admin, teacher, students, asha } = await setUp();
    await t.db.kysely.insertInto('test_classes').values({ test_id: TEST, class_id: DEMO_CLASS_ID }).execute();
    const grade = (token: string, body: Record<string, unknown>, qn = 1) => send(t, 'PUT', `${base}/answers/${asha}/${qn}/grade`, token, body);

    const rubric = await send(t, 'PUT', `${base}/rubrics/1`, teacher, {
      items: [
        { id: 'format', points: 4, text: 'Letter format right.' },
        { id: 'reasons', points: 4.5, text: 'Two clear reasons.' },
      ],
    });
    expect(rubric.status).toBe(200);
    expect((await send(t, 'PUT', `${base}/rubrics/1`, teacher, { items: [{ id: 'x', points: 0.3, text: 'a' }] })).status).toBe(422);

    for (const [marks, message] of [
      [10.5, GRADING_MESSAGES.outOfRange(0, 10)],
      [-1, GRADING_MESSAGES.outOfRange(0, 10)],
      [2.25, GRADING_MESSAGES.halfMarks],
    ] as const) {
      const response = await grade(teacher, { marks, base_graded_at: null });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect((await grade(teacher, { marks: 1, rubric_items: ['nope'], base_graded_at: null })).status).toBe(422);
    expect((await grade(teacher, '"not an object"' as unknown as Record<string, unknown>)).status).toBe(422);

    const before = await json<GradingAnswerReply>(await send(t, 'GET', `${base}/answers/${asha}/1`, teacher));
    const scoredBefore = before.total?.scored ?? 0;
    const first = await json<GradingAnswerReply>(await grade(teacher, { marks: 8.5, rubric_items: ['reasons', 'format'], comment: 'Good effort.', base_graded_at: null }));
    expect(first.grade).toMatchObject({ marks: 8.5, rubric_items: ['format', 'reasons'], comment: 'Good effort.', remark: 'Letter format right.\nTwo clear reasons.\nGood effort.', graded_by: DEMO_STAFF.teacher.name });
    expect(first.total?.scored).toBe(scoredBefore + 8.5);
    expect(first.history).toHaveLength(1);

    // The same request again (a retry): nothing new.
    const again = await json<GradingAnswerReply>(await grade(teacher, { marks: 8.5, rubric_items: ['format', 'reasons'], comment: 'Good effort.', base_graded_at: null }));
    expect(again.history).toHaveLength(1);
    expect(again.grade?.graded_at).toBe(first.grade?.graded_at);

    // The admin saves over it from what they saw before the teacher's grade: 409 naming the teacher.
    const stale = await grade(admin, { marks: 5, base_graded_at: null });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(GRADING_MESSAGES.gradedMeanwhile(DEMO_STAFF.teacher.name));

    const regrade = await json<GradingAnswerReply>(await grade(admin, { marks: 6, comment: 'Reasons are thin.', base_graded_at: first.grade?.graded_at ?? 0 }));
    expect(regrade.grade).toMatchObject({ marks: 6, remark: 'Reasons are thin.', graded_by: DEMO_STAFF.admin.name });
    expect(regrade.history.map((row) => [row.marks, row.graded_by])).toEqual([
      [6, DEMO_STAFF.admin.name],
      [8.5, DEMO_STAFF.teacher.name],
    ]);
    expect(regrade.total?.scored).toBe(scoredBefore + 6);
    const stored = await t.db.kysely.selectFrom('attempts').select('result').where('id', '=', asha).executeTakeFirstOrThrow();
    expect((JSON.parse(stored.result ?? '{}') as { scored: number }).scored).toBe(scoredBefore + 6);

    // The student sees the marks and the remark in the review (released on submission).
    const out = (await t.getJson(`/api/test/out/${TEST}`, students['DEMO001'] ?? '')) as { userData: { test_data: { qn: number; graded?: number; r: string | null }[] } };
    expect(out.userData.test_data.find((state) => state.qn === 1)).toMatchObject({ graded: 6, r: 'Reasons are thin.' });

    // A rubric item's text edited after grading: the grade keeps its comment as written.
    await json<GradingAnswerReply>(await grade(teacher, { marks: 4, rubric_items: ['format'], comment: 'Good effort.', base_graded_at: regrade.grade?.graded_at ?? 0 }));
    expect((await send(t, 'PUT', `${base}/rubrics/1`, teacher, { items: [{ id: 'format', points: 4, text: 'Format of a formal letter.' }, { id: 'reasons', points: 4.5, text: 'Two clear reasons.' }] })).status).toBe(200);
    const edited = await json<GradingAnswerReply>(await send(t, 'GET', `${base}/answers/${asha}/1`, teacher));
    expect(edited.grade).toMatchObject({ comment: 'Good effort.', remark: 'Letter format right.\nGood effort.' });

    const queue = await json<GradingQueueReply>(await send(t, 'GET', `${base}/queue?qn=1&filter=ungraded`, admin));
    expect(queue).toMatchObject({ total: 2, graded: 1 });
    expect(queue.entries).toHaveLength(1);
  });

  it('marks answers for a second look, and imported grades keep a history row with no grader', async () => {
    const { t, admin, rohan } = await setUp();
    expect(await json(await send(t, 'PUT', `${base}/answers/${rohan}/1/second-look`, admin, { on: true }))).toEqual({ second_look: true });
    const looks = await json<GradingQueueReply>(await send(t, 'GET', `${base}/queue?filter=second_look`, admin));
    expect(looks.entries.map((entry) => [entry.attempt_id, entry.qn, entry.second_look])).toEqual([[rohan, 1, true]]);
    await json(await send(t, 'PUT', `${base}/answers/${rohan}/1/second-look`, admin, { on: false }));
    expect((await json<GradingQueueReply>(await send(t, 'GET', `${base}/queue?filter=second_look`, admin))).entries).toEqual([]);

    await t.db.kysely.transaction().execute((trx) => storeGrades(trx, rohan, [{ qn: 1, marks: 3, remark: 'Imported.' }], Date.now()));
    const reply = await json<GradingAnswerReply>(await send(t, 'GET', `${base}/answers/${rohan}/1`, admin));
    expect(reply.grade).toMatchObject({ marks: 3, graded_by: IMPORTED_GRADER });
    expect(reply.history).toMatchObject([{ marks: 3, graded_by: IMPORTED_GRADER }]);

    // A void attempt (the proctoring review's decision) has nothing to grade.
    await t.db.kysely.insertInto('attempt_reviews').values({ attempt_id: rohan, decision: 'void', reason: 'Copied.', reviewer_id: null, decided_at: Date.now() }).execute();
    const all = await json<GradingQueueReply>(await send(t, 'GET', `${base}/queue?filter=all`, admin));
    expect(all.entries.some((entry) => entry.attempt_id === rohan)).toBe(false);
    expect(all.total).toBe(2);
  });
});

describe('grading: question reports', () => {
  it('lists students\' reports with the question and the student, and resolves them with a note', async () => {
    const { t, admin, teacher, students } = await setUp();
    const reported = await t.postJson('/api/question/report', { id: `${TEST}.q2`, text: 'The word limit is unclear.' }, { [ACCESS_TOKEN_HEADER]: students['DEMO001'] ?? '' });
    expect(reported.status).toBe(200);
    expect((await json<QuestionReportsReply>(await send(t, 'GET', '/api/staff/grading/reports', teacher))).reports).toEqual([]);
    const list = await json<QuestionReportsReply>(await send(t, 'GET', '/api/staff/grading/reports', admin));
    expect(list.reports).toMatchObject([{ test_id: TEST, qn: 2, text: 'The word limit is unclear.', student: { reg_no: 'DEMO001' }, status: 'open', excerpt: 'Describe a festival you enjoy, in about 150 words.' }]);
    const id = list.reports[0]?.id ?? '';
    expect((await send(t, 'POST', `/api/staff/grading/reports/${id}/resolve`, teacher, { note: 'x' })).status).toBe(403);
    expect((await send(t, 'POST', `/api/staff/grading/reports/${id}/resolve`, admin, { note: ' ' })).status).toBe(422);
    const resolved = await json<QuestionReportItem>(await send(t, 'POST', `/api/staff/grading/reports/${id}/resolve`, admin, { note: 'About 150 words is a guide.' }));
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'About 150 words is a guide.', resolved_by: DEMO_STAFF.admin.name });
    expect((await send(t, 'POST', `/api/staff/grading/reports/${id}/resolve`, admin, { note: 'again' })).status).toBe(409);
    expect((await json<QuestionReportsReply>(await send(t, 'GET', '/api/staff/grading/reports', admin))).reports).toEqual([]);
    expect((await json<QuestionReportsReply>(await send(t, 'GET', '/api/staff/grading/reports?status=resolved', admin))).reports).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { GradingAnswerReply, QuestionReportsReply } from '@invigil/shared/api/staff-grading';
import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { noAuditRowsOf, oneAuditRowOf } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();
const TEST = DEMO_TEST_IDS.answerSheet;
const base = `/api/staff/grading/tests/${TEST}`;
const update = (qn: number, ua: QuestionUpdate['ua'], at = Date.now()): QuestionUpdate => ({ qn, rev: 1, ua, ats: at, mts: null, vts: at, s: 10, at });

describe('grading in the audit log (issue 30)', () => {
  it('records a grade (marks and comment before and after), a rubric, a second look and a resolved report once each; refusals and the same grade again record nothing', async () => {
    const t = await newApp();
    const student = await t.token('DEMO001');
    expect((await t.postJson('/api/test/start', { id: TEST, devices: [] }, { [ACCESS_TOKEN_HEADER]: student })).status).toBe(200);
    expect((await t.postJson('/api/test/submit', { id: TEST, updates: [update(1, 'Dear Principal, a science club.')], terminated: 'manual' }, { [ACCESS_TOKEN_HEADER]: student })).status).toBe(200);
    const attempt = (await t.db.kysely.selectFrom('attempts').select('id').where('test_id', '=', TEST).where('user_id', '=', t.userIds['DEMO001'] ?? '').executeTakeFirstOrThrow()).id;
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const testName = (await t.db.kysely.selectFrom('tests').select('name').where('id', '=', TEST).executeTakeFirstOrThrow()).name;

    const rubric = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `${base}/rubrics/1`, admin, { items: [{ id: 'format', points: 4, text: 'Letter format right.' }] })));
    expect(rubric).toMatchObject({ action: 'rubric.save', entityType: 'test', entityId: TEST, before: null, after: { qn: 1, items: [{ id: 'format', points: 4 }] } });

    let first: GradingAnswerReply | undefined;
    const graded = await oneAuditRowOf(t, async () => {
      first = await jsonOf<GradingAnswerReply>(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, admin, { marks: 4.5, rubric_items: ['format'], comment: 'Good.', base_graded_at: null }));
    });
    expect(graded).toMatchObject({ action: 'grade.save', entityType: 'attempt', entityId: attempt, before: null, after: { qn: 1, marks: 4.5, rubricItems: ['format'], comment: 'Good.' } });
    expect(graded.summary).toBe(`Gave 4.5 of 10 to answer 1 of Asha Verma (DEMO001) in "${testName}"`);

    const regraded = await oneAuditRowOf(t, async () =>
      jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, admin, { marks: 6, rubric_items: [], comment: 'Better on a second read.', base_graded_at: first!.grade!.graded_at })),
    );
    expect(regraded).toMatchObject({ before: { marks: 4.5, comment: 'Good.' }, after: { marks: 6, comment: 'Better on a second read.' } });
    expect(regraded.summary).toContain('(was 4.5)');

    const look = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/second-look`, admin, { on: true })));
    expect(look).toMatchObject({ action: 'grade.second_look', entityId: attempt, before: { qn: 1, second_look: false }, after: { qn: 1, second_look: true } });

    expect((await t.postJson('/api/question/report', { id: `${TEST}.q2`, text: 'The word limit is unclear.' }, { [ACCESS_TOKEN_HEADER]: student })).status).toBe(200);
    const report = (await jsonOf<QuestionReportsReply>(await sendAs(t, 'GET', '/api/staff/grading/reports', admin))).reports[0]!;
    const resolved = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `/api/staff/grading/reports/${report.id}/resolve`, admin, { note: 'About 150 words is a guide.' })));
    expect(resolved).toMatchObject({ action: 'question.report.resolve', entityType: 'question_report', entityId: report.id, before: { qn: 2, status: 'open', report: 'The word limit is unclear.' }, after: { status: 'resolved', resolution: 'About 150 words is a guide.' } });

    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    const latest = await jsonOf<GradingAnswerReply>(await sendAs(t, 'GET', `${base}/answers/${attempt}/1`, admin));
    await noAuditRowsOf(t, async () => {
      await jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, proctor, { marks: 1, base_graded_at: null }), 403);
      await jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, teacher, { marks: 1, base_graded_at: null }), 403);
      await jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, admin, { marks: 11, base_graded_at: latest.grade!.graded_at }), 422);
      await jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, admin, { marks: 2, base_graded_at: null }), 409);
      await jsonOf(await sendAs(t, 'POST', `/api/staff/grading/reports/${report.id}/resolve`, admin, { note: 'again' }), 409);
      // The same grade again changes nothing: no entry, not even the middleware's.
      await jsonOf(await sendAs(t, 'PUT', `${base}/answers/${attempt}/1/grade`, admin, { marks: 6, rubric_items: [], comment: 'Better on a second read.', base_graded_at: latest.grade!.graded_at }));
    });
  });
});

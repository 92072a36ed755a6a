import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { attemptReviewReplySchema } from '@invigil/shared/api/staff-review';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { noAuditRowsOf, oneAuditRowOf } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();
const MCQ = DEMO_TEST_IDS.mcq;

describe('the proctoring review in the audit log (issue 30)', () => {
  it("records a flag's verdict and an attempt's decision once each, before and after; refusals record nothing", async () => {
    const t = await newApp();
    const headers = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') };
    expect((await t.postJson('/api/test/start', { id: MCQ, devices: [] }, headers)).status).toBe(200);
    const now = t.clock.now();
    t.clock.advance(2000);
    expect((await t.postJson('/api/proctor/events', { test_id: MCQ, sent_at: t.clock.now(), events: [{ id: 'audit-blur-1', at: now, kind: 'BLUR', source: 'page' }] }, headers)).status).toBe(200);
    const attemptId = (await t.db.kysely.selectFrom('attempts').select('id').where('user_id', '=', t.userIds['DEMO001'] ?? '').where('test_id', '=', MCQ).executeTakeFirstOrThrow()).id;
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    // A decision on a running attempt is refused.
    await noAuditRowsOf(t, async () => jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, admin, { decision: 'void', reason: 'x' }), 409));
    expect((await t.postJson('/api/test/submit', { id: MCQ, updates: [], terminated: 'manual' }, headers)).status).toBe(200);

    const detail = attemptReviewReplySchema.parse(await jsonOf(await sendAs(t, 'GET', `/api/staff/review/attempts/${attemptId}`, admin)));
    const blur = detail.entries.find((entry) => entry.type === 'event' && entry.kind === 'BLUR')!;
    const first = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/flags/${blur.id}`, admin, { verdict: 'confirmed', note: 'Looked away for long.' })));
    expect(first).toMatchObject({ action: 'flag.verdict', entityType: 'attempt', entityId: attemptId, before: null, after: { eventId: blur.id, kind: 'BLUR', verdict: 'confirmed', note: 'Looked away for long.' } });
    expect(first.summary).toContain('as confirmed: Looked away for long.');
    const second = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/flags/${blur.id}`, admin, { verdict: 'cleared', note: 'Checked the video.' })));
    expect(second).toMatchObject({ before: { verdict: 'confirmed', note: 'Looked away for long.' }, after: { verdict: 'cleared' } });

    const decided = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, admin, { decision: 'under_review', reason: 'Checking the recording.' })));
    expect(decided).toMatchObject({ action: 'attempt.decide', entityType: 'attempt', entityId: attemptId, before: null, after: { decision: 'under_review', reason: 'Checking the recording.' } });
    const voided = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, admin, { decision: 'void', reason: 'A phone in view.' })));
    expect(voided).toMatchObject({ before: { decision: 'under_review', reason: 'Checking the recording.' }, after: { decision: 'void', reason: 'A phone in view.' } });
    expect(voided.summary).toBe(`Decided Asha Verma's (DEMO001) attempt at "${detail.attempt.test_name}": void (was under review): A phone in view.`);

    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    await noAuditRowsOf(t, async () => {
      await jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, teacher, { decision: 'void', reason: 'x' }), 403);
      await jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/flags/nope`, admin, { verdict: 'cleared', note: '' }), 404);
      await jsonOf(await sendAs(t, 'PUT', `/api/staff/review/attempts/${attemptId}/decision`, admin, { decision: 'maybe', reason: 'x' }), 422);
    });
  });
});

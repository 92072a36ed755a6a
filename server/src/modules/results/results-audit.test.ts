import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { importData, parseImportFile } from '../../import/import-service';
import { noAuditRowsOf, oneAuditRowOf } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();
const TEST_ID = 'results-audit';
const MINUTE = 60_000;
const mcq = (answer: string) => ({ qt: 3, pm: 4, nm: 1, text: '<p>Pick one</p>', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, answer });

describe('results in the audit log (issue 30)', () => {
  it('records a re-key, a drop, a restore (key before and after, with the reason), marksheets (counts) and the review release once each; refusals record nothing', async () => {
    const t = await newApp();
    const now = t.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const attempt = (regNo: string, ua: string) => ({ test_id: TEST_ID, reg_no: regNo, started_at: iso(now - 2 * 60 * MINUTE), submitted_at: iso(now - 100 * MINUTE), answers: [{ qn: 1, ua, s: 30 }, { qn: 2, ua: 'A', s: 30 }] });
    await importData(
      t.db.kysely,
      parseImportFile({
        version: 1,
        tests: [{ _id: TEST_ID, name: 'Audit Key Test', format: { duration: 30, parts: [{ name: 'A', sections: [{ name: 'S', questions: [mcq('A'), mcq('A')] }] }] }, activation_date: iso(now - 3 * 60 * MINUTE), ends_at: iso(now - 90 * MINUTE), review: 'manual', open_to_all: true }],
        attempts: [attempt('DEMO001', 'C'), attempt('DEMO002', 'A')],
      }),
      t.clock,
      t.logger,
    );
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const base = `/api/staff/results/${TEST_ID}`;

    const rekeyed = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `${base}/questions/1/rekey`, admin, { answer: 'C', reason: 'The right answer is C.' })));
    expect(rekeyed).toMatchObject({
      action: 'question.rekey',
      entityType: 'question',
      entityId: `${TEST_ID}.q1`,
      before: { testId: TEST_ID, qn: 1, answer: 'A', dropped: false },
      after: { qn: 1, answer: 'C', dropped: false, reason: 'The right answer is C.', rescored: 2, notified: 2 },
      summary: 'Re-keyed question 1 of "Audit Key Test" from A to C: The right answer is C. (2 attempts scored again)',
    });
    const dropped = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `${base}/questions/2/drop`, admin, { reason: 'Ambiguous.' })));
    expect(dropped).toMatchObject({ action: 'question.drop', entityId: `${TEST_ID}.q2`, before: { dropped: false }, after: { dropped: true, reason: 'Ambiguous.' } });
    const restored = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `${base}/questions/2/restore`, admin, { reason: 'Clear after all.' })));
    expect(restored).toMatchObject({ action: 'question.restore', before: { dropped: true }, after: { dropped: false, reason: 'Clear after all.' } });

    const sheets = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `${base}/marksheets`, admin, {})));
    expect(sheets).toMatchObject({ action: 'marksheet.produce', entityType: 'test', entityId: TEST_ID, after: { produced: 2, replaced: 0, removed: 0 }, summary: 'Produced the marksheets of "Audit Key Test": 2 new, 0 replaced' });

    const released = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `${base}/release`, admin, { mode: 'now' })));
    expect(released).toMatchObject({ action: 'review.release', entityType: 'test', entityId: TEST_ID, before: { rule: 'manual', releasedAt: null }, after: { mode: 'now', rule: 'manual', releasedAt: t.clock.now() } });

    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    await noAuditRowsOf(t, async () => {
      await jsonOf(await sendAs(t, 'POST', `${base}/questions/2/drop`, teacher, { reason: 'No.' }), 403);
      await jsonOf(await sendAs(t, 'POST', `${base}/questions/1/rekey`, admin, { answer: 'C', reason: 'Same.' }), 422);
      await jsonOf(await sendAs(t, 'POST', `${base}/questions/2/restore`, admin, { reason: 'Not dropped.' }), 409);
      await jsonOf(await sendAs(t, 'PUT', `${base}/release`, admin, { mode: 'later' }), 422);
    });
  });
});

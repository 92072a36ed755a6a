import { describe, expect, it } from 'vitest';
import type { TestDraftInput, TestEditorReply, TestPublishReply } from '@invigil/shared/api/staff-tests';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { noAuditRowsOf, oneAuditRowOf } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';
import { auditedDraft, draftChanges } from './test-audit';

const newApp = useTestApp();

const choice = { bank: null, question: { qt: 3 as const, pm: 4, nm: 1, text: '<p>Which is right?</p>', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, answer: 'B' } };
const numerical = { bank: null, question: { qt: 6 as const, pm: 2, nm: 0, text: '<p>How much?</p>', answer: '2.5' } };
const draftOf = (id: string): TestDraftInput => ({ id, name: `Audit test ${id}`, duration: 30, access_code: 'OPEN-SESAME', parts: [{ name: 'Part A', sections: [{ name: 'Section 1', questions: [choice, numerical] }] }] });

describe('the test editor in the audit log (issue 30)', () => {
  it('records create, save, publish, discard, duplicate and delete once each, with a compact draft before and after', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    let reply: TestEditorReply | undefined;
    const created = await oneAuditRowOf(t, async () => {
      reply = await jsonOf<TestEditorReply>(await sendAs(t, 'POST', '/api/staff/tests', admin, { draft: draftOf('audited') }), 201);
    });
    expect(created).toMatchObject({ action: 'test.create', entityType: 'test', entityId: 'audited', before: null, summary: 'Created test "Audit test audited" (audited) with 2 questions' });
    const after = created.after as { duration: number; access_code_set: boolean; parts: { sections: { questions: string[] }[] }[] };
    expect(after).toMatchObject({ duration: 30, access_code_set: true });
    expect(after.parts[0]!.sections[0]!.questions).toEqual([expect.stringMatching(/^#[0-9a-f]{10} qt3 \+4\/-1$/), expect.stringMatching(/^#[0-9a-f]{10} qt6 \+2\/-0$/)]);
    expect(JSON.stringify(created)).not.toContain('OPEN-SESAME');
    expect(JSON.stringify(created)).not.toContain('Which is right');

    const saved = await oneAuditRowOf(t, async () => {
      reply = await jsonOf<TestEditorReply>(await sendAs(t, 'PUT', '/api/staff/tests/audited', admin, { draft: { ...reply!.draft, duration: 45, parts: [{ ...reply!.draft.parts[0]!, sections: [{ ...reply!.draft.parts[0]!.sections[0]!, questions: [choice] }] }] }, base_updated_at: reply!.updated_at }));
    });
    expect(saved).toMatchObject({ action: 'test.save', entityId: 'audited', before: { duration: 30 }, after: { duration: 45 } });
    expect(saved.summary).toBe('Saved the draft of test "Audit test audited": settings: duration; questions 2 -> 1 (0 new or edited, 1 removed or replaced)');

    let published: TestPublishReply | undefined;
    const publish = await oneAuditRowOf(t, async () => {
      published = await jsonOf<TestPublishReply>(await sendAs(t, 'POST', '/api/staff/tests/audited/publish', admin, { base_updated_at: reply!.updated_at }));
    });
    expect(publish).toMatchObject({ action: 'test.publish', entityId: 'audited', before: { version: null, status: 'draft' }, after: { version: published!.editor.published!.version, status: 'published', rescored: 0 } });

    const changed = await jsonOf<TestEditorReply>(await sendAs(t, 'PUT', '/api/staff/tests/audited', admin, { draft: { ...published!.editor.draft, name: 'Renamed' }, base_updated_at: published!.editor.updated_at }));
    expect(changed.status).toBe('changed');
    const discarded = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'DELETE', '/api/staff/tests/audited/draft', admin)));
    expect(discarded).toMatchObject({ action: 'test.discard', before: { name: 'Renamed' }, after: { name: 'Audit test audited' } });
    expect(discarded.summary).toBe('Discarded the unpublished changes of test "Renamed": renamed "Renamed" to "Audit test audited"');

    const copied = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'POST', '/api/staff/tests/audited/duplicate', admin, { id: 'audited-copy', name: 'Copy' }), 201));
    expect(copied).toMatchObject({ action: 'test.duplicate', entityId: 'audited-copy', before: { copyOf: 'audited' }, summary: 'Duplicated test "Audit test audited" as "Copy" (audited-copy)' });

    const deleted = await oneAuditRowOf(t, async () => expect((await sendAs(t, 'DELETE', '/api/staff/tests/audited', admin)).status).toBe(204));
    expect(deleted).toMatchObject({ action: 'test.delete', entityId: 'audited', after: null, before: { version: published!.editor.published!.version } });

    // Refused: a proctor, a taken id, a stale save, nothing to discard.
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const copy = await jsonOf<TestEditorReply>(await sendAs(t, 'GET', '/api/staff/tests/audited-copy', admin));
    await noAuditRowsOf(t, async () => {
      await jsonOf(await sendAs(t, 'POST', '/api/staff/tests', proctor, { draft: draftOf('by-proctor') }), 403);
      await jsonOf(await sendAs(t, 'POST', '/api/staff/tests', admin, { draft: draftOf('audited-copy') }), 409);
      await jsonOf(await sendAs(t, 'PUT', '/api/staff/tests/audited-copy', admin, { draft: copy.draft, base_updated_at: copy.updated_at - 1 }), 409);
      await jsonOf(await sendAs(t, 'DELETE', '/api/staff/tests/audited-copy/draft', admin), 409);
    });
  });

  it('keeps a large paper compact: the questions as references, not their text', () => {
    const long = { bank: null, question: { ...numerical.question, text: `<p>${'x'.repeat(5_000)}</p>` } };
    const base = { id: 'big', name: 'Big', description: '', type: 'live', instruction: '', chapters: [], config: {}, duration: 60, partwise_timing: false, partwise_time_gap: 0, sq: 'none', attachments: [], activation_date: null, ends_at: null, access_code: null, keep_access_code: false, mp_cost: 0, skip_prepare: false, allow_resume: true, open_to_all: false, classes: [], students: [], proctors: [] };
    const draft = { ...base, parts: [{ name: 'A', instruction: '', sq: false, so: false, duration: null, sections: [{ name: 'S', instruction: '', sq: false, so: false, tap: false, questions: Array.from({ length: 200 }, () => long) }] }] } as never;
    expect(JSON.stringify(auditedDraft(draft)).length).toBeLessThan(20_000);
    expect(draftChanges(draft, draft)).toBe('no change');
  });
});

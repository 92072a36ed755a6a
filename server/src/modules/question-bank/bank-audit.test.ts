import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BankImportReply, BankQuestion, BankQuestionInput } from '@invigil/shared/api/question-bank';
import { DEMO_SUBJECTS } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { noAuditRowsOf, oneAuditRowOf } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();

const numerical = (overrides: Partial<BankQuestionInput> = {}): BankQuestionInput => ({
  name: 'Speed of a car',
  question: { qt: 6, pm: 4, nm: 1, text: '<p>A car covers 100 m in 8 s. Its speed in m/s?</p>', answer: '12.4..12.6' },
  subject_id: DEMO_SUBJECTS.physics.id,
  chapter: 'Motion',
  difficulty: 1,
  labels: ['kinematics'],
  ...overrides,
});

describe('the question bank in the audit log (issue 30)', () => {
  it('records create, edit, archive and an import once each, before and after; refusals record nothing', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    let question: BankQuestion | undefined;
    const created = await oneAuditRowOf(t, async () => {
      question = (await jsonOf<{ question: BankQuestion }>(await sendAs(t, 'POST', '/api/staff/bank', admin, numerical()), 201)).question;
    });
    const id = question!.id;
    expect(created).toMatchObject({ action: 'question.create', entityType: 'bank_question', entityId: id, before: null, after: { version: 1, name: 'Speed of a car', question: { answer: '12.4..12.6' } } });
    expect(created.summary).toBe('Added bank question "Speed of a car"');

    const edited = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'PUT', `/api/staff/bank/${id}`, admin, numerical({ name: 'Speed of a bus', question: { ...numerical().question, answer: '12..13' } }))));
    expect(edited).toMatchObject({ action: 'question.update', entityId: id, before: { version: 1, name: 'Speed of a car', question: { answer: '12.4..12.6' } }, after: { version: 2, name: 'Speed of a bus', question: { answer: '12..13' } } });
    expect(edited.summary).toBe('Edited bank question "Speed of a bus": version 1 -> 2');

    const archived = await oneAuditRowOf(t, async () => jsonOf(await sendAs(t, 'DELETE', `/api/staff/bank/${id}`, admin)));
    expect(archived).toMatchObject({ action: 'question.delete', entityId: id, before: { archived: false, version: 2 }, after: { archived: true } });

    const bytes = readFileSync(join(__dirname, 'formats', 'fixtures', 'moodle-old-image-tag.xml'));
    let reply: BankImportReply | undefined;
    const imported = await oneAuditRowOf(t, async () => {
      const form = new FormData();
      form.set('file', new File([bytes], 'moodle-old-image-tag.xml'));
      reply = await jsonOf<BankImportReply>(await t.app.request('/api/staff/bank/import/confirm', { method: 'POST', headers: { 'x-access-token': admin }, body: form }), 201);
    });
    expect(imported).toMatchObject({ action: 'question.import', entityType: 'bank_import', before: null, after: { file: 'moodle-old-image-tag.xml', format: 'moodle-xml', imported: 1, skipped: 1, ids: reply!.ids } });
    expect(imported.summary).toBe('Imported 1 question from "moodle-old-image-tag.xml" (moodle-xml), 1 skipped');

    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const chemistry = (await jsonOf<{ question: BankQuestion }>(await sendAs(t, 'POST', '/api/staff/bank', admin, numerical({ subject_id: DEMO_SUBJECTS.chemistry.id })), 201)).question;
    await noAuditRowsOf(t, async () => {
      await jsonOf(await sendAs(t, 'POST', '/api/staff/bank', proctor, numerical()), 403);
      await jsonOf(await sendAs(t, 'PUT', `/api/staff/bank/${chemistry.id}`, teacher, numerical()), 403);
      await jsonOf(await sendAs(t, 'DELETE', `/api/staff/bank/${id}`, admin), 404);
      await jsonOf(await sendAs(t, 'POST', '/api/staff/bank', admin, numerical({ subject_id: 'no-such-subject' })), 422);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { noAuditRowsOf, oneAuditRowOf } from '../../test-support/audit-rows';
import { staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const makeApp = useTestApp();
const TEST = DEMO_TEST_IDS.mcq;

describe("the proctor console's writes in the audit log (issue 30)", () => {
  it('records each command (per candidate, the attempt) and each chat message once; refusals and a resent message record nothing', async () => {
    const t = await makeApp();
    await t.db.kysely.updateTable('users').set({ config: JSON.stringify({ DISABLE_CHAT: false }) }).execute();
    const asha = await t.token('student@example.edu');
    expect((await t.postJson('/api/test/start', { id: TEST, devices: [] }, { 'x-access-token': asha })).status).toBe(200);
    const ashaId = t.userIds['DEMO001']!;
    const attemptId = (await t.db.kysely.selectFrom('attempts').select('id').where('user_id', '=', ashaId).where('test_id', '=', TEST).executeTakeFirstOrThrow()).id;
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    const headers = { 'x-access-token': proctor };
    const testName = (await t.db.kysely.selectFrom('tests').select('name').where('id', '=', TEST).executeTakeFirstOrThrow()).name;

    const warned = await oneAuditRowOf(t, async () => expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [ashaId], reason: 'Eyes on the screen' }, headers)).status).toBe(200));
    expect(warned).toMatchObject({ actorName: DEMO_STAFF.proctor.name, action: 'proctor.command', entityType: 'attempt', entityId: attemptId, after: { command: 'WARN', reason: 'Eyes on the screen' }, summary: `Warned Asha Verma (DEMO001) in "${testName}": Eyes on the screen` });
    const extended = await oneAuditRowOf(t, async () => expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'EXTEND_TEST', uids: [ashaId], reason: 'Power cut', et: 10 }, headers)).status).toBe(200));
    expect(extended).toMatchObject({ after: { command: 'EXTEND_TEST', minutes: 10 }, before: { testId: TEST, paused: false } });
    expect(extended.summary).toBe(`Gave 10 more minutes to Asha Verma (DEMO001) in "${testName}": Power cut`);

    const chat = await oneAuditRowOf(t, async () => expect((await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'audit-1', uid: ashaId, m: 'Noted.' }, headers)).status).toBe(200));
    expect(chat).toMatchObject({ action: 'proctor.chat', entityType: 'attempt', entityId: attemptId, before: null, after: { messageId: 'audit-1', recipients: 1, message: 'Noted.' } });
    const all = await oneAuditRowOf(t, async () => expect((await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'audit-all', uid: null, m: 'Ten minutes left.' }, headers)).status).toBe(200));
    expect(all).toMatchObject({ entityType: 'test', entityId: TEST, after: { to: 'everyone' } });

    const terminated = await oneAuditRowOf(t, async () => expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'PROCTOR_TERMINATE', uids: [ashaId], reason: 'Phone seen' }, headers)).status).toBe(200));
    expect(terminated.summary).toBe(`Terminated the test of Asha Verma (DEMO001) in "${testName}": Phone seen`);

    await noAuditRowsOf(t, async () => {
      // Resent: stored already.
      expect((await t.postJson(`/api/proctor/tests/${TEST}/chat`, { id: 'audit-1', uid: ashaId, m: 'Noted.' }, headers)).status).toBe(200);
      // A submitted attempt takes no command; a student's token is refused; a malformed command is refused.
      expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [ashaId], reason: 'x' }, headers)).status).toBe(409);
      expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'WARN', uids: [ashaId], reason: 'x' }, { 'x-access-token': asha })).status).toBe(401);
      expect((await t.postJson(`/api/proctor/tests/${TEST}/commands`, { type: 'EXTEND_TEST', uids: [ashaId], reason: 'x' }, headers)).status).toBe(422);
    });
  });
});

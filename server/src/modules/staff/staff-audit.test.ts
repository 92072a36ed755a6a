import { describe, expect, it } from 'vitest';
import type { StaffAccount, StaffListReply } from '@invigil/shared/api/staff';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { auditCount, auditRows } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();

describe('staff accounts in the audit log (issue 30)', () => {
  it('records each write once, with the account before and after and no password; refusals record nothing', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const { account } = await jsonOf<{ account: StaffAccount }>(
      await sendAs(t, 'POST', '/api/staff/accounts', admin, { name: 'Kavya Rao', email: 'kavya@example.edu', role: 'teacher', password: 'kavya-Secret-1' }),
      201,
    );
    t.clock.advance(1000);
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/accounts/${account.id}`, admin, { role: 'proctor', name: 'Kavya R.' }));
    t.clock.advance(1000);
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/accounts/${account.id}`, admin, { disabled: true }));
    t.clock.advance(1000);
    await jsonOf(await sendAs(t, 'POST', `/api/staff/accounts/${account.id}/password`, admin, { password: 'another-Secret-2' }));
    t.clock.advance(1000);
    await jsonOf(await sendAs(t, 'PUT', `/api/staff/accounts/${account.id}/assignments`, admin, { classIds: [DEMO_CLASS_ID], testIds: [DEMO_TEST_IDS.mcq] }));

    const rows = await auditRows(t.db);
    expect(rows.map((row) => [row.action, row.entityType, row.entityId])).toEqual([
      ['account.create', 'staff_account', account.id],
      ['account.role', 'staff_account', account.id],
      ['account.disable', 'staff_account', account.id],
      ['account.password', 'staff_account', account.id],
      ['account.assign', 'staff_account', account.id],
    ]);
    const [created, role, disabled, password, assigned] = rows;
    expect(created).toMatchObject({ actorName: DEMO_STAFF.admin.name, before: null, after: { name: 'Kavya Rao', email: 'kavya@example.edu', role: 'teacher', disabled: false } });
    expect(created!.summary).toBe('Added the teacher account of Kavya Rao (kavya@example.edu)');
    expect(role).toMatchObject({ before: { name: 'Kavya Rao', role: 'teacher' }, after: { name: 'Kavya R.', role: 'proctor' } });
    expect(role!.summary).toBe('Staff account of Kavya Rao: renamed "Kavya Rao" to "Kavya R.", role teacher -> proctor');
    expect(disabled).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(password).toMatchObject({ summary: 'Set a new password for Kavya R.', after: { password: '(hidden)' } });
    expect(assigned).toMatchObject({ before: { classIds: [], testIds: [] }, after: { classIds: [DEMO_CLASS_ID], testIds: [DEMO_TEST_IDS.mcq] } });
    expect(assigned!.summary).toContain('classes: Class 10 - A');
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('$');

    // Refused: another role, a taken email, the last admin, an unknown test.
    const before = await auditCount(t.db);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    await jsonOf(await sendAs(t, 'POST', '/api/staff/accounts', teacher, { name: 'X', email: 'x@example.edu', role: 'admin', password: 'password1' }), 403);
    await jsonOf(await sendAs(t, 'POST', '/api/staff/accounts', admin, { name: 'Again', email: 'kavya@example.edu', role: 'teacher', password: 'password1' }), 409);
    const me = await jsonOf<{ staff: { id: string } }>(await sendAs(t, 'GET', '/api/staff/me', admin));
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/accounts/${me.staff.id}`, admin, { disabled: true }), 409);
    await jsonOf(await sendAs(t, 'PUT', `/api/staff/accounts/${account.id}/assignments`, admin, { testIds: ['no-such-test'] }), 400);
    await jsonOf(await sendAs(t, 'POST', `/api/staff/accounts/${account.id}/password`, admin, { password: 'short' }), 422);
    expect(await auditCount(t.db)).toBe(before);
    const list = await jsonOf<StaffListReply>(await sendAs(t, 'GET', '/api/staff/accounts?q=kavya', admin));
    expect(list.items[0]).toMatchObject({ name: 'Kavya R.', role: 'proctor', disabled: true });
  });
});

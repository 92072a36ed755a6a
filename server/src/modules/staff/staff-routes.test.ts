import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@invigil/shared/api/staff';
import type { StaffAccount, StaffListReply } from '@invigil/shared/api/staff';
import { DEMO_CLASS_ID, DEMO_SUBJECTS } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { DEMO_PASSWORD } from '../../seed/demo-seed';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import { sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();

describe('staff sign-in', () => {
  it('signs in each role with one form; the reply names the role; a wrong password and an unknown email get one message', async () => {
    const t = await newApp();
    for (const demo of [DEMO_STAFF.admin, DEMO_STAFF.teacher, DEMO_STAFF.proctor]) {
      const response = await t.postJson('/api/staff/login', { email: demo.email.toUpperCase(), password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      const reply = (await response.json()) as { staff: { role: string; name: string } };
      expect(reply.staff).toMatchObject({ role: demo.role, name: demo.name });
    }
    for (const body of [{ email: DEMO_STAFF.admin.email, password: 'wrong-password' }, { email: 'nobody@example.edu', password: 'whatever1' }]) {
      const response = await t.postJson('/api/staff/login', body);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(STAFF_MESSAGES.loginFailed);
    }
    const empty = await t.postJson('/api/staff/login', { email: '', password: '' });
    expect(empty.status).toBe(422);
  });

  it('keeps student and staff sessions apart both ways', async () => {
    const t = await newApp();
    const student = await t.token('student@example.edu');
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    expect((await t.get('/api/staff/me', { 'x-access-token': student })).status).toBe(401);
    expect((await t.get('/api/staff/accounts', { 'x-access-token': student })).status).toBe(401);
    expect((await t.get('/api/user/profile', { 'x-access-token': admin })).status).toBe(401);
    expect((await t.get('/api/test/list', { 'x-access-token': admin })).status).toBe(401);
    // A student's sign-in with a staff email does not exist.
    expect((await t.postJson('/api/login', { phone: DEMO_STAFF.admin.email, password: DEMO_PASSWORD })).status).not.toBe(200);
  });

  it('ends the session on logout, and a disabled account at once', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    expect((await t.get('/api/staff/me', { 'x-access-token': teacher })).status).toBe(200);
    const list = (await t.getJson('/api/staff/accounts?q=teacher', admin)) as StaffListReply;
    const teacherId = list.items[0]!.id;
    expect((await send(t, 'PATCH', `/api/staff/accounts/${teacherId}`, admin, { disabled: true })).status).toBe(200);
    const refused = await t.get('/api/staff/me', { 'x-access-token': teacher });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(STAFF_MESSAGES.disabled);
    const again = await t.postJson('/api/staff/login', { email: DEMO_STAFF.teacher.email, password: DEMO_PASSWORD });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { message: string }).message).toBe(STAFF_MESSAGES.disabled);

    expect((await send(t, 'POST', '/api/staff/logout', admin)).status).toBe(200);
    expect((await t.get('/api/staff/me', { 'x-access-token': admin })).status).toBe(401);
  });
});

describe('staff accounts (admin)', () => {
  it('refuses teachers and proctors with the reason', async () => {
    const t = await newApp();
    for (const demo of [DEMO_STAFF.teacher, DEMO_STAFF.proctor]) {
      const token = await staffToken(t, demo.email);
      const response = await t.get('/api/staff/accounts', { 'x-access-token': token });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(STAFF_MESSAGES.adminOnly);
      expect((await send(t, 'POST', '/api/staff/accounts', token, { name: 'X', email: 'x@example.edu', role: 'admin', password: 'password1' })).status).toBe(403);
    }
  });

  it('adds an account that signs in, refuses the same email twice and bad fields with their messages', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const created = await send(t, 'POST', '/api/staff/accounts', admin, { name: 'Kavya Rao', email: 'Kavya@Example.edu', role: 'teacher', password: 'kavya-pass' });
    expect(created.status).toBe(201);
    const { account } = (await created.json()) as { account: StaffAccount };
    expect(account).toMatchObject({ name: 'Kavya Rao', email: 'kavya@example.edu', role: 'teacher', disabled: false, lastSignInAt: null });
    await staffToken(t, 'kavya@example.edu', 'kavya-pass');
    const after = (await t.getJson(`/api/staff/accounts/${account.id}`, admin)) as { account: StaffAccount };
    expect(after.account.lastSignInAt).toBe(t.clock.now());

    const twice = await send(t, 'POST', '/api/staff/accounts', admin, { name: 'Other', email: 'kavya@example.edu', role: 'proctor', password: 'other-pass' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { message: string }).message).toBe(STAFF_MESSAGES.emailTaken);

    const bad = await send(t, 'POST', '/api/staff/accounts', admin, { name: ' ', email: 'not-an-email', role: 'principal', password: 'short' });
    expect(bad.status).toBe(422);
    const messages = ((await bad.json()) as { issues: { message: string }[] }).issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['Enter a name.', 'Enter a valid email.', 'A role is admin, teacher or proctor.', 'A password has at least 8 characters.']));
    const garbage = await t.app.request('/api/staff/accounts', { method: 'POST', headers: { 'x-access-token': admin, 'content-type': 'application/json' }, body: '{not json' });
    expect(garbage.status).toBe(400);
  });

  it('searches and pages the list', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    for (let i = 0; i < 30; i += 1) {
      expect((await send(t, 'POST', '/api/staff/accounts', admin, { name: `Invigilator ${String(i).padStart(2, '0')}`, email: `p${i}@example.edu`, role: 'proctor', password: 'password1' })).status).toBe(201);
    }
    const first = (await t.getJson('/api/staff/accounts?q=invigilator', admin)) as StaffListReply;
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(25);
    const second = (await t.getJson('/api/staff/accounts?q=INVIGILATOR&page=2', admin)) as StaffListReply;
    expect(second.items.map((item) => item.name)).toEqual(['Invigilator 25', 'Invigilator 26', 'Invigilator 27', 'Invigilator 28', 'Invigilator 29']);
    const literal = (await t.getJson('/api/staff/accounts?q=%25', admin)) as StaffListReply;
    expect(literal.total).toBe(0);
    expect((await t.get('/api/staff/accounts?page=0', { 'x-access-token': admin })).status).toBe(422);
  });

  it('never leaves the institute without an active admin', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const me = (await t.getJson('/api/staff/me', admin)) as { staff: { id: string } };
    for (const change of [{ disabled: true }, { role: 'teacher' }]) {
      const response = await send(t, 'PATCH', `/api/staff/accounts/${me.staff.id}`, admin, change);
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toBe(STAFF_MESSAGES.lastAdmin);
    }
    expect((await send(t, 'PATCH', `/api/staff/accounts/${me.staff.id}`, admin, {})).status).toBe(422);
  });

  it('resets a password: the old one stops working', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const list = (await t.getJson('/api/staff/accounts?q=proctor@', admin)) as StaffListReply;
    expect((await send(t, 'POST', `/api/staff/accounts/${list.items[0]!.id}/password`, admin, { password: 'fresh-pass-1' })).status).toBe(200);
    expect((await t.postJson('/api/staff/login', { email: DEMO_STAFF.proctor.email, password: DEMO_PASSWORD })).status).toBe(401);
    await staffToken(t, DEMO_STAFF.proctor.email, 'fresh-pass-1');
  });

  it('assigns classes, subjects and tests that exist, and lists them in the directory', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const directory = (await t.getJson('/api/staff/directory', admin)) as { classes: { id: string }[]; subjects: { id: string }[]; tests: { id: string }[] };
    expect(directory.classes.map((item) => item.id)).toContain(DEMO_CLASS_ID);
    expect(directory.subjects.map((item) => item.id)).toContain(DEMO_SUBJECTS.physics.id);
    expect(directory.tests.map((item) => item.id)).toContain(DEMO_TEST_IDS.mcq);
    const { items } = (await t.getJson('/api/staff/accounts?q=proctor@', admin)) as StaffListReply;
    const proctorId = items[0]!.id;
    const unknown = await send(t, 'PUT', `/api/staff/accounts/${proctorId}/assignments`, admin, { testIds: ['no-such-test'] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe(STAFF_MESSAGES.unknownTest('no-such-test'));
    const saved = await send(t, 'PUT', `/api/staff/accounts/${proctorId}/assignments`, admin, { testIds: [DEMO_TEST_IDS.mcq], classIds: [DEMO_CLASS_ID] });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { account: StaffAccount }).account).toMatchObject({ testIds: [DEMO_TEST_IDS.mcq], classIds: [DEMO_CLASS_ID], subjectIds: [] });
    const proctor = await staffToken(t, DEMO_STAFF.proctor.email);
    expect(((await t.getJson('/api/proctor/tests', proctor)) as { id: string }[]).map((test) => test.id)).toEqual([DEMO_TEST_IDS.mcq]);
    // The old proctor sign-in still answers, with the staff session.
    const old = await t.postJson('/api/proctor/login', { email: DEMO_STAFF.proctor.email, password: DEMO_PASSWORD });
    expect(old.status).toBe(200);
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { auditReplySchema } from '@invigil/shared/api/staff-audit';
import type { AuditReply } from '@invigil/shared/api/staff-audit';
import { silentLogger } from '../../platform/lib/logger';
import { migrateToLatest } from '../../platform/migrations/migrate';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { fakeClock, useTestApp } from '../../test-support/test-app';
import { useTestDatabases } from '../../test-support/test-db';
import { auditStaffWrites, entityOfPath, isStaffWrite } from './audit-middleware';
import { recordAudit } from './audit-record';

const newApp = useTestApp();
const databases = useTestDatabases();

const logOf = async (t: Awaited<ReturnType<typeof newApp>>, token: string, query = ''): Promise<AuditReply> =>
  auditReplySchema.parse(await jsonOf(await sendAs(t, 'GET', `/api/staff/audit${query}`, token))) as AuditReply;

describe('the audit log', () => {
  it('keeps every successful staff write, with who, the record and the body, secrets hidden; refusals leave nothing', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const student = t.userIds['DEMO001']!;
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${student}`, admin, { name: 'Asha V.' }));
    t.clock.advance(1000);
    await jsonOf(await sendAs(t, 'POST', `/api/staff/students/${student}/password`, admin, { password: 'a-new-Password-1' }));
    // A malformed body and a refused role change nothing and are not logged.
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${student}`, admin, '{not json'), 400);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    await jsonOf(await sendAs(t, 'POST', '/api/staff/accounts', teacher, { name: 'X', email: 'x@example.edu', role: 'admin' }), 403);

    const log = await logOf(t, admin);
    expect(log.total).toBe(2);
    const [reset, rename] = log.items;
    expect(rename).toMatchObject({ actor_name: DEMO_STAFF.admin.name, actor_role: 'admin', entity_type: 'student', entity_id: student, request: `PATCH /api/staff/students/${student}`, after: { name: 'Asha V.' } });
    expect(reset).toMatchObject({ entity_id: student, after: { password: '(hidden)' } });
    expect(JSON.stringify(log)).not.toContain('a-new-Password-1');
    expect(log.actors).toEqual([{ id: expect.any(String) as string, name: DEMO_STAFF.admin.name, role: 'admin' }]);
    expect(log.entity_types).toEqual(['student']);
  });

  it('is for admins only, and filters by person, record and period', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    expect((await t.get('/api/staff/audit')).status).toBe(401);
    await jsonOf(await sendAs(t, 'GET', '/api/staff/audit', teacher), 403);
    await jsonOf(await sendAs(t, 'GET', '/api/staff/audit', await staffToken(t, DEMO_STAFF.proctor.email)), 403);

    await jsonOf(await sendAs(t, 'POST', '/api/staff/classes', admin, { name: 'Class 11 - B' }), 201);
    await jsonOf(await sendAs(t, 'POST', '/api/staff/accounts', admin, { name: 'Kavya Rao', email: 'kavya@example.edu', role: 'admin', password: 'kavya-Password-1' }), 201);
    t.clock.advance(2 * 24 * 3600_000);
    const second = await staffToken(t, 'kavya@example.edu', 'kavya-Password-1');
    const asha = t.userIds['DEMO001']!;
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${asha}`, second, { name: 'Asha Verma' }));

    expect((await logOf(t, admin)).total).toBe(3);
    const kavya = (await logOf(t, admin)).actors.find((actor) => actor.name === 'Kavya Rao')!.id;
    expect((await logOf(t, admin, `?actor=${kavya}`)).items.map((item) => item.entity_id)).toEqual([asha]);
    expect((await logOf(t, admin, '?entity_type=class')).items).toHaveLength(1);
    expect((await logOf(t, admin, `?entity_type=student&entity_id=${asha}`)).total).toBe(1);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect((await logOf(t, admin, `?from=${today}&to=${today}`)).total).toBe(1);
    const error = await jsonOf<{ message: string }>(await sendAs(t, 'GET', '/api/staff/audit?from=28-11-2026', admin), 422);
    expect(error.message).toContain('yyyy-MM-dd');
    await jsonOf(await sendAs(t, 'GET', '/api/staff/audit?from=2026-12-02&to=2026-12-01', admin), 422);
  });
});

describe('the audit middleware', () => {
  it('adds no entry of its own when the service recorded one, and one when it did not', async () => {
    const db = await databases.fresh();
    await migrateToLatest(db.kysely);
    const clock = fakeClock(1_800_000_000_000);
    const actor = { id: 's1', name: 'Meera Iyer', role: 'admin' };
    const app = new Hono<{ Variables: { staff: typeof actor; body: unknown } }>();
    app.use('/api/staff/*', auditStaffWrites({ db: db.kysely, clock, logger: silentLogger }));
    app.post('/api/staff/notices', async (c) => {
      c.set('staff', actor);
      await recordAudit(db.kysely, { actor, action: 'notice.send', entityType: 'notice', entityId: 'n1', summary: 'Sent "Holiday" to everyone', after: { title: 'Holiday' } }, clock.now());
      return c.json({ ok: true });
    });
    app.post('/api/staff/other/:id', (c) => {
      c.set('staff', actor);
      c.set('body', { value: 1, otpCode: '123456' });
      return c.json({ ok: true });
    });
    app.post('/api/staff/login', (c) => c.json({ ok: true }));
    expect((await app.request('/api/staff/notices', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/api/staff/other/o1', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/api/staff/login', { method: 'POST' })).status).toBe(200);
    const rows = await db.kysely.selectFrom('audit_log').selectAll().orderBy('action').execute();
    expect(rows.map((row) => [row.action, row.entity_type, row.entity_id, row.request])).toEqual([
      ['notice.send', 'notice', 'n1', 'POST /api/staff/notices'],
      ['request', 'other', 'o1', 'POST /api/staff/other/o1'],
    ]);
    expect(JSON.parse(rows[1]!.after!)).toEqual({ value: 1, otpCode: '(hidden)' });
  });

  it('tells writes from reads and names the record of a path', () => {
    expect(isStaffWrite('GET', '/api/staff/students')).toBe(false);
    expect(isStaffWrite('POST', '/api/staff/login')).toBe(false);
    expect(isStaffWrite('POST', '/api/staff/tests/t1/preview/score')).toBe(false);
    expect(isStaffWrite('POST', '/api/proctor/tests/t1/read')).toBe(false);
    expect(isStaffWrite('POST', '/api/staff/queries/attachment-url')).toBe(false);
    expect(isStaffWrite('POST', '/api/staff/study/attachments')).toBe(false);
    expect(isStaffWrite('POST', '/api/proctor/tests/t1/commands')).toBe(true);
    expect(isStaffWrite('DELETE', '/api/staff/bank/q1')).toBe(true);
    expect(entityOfPath('/api/staff/students/abc/password')).toEqual({ type: 'students', id: 'abc' });
    expect(entityOfPath('/api/proctor/tests/demo%20mcq/commands')).toEqual({ type: 'tests', id: 'demo mcq' });
  });
});

import { describe, expect, it } from 'vitest';
import type { RosterJob, StaffClass, StaffStudent } from '@invigil/shared/api/staff-students';
import { DEMO_CLASS_ID } from '../../seed/demo-portal';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { auditCount, auditRows, oneAuditRowOf } from '../../test-support/audit-rows';
import { jsonOf, sendAs, staffToken } from '../../test-support/staff-requests';
import { useTestApp } from '../../test-support/test-app';

const newApp = useTestApp();

const oneRowOf = oneAuditRowOf;

describe('students and classes in the audit log (issue 30)', () => {
  it('records each write once with the record before and after, no password; refusals record nothing', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    let id = '';
    const created = await oneRowOf(t, async () => {
      const reply = await jsonOf<{ student: StaffStudent }>(await sendAs(t, 'POST', '/api/staff/students', admin, { regNo: 'N-1', name: 'Nisha Rao', email: 'nisha@example.edu', phone: '98765 43210', classId: DEMO_CLASS_ID, password: 'nisha-Secret-1' }), 201);
      id = reply.student.id;
    });
    expect(created).toMatchObject({ action: 'student.create', entityType: 'student', entityId: id, before: null, after: { regNo: 'N-1', name: 'Nisha Rao', className: 'Class 10 - A' } });
    expect(created.summary).toBe('Added student Nisha Rao (N-1) to Class 10 - A');

    const renamed = await oneRowOf(t, async () => jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${id}`, admin, { name: 'Nisha R.' })));
    expect(renamed).toMatchObject({ action: 'student.update', entityId: id, before: { name: 'Nisha Rao' }, after: { name: 'Nisha R.' } });
    expect(renamed.summary).toBe('Student Nisha Rao (N-1): name "Nisha Rao" -> "Nisha R."');

    const disabled = await oneRowOf(t, async () => jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${id}`, admin, { disabled: true })));
    expect(disabled).toMatchObject({ action: 'student.disable', before: { status: 'active' }, after: { status: 'disabled' } });

    const password = await oneRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `/api/staff/students/${id}/password`, admin, { password: 'other-Secret-2' })));
    expect(password).toMatchObject({ action: 'student.password', entityId: id, after: { password: '(hidden)', generated: false } });

    const code = await oneRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `/api/staff/students/${id}/one-time-code`, admin)));
    expect(code).toMatchObject({ action: 'student.code', entityId: id, after: { codeSentTo: 'nisha@example.edu' } });

    let made: StaffClass | undefined;
    const classMade = await oneRowOf(t, async () => {
      made = (await jsonOf<{ class: StaffClass }>(await sendAs(t, 'POST', '/api/staff/classes', admin, { name: 'Class 10 - B' }), 201)).class;
    });
    expect(classMade).toMatchObject({ action: 'class.create', entityType: 'class', entityId: made!.id, after: { name: 'Class 10 - B' } });
    const classRenamed = await oneRowOf(t, async () => jsonOf(await sendAs(t, 'PATCH', `/api/staff/classes/${made!.id}`, admin, { name: 'Class 10 B' })));
    expect(classRenamed).toMatchObject({ action: 'class.rename', summary: 'Renamed class "Class 10 - B" to "Class 10 B"', before: { name: 'Class 10 - B' }, after: { name: 'Class 10 B' } });

    const asha = t.userIds['DEMO001']!;
    const moved = await oneRowOf(t, async () => jsonOf(await sendAs(t, 'POST', `/api/staff/classes/${DEMO_CLASS_ID}/move`, admin, { studentIds: [asha, id, 'not-a-student'], toClassId: made!.id })));
    expect(moved).toMatchObject({ action: 'class.move', entityType: 'class', entityId: DEMO_CLASS_ID, before: { classId: DEMO_CLASS_ID }, after: { classId: made!.id, className: 'Class 10 B' } });
    expect((moved.after as { students: { id: string }[] }).students.map((student) => student.id).sort()).toEqual([asha, id].sort());
    expect(moved.summary).toMatch(/^Moved 2 students from "Class 10 - A" to "Class 10 B": /);

    const text = JSON.stringify(await auditRows(t.db));
    expect(text).not.toContain('Secret');

    // Refused: a teacher, a taken reg no, an unknown class, a taken class name.
    const count = await auditCount(t.db);
    const teacher = await staffToken(t, DEMO_STAFF.teacher.email);
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${id}`, teacher, { name: 'X' }), 403);
    await jsonOf(await sendAs(t, 'POST', '/api/staff/students', admin, { regNo: 'N-1', name: 'Again', email: 'again@example.edu', phone: '98765 43211', classId: null }), 409);
    await jsonOf(await sendAs(t, 'PATCH', `/api/staff/students/${id}`, admin, { classId: 'no-such-class' }), 422);
    await jsonOf(await sendAs(t, 'POST', '/api/staff/classes', admin, { name: 'class 10 b' }), 409);
    await jsonOf(await sendAs(t, 'POST', `/api/staff/classes/${DEMO_CLASS_ID}/move`, admin, { studentIds: [asha], toClassId: 'nope' }), 422);
    expect(await auditCount(t.db)).toBe(count);
  });

  it('records a confirmed upload as one entry with its counts, not one per row', async () => {
    const t = await newApp();
    const admin = await staffToken(t, DEMO_STAFF.admin.email);
    const csv = ['Registration No,Name,Email,Class,Password', 'U-1,Uma,uma@example.edu,Class 10 - A,secret12', 'U-2,Ved,ved@example.edu,Class 10 - A,secret12', 'U-3,Zoya,bad-email,Class 10 - A,secret12', ''].join('\n');
    const form = new FormData();
    form.set('file', new File([csv], 'students.csv', { type: 'text/csv' }));
    const started = await t.app.request('/api/staff/students/upload/confirm', { method: 'POST', headers: { 'x-access-token': admin }, body: form });
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as { job: RosterJob };
    let state = job;
    for (let i = 0; i < 200 && state.phase !== 'done' && state.phase !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      state = (await jsonOf<{ job: RosterJob }>(await sendAs(t, 'GET', `/api/staff/students/upload/${job.id}`, admin))).job;
    }
    expect(state.phase).toBe('done');
    const rows = await auditRows(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'student.upload',
      entityType: 'roster_upload',
      entityId: job.id,
      summary: 'Uploaded students: 2 added, 0 updated, 0 unchanged, 1 failed',
      after: { phase: 'done', counts: { created: 2, updated: 0, unchanged: 0, failed: 1 } },
      request: 'POST /api/staff/students/upload/confirm',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { AttendanceSaveReply, StaffAttendanceReply } from '@invigil/shared/api/staff-attendance';
import { STAFF_ATTENDANCE_MESSAGES } from '@invigil/shared/api/staff-attendance';
import { attendanceReplySchema } from '@invigil/shared/api/attendance';
import { DEMO_STAFF } from '../../seed/demo-staff';
import { useTestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
// Wednesday 14 March 2035, 10:00 in Kolkata: the institute's "today".
const NOW = Date.UTC(2035, 2, 14, 4, 30);
const BASE = '/api/staff/attendance';

/** Class "Own" (the demo teacher's) with Asha and Rohan; class "Other" (nobody's) empty. */
async function setUp() {
  const t = await newApp({ timeZone: 'Asia/Kolkata' });
  t.clock.advance(NOW - t.clock.now());
  const db = t.db.kysely;
  await db.insertInto('classes').values([{ id: 't-own', name: 'Own class' }, { id: 't-other', name: 'Other class' }]).execute();
  const teacherId = (await db.selectFrom('staff_accounts').select('id').where('email', '=', DEMO_STAFF.teacher.email).executeTakeFirstOrThrow()).id;
  await db.insertInto('staff_classes').values({ staff_id: teacherId, class_id: 't-own' }).execute();
  const asha = t.userIds['DEMO001'] as string;
  const rohan = t.userIds['DEMO002'] as string;
  await db.updateTable('student_profiles').set({ class_id: 't-own' }).where('user_id', 'in', [asha, rohan]).execute();
  await db.deleteFrom('attendance_records').where('user_id', 'in', [asha, rohan]).execute();
  return { t, asha, rohan, admin: await staffToken(t, DEMO_STAFF.admin.email), teacher: await staffToken(t, DEMO_STAFF.teacher.email), proctor: await staffToken(t, DEMO_STAFF.proctor.email) };
}

describe('staff attendance register', () => {
  it('refuses without a token (401), a proctor (403), another teacher\'s class (404) and a future day (422)', async () => {
    const { t, teacher, proctor, asha } = await setUp();
    expect((await t.app.request(BASE)).status).toBe(401);
    expect((await send(t, 'GET', BASE, proctor)).status).toBe(403);
    expect((await send(t, 'PUT', BASE, proctor, { classId: 't-own', date: '2035-03-14', marks: [{ studentId: asha, attendance: 'absent' }] })).status).toBe(403);
    expect((await send(t, 'GET', `${BASE}?class=t-other`, teacher)).status).toBe(404);
    expect((await send(t, 'PUT', BASE, teacher, { classId: 't-other', date: '2035-03-14', marks: [{ studentId: asha, attendance: 'absent' }] })).status).toBe(404);
    const future = await send(t, 'GET', `${BASE}?class=t-own&date=2035-03-15`, teacher);
    expect(future.status).toBe(422);
    expect(((await future.json()) as { message: string }).message).toBe(STAFF_ATTENDANCE_MESSAGES.futureDay);
    expect((await send(t, 'PUT', BASE, teacher, { classId: 't-own', date: '2035-03-15', marks: [{ studentId: asha, attendance: 'absent' }] })).status).toBe(422);
    expect((await send(t, 'PUT', BASE, teacher, { classId: 't-own', date: '2035-03-14', marks: [{ studentId: asha, attendance: 'gone' }] })).status).toBe(422);
    expect((await send(t, 'GET', `${BASE}?date=14-03-2035`, teacher)).status).toBe(422);
  });

  it('lists the class for today, saves every row in one go, writes nothing on a repeat; the student sees it at once', async () => {
    const { t, teacher, asha, rohan } = await setUp();
    const empty = await json<StaffAttendanceReply>(await send(t, 'GET', `${BASE}?class=t-own`, teacher));
    expect(empty).toMatchObject({ date: '2035-03-14', today: '2035-03-14', taken: false, class: { id: 't-own' }, summary: { unmarked: 2 } });
    expect(empty.classes.map((c) => c.id)).toEqual(['demo-class-10a', 't-own']);
    expect(empty.rows.map((r) => r.studentId).sort()).toEqual([asha, rohan].sort());

    const body = { classId: 't-own', date: '2035-03-14', marks: [{ studentId: asha, attendance: 'absent' }, { studentId: rohan, attendance: 'late' }] };
    const saved = await json<AttendanceSaveReply>(await send(t, 'PUT', BASE, teacher, body));
    expect(saved).toMatchObject({ changed: 2, taken: true, summary: { present: 0, absent: 1, late: 1, unmarked: 0 } });
    expect(saved.history).toHaveLength(1);
    expect(saved.history[0]).toMatchObject({ actorName: DEMO_STAFF.teacher.name, reason: null });
    const audits = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'attendance.mark').execute();
    expect(audits).toHaveLength(2);
    const ashas = audits.find((a) => a.entity_id === `${asha} 2035-03-14`);
    expect(ashas?.before).toBeNull();
    expect(JSON.parse(ashas?.after ?? '{}')).toMatchObject({ attendance: 'absent', date: '2035-03-14' });

    const again = await json<AttendanceSaveReply>(await send(t, 'PUT', BASE, teacher, body));
    expect(again.changed).toBe(0);
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'attendance.mark').execute()).toHaveLength(2);
    // Nor a request entry of the audit middleware's: the repeat changed nothing.
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'request').execute()).toHaveLength(0);
    expect(await t.db.kysely.selectFrom('attendance_changes').select('id').execute()).toHaveLength(1);

    // The student's own calendar reads it on the next load.
    const reply = attendanceReplySchema.parse(await (await t.get('/api/attendances?startDate=2035-03-01&endDate=2035-03-31', { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') })).json());
    expect(reply.data).toEqual([{ attendance_date: '2035-03-14', attendance: 'absent' }]);
  });

  it('changes a past day only with a reason, kept in the history with before and after', async () => {
    const { t, admin, asha, rohan } = await setUp();
    const day = '2035-03-12';
    await json(await send(t, 'PUT', BASE, admin, { classId: 't-own', date: day, marks: [{ studentId: asha, attendance: 'present' }, { studentId: rohan, attendance: 'present' }], reason: 'Taken on paper.' }));
    t.clock.advance(60_000);
    const refused = await send(t, 'PUT', BASE, admin, { classId: 't-own', date: day, marks: [{ studentId: asha, attendance: 'leave' }] });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(STAFF_ATTENDANCE_MESSAGES.reasonNeeded);
    const saved = await json<AttendanceSaveReply>(await send(t, 'PUT', BASE, admin, { classId: 't-own', date: day, marks: [{ studentId: asha, attendance: 'leave' }, { studentId: rohan, attendance: 'present' }], reason: 'Leave letter came late.' }));
    expect(saved.changed).toBe(1);
    expect(saved.history[0]).toMatchObject({ reason: 'Leave letter came late.', actorName: DEMO_STAFF.admin.name, changes: [{ studentId: asha, before: 'present', after: 'leave' }] });
    expect(saved.history).toHaveLength(2);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', `${asha} ${day}`).orderBy('at').orderBy('id').execute();
    expect(JSON.parse(audit[1]?.before ?? '{}')).toMatchObject({ attendance: 'present' });
    expect(JSON.parse(audit[1]?.after ?? '{}')).toMatchObject({ attendance: 'leave', reason: 'Leave letter came late.' });
    // A student of another class is refused.
    await t.db.kysely.updateTable('student_profiles').set({ class_id: 't-other' }).where('user_id', '=', rohan).execute();
    const other = await send(t, 'PUT', BASE, admin, { classId: 't-own', date: '2035-03-14', marks: [{ studentId: rohan, attendance: 'absent' }] });
    expect(other.status).toBe(422);
  });
});

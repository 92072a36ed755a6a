import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { ScheduleReply, StaffTimetableReply } from '@invigil/shared/api/staff-timetable';
import { STAFF_TIMETABLE_MESSAGES } from '@invigil/shared/api/staff-timetable';
import { liveClassReplySchema, liveClassRoomReplySchema } from '@invigil/shared/api/timetable';
import { DEMO_STAFF } from '../../seed/demo-staff';
import type { Config } from '../../platform/config';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';
import { jsonOf as json, sendAs as send, staffToken } from '../../test-support/staff-requests';

const newApp = useTestApp();
// Wednesday 14 March 2035, 10:00 in Kolkata: the institute's "today".
const NOW = Date.UTC(2035, 2, 14, 4, 30);
const BASE = '/api/staff/timetable';

/** Class "Own" (the demo teacher's; Asha and Rohan in it) with Physics on Wednesday slot 2, and class "Other" (nobody's). */
async function setUp(overrides: Partial<Config> = {}) {
  const t: TestApp = await newApp({ timeZone: 'Asia/Kolkata', jitsiDomain: 'meet.example.edu', ...overrides });
  t.clock.advance(NOW - t.clock.now());
  const db = t.db.kysely;
  await db.insertInto('classes').values([{ id: 't-own', name: 'Own class' }, { id: 't-other', name: 'Other class' }]).execute();
  await db.insertInto('subjects').values([{ id: 't-physics', name: 'Physics' }, { id: 't-chemistry', name: 'Chemistry' }, { id: 't-art', name: 'Art' }]).execute();
  await db.insertInto('class_subjects').values([{ class_id: 't-own', subject_id: 't-physics', teachers: '["A. Rao"]' }, { class_id: 't-own', subject_id: 't-chemistry', teachers: '[]' }]).execute();
  const teacherId = (await db.selectFrom('staff_accounts').select('id').where('email', '=', DEMO_STAFF.teacher.email).executeTakeFirstOrThrow()).id;
  await db.insertInto('staff_classes').values({ staff_id: teacherId, class_id: 't-own' }).execute();
  const students = [t.userIds['DEMO001'] as string, t.userIds['DEMO002'] as string];
  await db.updateTable('student_profiles').set({ class_id: 't-own' }).where('user_id', 'in', students).execute();
  await db
    .insertInto('schedules')
    .values([
      { id: 't-phy-wed', class_id: 't-own', subject_id: 't-physics', day: 3, slot: 2, time: '09:00', duration_minutes: 45, teachers: '[]', meeting_url: null, created_at: NOW },
      { id: 't-other-mon', class_id: 't-other', subject_id: 't-art', day: 1, slot: 1, time: '08:00', duration_minutes: 45, teachers: '[]', meeting_url: null, created_at: NOW },
    ])
    .execute();
  return {
    t,
    students,
    admin: await staffToken(t, DEMO_STAFF.admin.email),
    teacher: await staffToken(t, DEMO_STAFF.teacher.email),
    proctor: await staffToken(t, DEMO_STAFF.proctor.email),
  };
}

const newClass = { classId: 't-own', subjectId: 't-chemistry', day: 1, slot: 3, time: '10:00', durationMinutes: 40, teachers: ['K. Nair'], meeting: 'link', meetingUrl: 'https://meet.example.edu/chem' };

describe('staff timetable: roles and scope', () => {
  it('refuses without a token (401), a proctor (403), a student token (401), and another teacher\'s class (404)', async () => {
    const { t, teacher, proctor } = await setUp();
    expect((await t.app.request(BASE)).status).toBe(401);
    expect((await send(t, 'GET', BASE, proctor)).status).toBe(403);
    expect((await send(t, 'POST', `${BASE}/schedules`, proctor, newClass)).status).toBe(403);
    expect((await send(t, 'GET', BASE, await t.token('DEMO001'))).status).toBe(401);
    expect((await send(t, 'GET', `${BASE}?class=t-other`, teacher)).status).toBe(404);
    expect((await send(t, 'POST', `${BASE}/schedules`, teacher, { ...newClass, classId: 't-other', subjectId: 't-art' })).status).toBe(404);
    expect((await send(t, 'PATCH', `${BASE}/schedules/t-other-mon`, teacher, { ...newClass, classId: undefined, subjectId: 't-art' })).status).toBe(404);
    expect((await send(t, 'DELETE', `${BASE}/schedules/t-other-mon`, teacher)).status).toBe(404);
    expect((await send(t, 'POST', `${BASE}/schedules/t-other-mon/cancellations`, teacher, { date: '2035-03-19' })).status).toBe(404);
    // The teacher's class list holds their classes only.
    const week = await json<StaffTimetableReply>(await send(t, 'GET', `${BASE}?class=t-own`, teacher));
    expect(week.classes.map((c) => c.id)).not.toContain('t-other');
    expect(week).toMatchObject({ class: { id: 't-own' }, today: '2035-03-14', weekday: 3, jitsi: true });
    expect(week.subjects.map((s) => s.name)).toEqual(['Chemistry', 'Physics']);
    expect(week.schedules[0]).toMatchObject({ id: 't-phy-wed', subjectName: 'Physics', teachers: [], shownTeachers: ['A. Rao'], meeting: 'jitsi', canceled: [] });
    // An admin sees every class.
    const all = await json<StaffTimetableReply>(await send(t, 'GET', `${BASE}?class=t-other`, (await setUpAdmin(t))));
    expect(all.class?.id).toBe('t-other');
  });
});

async function setUpAdmin(t: TestApp) {
  return await staffToken(t, DEMO_STAFF.admin.email);
}

describe('staff timetable: add, edit, move, delete', () => {
  it('adds a class the student then sees, refuses a taken slot or an overlap, and audits each change with before and after', async () => {
    const { t, teacher } = await setUp();
    const { schedule } = await json<ScheduleReply>(await send(t, 'POST', `${BASE}/schedules`, teacher, newClass), 201);
    expect(schedule).toMatchObject({ subjectName: 'Chemistry', day: 1, slot: 3, meeting: 'link', meetingUrl: 'https://meet.example.edu/chem', teachers: ['K. Nair'] });
    const added = await t.db.kysely.selectFrom('audit_log').selectAll().where('entity_id', '=', schedule.id).execute();
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'timetable.add', before: null, actor_role: 'teacher' });
    expect(JSON.parse(added[0]?.after ?? '{}')).toMatchObject({ subjectName: 'Chemistry', slot: 3 });

    // The student sees it on their next load.
    const student = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') };
    const week = liveClassReplySchema.parse(await (await t.get(`/api/live-class?ts=${NOW}`, student)).json());
    expect(week.schedules.map((s) => s.subject_name)).toEqual(['Chemistry', 'Physics']);

    // The slot is taken; and a time overlapping Physics (Wednesday 09:00-09:45) is refused.
    const taken = await send(t, 'POST', `${BASE}/schedules`, teacher, { ...newClass, time: '14:00' });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toMatch(/^Slot 3 on Monday already has Chemistry/);
    const overlap = await send(t, 'POST', `${BASE}/schedules`, teacher, { ...newClass, day: 3, slot: 4, time: '09:30' });
    expect(overlap.status).toBe(409);
    expect(((await overlap.json()) as { message: string }).message).toMatch(/overlaps Physics/);
    // A subject not of the class, an http link, a Jitsi room on Monday slot 5 ending after midnight: 422 with a message.
    expect((await send(t, 'POST', `${BASE}/schedules`, teacher, { ...newClass, slot: 5, subjectId: 't-art' })).status).toBe(422);
    const http = await send(t, 'POST', `${BASE}/schedules`, teacher, { ...newClass, slot: 5, time: '15:00', meetingUrl: 'http://meet.example.edu/x' });
    expect(http.status).toBe(422);
    expect(JSON.stringify(await http.json())).toContain(STAFF_TIMETABLE_MESSAGES.linkHttps);
    expect((await send(t, 'POST', `${BASE}/schedules`, teacher, { ...newClass, slot: 5, time: '23:50' })).status).toBe(422);
    expect((await send(t, 'POST', `${BASE}/schedules`, teacher, '{')).status).toBe(400);

    // Move it to Tuesday slot 1 with no meeting: audited as a move; the student is offered no room.
    const moved = await json<ScheduleReply>(await send(t, 'PATCH', `${BASE}/schedules/${schedule.id}`, teacher, { ...newClass, classId: undefined, day: 2, slot: 1, meeting: 'none', meetingUrl: null }));
    expect(moved.schedule).toMatchObject({ day: 2, slot: 1, meeting: 'none', meetingUrl: null });
    const move = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'timetable.move').executeTakeFirstOrThrow();
    expect(JSON.parse(move.before ?? '{}')).toMatchObject({ day: 1, slot: 3, meeting: 'link' });
    expect(JSON.parse(move.after ?? '{}')).toMatchObject({ day: 2, slot: 1, meeting: 'none' });
    // An unchanged save writes no audit row.
    await json(await send(t, 'PATCH', `${BASE}/schedules/${schedule.id}`, teacher, { ...newClass, classId: undefined, day: 2, slot: 1, meeting: 'none', meetingUrl: null }));
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('entity_id', '=', schedule.id).execute()).toHaveLength(2);

    // Physics on the Jitsi room, then no meeting: the student's room follows.
    t.clock.advance(0);
    const room = async () => liveClassRoomReplySchema.parse(await (await t.get('/api/live-class/t-phy-wed?date=2035-03-14', student)).json()).room.kind;
    expect(await room()).toBe('jitsi');
    await json(await send(t, 'PATCH', `${BASE}/schedules/t-phy-wed`, teacher, { subjectId: 't-physics', day: 3, slot: 2, time: '09:00', durationMinutes: 45, teachers: [], meeting: 'none', meetingUrl: null }));
    expect(await room()).toBe('none');

    // Delete: audited with before and no after.
    expect(await json(await send(t, 'DELETE', `${BASE}/schedules/${schedule.id}`, teacher))).toEqual({ deleted: schedule.id });
    const deleted = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'timetable.delete').executeTakeFirstOrThrow();
    expect(deleted.after).toBeNull();
    expect(JSON.parse(deleted.before ?? '{}')).toMatchObject({ id: schedule.id, subjectName: 'Chemistry' });
    expect((await send(t, 'DELETE', `${BASE}/schedules/${schedule.id}`, teacher)).status).toBe(404);
  });

  it('refuses the Jitsi room when the institute has none', async () => {
    const { t, admin } = await setUp({ jitsiDomain: undefined });
    const response = await send(t, 'POST', `${BASE}/schedules`, admin, { ...newClass, meeting: 'jitsi', meetingUrl: null });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe(STAFF_TIMETABLE_MESSAGES.noJitsi);
    const week = await json<StaffTimetableReply>(await send(t, 'GET', `${BASE}?class=t-own`, admin));
    expect(week.jitsi).toBe(false);
    expect(week.schedules[0]?.meeting).toBe('none');
  });
});

describe('staff timetable: cancel one day', () => {
  it('cancels today, the student sees it canceled and is notified; a repeat changes nothing; undo restores it', async () => {
    const { t, teacher, students } = await setUp();
    const student = { [ACCESS_TOKEN_HEADER]: await t.token('DEMO001') };
    // Not a past day, and only on the class's weekday.
    expect((await send(t, 'POST', `${BASE}/schedules/t-phy-wed/cancellations`, teacher, { date: '2035-03-07' })).status).toBe(422);
    const wrongDay = await send(t, 'POST', `${BASE}/schedules/t-phy-wed/cancellations`, teacher, { date: '2035-03-15' });
    expect(wrongDay.status).toBe(422);
    expect(((await wrongDay.json()) as { message: string }).message).toBe('2035-03-15 is a Thursday; this class is on Wednesdays.');
    expect((await send(t, 'POST', `${BASE}/schedules/t-phy-wed/cancellations`, teacher, { date: '2035-02-30' })).status).toBe(422);

    const { schedule } = await json<ScheduleReply>(await send(t, 'POST', `${BASE}/schedules/t-phy-wed/cancellations`, teacher, { date: '2035-03-14' }));
    expect(schedule.canceled).toEqual(['2035-03-14']);
    const week = liveClassReplySchema.parse(await (await t.get(`/api/live-class?ts=${NOW}`, student)).json());
    expect(week.schedules.find((s) => s._id === 't-phy-wed')?.canceled_at).toBe(NOW);
    const notes = await t.db.kysely.selectFrom('notifications').select(['audience_id', 'title', 'content']).where('title', '=', 'Class canceled: Physics').execute();
    expect(notes.map((n) => n.audience_id).sort()).toEqual([...students].sort());
    expect(notes[0]?.content).toContain('Wednesday, 14 March 2035');
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'timetable.cancel').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.before ?? '{}')).toMatchObject({ date: '2035-03-14', canceled: false });
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ date: '2035-03-14', canceled: true });

    // Again: no new row, no new notification.
    await json(await send(t, 'POST', `${BASE}/schedules/t-phy-wed/cancellations`, teacher, { date: '2035-03-14' }));
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'timetable.cancel').execute()).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('notifications').select('id').where('title', '=', 'Class canceled: Physics').execute()).toHaveLength(2);

    // Undo.
    const undone = await json<ScheduleReply>(await send(t, 'DELETE', `${BASE}/schedules/t-phy-wed/cancellations/2035-03-14`, teacher));
    expect(undone.schedule.canceled).toEqual([]);
    const after = liveClassReplySchema.parse(await (await t.get(`/api/live-class?ts=${NOW}`, student)).json());
    expect(after.schedules.find((s) => s._id === 't-phy-wed')?.canceled_at).toBeNull();
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'timetable.uncancel').execute()).toHaveLength(1);
    expect((await send(t, 'DELETE', `${BASE}/schedules/t-phy-wed/cancellations/2035-03-14`, teacher)).status).toBe(404);
  });
});

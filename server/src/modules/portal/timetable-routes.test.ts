import { describe, expect, it } from 'vitest';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import {
  CLASS_CANCELED_MESSAGE,
  CLASS_NOT_FOUND_MESSAGE,
  liveClassReplySchema,
  liveClassRoomReplySchema,
} from '@invigil/shared/api/timetable';
import type { Config } from '../../platform/config';
import { PORTAL_CSP } from '../../platform/http/security-headers';
import { jitsiRoomName } from './timetable-service';
import { TEST_JWT_SECRET, useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();

// Wednesday 14 March 2035, 10:00 in Kolkata (04:30 UTC): the institute's "today".
const NOW = Date.UTC(2035, 2, 14, 4, 30);
const ZONE = 'Asia/Kolkata';
const WEDNESDAY = 3;

/**
 * Two classes: Asha (DEMO001) in A, Rohan (DEMO002) in B. A has Physics on Monday (canceled this
 * week and the week before), Chemistry today with a meeting link and Mathematics today without;
 * B has English today. Rows go in directly: this is the timetable's own data, whatever the demo has.
 */
async function timetableApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const t = await newApp({ timeZone: ZONE, ...overrides });
  // Forward only: the demo accounts were made at the real now, and a token older than them is refused.
  t.clock.advance(NOW - t.clock.now());
  const db = t.db.kysely;
  await db.insertInto('classes').values([{ id: 't-class-a', name: 'Class A' }, { id: 't-class-b', name: 'Class B' }]).execute();
  await db
    .insertInto('subjects')
    .values([{ id: 't-physics', name: 'Physics' }, { id: 't-chemistry', name: 'Chemistry' }, { id: 't-maths', name: 'Mathematics' }, { id: 't-english', name: 'English' }])
    .execute();
  await db.insertInto('class_subjects').values({ class_id: 't-class-a', subject_id: 't-maths', teachers: JSON.stringify(['R. Iyer', 'S. Das']) }).execute();
  const ids = [t.userIds['DEMO001'] as string, t.userIds['DEMO002'] as string];
  await db.deleteFrom('student_profiles').where('user_id', 'in', ids).execute();
  await db
    .insertInto('student_profiles')
    .values([
      { user_id: ids[0] as string, class_id: 't-class-a', address: '', institute: '', city: '', updated_at: NOW },
      { user_id: ids[1] as string, class_id: 't-class-b', address: '', institute: '', city: '', updated_at: NOW },
    ])
    .execute();
  const row = (id: string, class_id: string, subject_id: string, day: number, slot: number, time: string, meeting_url: string | null, teachers: string[] = []) => ({
    id, class_id, subject_id, day, slot, time, duration_minutes: 45, teachers: JSON.stringify(teachers), meeting_url, created_at: NOW - 86_400_000,
  });
  await db
    .insertInto('schedules')
    .values([
      row('t-physics-mon', 't-class-a', 't-physics', 1, 1, '08:00', 'https://meet.example.edu/physics', ['A. Rao']),
      row('t-chemistry-wed', 't-class-a', 't-chemistry', WEDNESDAY, 2, '09:00', 'https://meet.example.edu/chemistry', ['K. Nair']),
      row('t-maths-wed', 't-class-a', 't-maths', WEDNESDAY, 3, '11:00', null),
      row('t-english-wed', 't-class-b', 't-english', WEDNESDAY, 1, '08:00', 'https://meet.example.edu/english', ['M. Paul']),
    ])
    .execute();
  await db
    .insertInto('schedule_cancellations')
    .values([
      { schedule_id: 't-physics-mon', date: '2035-03-12', canceled_at: NOW - 3_600_000 },
      { schedule_id: 't-physics-mon', date: '2035-03-05', canceled_at: NOW - 7 * 86_400_000 },
    ])
    .execute();
  return t;
}

async function signedIn(t: TestApp, who: string) {
  const headers = { [ACCESS_TOKEN_HEADER]: await t.token(who) };
  return (path: string) => t.get(path, headers);
}

async function messageOf(response: Response) {
  return errorReplySchema.parse(await response.json()).message;
}

describe('GET /live-class', () => {
  it('answers a ts past the year 9999 with a 422, not a 500', async () => {
    const get = await signedIn(await timetableApp(), 'DEMO001');
    for (const ts of [253402300800000, 8.64e15]) {
      const response = await get(`/api/live-class?ts=${ts}`);
      expect(response.status, String(ts)).toBe(422);
      expect(await messageOf(response)).toBe('ts is a time in ms before the year 10000.');
    }
    expect((await get(`/api/live-class?ts=${Date.UTC(9999, 11, 18)}`)).status).toBe(200);
  });

  it('needs a signed-in student', async () => {
    const t = await timetableApp();
    const response = await t.get(`/api/live-class?ts=${NOW}`);
    expect(response.status).toBe(401);
  });

  it("gives the student's own class's week: day, date, each class's date and this week's cancellation", async () => {
    const t = await timetableApp();
    const get = await signedIn(t, 'DEMO001');
    const response = await get(`/api/live-class?ts=${NOW}`);
    expect(response.status).toBe(200);
    const reply = liveClassReplySchema.parse(await response.json());
    expect(reply).toMatchObject({ day: WEDNESDAY, date: '2035-03-14', time: '10:00', class_name: 'Class A' });
    expect(reply.schedules.map((s) => s._id)).toEqual(['t-physics-mon', 't-chemistry-wed', 't-maths-wed']);
    const [physics, chemistry, maths] = reply.schedules;
    expect(physics).toMatchObject({
      day: 1, slot: 1, time: '08:00', duration: 45, subject_name: 'Physics', teachers: [{ name: 'A. Rao' }], teacher_name: 'A. Rao',
      date: '2035-03-12', canceled_at: NOW - 3_600_000, created_at: NOW - 86_400_000,
    });
    expect(chemistry).toMatchObject({ date: '2035-03-14', canceled_at: null, teacher_name: 'K. Nair' });
    // No teachers of its own: the class's teachers of the subject.
    expect(maths).toMatchObject({ teachers: [{ name: 'R. Iyer' }, { name: 'S. Das' }], teacher_name: 'R. Iyer, S. Das' });
    // Nothing of the room leaks into the week: the link is given only to a joining student, on the day.
    expect(JSON.stringify(reply)).not.toContain('meet.example.edu');
  });

  it('gives the week holding ts: next week the Monday class is not canceled', async () => {
    const t = await timetableApp();
    const get = await signedIn(t, 'DEMO001');
    const reply = liveClassReplySchema.parse(await (await get(`/api/live-class?ts=${NOW + 7 * 86_400_000}`)).json());
    expect(reply.date).toBe('2035-03-21');
    expect(reply.schedules[0]).toMatchObject({ _id: 't-physics-mon', date: '2035-03-19', canceled_at: null });
    // Without ts, the server's clock.
    expect(liveClassReplySchema.parse(await (await get('/api/live-class')).json()).date).toBe('2035-03-14');
  });

  it("shows another student only their class's week", async () => {
    const t = await timetableApp();
    const reply = liveClassReplySchema.parse(await (await (await signedIn(t, 'DEMO002'))(`/api/live-class?ts=${NOW}`)).json());
    expect(reply.schedules.map((s) => s._id)).toEqual(['t-english-wed']);
  });

  it('gives a student without a class no schedules', async () => {
    const t = await timetableApp();
    await t.db.kysely.deleteFrom('student_profiles').where('user_id', '=', t.userIds['DEMO002'] as string).execute();
    const reply = liveClassReplySchema.parse(await (await (await signedIn(t, 'DEMO002'))(`/api/live-class?ts=${NOW}`)).json());
    expect(reply).toMatchObject({ schedules: [], class_name: null, day: WEDNESDAY });
  });

  it('refuses a ts that is not a time with a message', async () => {
    const t = await timetableApp();
    const response = await (await signedIn(t, 'DEMO001'))('/api/live-class?ts=soon');
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toMatch(/ts/i);
  });
});

describe('GET /live-class/:id (the live-class page)', () => {
  it("gives today's class with its meeting link", async () => {
    const t = await timetableApp();
    const response = await (await signedIn(t, 'DEMO001'))('/api/live-class/t-chemistry-wed?date=2035-03-14');
    expect(response.status).toBe(200);
    const reply = liveClassRoomReplySchema.parse(await response.json());
    expect(reply).toMatchObject({
      class_name: 'Class A',
      schedule: { _id: 't-chemistry-wed', subject_name: 'Chemistry', teacher_name: 'K. Nair', time: '09:00', duration: 45, date: '2035-03-14' },
      room: { kind: 'link', meeting_url: 'https://meet.example.edu/chemistry' },
    });
  });

  it('gives no room for a class without a link when the institute has no Jitsi domain', async () => {
    const t = await timetableApp({ jitsiDomain: undefined });
    const reply = liveClassRoomReplySchema.parse(await (await (await signedIn(t, 'DEMO001'))('/api/live-class/t-maths-wed?date=2035-03-14')).json());
    expect(reply.room).toEqual({ kind: 'none' });
  });

  it('gives a Jitsi room, named by the server per class and date, for a class without a link', async () => {
    const t = await timetableApp({ jitsiDomain: 'meet.example.edu' });
    const get = await signedIn(t, 'DEMO001');
    const reply = liveClassRoomReplySchema.parse(await (await get('/api/live-class/t-maths-wed?date=2035-03-14')).json());
    expect(reply.room).toEqual({ kind: 'jitsi', domain: 'meet.example.edu', roomName: jitsiRoomName(TEST_JWT_SECRET, 't-maths-wed', '2035-03-14') });
    const { roomName } = reply.room as { roomName: string };
    expect(roomName).toMatch(/^invigil-[0-9a-f]{32}$/);
    expect(roomName).not.toContain('maths');
    // Another date, another class or another secret: another room.
    expect(jitsiRoomName(TEST_JWT_SECRET, 't-maths-wed', '2035-03-21')).not.toBe(roomName);
    expect(jitsiRoomName(TEST_JWT_SECRET, 't-chemistry-wed', '2035-03-14')).not.toBe(roomName);
    expect(jitsiRoomName('another-secret', 't-maths-wed', '2035-03-14')).not.toBe(roomName);
    // The class's own link still wins over the institute's default room.
    const chemistry = liveClassRoomReplySchema.parse(await (await get('/api/live-class/t-chemistry-wed?date=2035-03-14')).json());
    expect(chemistry.room.kind).toBe('link');
  });

  it('offers only a web address as a meeting link', async () => {
    const t = await timetableApp();
    await t.db.kysely.updateTable('schedules').set({ meeting_url: 'javascript:alert(1)' }).where('id', '=', 't-chemistry-wed').execute();
    const reply = liveClassRoomReplySchema.parse(await (await (await signedIn(t, 'DEMO001'))('/api/live-class/t-chemistry-wed?date=2035-03-14')).json());
    expect(reply.room).toEqual({ kind: 'none' });
  });

  it("refuses another class's class as not found, for each student", async () => {
    const t = await timetableApp({ jitsiDomain: 'meet.example.edu' });
    const asha = await signedIn(t, 'DEMO001');
    const english = await asha('/api/live-class/t-english-wed?date=2035-03-14');
    expect(english.status).toBe(404);
    expect(await messageOf(english)).toBe(CLASS_NOT_FOUND_MESSAGE);
    const rohan = await signedIn(t, 'DEMO002');
    expect((await rohan('/api/live-class/t-chemistry-wed?date=2035-03-14')).status).toBe(404);
    expect((await rohan('/api/live-class/no-such-class?date=2035-03-14')).status).toBe(404);
    // Without a class, nothing is theirs.
    await t.db.kysely.deleteFrom('student_profiles').where('user_id', '=', t.userIds['DEMO002'] as string).execute();
    expect((await rohan('/api/live-class/t-english-wed?date=2035-03-14')).status).toBe(404);
  });

  it('joins a class only on its day', async () => {
    const t = await timetableApp();
    const get = await signedIn(t, 'DEMO001');
    const monday = await get('/api/live-class/t-physics-mon?date=2035-03-14');
    expect(monday.status).toBe(403);
    expect(await messageOf(monday)).toBe('Class can be joined only on Monday');
    // Today's class, but a link of another date (a window left open since last week).
    const stale = await get('/api/live-class/t-chemistry-wed?date=2035-03-07');
    expect(stale.status).toBe(403);
    expect(await messageOf(stale)).toBe('Class can be joined only on Wednesday');
  });

  it('refuses a class canceled today', async () => {
    const t = await timetableApp();
    await t.db.kysely.insertInto('schedule_cancellations').values({ schedule_id: 't-chemistry-wed', date: '2035-03-14', canceled_at: NOW }).execute();
    const get = await signedIn(t, 'DEMO001');
    const response = await get('/api/live-class/t-chemistry-wed?date=2035-03-14');
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(CLASS_CANCELED_MESSAGE);
    const week = liveClassReplySchema.parse(await (await get(`/api/live-class?ts=${NOW}`)).json());
    expect(week.schedules.find((s) => s._id === 't-chemistry-wed')?.canceled_at).toBe(NOW);
  });

  it('refuses a malformed date or a missing login with a 4xx and a message', async () => {
    const t = await timetableApp();
    const get = await signedIn(t, 'DEMO001');
    for (const path of ['/api/live-class/t-chemistry-wed', '/api/live-class/t-chemistry-wed?date=12-03-2025']) {
      const response = await get(path);
      expect(response.status).toBe(422);
      expect(await messageOf(response)).toMatch(/date/i);
    }
    expect((await t.get('/api/live-class/t-chemistry-wed?date=2035-03-14')).status).toBe(401);
  });
});

describe("the portal's CSP and the Jitsi domain", () => {
  it('is the usual policy without a Jitsi domain', async () => {
    const plain = await newApp({ jitsiDomain: undefined });
    expect((await plain.get('/timetable')).headers.get('content-security-policy')).toBe(PORTAL_CSP);
  });

  it('allows the Jitsi script and frames from that domain only when one is configured', async () => {
    const jitsi = await newApp({ jitsiDomain: 'meet.example.edu' });
    const csp = (await jitsi.get('/timetable')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://meet.example.edu;");
    expect(csp).toContain("frame-src 'self' https://meet.example.edu;");
    expect(csp).toContain("connect-src 'self';");
    // API replies stay data only.
    expect((await jitsi.get('/api/health')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

import { describe, expect, it } from 'vitest';
import { attendanceReplySchema, attendanceStatReplySchema, ATTENDANCE_MESSAGES } from '@invigil/shared/api/attendance';
import type { AttendanceKind } from '@invigil/shared/api/attendance';
import { errorReplySchema } from '@invigil/shared/api/common';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { newObjectId } from '../../platform/lib/object-id';
import { hashPassword } from '../../platform/lib/password';
import { schoolDaysBetween } from './attendance-service';
import { useTestApp } from '../../test-support/test-app';
import type { TestApp } from '../../test-support/test-app';

const newApp = useTestApp();

/** Wednesday 2025-03-12, 12:00 in Kolkata. */
const NOW = Date.parse('2025-03-12T06:30:00Z');
const ZONE = 'Asia/Kolkata';

async function appAtNoon(): Promise<TestApp> {
  const t = await newApp({ timeZone: ZONE });
  t.clock.advance(NOW - t.clock.now());
  return t;
}

/** A student of our own (the demo students may carry demo attendance), signed in. */
async function student(t: TestApp, regNo: string): Promise<{ id: string; headers: Record<string, string> }> {
  const id = newObjectId(t.clock.now());
  await t.users.insertIfAbsent({
    id, regNo, email: `${regNo.toLowerCase()}@example.edu`, name: `Student ${regNo}`, phone: '', passwordHash: await hashPassword('secret12'),
    meritpoints: 0, avatar: null, config: {}, verified: true, passwordChangedAt: 0, createdAt: 0,
  });
  return { id, headers: { [ACCESS_TOKEN_HEADER]: await t.token(regNo, 'secret12') } };
}

async function record(t: TestApp, userId: string, days: Record<string, AttendanceKind>): Promise<void> {
  await t.db.kysely
    .insertInto('attendance_records')
    .values(Object.entries(days).map(([attendance_date, attendance]) => ({ user_id: userId, attendance_date, attendance, updated_at: 0 })))
    .execute();
}

const MINE: Record<string, AttendanceKind> = {
  '2025-03-03': 'present', // Mon
  '2025-03-04': 'late',
  '2025-03-05': 'half_day',
  '2025-03-06': 'leave',
  '2025-03-07': 'absent',
  // Sat 03-08 no record: absent. Sun 03-09: nothing.
  '2025-03-10': 'present',
  // Tue 03-11 no record: absent.
  '2025-03-12': 'present', // today
  '2025-03-13': 'leave', // tomorrow, planned
};

describe('GET /attendances/stat', () => {
  it("counts the student's own days: past school days without a record are absent, from the first record on", async () => {
    const t = await appAtNoon();
    const asha = await student(t, 'ATT001');
    const other = await student(t, 'ATT002');
    await record(t, asha.id, MINE);
    await record(t, other.id, { '2025-02-03': 'absent', '2025-03-11': 'late', '2025-03-08': 'present' });

    const response = await t.get('/api/attendances/stat', asha.headers);
    expect(response.status).toBe(200);
    const { data } = attendanceStatReplySchema.parse(await response.json());
    // Today's present counts (it was taken); tomorrow's planned leave does not; 03-08 and 03-11 are absent.
    expect(data).toEqual({ present: 3, absent: 3, late: 1, half_day: 1, leave: 1, since: '2025-03-03', today: '2025-03-12' });
  });

  it('is all zero for a student with no records yet (nothing is absent before attendance is kept)', async () => {
    const t = await appAtNoon();
    const nobody = await student(t, 'ATT003');
    const { data } = attendanceStatReplySchema.parse(await (await t.get('/api/attendances/stat', nobody.headers)).json());
    expect(data).toEqual({ present: 0, absent: 0, late: 0, half_day: 0, leave: 0, since: null, today: '2025-03-12' });
  });

  it("uses the institute's day: at 23:00 UTC on the 11th it is already the 12th in Kolkata", async () => {
    const t = await newApp({ timeZone: ZONE });
    t.clock.advance(Date.parse('2025-03-11T23:00:00Z') - t.clock.now());
    const asha = await student(t, 'ATT004');
    await record(t, asha.id, { '2025-03-10': 'present' });
    const { data } = attendanceStatReplySchema.parse(await (await t.get('/api/attendances/stat', asha.headers)).json());
    expect(data.today).toBe('2025-03-12');
    expect(data.absent).toBe(1); // Tuesday the 11th is over
  });

  it('needs a sign-in', async () => {
    const t = await appAtNoon();
    const response = await t.get('/api/attendances/stat');
    expect(response.status).toBe(401);
    expect(errorReplySchema.parse(await response.json()).message).toBe('Log in required!');
  });
});

describe('GET /attendances', () => {
  it("lists only the student's own records of the range, with the first recorded day and today", async () => {
    const t = await appAtNoon();
    const asha = await student(t, 'ATT011');
    const other = await student(t, 'ATT012');
    await record(t, asha.id, MINE);
    await record(t, other.id, { '2025-03-11': 'late', '2025-03-01': 'present' });

    const response = await t.get('/api/attendances?startDate=2025-03-04&endDate=2025-03-11', asha.headers);
    expect(response.status).toBe(200);
    expect(attendanceReplySchema.parse(await response.json())).toEqual({
      data: [
        { attendance_date: '2025-03-04', attendance: 'late' },
        { attendance_date: '2025-03-05', attendance: 'half_day' },
        { attendance_date: '2025-03-06', attendance: 'leave' },
        { attendance_date: '2025-03-07', attendance: 'absent' },
        { attendance_date: '2025-03-10', attendance: 'present' },
      ],
      since: '2025-03-03',
      today: '2025-03-12',
    });
    const others = attendanceReplySchema.parse(await t.getJson('/api/attendances?startDate=2025-03-01&endDate=2025-03-31', (other.headers[ACCESS_TOKEN_HEADER] as string)));
    expect(others.data.map((row) => row.attendance_date)).toEqual(['2025-03-01', '2025-03-11']);
  });

  it('accepts a range of 62 days; refuses longer, reversed, missing or impossible dates with a 422 and a message', async () => {
    const t = await appAtNoon();
    const asha = await student(t, 'ATT013');
    expect((await t.get('/api/attendances?startDate=2025-01-01&endDate=2025-03-03', asha.headers)).status).toBe(200);
    const cases: [string, string][] = [
      ['startDate=2025-01-01&endDate=2025-03-04', ATTENDANCE_MESSAGES.badRange],
      ['startDate=2025-03-10&endDate=2025-03-09', ATTENDANCE_MESSAGES.endBeforeStart],
      ['startDate=2025-02-30&endDate=2025-03-09', 'Not a calendar date.'],
      ['startDate=2025-3-1&endDate=2025-03-09', 'A date is yyyy-MM-dd.'],
      ['endDate=2025-03-09', 'StartDate is required.'],
      ['', 'StartDate is required.'],
    ];
    for (const [query, message] of cases) {
      const response = await t.get(`/api/attendances?${query}`, asha.headers);
      expect(response.status, query).toBe(422);
      expect(errorReplySchema.parse(await response.json()).message, query).toBe(message);
    }
  });

  it('needs a sign-in', async () => {
    const t = await appAtNoon();
    expect((await t.get('/api/attendances?startDate=2025-03-01&endDate=2025-03-31')).status).toBe(401);
  });
});

describe('schoolDaysBetween', () => {
  it('counts Monday to Saturday, both ends included', () => {
    expect(schoolDaysBetween('2025-03-03', '2025-03-09')).toBe(6);
    expect(schoolDaysBetween('2025-03-09', '2025-03-09')).toBe(0);
    expect(schoolDaysBetween('2025-03-10', '2025-03-09')).toBe(0);
    expect(schoolDaysBetween('2025-02-24', '2025-03-11')).toBe(14);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, instituteDay, weekdayOf } from '../platform/lib/institute-day';
import { useTestApp } from '../test-support/test-app';
import { importData, parseImportFile } from '../import/import-service';
import { DEMO_CHAPTERS, DEMO_CLASS_ID, DEMO_INSTITUTE, demoPortalImportFile, demoScheduleId } from './demo-portal';

const newApp = useTestApp();

describe("the portal's demo data", () => {
  it("is seeded on first start: Asha's and Rohan's class, the week's classes with one of today's canceled, attendance, notifications, notes, bookmarks, todos and purchases", async () => {
    const t = await newApp({ timeZone: 'Asia/Kolkata' });
    const db = t.db.kysely;
    const users = new Map((await db.selectFrom('users').select(['id', 'reg_no']).execute()).map((user) => [user.reg_no, user.id]));
    const asha = users.get('DEMO001') ?? '';
    const rohan = users.get('DEMO002') ?? '';
    const today = instituteDay(t.clock.now(), 'Asia/Kolkata');

    expect(await db.selectFrom('classes').selectAll().execute()).toEqual([{ id: DEMO_CLASS_ID, name: 'Class 10 - A' }]);
    expect((await db.selectFrom('subjects').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
      'demo-biology', 'demo-chemistry', 'demo-english', 'demo-mathematics', 'demo-physics',
    ]);
    const physics = await db.selectFrom('class_subjects').selectAll().where('subject_id', '=', 'demo-physics').executeTakeFirstOrThrow();
    expect(JSON.parse(physics.teachers)).toEqual(['Dr. Anil Kumar']);

    const profiles = await db.selectFrom('student_profiles').selectAll().orderBy('city').execute();
    expect(profiles.map((row) => [row.user_id, row.class_id, row.institute, row.city])).toEqual([
      [asha, DEMO_CLASS_ID, DEMO_INSTITUTE, 'Bengaluru'],
      [rohan, DEMO_CLASS_ID, DEMO_INSTITUTE, 'Pune'],
    ]);
    expect(profiles[0]?.address).not.toBe('');
    const neha = users.get('DEMO003') ?? '';
    expect(await db.selectFrom('student_profiles').select('user_id').where('user_id', '=', neha).executeTakeFirst()).toBeUndefined();

    // Every day has classes, today one canceled, one late class, some without a meeting link.
    const schedules = await db.selectFrom('schedules').selectAll().execute();
    for (let day = 1; day <= 7; day += 1) expect(schedules.filter((row) => Number(row.day) === day).length, `day ${day}`).toBeGreaterThanOrEqual(1);
    expect(schedules.filter((row) => Number(row.day) === 7 && row.time < '17:00').length).toBeGreaterThanOrEqual(1);
    const todays = schedules.filter((row) => Number(row.day) === today.weekday);
    expect(todays.some((row) => row.time === '21:00')).toBe(true);
    expect(schedules.some((row) => row.meeting_url === null)).toBe(true);
    expect(schedules.filter((row) => row.meeting_url !== null).length).toBeGreaterThan(schedules.length / 2);
    const canceled = await db.selectFrom('schedule_cancellations').selectAll().execute();
    expect(canceled.map((row) => [row.schedule_id, row.date])).toEqual([[demoScheduleId(today.weekday, 2), today.date]]);

    // Asha's attendance: the last 40 days, every kind, no Sunday, a few past days without a record.
    const ashaDays = await db.selectFrom('attendance_records').selectAll().where('user_id', '=', asha).execute();
    expect(new Set(ashaDays.map((row) => row.attendance))).toEqual(new Set(['present', 'absent', 'late', 'half_day', 'leave']));
    expect(ashaDays.filter((row) => row.attendance === 'present').length).toBeGreaterThan(ashaDays.length / 2);
    expect(ashaDays.every((row) => weekdayOf(row.attendance_date) !== 7 && row.attendance_date < today.date && row.attendance_date >= addDays(today.date, -40))).toBe(true);
    const dates = new Set(ashaDays.map((row) => row.attendance_date));
    const gaps = Array.from({ length: 40 }, (_, i) => addDays(today.date, -1 - i)).filter((date) => weekdayOf(date) !== 7 && !dates.has(date));
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    const rohanDays = await db.selectFrom('attendance_records').select('attendance').where('user_id', '=', rohan).execute();
    expect(rohanDays.length).toBeGreaterThan(0);
    expect(rohanDays.length).toBeLessThan(10);

    // Notifications Asha sees (to all, her class, her): 3 unread (one with the PDF), 2 read.
    const notifications = await db
      .selectFrom('notifications')
      .selectAll()
      .where((eb) => eb.or([eb('audience', '=', 'all'), eb.and([eb('audience', '=', 'class'), eb('audience_id', '=', DEMO_CLASS_ID)]), eb.and([eb('audience', '=', 'student'), eb('audience_id', '=', asha)])]))
      .execute();
    const read = new Set((await db.selectFrom('notification_reads').select('notification_id').where('user_id', '=', asha).execute()).map((row) => row.notification_id));
    const unread = notifications.filter((row) => !read.has(row.id));
    expect(unread.length).toBe(3);
    expect(notifications.length - unread.length).toBe(2);
    expect(new Set(unread.map((row) => row.audience))).toEqual(new Set(['all', 'class', 'student']));
    expect(unread.flatMap((row) => JSON.parse(row.attachments) as string[])).toEqual(['/blobs/public/demo/formula-sheet.pdf']);
    expect(notifications.every((row) => Number(row.created_at) <= t.clock.now())).toBe(true);
    expect(await db.selectFrom('notifications').select('id').where('audience', '=', 'student').where('audience_id', '=', rohan).execute()).toHaveLength(1);

    const notices = await db.selectFrom('notices').select('id').execute();
    const readNotices = await db.selectFrom('notice_reads').select('notice_id').where('user_id', '=', asha).execute();
    expect([notices.length - readNotices.length, readNotices.length]).toEqual([2, 1]);
    expect(await db.selectFrom('motivations').select('id').execute()).toHaveLength(2);

    // Notes with topics and subtopics, and Asha's three bookmarks into them.
    const chapters = await db.selectFrom('chapter_notes').selectAll().orderBy('chapter_id').execute();
    expect(chapters.map((row) => [row.chapter_id, row.subject_name, row.chapter_name])).toEqual([
      [DEMO_CHAPTERS.chemicalReactions, 'Chemistry', 'Chemical Reactions'],
      [DEMO_CHAPTERS.lawsOfMotion, 'Physics', 'Laws of Motion'],
    ]);
    const laws = JSON.parse(chapters[1]?.topics ?? '[]') as { id: string; content: string; subtopics: { id: string }[] }[];
    expect(laws.map((topic) => topic.id)).toEqual(['first-law', 'second-law', 'third-law']);
    expect(laws[1]?.subtopics.map((subtopic) => subtopic.id)).toEqual(['momentum', 'unit-of-force']);
    expect(laws[0]?.content).toContain('<strong>inertia</strong>');
    const bookmarks = await db.selectFrom('bookmarks').selectAll().orderBy('id').execute();
    expect(bookmarks.map((row) => [row.user_id, row.subject_name, row.chapter_name, row.topic_name, row.subtopic_name])).toEqual([
      [asha, 'Physics', 'Laws of Motion', "Newton's First Law", null],
      [asha, 'Physics', 'Laws of Motion', "Newton's Second Law", 'Momentum'],
      [asha, 'Chemistry', 'Chemical Reactions', 'Types of reactions', 'Decomposition'],
    ]);

    const todos = await db.selectFrom('todos').selectAll().execute();
    expect(todos.map((row) => [row.user_id, Number(row.done)]).sort()).toEqual([[asha, 0], [asha, 0], [asha, 1]].sort());
    const purchases = await db.selectFrom('purchases').selectAll().where('user_id', '=', asha).execute();
    expect(purchases.map((row) => [row.meritpoints, Number(row.amount_paise)]).sort()).toEqual([[100, 9900], [50, 4900]].sort());
  });

  it('imports again without adding anything (stable ids)', async () => {
    const t = await newApp();
    const summary = await importData(t.db.kysely, parseImportFile(demoPortalImportFile(t.clock.now(), t.config.timeZone)), t.clock, t.logger);
    for (const [section, counts] of Object.entries(summary.portal)) {
      if (section === 'pushNotificationIds') expect(counts).toEqual([]);
      else expect((counts as { inserted: number }).inserted, section).toBe(0);
    }
    expect(summary.portal.schedules.updated).toBeGreaterThan(30);
  });
});

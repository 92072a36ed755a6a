import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { names } from './timetable-repository';

export interface NamedRow {
  id: string;
  name: string;
}

export interface StaffScheduleRow {
  id: string;
  classId: string;
  subjectId: string;
  subjectName: string;
  day: number;
  slot: number;
  time: string;
  durationMinutes: number;
  teachers: string[];
  classTeachers: string[];
  meetingUrl: string | null;
  noMeeting: boolean;
}

export interface ScheduleValues {
  subjectId: string;
  day: number;
  slot: number;
  time: string;
  durationMinutes: number;
  teachers: string[];
  meetingUrl: string | null;
  noMeeting: boolean;
}

/** The staff side's reads and writes of schedules and their cancellations (tables of migration 0008, 0027). */
export function createStaffTimetableRepository(db: Kysely<Database>) {
  const schedules = () =>
    db
      .selectFrom('schedules')
      .innerJoin('subjects', 'subjects.id', 'schedules.subject_id')
      .leftJoin('class_subjects', (join) =>
        join.onRef('class_subjects.class_id', '=', 'schedules.class_id').onRef('class_subjects.subject_id', '=', 'schedules.subject_id'),
      )
      .select([
        'schedules.id',
        'schedules.class_id',
        'schedules.subject_id',
        'schedules.day',
        'schedules.slot',
        'schedules.time',
        'schedules.duration_minutes',
        'schedules.teachers',
        'schedules.meeting_url',
        'schedules.no_meeting',
        'subjects.name as subject_name',
        'class_subjects.teachers as class_teachers',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof schedules>['executeTakeFirstOrThrow']>>;
  const toRow = (row: Row): StaffScheduleRow => ({
    id: row.id,
    classId: row.class_id,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    day: Number(row.day),
    slot: Number(row.slot),
    time: row.time,
    durationMinutes: Number(row.duration_minutes),
    teachers: names(row.teachers),
    classTeachers: names(row.class_teachers),
    meetingUrl: row.meeting_url,
    noMeeting: Number(row.no_meeting) === 1,
  });
  const columns = (values: ScheduleValues) => ({
    subject_id: values.subjectId,
    day: values.day,
    slot: values.slot,
    time: values.time,
    duration_minutes: values.durationMinutes,
    teachers: JSON.stringify(values.teachers),
    meeting_url: values.meetingUrl,
    no_meeting: values.noMeeting ? 1 : 0,
  });

  return {
    /** Every class, or only these ids, by name. */
    async classes(ids: readonly string[] | null): Promise<NamedRow[]> {
      if (ids !== null && ids.length === 0) return [];
      let query = db.selectFrom('classes').select(['id', 'name']).orderBy('name').orderBy('id');
      if (ids !== null) query = query.where('id', 'in', ids);
      return await query.execute();
    },
    /** The class's subjects; every subject when the class lists none. */
    async subjectsOf(classId: string): Promise<NamedRow[]> {
      const own = await db
        .selectFrom('class_subjects')
        .innerJoin('subjects', 'subjects.id', 'class_subjects.subject_id')
        .select(['subjects.id', 'subjects.name'])
        .where('class_subjects.class_id', '=', classId)
        .orderBy('subjects.name')
        .execute();
      if (own.length > 0) return own;
      return await db.selectFrom('subjects').select(['id', 'name']).orderBy('name').orderBy('id').execute();
    },
    async weekOf(classId: string): Promise<StaffScheduleRow[]> {
      const rows = await schedules().where('schedules.class_id', '=', classId).orderBy('schedules.day').orderBy('schedules.slot').orderBy('schedules.time').execute();
      return rows.map(toRow);
    },
    async find(id: string): Promise<StaffScheduleRow | undefined> {
      const row = await schedules().where('schedules.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },
    /** Canceled dates from `from` on of these schedules, earliest first. */
    async canceledFrom(ids: readonly string[], from: string): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (ids.length === 0) return result;
      const rows = await db.selectFrom('schedule_cancellations').select(['schedule_id', 'date']).where('schedule_id', 'in', ids).where('date', '>=', from).orderBy('date').execute();
      for (const row of rows) result.set(row.schedule_id, [...(result.get(row.schedule_id) ?? []), row.date]);
      return result;
    },
    async isCanceled(id: string, date: string): Promise<boolean> {
      return (await db.selectFrom('schedule_cancellations').select('date').where('schedule_id', '=', id).where('date', '=', date).executeTakeFirst()) !== undefined;
    },
    async insert(id: string, classId: string, values: ScheduleValues, now: number): Promise<void> {
      await db.insertInto('schedules').values({ id, class_id: classId, ...columns(values), created_at: now }).execute();
    },
    async update(id: string, values: ScheduleValues): Promise<void> {
      await db.updateTable('schedules').set(columns(values)).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('schedule_cancellations').where('schedule_id', '=', id).execute();
      await db.deleteFrom('schedules').where('id', '=', id).execute();
    },
    async cancel(id: string, date: string, now: number): Promise<void> {
      await db.insertInto('schedule_cancellations').values({ schedule_id: id, date, canceled_at: now }).execute();
    },
    async uncancel(id: string, date: string): Promise<void> {
      await db.deleteFrom('schedule_cancellations').where('schedule_id', '=', id).where('date', '=', date).execute();
    },
    /** The class's students (user ids). */
    async studentIdsOf(classId: string): Promise<string[]> {
      const rows = await db.selectFrom('student_profiles').select('user_id').where('class_id', '=', classId).execute();
      return rows.map((row) => row.user_id);
    },
  };
}

export type StaffTimetableRepository = ReturnType<typeof createStaffTimetableRepository>;

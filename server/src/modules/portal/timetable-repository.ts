import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface StudentClass {
  id: string;
  name: string;
}

export interface ScheduleRecord {
  id: string;
  classId: string;
  day: number;
  slot: number;
  time: string;
  durationMinutes: number;
  subjectName: string;
  /** The schedule's own teachers, else the class's teachers of that subject. */
  teachers: string[];
  meetingUrl: string | null;
  /** Staff chose no online meeting (migration 0027): no Jitsi room is offered. */
  noMeeting: boolean;
  createdAt: number;
}

/** A JSON list of names as stored; anything else reads as no names rather than failing the page. */
export function names(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : [];
  } catch {
    return [];
  }
}

export function createTimetableRepository(db: Kysely<Database>) {
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
        'schedules.day',
        'schedules.slot',
        'schedules.time',
        'schedules.duration_minutes',
        'schedules.teachers',
        'schedules.meeting_url',
        'schedules.no_meeting',
        'schedules.created_at',
        'subjects.name as subject_name',
        'class_subjects.teachers as class_teachers',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof schedules>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): ScheduleRecord => {
    const own = names(row.teachers);
    return {
      id: row.id,
      classId: row.class_id,
      day: Number(row.day),
      slot: Number(row.slot),
      time: row.time,
      durationMinutes: Number(row.duration_minutes),
      subjectName: row.subject_name,
      teachers: own.length > 0 ? own : names(row.class_teachers),
      meetingUrl: row.meeting_url,
      noMeeting: Number(row.no_meeting) === 1,
      createdAt: Number(row.created_at),
    };
  };

  return {
    /** The student's class, or undefined when they have none. */
    async classOf(userId: string): Promise<StudentClass | undefined> {
      return await db
        .selectFrom('student_profiles')
        .innerJoin('classes', 'classes.id', 'student_profiles.class_id')
        .select(['classes.id', 'classes.name'])
        .where('student_profiles.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A class's weekly schedules, by day and slot. */
    async weekOf(classId: string): Promise<ScheduleRecord[]> {
      const rows = await schedules().where('schedules.class_id', '=', classId).orderBy('schedules.day').orderBy('schedules.slot').orderBy('schedules.time').execute();
      return rows.map(toRecord);
    },

    async findSchedule(id: string): Promise<ScheduleRecord | undefined> {
      const row = await schedules().where('schedules.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** When each of these schedules was canceled on a date from `from` to `to` ('yyyy-MM-dd'), keyed `${id} ${date}`. */
    async cancellations(scheduleIds: readonly string[], from: string, to: string): Promise<Map<string, number>> {
      if (scheduleIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('schedule_cancellations')
        .select(['schedule_id', 'date', 'canceled_at'])
        .where('schedule_id', 'in', scheduleIds)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .execute();
      return new Map(rows.map((row) => [`${row.schedule_id} ${row.date}`, Number(row.canceled_at)]));
    },
  };
}

export type TimetableRepository = ReturnType<typeof createTimetableRepository>;

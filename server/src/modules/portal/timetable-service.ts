import { createHmac } from 'node:crypto';
import type { LiveClassReply, LiveClassRoom, LiveClassRoomReply, Schedule } from '@invigil/shared/api/timetable';
import { CLASS_CANCELED_MESSAGE, CLASS_NOT_FOUND_MESSAGE, joinOnlyOnMessage } from '@invigil/shared/api/timetable';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { addDays, instituteDay, mondayOf } from '../../platform/lib/institute-day';
import type { ScheduleRecord, TimetableRepository } from './timetable-repository';
import type { UserRecord } from '../auth/auth-module';

export interface TimetableServiceDeps {
  timetable: TimetableRepository;
  clock: Clock;
  timeZone: string;
  /** Embedded rooms for classes without a meeting link of their own; undefined: links only. */
  jitsiDomain: string | undefined;
  /** Keys the room names, so a room cannot be guessed from a class id and a date. */
  secret: string;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The institute's wall clock at `ms`, 'HH:mm'. */
export function instituteClock(ms: number, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(ms));
}

/** A Jitsi room for one class on one date: keyed with the server's secret, so only the server can name it. */
export function jitsiRoomName(secret: string, scheduleId: string, date: string): string {
  const digest = createHmac('sha256', secret).update(`invigil live class\n${scheduleId}\n${date}`).digest('hex');
  return `invigil-${digest.slice(0, 32)}`;
}

/** Only a web address is offered as a meeting link (never javascript: or data: from imported data). */
function webUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function toSchedule(record: ScheduleRecord, date: string, canceledAt: number | null): Schedule {
  return {
    _id: record.id,
    day: record.day,
    slot: record.slot,
    time: record.time,
    duration: record.durationMinutes,
    subject_name: record.subjectName,
    teachers: record.teachers.map((name) => ({ name })),
    teacher_name: record.teachers.join(', '),
    created_at: record.createdAt,
    canceled_at: canceledAt,
    date,
  };
}

/**
 * The timetable (spec sections 2, 3 Schedule, 7 GET /live-class). A student sees their own
 * class's week only, and joins a class only on its day, in its class, when it is not canceled.
 */
export function createTimetableService({ timetable, clock, timeZone, jitsiDomain, secret }: TimetableServiceDeps) {
  return {
    /** The student's class's week holding `ts` (default now), with each class's cancellation that week. */
    async week(user: UserRecord, ts: number | undefined): Promise<LiveClassReply> {
      const at = ts ?? clock.now();
      const today = instituteDay(at, timeZone);
      const reply = { day: today.weekday, date: today.date, time: instituteClock(at, timeZone) };
      const studentClass = await timetable.classOf(user.id);
      if (!studentClass) return { ...reply, schedules: [], class_name: null };
      const monday = mondayOf(today.date);
      const records = await timetable.weekOf(studentClass.id);
      const canceled = await timetable.cancellations(records.map((r) => r.id), monday, addDays(monday, 6));
      const schedules = records.map((record) => {
        const date = addDays(monday, record.day - 1);
        return toSchedule(record, date, canceled.get(`${record.id} ${date}`) ?? null);
      });
      return { ...reply, schedules, class_name: studentClass.name };
    },

    /** One class and its room: 404 outside the student's class, 403 on another day, 409 when canceled. */
    async room(user: UserRecord, scheduleId: string, date: string): Promise<LiveClassRoomReply> {
      const studentClass = await timetable.classOf(user.id);
      const record = await timetable.findSchedule(scheduleId);
      // Another class's class reads as missing: its existence is not the student's business.
      if (!studentClass || !record || record.classId !== studentClass.id) throw new AppError('not_found', CLASS_NOT_FOUND_MESSAGE);
      const today = instituteDay(clock.now(), timeZone);
      if (record.day !== today.weekday || date !== today.date) throw new AppError('forbidden', joinOnlyOnMessage(record.day));
      const canceledAt = (await timetable.cancellations([record.id], date, date)).get(`${record.id} ${date}`) ?? null;
      if (canceledAt !== null) throw new AppError('conflict', CLASS_CANCELED_MESSAGE);
      const meetingUrl = webUrl(record.meetingUrl);
      // The class's own link is the teacher's choice for it; the institute's Jitsi rooms are the default,
      // unless staff chose no online meeting for the class (issue 30).
      const room: LiveClassRoom = meetingUrl
        ? { kind: 'link', meeting_url: meetingUrl }
        : jitsiDomain && !record.noMeeting
          ? { kind: 'jitsi', domain: jitsiDomain, roomName: jitsiRoomName(secret, record.id, date) }
          : { kind: 'none' };
      return { schedule: toSchedule(record, date, null), class_name: studentClass.name, room };
    },
  };
}

export type TimetableService = ReturnType<typeof createTimetableService>;

import { z } from 'zod';
import { MAX_CLASS_MINUTES, MEETING_KINDS, STAFF_TIMETABLE_MESSAGES, isHttpsUrl } from './staff-timetable-text';

export * from './staff-timetable-text';

/**
 * The staff side's timetable (issue 30): a class's week of 10 slots by Monday..Sunday, as the
 * student sees it. An admin every class; a teacher their own classes; a proctor nothing (403).
 *
 *   GET    /api/staff/timetable?class=                               staffTimetableReplySchema (the first class when none is named)
 *   POST   /api/staff/timetable/schedules                            scheduleCreateRequestSchema -> {schedule}
 *   PATCH  /api/staff/timetable/schedules/{id}                       scheduleUpdateRequestSchema -> {schedule} (editing and moving)
 *   DELETE /api/staff/timetable/schedules/{id}                       -> {deleted: id}
 *   POST   /api/staff/timetable/schedules/{id}/cancellations         {date} -> {schedule} (the class's students are notified)
 *   DELETE /api/staff/timetable/schedules/{id}/cancellations/{date}  -> {schedule} (the cancel undone; students notified)
 */

const id = z.string().trim().min(1).max(64);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date looks like 2026-12-01 (yyyy-MM-dd).').refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'That day does not exist.');
export const calendarDay = dateSchema;

export const staffScheduleSchema = z.object({
  id: z.string(),
  classId: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  /** 1 Monday ... 7 Sunday. */
  day: z.number().int(),
  slot: z.number().int(),
  /** 'HH:mm'. */
  time: z.string(),
  durationMinutes: z.number().int(),
  /** The class's own teachers (names); empty: the class's teachers of the subject, which `shownTeachers` gives. */
  teachers: z.array(z.string()),
  shownTeachers: z.array(z.string()),
  meeting: z.enum(MEETING_KINDS),
  meetingUrl: z.string().nullable(),
  /** Days ('yyyy-MM-dd') from today on that the class is canceled, earliest first. */
  canceled: z.array(z.string()),
});
export type StaffSchedule = z.infer<typeof staffScheduleSchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const staffTimetableReplySchema = z.object({
  /** The classes the viewer may see (a teacher: their own). */
  classes: z.array(named),
  /** The class shown; null when the viewer has none. */
  class: named.nullable(),
  /** The class's subjects (else every subject, when the class has none listed). */
  subjects: z.array(named),
  schedules: z.array(staffScheduleSchema),
  /** The institute's day, 'yyyy-MM-dd', and its weekday 1..7. */
  today: z.string(),
  weekday: z.number().int(),
  /** Whether the institute has a Jitsi domain (the 'jitsi' meeting is offered only then). */
  jitsi: z.boolean(),
});
export type StaffTimetableReply = z.infer<typeof staffTimetableReplySchema>;

export const staffTimetableQuerySchema = z.object({ class: z.string().trim().max(64).default('') });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time looks like 09:30 (HH:mm, 24-hour clock).');
const teacherName = z.string().trim().min(1, 'A teacher name is empty.').max(200, 'A teacher name has at most 200 characters.');

const scheduleFields = {
  subjectId: id,
  day: z.number({ message: 'The day is 1 (Monday) to 7 (Sunday).' }).int('The day is 1 (Monday) to 7 (Sunday).').min(1, 'The day is 1 (Monday) to 7 (Sunday).').max(7, 'The day is 1 (Monday) to 7 (Sunday).'),
  slot: z.number({ message: 'The slot is 1 to 10.' }).int('The slot is 1 to 10.').min(1, 'The slot is 1 to 10.').max(10, 'The slot is 1 to 10.'),
  time,
  durationMinutes: z
    .number({ message: 'Enter the duration in minutes.' })
    .int('The duration is whole minutes.')
    .min(5, 'A class lasts at least 5 minutes.')
    .max(MAX_CLASS_MINUTES, `A class lasts at most ${MAX_CLASS_MINUTES} minutes.`),
  teachers: z.array(teacherName).max(10, 'At most 10 teachers.').default([]),
  meeting: z.enum(MEETING_KINDS, { message: 'The meeting is none, a link or the Jitsi room.' }),
  meetingUrl: z.string().trim().max(2_000, 'A meeting link has at most 2000 characters.').nullable().default(null),
};

function meetingRule<T extends { meeting: string; meetingUrl: string | null; time: string; durationMinutes: number }>(value: T, ctx: z.RefinementCtx): void {
  if (value.meeting === 'link') {
    if (!value.meetingUrl) ctx.addIssue({ code: 'custom', path: ['meetingUrl'], message: STAFF_TIMETABLE_MESSAGES.linkNeeded });
    else if (!isHttpsUrl(value.meetingUrl)) ctx.addIssue({ code: 'custom', path: ['meetingUrl'], message: STAFF_TIMETABLE_MESSAGES.linkHttps });
  }
  const [hours, minutes] = value.time.split(':').map(Number);
  if ((hours ?? 0) * 60 + (minutes ?? 0) + value.durationMinutes > 24 * 60) ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: STAFF_TIMETABLE_MESSAGES.endsByMidnight });
}


export const scheduleCreateRequestSchema = z.strictObject({ classId: id, ...scheduleFields }).superRefine(meetingRule);
export type ScheduleCreateRequest = z.infer<typeof scheduleCreateRequestSchema>;

/** The whole class as edited (a move changes day and slot). */
export const scheduleUpdateRequestSchema = z.strictObject(scheduleFields).superRefine(meetingRule);
export type ScheduleUpdateRequest = z.infer<typeof scheduleUpdateRequestSchema>;

export const scheduleCancelRequestSchema = z.strictObject({ date: dateSchema });

export const scheduleReplySchema = z.object({ schedule: staffScheduleSchema });
export type ScheduleReply = z.infer<typeof scheduleReplySchema>;
export const scheduleDeletedReplySchema = z.object({ deleted: z.string() });

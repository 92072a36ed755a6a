import type { ScheduleCreateRequest, ScheduleUpdateRequest, StaffSchedule, StaffTimetableReply } from '@invigil/shared/api/staff-timetable';
import { MEETING_KINDS } from '@invigil/shared/api/staff-timetable-text';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The replies of shared/api/staff-timetable.ts, checked with zod/mini; the type checks keep them in step.
const named = z.object({ id: z.string(), name: z.string() });
const scheduleSchema = z.object({
  id: z.string(),
  classId: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  day: z.number(),
  slot: z.number(),
  time: z.string(),
  durationMinutes: z.number(),
  teachers: z.array(z.string()),
  shownTeachers: z.array(z.string()),
  meeting: z.enum(MEETING_KINDS),
  meetingUrl: z.nullable(z.string()),
  canceled: z.array(z.string()),
});
const weekSchema = z.object({
  classes: z.array(named),
  class: z.nullable(named),
  subjects: z.array(named),
  schedules: z.array(scheduleSchema),
  today: z.string(),
  weekday: z.number(),
  jitsi: z.boolean(),
});
const replySchema = z.object({ schedule: scheduleSchema });
const deletedSchema = z.object({ deleted: z.string() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _inStep: [Same<z.infer<typeof scheduleSchema>, StaffSchedule>, Same<z.infer<typeof weekSchema>, StaffTimetableReply>] = [true, true];
void _inStep;

const schedulePath = (id: string) => `/staff/timetable/schedules/${encodeURIComponent(id)}`;

/** GET /staff/timetable?class=: the class's week ('' : the first of the viewer's classes). */
export async function fetchWeek(classId: string, signal?: AbortSignal): Promise<StaffTimetableReply> {
  return await staffCall(weekSchema, '/staff/timetable', { query: classId ? { class: classId } : {}, signal });
}

export async function addSchedule(request: ScheduleCreateRequest): Promise<StaffSchedule> {
  return (await staffCall(replySchema, '/staff/timetable/schedules', { method: 'POST', body: { ...request } })).schedule;
}

export async function saveSchedule(id: string, request: ScheduleUpdateRequest): Promise<StaffSchedule> {
  return (await staffCall(replySchema, schedulePath(id), { method: 'PATCH', body: { ...request } })).schedule;
}

export async function deleteSchedule(id: string): Promise<void> {
  await staffCall(deletedSchema, schedulePath(id), { method: 'DELETE' });
}

export async function cancelDay(id: string, date: string): Promise<StaffSchedule> {
  return (await staffCall(replySchema, `${schedulePath(id)}/cancellations`, { method: 'POST', body: { date } })).schedule;
}

export async function undoCancel(id: string, date: string): Promise<StaffSchedule> {
  return (await staffCall(replySchema, `${schedulePath(id)}/cancellations/${encodeURIComponent(date)}`, { method: 'DELETE' })).schedule;
}

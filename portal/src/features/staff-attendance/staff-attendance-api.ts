import type { AttendanceSaveReply, AttendanceSaveRequest, StaffAttendanceReply } from '@invigil/shared/api/staff-attendance';
import { REGISTER_KINDS } from '@invigil/shared/api/staff-attendance-text';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The replies of shared/api/staff-attendance.ts, checked with zod/mini; the type checks keep them in step.
const kind = z.enum(REGISTER_KINDS);
const named = z.object({ id: z.string(), name: z.string() });
const dayShape = {
  classes: z.array(named),
  class: z.nullable(named),
  date: z.string(),
  today: z.string(),
  rows: z.array(z.object({ studentId: z.string(), regNo: z.string(), name: z.string(), attendance: z.nullable(kind) })),
  taken: z.boolean(),
  summary: z.object({ present: z.number(), absent: z.number(), late: z.number(), half_day: z.number(), leave: z.number(), unmarked: z.number() }),
  history: z.array(
    z.object({
      id: z.string(),
      at: z.number(),
      actorName: z.string(),
      reason: z.nullable(z.string()),
      changes: z.array(z.object({ studentId: z.string(), name: z.string(), before: z.nullable(kind), after: kind })),
    }),
  ),
};
const daySchema = z.object(dayShape);
const savedSchema = z.object({ ...dayShape, changed: z.number() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _inStep: [Same<z.infer<typeof daySchema>, StaffAttendanceReply>, Same<z.infer<typeof savedSchema>, AttendanceSaveReply>] = [true, true];
void _inStep;

/** GET /staff/attendance?class=&date= ('' : the first class, today). */
export async function fetchRegister(classId: string, date: string, signal?: AbortSignal): Promise<StaffAttendanceReply> {
  const query: Record<string, string> = {};
  if (classId) query.class = classId;
  if (date) query.date = date;
  return await staffCall(daySchema, '/staff/attendance', { query, signal });
}

export async function saveRegister(request: AttendanceSaveRequest): Promise<AttendanceSaveReply> {
  return await staffCall(savedSchema, '/staff/attendance', { method: 'PUT', body: { ...request } });
}

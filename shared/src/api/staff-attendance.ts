import { z } from 'zod';
import { ATTENDANCE_KINDS } from './attendance-rules';
import { calendarDay } from './staff-timetable';
import { MAX_REASON, STAFF_ATTENDANCE_MESSAGES } from './staff-attendance-text';

export * from './staff-attendance-text';

/**
 * The staff side's attendance register (issue 30): a class's students for one institute day.
 * An admin every class; a teacher their own classes; a proctor nothing (403).
 *
 *   GET /api/staff/attendance?class=&date=   staffAttendanceReplySchema (the first class and today by default)
 *   PUT /api/staff/attendance                attendanceSaveRequestSchema -> staffAttendanceReplySchema & {changed}
 *
 * A save writes the rows that changed, in one transaction (a repeated save writes nothing); a day
 * before today needs a reason, and every save that changes something is kept in the day's history.
 */

const kind = z.enum(ATTENDANCE_KINDS, { message: 'A mark is present, absent, late, half_day or leave.' });
const named = z.object({ id: z.string(), name: z.string() });

export const registerRowSchema = z.object({
  studentId: z.string(),
  regNo: z.string(),
  name: z.string(),
  /** The saved mark; null: not taken for this student on this day. */
  attendance: kind.nullable(),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const attendanceChangeSchema = z.object({
  id: z.string(),
  at: z.number(),
  actorName: z.string(),
  reason: z.string().nullable(),
  /** Each student whose mark changed: before (null: not taken) and after. */
  changes: z.array(z.object({ studentId: z.string(), name: z.string(), before: kind.nullable(), after: kind })),
});
export type AttendanceChange = z.infer<typeof attendanceChangeSchema>;

export const staffAttendanceReplySchema = z.object({
  classes: z.array(named),
  class: named.nullable(),
  date: z.string(),
  today: z.string(),
  rows: z.array(registerRowSchema),
  /** Whether any mark is saved for this class on this day. */
  taken: z.boolean(),
  summary: z.object({ present: z.number(), absent: z.number(), late: z.number(), half_day: z.number(), leave: z.number(), unmarked: z.number() }),
  history: z.array(attendanceChangeSchema),
});
export type StaffAttendanceReply = z.infer<typeof staffAttendanceReplySchema>;

export const staffAttendanceQuerySchema = z.object({
  class: z.string().trim().max(64).default(''),
  date: z.union([z.literal(''), calendarDay]).default(''),
});

export const attendanceSaveRequestSchema = z.strictObject({
  classId: z.string().trim().min(1).max(64),
  date: calendarDay,
  marks: z.array(z.strictObject({ studentId: z.string().trim().min(1).max(64), attendance: kind })).min(1, 'Mark at least one student.').max(2_000),
  reason: z.string().trim().max(MAX_REASON, `A reason has at most ${MAX_REASON} characters.`).default(''),
}).superRefine((value, ctx) => {
  if (new Set(value.marks.map((mark) => mark.studentId)).size !== value.marks.length) ctx.addIssue({ code: 'custom', path: ['marks'], message: STAFF_ATTENDANCE_MESSAGES.twice });
});
export type AttendanceSaveRequest = z.infer<typeof attendanceSaveRequestSchema>;

export const attendanceSaveReplySchema = staffAttendanceReplySchema.extend({ changed: z.number().int() });
export type AttendanceSaveReply = z.infer<typeof attendanceSaveReplySchema>;

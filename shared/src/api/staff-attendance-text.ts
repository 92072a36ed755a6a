import type { AttendanceKind } from './attendance-rules';

/**
 * The staff attendance register's words, keys and constants (issue 30), apart from its zod
 * schemas (staff-attendance.ts) so the portal's screens take them without zod.
 */

/**
 * The marks in register order: attendance-rules' ATTENDANCE_KINDS again, so the staff screens do
 * not import that module (sharing it would split it out of the student's attendance chunks).
 */
export const REGISTER_KINDS = ['present', 'absent', 'late', 'half_day', 'leave'] as const satisfies readonly AttendanceKind[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameKinds: Same<(typeof REGISTER_KINDS)[number], AttendanceKind> = true;
void _sameKinds;

export const ATTENDANCE_LABELS: Record<AttendanceKind, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  half_day: 'Half day',
  leave: 'Leave',
};

/** The register's keys: a letter sets the focused student's mark (and moves down). */
export const ATTENDANCE_KEYS: Record<string, AttendanceKind> = { p: 'present', a: 'absent', l: 'late', h: 'half_day', v: 'leave' };
export const ATTENDANCE_KEY_OF: Record<AttendanceKind, string> = { present: 'P', absent: 'A', late: 'L', half_day: 'H', leave: 'V' };

export const MAX_REASON = 500;

export const STAFF_ATTENDANCE_MESSAGES = {
  classNotFound: 'There is no such class, or it is not one of yours.',
  futureDay: 'Attendance is taken for today or a past day, not a future one.',
  reasonNeeded: 'A past day is changed only with a reason: say why.',
  notInClass: 'A student listed is not in this class.',
  twice: 'A student is listed twice.',
} as const;

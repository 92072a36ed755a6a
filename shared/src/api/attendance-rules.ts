/**
 * Attendance's kinds, messages and day rules (attendance.ts tells how days count), apart from its
 * zod schemas so the portal's screens take them without zod.
 */

export const ATTENDANCE_KINDS = ['present', 'absent', 'late', 'half_day', 'leave'] as const;
export type AttendanceKind = (typeof ATTENDANCE_KINDS)[number];

/** The longest range one GET /attendances may ask for (a month view needs at most 42 days). */
export const MAX_ATTENDANCE_RANGE_DAYS = 62;

export const ATTENDANCE_MESSAGES = {
  loadFailed: 'Error fetching data!',
  badRange: `The range may span at most ${MAX_ATTENDANCE_RANGE_DAYS} days.`,
  endBeforeStart: 'endDate must not be before startDate.',
} as const;

/** Whole days from `start` to `end` ('yyyy-MM-dd'), inclusive of both. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** How a calendar day shows (spec section 4): its letter, or '' for a blank Sunday. */
export type DayMark = AttendanceKind | 'unmarked_absent' | 'future' | 'sunday' | 'none';

/**
 * The mark of one day: a record wins; otherwise Sunday is blank, a day from today on is N, a past
 * day since the first record is A, a day before the first record has no mark.
 */
export function dayMark(date: string, record: AttendanceKind | undefined, today: string, since: string | null, weekday: number): DayMark {
  if (record) return record;
  if (weekday === 7) return 'sunday';
  if (date >= today) return 'future';
  if (since !== null && date >= since) return 'unmarked_absent';
  return 'none';
}

/**
 * The timetable's days, slots and messages, apart from its zod schemas (timetable.ts) so the
 * portal's screens take them without zod.
 */

export const TIMETABLE_SLOTS = 10;
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const DAY_SHORT_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The full name of a day 1 (Monday) ... 7 (Sunday). */
export function dayName(day: number): string {
  return DAY_NAMES[day - 1] ?? '';
}

/** Spec section 2: only today's classes can be joined. */
export function joinOnlyOnMessage(day: number): string {
  return `Class can be joined only on ${dayName(day)}`;
}
export const CLASS_NOT_FOUND_MESSAGE = 'Class not found!';
export const CLASS_CANCELED_MESSAGE = 'This class is canceled.';
export const NO_CLASS_MESSAGE = 'You are not in a class yet, so there is no timetable to show.';

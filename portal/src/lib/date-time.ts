import { format, formatDistanceStrict } from 'date-fns';

/**
 * Spec section 9 writes the date format as 'HH:mm a, dd LLL, yyyy'; HH is a 24-hour clock, which
 * paired with AM/PM reads "17:42 PM". The portal shows a 12-hour clock with AM/PM, in the spec's
 * order (docs/decisions/0018-time-format.md). Every screen formats times through this file.
 */
export const DATE_TIME_FORMAT = 'hh:mm a, dd LLL, yyyy';
/** An event's time of day when its date is shown once elsewhere (the proctoring trail). */
export const CLOCK_TIME_FORMAT = 'hh:mm:ss a';
/** A day without a time (the home page's greeting). */
export const LONG_DATE_FORMAT = 'EEEE, dd LLL, yyyy';

const isTime = (ms: number | null | undefined): ms is number => typeof ms === 'number' && Number.isFinite(ms);

/** A time in ms since the epoch: '05:42 PM, 25 Nov, 2026'; '-' for none. */
export function formatDateTime(ms: number | null | undefined): string {
  return isTime(ms) ? format(new Date(ms), DATE_TIME_FORMAT) : '-';
}

/** The time of day with seconds: '05:42:09 PM'; '-' for none. */
export function formatClockTime(ms: number | null | undefined): string {
  return isTime(ms) ? format(new Date(ms), CLOCK_TIME_FORMAT) : '-';
}

/** 'Wednesday, 25 Nov, 2026'. */
export function formatLongDate(date: Date): string {
  return format(date, LONG_DATE_FORMAT);
}

/**
 * How long ago, in the largest whole unit (spec section 9: seconds, minutes, hours, days, months,
 * years): '5 minutes ago', '2 days ago'. A time a little ahead of this clock reads 'just now'.
 */
export function formatRelativeTime(ms: number, now: number = Date.now()): string {
  if (!isTime(ms)) return '-';
  if (ms >= now) return 'just now';
  return formatDistanceStrict(ms, now, { addSuffix: true, roundingMethod: 'floor' });
}

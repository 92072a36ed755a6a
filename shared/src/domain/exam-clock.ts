import { AUTOSAVE_INTERVAL, NOTIFY_UPLOAD_BEFORE, PING_INTERVAL, PING_INTERVAL_INITIAL } from './constants';

/**
 * The server owns the clock: the deadline is start + duration + extensions, and time left always
 * comes from it. The portal only counts down between server replies.
 */

const MINUTE_MS = 60_000;

function minutes(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** start + duration (format.duration, minutes) + extensions (EXTEND_TEST et, accommodations; minutes). */
export function examDeadlineMs(startMs: number, durationMinutes: number, extensionMinutes: number | readonly number[] = 0): number {
  const extra = typeof extensionMinutes === 'number' ? minutes(extensionMinutes) : extensionMinutes.reduce((sum, m) => sum + minutes(m), 0);
  return startMs + (Math.max(0, minutes(durationMinutes)) + extra) * MINUTE_MS;
}

/** Whole seconds left, floored, never below 0. */
export function timeLeftSeconds(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((deadlineMs - nowMs) / 1000));
}

export function isTimeUp(deadlineMs: number, nowMs: number): boolean {
  return nowMs >= deadlineMs;
}

/** Past the deadline and its grace (strictly: at deadline + grace exactly it is still on time). */
export function isPastGrace(deadlineMs: number, graceMs: number, nowMs: number): boolean {
  return nowMs > deadlineMs + Math.max(0, graceMs);
}

/** The proctor's EXTEND_TEST message. */
export function extensionMessage(minutesAdded: number): string {
  return `Test time extended by ${minutesAdded} minutes.`;
}

/** Whether tick number `tick` (1-based, counted from the start of the running state) autosaves. */
export function isAutosaveTick(tick: number, interval = AUTOSAVE_INTERVAL): boolean {
  return interval > 0 && tick > 0 && tick % interval === 0;
}

/** Ticks until the next status ping: PING_INTERVAL_INITIAL before the first ping, then `interval`. */
export function pingIntervalTicks(pingsSent: number, interval = PING_INTERVAL): number {
  return pingsSent === 0 ? PING_INTERVAL_INITIAL : interval;
}

/** The upload reminder shows when time left (seconds) is below NOTIFY_UPLOAD_BEFORE. */
export function shouldNotifyUpload(timeLeft: number, notifyBefore = NOTIFY_UPLOAD_BEFORE): boolean {
  return timeLeft < notifyBefore;
}

import { timeLeftSeconds } from '@invigil/shared/domain/exam-clock';
import type { PartwiseStatus } from '@invigil/shared/domain/partwise-timing';

/**
 * The countdown between server replies. The server owns the clock: at load, time left is
 * deadline - server_time; after that the portal measures elapsed time with a monotonic clock
 * (performance.now()), never by counting timer callbacks, so a throttled or late tick cannot make
 * it drift. Each sync reply's time_left re-anchors it when the two disagree by more than a second.
 */
export interface ClockAnchor {
  /** Milliseconds left at `perfAt`. */
  remainingMs: number;
  /** The monotonic time (ms) the anchor was taken. */
  perfAt: number;
}

export function anchorFromServer(deadlineMs: number, serverTimeMs: number, perfNow: number): ClockAnchor {
  return { remainingMs: Math.max(0, deadlineMs - serverTimeMs), perfAt: perfNow };
}

export function remainingMs(anchor: ClockAnchor, perfNow: number): number {
  return Math.max(0, anchor.remainingMs - (perfNow - anchor.perfAt));
}

/** Whole seconds left, floored as the server floors them. */
export function secondsLeft(anchor: ClockAnchor, perfNow: number): number {
  return timeLeftSeconds(anchor.perfAt + anchor.remainingMs, perfNow);
}

/** How long until the shown second changes (a few ms past the boundary, so it has changed). */
export function delayToNextTick(anchor: ClockAnchor, perfNow: number): number {
  const left = remainingMs(anchor, perfNow);
  if (left <= 0) return 1000;
  const fraction = left % 1000;
  return (fraction === 0 ? 1000 : fraction) + 5;
}

/**
 * A server's time_left (whole seconds, floored) re-anchors the clock when it disagrees with ours by
 * more than a second; the true remainder is somewhere in [t, t+1) s, so the midpoint is taken.
 */
export function resyncAnchor(anchor: ClockAnchor, serverSecondsLeft: number, perfNow: number): ClockAnchor {
  if (Math.abs(secondsLeft(anchor, perfNow) - serverSecondsLeft) <= 1) return anchor;
  return { remainingMs: serverSecondsLeft * 1000 + (serverSecondsLeft > 0 ? 500 : 0), perfAt: perfNow };
}

/** Ticks (whole seconds) elapsed since the running state began, from the monotonic clock. */
export function ticksSince(startPerf: number, perfNow: number): number {
  return Math.max(0, Math.floor((perfNow - startPerf) / 1000));
}

/** Whether the autosave or ping due at multiples/marks was crossed between two tick counts. */
export function crossedMultiple(previousTick: number, tick: number, interval: number): boolean {
  if (interval <= 0 || tick <= previousTick) return false;
  return Math.floor(tick / interval) > Math.floor(previousTick / interval);
}

/** "hh:mm:ss" (or "mm:ss" under an hour) for the time-left display. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${two(hh)}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
}

/** Spoken form for screen readers: "1 hour 5 minutes left". */
export function spokenTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const parts: string[] = [];
  if (hh > 0) parts.push(`${hh} hour${hh === 1 ? '' : 's'}`);
  if (mm > 0) parts.push(`${mm} minute${mm === 1 ? '' : 's'}`);
  if (hh === 0 && mm < 5) parts.push(`${s % 60} second${s % 60 === 1 ? '' : 's'}`);
  return `${parts.join(' ') || '0 seconds'} left`;
}

export interface ExamClock {
  /** The whole test's clock, an open part's, the rest before the next part, or the wait before the first. */
  kind: 'test' | 'part' | 'break' | 'start';
  /** What the clock counts down to, as shown beside it ("Part A time left"). */
  label: string;
  /** The short form for the phone's toolbar ("Part A", "Break", "Test"). */
  shortLabel: string;
  seconds: number;
  /** For screen readers ("Part A: 6 minutes left"). */
  spoken: string;
}

/**
 * The clocks the student sees: the one that matters now first, then the whole test's. Under
 * part-wise timing that is the open part's time left (it locks at zero), the rest before the next
 * part, or the wait before the first; otherwise, and once the last part is over, only the test's.
 */
export function examClocks(timeLeft: number, partwise: PartwiseStatus | null, partNames: readonly string[]): ExamClock[] {
  const name = (part: number) => partNames[part] || `Part ${part + 1}`;
  const spokenIn = (seconds: number) => spokenTimeLeft(seconds).replace(/ left$/, '');
  if (!partwise || partwise.phase === 'over') return [{ kind: 'test', label: 'Time left', shortLabel: 'Test', seconds: timeLeft, spoken: spokenTimeLeft(timeLeft) }];
  const whole: ExamClock = { kind: 'test', label: 'Test time left', shortLabel: 'Test', seconds: timeLeft, spoken: `Test: ${spokenTimeLeft(timeLeft)}` };
  if (partwise.phase === 'part') {
    const part = name(partwise.part);
    return [{ kind: 'part', label: `${part} time left`, shortLabel: part, seconds: partwise.secondsLeft, spoken: `${part}: ${spokenTimeLeft(partwise.secondsLeft)}` }, whole];
  }
  if (partwise.phase === 'gap') {
    const label = `Break: ${name(partwise.nextPart)} starts in`;
    return [{ kind: 'break', label, shortLabel: 'Break', seconds: partwise.secondsToNext, spoken: `${label} ${spokenIn(partwise.secondsToNext)}` }, whole];
  }
  const label = `${name(0)} starts in`;
  return [{ kind: 'start', label, shortLabel: 'Starts', seconds: partwise.secondsToStart, spoken: `${label} ${spokenIn(partwise.secondsToStart)}` }, whole];
}

/** Spoken and shown once as the countdown passes 5 minutes and 1 minute left. */
export const TIME_WARNINGS: readonly [number, string][] = [
  [300, 'Only 5 minutes left.'],
  [60, 'Only 1 minute left.'],
];

/** The warning due when the countdown went from `before` to `after` seconds, if any. */
export function timeWarning(before: number, after: number): string | null {
  let due: string | null = null;
  for (const [at, message] of TIME_WARNINGS) if (before > at && after <= at && after > 0) due = message;
  return due;
}

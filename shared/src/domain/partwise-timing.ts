/**
 * Part-wise timing: parts run one after another, each for its own duration, with an optional rest
 * gap between consecutive parts (none before the first or after the last). Each part is the
 * half-open interval [start, end): at its end second exactly, the part is over. Only the active
 * part's questions are accessible; during a gap none are.
 */

export interface PartSchedule {
  /** Duration of each part in seconds, in paper order. */
  durationsSeconds: readonly number[];
  /** Rest between consecutive parts in seconds (format.partwise_time_gap is in minutes). */
  gapSeconds: number;
}

export type PartwiseStatus =
  /** Before the test start (a clock behind the server's): the first part has not begun. */
  | { phase: 'before'; secondsToStart: number }
  | { phase: 'part'; part: number; secondsLeft: number }
  | { phase: 'gap'; endedPart: number; nextPart: number; secondsToNext: number }
  | { phase: 'over' };

function seconds(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** A schedule from part durations and the gap, both in minutes (format.partwise_time_gap). */
export function scheduleFromMinutes(durationsMinutes: readonly number[], gapMinutes = 0): PartSchedule {
  return { durationsSeconds: durationsMinutes.map((m) => seconds(m) * 60), gapSeconds: seconds(gapMinutes) * 60 };
}

/**
 * A schedule from the parts' time_lefts / time_lefte, read as the overall countdown (seconds left)
 * at which the part starts and ends: the part lasts time_lefts - time_lefte seconds.
 */
export function scheduleFromTimeLeftWindows(parts: readonly { time_lefts: number; time_lefte: number }[], gapSeconds = 0): PartSchedule {
  return { durationsSeconds: parts.map((p) => seconds(p.time_lefts - p.time_lefte)), gapSeconds: seconds(gapSeconds) };
}

/** Total length in seconds: all durations plus a gap between each pair of consecutive parts. */
export function scheduleLengthSeconds(schedule: PartSchedule): number {
  const parts = schedule.durationsSeconds.map(seconds);
  const total = parts.reduce((sum, d) => sum + d, 0);
  return total + Math.max(0, parts.length - 1) * seconds(schedule.gapSeconds);
}

/** The overall deadline (ms) of a part-wise test started at `startMs`. */
export function partwiseDeadlineMs(startMs: number, schedule: PartSchedule): number {
  return startMs + scheduleLengthSeconds(schedule) * 1000;
}

/**
 * Where the test is after `elapsedMs` since its start. Seconds left (and to the next part) are
 * floored, like the exam clock's time left.
 */
export function partwiseStatusAtElapsed(schedule: PartSchedule, elapsedMs: number): PartwiseStatus {
  if (elapsedMs < 0) return { phase: 'before', secondsToStart: Math.ceil(-elapsedMs / 1000) };
  const durations = schedule.durationsSeconds.map(seconds);
  const gapMs = seconds(schedule.gapSeconds) * 1000;
  let partStart = 0;
  for (let part = 0; part < durations.length; part += 1) {
    const partEnd = partStart + (durations[part] ?? 0) * 1000;
    if (elapsedMs < partEnd) return { phase: 'part', part, secondsLeft: Math.floor((partEnd - elapsedMs) / 1000) };
    if (part === durations.length - 1) break;
    const nextStart = partEnd + gapMs;
    if (elapsedMs < nextStart) {
      return { phase: 'gap', endedPart: part, nextPart: part + 1, secondsToNext: Math.floor((nextStart - elapsedMs) / 1000) };
    }
    partStart = nextStart;
  }
  return { phase: 'over' };
}

export function partwiseStatus(schedule: PartSchedule, startMs: number, nowMs: number): PartwiseStatus {
  return partwiseStatusAtElapsed(schedule, nowMs - startMs);
}

/**
 * The same from the server's time left (seconds) for the whole schedule, which is what the portal
 * has: "the active part follows remaining time".
 */
export function partwiseStatusFromTimeLeft(schedule: PartSchedule, timeLeftSeconds: number): PartwiseStatus {
  return partwiseStatusAtElapsed(schedule, (scheduleLengthSeconds(schedule) - timeLeftSeconds) * 1000);
}

/** The part whose questions are accessible now, or null (before, in a gap, or over). */
export function activePart(status: PartwiseStatus): number | null {
  return status.phase === 'part' ? status.part : null;
}

export function isPartAccessible(partIndex: number, status: PartwiseStatus): boolean {
  return activePart(status) === partIndex;
}

/** Each part's window [startMs, endMs), in ms since the test's start, in paper order. */
export function partWindowsMs(schedule: PartSchedule): { startMs: number; endMs: number }[] {
  const gapMs = seconds(schedule.gapSeconds) * 1000;
  let start = 0;
  return schedule.durationsSeconds.map((duration, part) => {
    const window = { startMs: start, endMs: start + seconds(duration) * 1000 };
    start = window.endMs + (part < schedule.durationsSeconds.length - 1 ? gapMs : 0);
    return window;
  });
}

/**
 * Whether a change to a question of `partIndex` that reaches the server `elapsedMs` after the
 * test's start counts as made while the part was open. The part's end gets the same tolerance as
 * the overall deadline (`graceMs`, ended strictly after end + grace, as exam-clock.ts
 * isPastGrace): a change made just before the part closed may arrive a little later. A part that
 * has not opened yet gets none: no change can be sent before it was made, so a change that early
 * was made while the part was closed (the portal follows the server's clock).
 */
export function isPartChangeOnTime(schedule: PartSchedule, partIndex: number, elapsedMs: number, graceMs: number): boolean {
  const window = partWindowsMs(schedule)[partIndex];
  if (!window) return false;
  return elapsedMs >= window.startMs && elapsedMs <= window.endMs + Math.max(0, graceMs);
}

/** The rest dialog text between parts (spec section 4). */
export function restMessage(partName: string, secondsToNext: number): string {
  return `Time over for ${partName}. Next part will start in ${secondsToNext} seconds.`;
}

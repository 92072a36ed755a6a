import { describe, expect, it } from 'vitest';
import {
  activePart,
  isPartAccessible,
  isPartChangeOnTime,
  partwiseDeadlineMs,
  partwiseStatus,
  partwiseStatusAtElapsed,
  partwiseStatusFromTimeLeft,
  partWindowsMs,
  restMessage,
  scheduleFromMinutes,
  scheduleFromTimeLeftWindows,
  scheduleLengthSeconds,
} from './partwise-timing';

const START = 1_700_000_000_000;
const S = 1000;
// Parts of 10 and 20 minutes and 5 minutes, with a 2-minute rest between parts.
const schedule = scheduleFromMinutes([10, 20, 5], 2);

describe('schedule', () => {
  it('converts minutes and sums durations plus the gaps between parts', () => {
    expect(schedule).toEqual({ durationsSeconds: [600, 1200, 300], gapSeconds: 120 });
    expect(scheduleLengthSeconds(schedule)).toBe(600 + 1200 + 300 + 2 * 120);
    expect(partwiseDeadlineMs(START, schedule)).toBe(START + 2340 * S);
    expect(scheduleLengthSeconds(scheduleFromMinutes([], 2))).toBe(0);
    expect(scheduleLengthSeconds(scheduleFromMinutes([5], 2))).toBe(300);
  });
  it('ignores negative or missing values', () => {
    expect(scheduleFromMinutes([-1, Number.NaN, 1], -3)).toEqual({ durationsSeconds: [0, 0, 60], gapSeconds: 0 });
  });
  it('reads time_lefts / time_lefte as a countdown window', () => {
    expect(
      scheduleFromTimeLeftWindows(
        [
          { time_lefts: 1800, time_lefte: 1200 },
          { time_lefts: 1200, time_lefte: 0 },
        ],
        30,
      ),
    ).toEqual({ durationsSeconds: [600, 1200], gapSeconds: 30 });
  });
});

describe('status', () => {
  it('is in the first part from the start', () => {
    expect(partwiseStatus(schedule, START, START)).toEqual({ phase: 'part', part: 0, secondsLeft: 600 });
    expect(partwiseStatus(schedule, START, START + 1)).toEqual({ phase: 'part', part: 0, secondsLeft: 599 });
    expect(partwiseStatus(schedule, START, START + 599_999)).toEqual({ phase: 'part', part: 0, secondsLeft: 0 });
  });
  it('ends a part exactly at its end second and rests for the gap', () => {
    expect(partwiseStatus(schedule, START, START + 600 * S)).toEqual({ phase: 'gap', endedPart: 0, nextPart: 1, secondsToNext: 120 });
    expect(partwiseStatus(schedule, START, START + 719 * S)).toEqual({ phase: 'gap', endedPart: 0, nextPart: 1, secondsToNext: 1 });
    expect(partwiseStatus(schedule, START, START + 720 * S)).toEqual({ phase: 'part', part: 1, secondsLeft: 1200 });
  });
  it('goes straight to the next part without a gap', () => {
    const noGap = scheduleFromMinutes([1, 1]);
    expect(partwiseStatusAtElapsed(noGap, 59_999)).toEqual({ phase: 'part', part: 0, secondsLeft: 0 });
    expect(partwiseStatusAtElapsed(noGap, 60_000)).toEqual({ phase: 'part', part: 1, secondsLeft: 60 });
  });
  it('has no gap after the last part', () => {
    const lastStart = (600 + 120 + 1200 + 120) * S;
    expect(partwiseStatusAtElapsed(schedule, lastStart)).toEqual({ phase: 'part', part: 2, secondsLeft: 300 });
    expect(partwiseStatusAtElapsed(schedule, lastStart + 300 * S - 1)).toEqual({ phase: 'part', part: 2, secondsLeft: 0 });
    expect(partwiseStatusAtElapsed(schedule, lastStart + 300 * S)).toEqual({ phase: 'over' });
    expect(partwiseStatus(schedule, START, partwiseDeadlineMs(START, schedule))).toEqual({ phase: 'over' });
  });
  it('is before the start on a clock that is behind', () => {
    expect(partwiseStatus(schedule, START, START - 1500)).toEqual({ phase: 'before', secondsToStart: 2 });
  });
  it('skips a part without time', () => {
    const withEmpty = scheduleFromMinutes([1, 0, 1]);
    expect(partwiseStatusAtElapsed(withEmpty, 60_000)).toEqual({ phase: 'part', part: 2, secondsLeft: 60 });
  });
  it('is over for an empty schedule', () => {
    expect(partwiseStatusAtElapsed(scheduleFromMinutes([]), 0)).toEqual({ phase: 'over' });
  });
  it('follows the server time left', () => {
    const total = scheduleLengthSeconds(schedule);
    expect(partwiseStatusFromTimeLeft(schedule, total)).toEqual({ phase: 'part', part: 0, secondsLeft: 600 });
    expect(partwiseStatusFromTimeLeft(schedule, total - 600)).toEqual({ phase: 'gap', endedPart: 0, nextPart: 1, secondsToNext: 120 });
    expect(partwiseStatusFromTimeLeft(schedule, 300)).toEqual({ phase: 'part', part: 2, secondsLeft: 300 });
    expect(partwiseStatusFromTimeLeft(schedule, 0)).toEqual({ phase: 'over' });
  });
});

describe('access and the rest dialog', () => {
  it('opens only the active part', () => {
    const inPart = partwiseStatusAtElapsed(schedule, 800 * S);
    expect(activePart(inPart)).toBe(1);
    expect(isPartAccessible(1, inPart)).toBe(true);
    expect(isPartAccessible(0, inPart)).toBe(false);
    const resting = partwiseStatusAtElapsed(schedule, 650 * S);
    expect(activePart(resting)).toBeNull();
    expect(isPartAccessible(0, resting)).toBe(false);
    expect(isPartAccessible(1, resting)).toBe(false);
  });
  it('says when the next part starts', () => {
    expect(restMessage('Part A', 45)).toBe('Time over for Part A. Next part will start in 45 seconds.');
  });
});

describe('changes to a part (the server deciding whether a change was made while its part was open)', () => {
  const GRACE = 120 * S;
  it('places each part after the earlier ones and their rests', () => {
    expect(partWindowsMs(schedule)).toEqual([
      { startMs: 0, endMs: 600 * S },
      { startMs: 720 * S, endMs: 1920 * S },
      { startMs: 2040 * S, endMs: 2340 * S },
    ]);
    expect(partWindowsMs(scheduleFromMinutes([], 2))).toEqual([]);
  });
  it('accepts a change while the part is open, and up to the grace after it closed', () => {
    expect(isPartChangeOnTime(schedule, 0, 0, GRACE)).toBe(true);
    expect(isPartChangeOnTime(schedule, 0, 599 * S, GRACE)).toBe(true);
    // Part 1 closed at 600 s: its changes count until 600 s + grace, inclusive, as the overall deadline's.
    expect(isPartChangeOnTime(schedule, 0, 720 * S, GRACE)).toBe(true);
    expect(isPartChangeOnTime(schedule, 0, 720 * S + 1, GRACE)).toBe(false);
    expect(isPartChangeOnTime(schedule, 0, 600 * S + 1, 0)).toBe(false);
  });
  it('refuses a change to a part that has not opened yet, with no tolerance', () => {
    expect(isPartChangeOnTime(schedule, 1, 0, GRACE)).toBe(false);
    expect(isPartChangeOnTime(schedule, 1, 720 * S - 1, GRACE)).toBe(false);
    expect(isPartChangeOnTime(schedule, 1, 720 * S, GRACE)).toBe(true);
    expect(isPartChangeOnTime(schedule, 2, 1930 * S, GRACE)).toBe(false);
    // Before the start (a clock behind), and a part that does not exist.
    expect(isPartChangeOnTime(schedule, 0, -1, GRACE)).toBe(false);
    expect(isPartChangeOnTime(schedule, 3, 100 * S, GRACE)).toBe(false);
  });
});

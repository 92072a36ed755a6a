import { describe, expect, it } from 'vitest';
import { examClocks, timeWarning, anchorFromServer, crossedMultiple, delayToNextTick, formatTimeLeft, remainingMs, resyncAnchor, secondsLeft, spokenTimeLeft, ticksSince } from './exam-timer';

describe('exam clock', () => {
  it('starts from the server: deadline minus server time', () => {
    const anchor = anchorFromServer(1_000_000 + 90_500, 1_000_000, 5_000);
    expect(secondsLeft(anchor, 5_000)).toBe(90);
    expect(remainingMs(anchor, 5_000)).toBe(90_500);
  });

  it('counts down from the monotonic clock, so late ticks never drift', () => {
    const anchor = anchorFromServer(60_000, 0, 100);
    // A tick that fires 3.7 s late still shows the true time left.
    expect(secondsLeft(anchor, 100 + 13_700)).toBe(46);
    expect(secondsLeft(anchor, 100 + 60_000)).toBe(0);
    expect(secondsLeft(anchor, 100 + 600_000)).toBe(0);
  });

  it('schedules the next tick just past the next whole second', () => {
    const anchor = anchorFromServer(10_250, 0, 0);
    expect(delayToNextTick(anchor, 0)).toBe(255);
    expect(delayToNextTick(anchor, 250)).toBe(1005);
    expect(delayToNextTick(anchor, 20_000)).toBe(1000);
  });

  it('follows a sync reply only when it disagrees by more than a second', () => {
    const anchor = anchorFromServer(100_000, 0, 0);
    expect(resyncAnchor(anchor, 99, 500)).toBe(anchor);
    expect(resyncAnchor(anchor, 100, 500)).toBe(anchor);
    const moved = resyncAnchor(anchor, 40, 500);
    expect(secondsLeft(moved, 500)).toBe(40);
    expect(secondsLeft(moved, 1_500)).toBe(39);
    // An extension (EXTEND_TEST) grows the time left.
    expect(secondsLeft(resyncAnchor(anchor, 700, 500), 500)).toBe(700);
  });

  it('counts ticks and crossings of autosave and ping intervals', () => {
    expect(ticksSince(1000, 1999)).toBe(0);
    expect(ticksSince(1000, 4200)).toBe(3);
    expect(crossedMultiple(299, 300, 300)).toBe(true);
    expect(crossedMultiple(298, 302, 300)).toBe(true);
    expect(crossedMultiple(300, 301, 300)).toBe(false);
    expect(crossedMultiple(5, 5, 300)).toBe(false);
  });

  it('formats time left for eyes and ears', () => {
    expect(formatTimeLeft(3725)).toBe('01:02:05');
    expect(formatTimeLeft(65)).toBe('01:05');
    expect(formatTimeLeft(-3)).toBe('00:00');
    expect(spokenTimeLeft(3725)).toBe('1 hour 2 minutes left');
    expect(spokenTimeLeft(61)).toBe('1 minute 1 second left');
    expect(spokenTimeLeft(0)).toBe('0 seconds left');
  });

  it('warns once at 5 minutes and at 1 minute left', () => {
    expect(timeWarning(301, 300)).toBe('Only 5 minutes left.');
    expect(timeWarning(300, 299)).toBeNull();
    expect(timeWarning(61, 59)).toBe('Only 1 minute left.');
    expect(timeWarning(400, 30)).toBe('Only 1 minute left.');
    expect(timeWarning(5, 0)).toBeNull();
  });

  it("shows the open part's time left beside the whole test's, and the break's during the rest", () => {
    const names = ['Part A', 'Part B'];
    // Part A (10 min), 1 min rest, Part B (10 min): 17:03 left overall is 6:03 left in Part A.
    expect(examClocks(1023, { phase: 'part', part: 0, secondsLeft: 363 }, names)).toEqual([
      { kind: 'part', label: 'Part A time left', shortLabel: 'Part A', seconds: 363, spoken: 'Part A: 6 minutes left' },
      { kind: 'test', label: 'Test time left', shortLabel: 'Test', seconds: 1023, spoken: 'Test: 17 minutes left' },
    ]);
    expect(examClocks(656, { phase: 'gap', endedPart: 0, nextPart: 1, secondsToNext: 56 }, names)).toEqual([
      { kind: 'break', label: 'Break: Part B starts in', shortLabel: 'Break', seconds: 56, spoken: 'Break: Part B starts in 56 seconds' },
      { kind: 'test', label: 'Test time left', shortLabel: 'Test', seconds: 656, spoken: 'Test: 10 minutes left' },
    ]);
    expect(examClocks(1270, { phase: 'before', secondsToStart: 2 }, names)[0]).toMatchObject({ kind: 'start', label: 'Part A starts in', shortLabel: 'Starts', seconds: 2 });
    // A part without a name is called by its number.
    expect(examClocks(100, { phase: 'part', part: 1, secondsLeft: 100 }, ['Part A', ''])[0]?.label).toBe('Part 2 time left');
    // Without part-wise timing, or once it is over, only the test's clock.
    expect(examClocks(900, null, [])).toEqual([{ kind: 'test', label: 'Time left', shortLabel: 'Test', seconds: 900, spoken: '15 minutes left' }]);
    expect(examClocks(0, { phase: 'over' }, names)).toHaveLength(1);
  });
});

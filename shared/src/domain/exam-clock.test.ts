import { describe, expect, it } from 'vitest';
import { examDeadlineMs, extensionMessage, isAutosaveTick, isPastGrace, isTimeUp, pingIntervalTicks, shouldNotifyUpload, timeLeftSeconds } from './exam-clock';

const START = 1_700_000_000_000;

describe('deadline', () => {
  it('is start + duration + extensions, in minutes', () => {
    expect(examDeadlineMs(START, 60)).toBe(START + 3_600_000);
    expect(examDeadlineMs(START, 60, 10)).toBe(START + 4_200_000);
    expect(examDeadlineMs(START, 60, [5, 10])).toBe(START + 4_500_000);
    expect(examDeadlineMs(START, 60, [])).toBe(START + 3_600_000);
    expect(examDeadlineMs(START, 0.5)).toBe(START + 30_000);
    expect(examDeadlineMs(START, Number.NaN, [Number.NaN, 1])).toBe(START + 60_000);
  });
});

describe('time left', () => {
  const deadline = START + 60_000;
  it('floors to whole seconds and never goes below 0', () => {
    expect(timeLeftSeconds(deadline, START)).toBe(60);
    expect(timeLeftSeconds(deadline, START + 1)).toBe(59);
    expect(timeLeftSeconds(deadline, deadline - 999)).toBe(0);
    expect(timeLeftSeconds(deadline, deadline)).toBe(0);
    expect(timeLeftSeconds(deadline, deadline + 5000)).toBe(0);
  });
  it('is up at the deadline', () => {
    expect(isTimeUp(deadline, deadline - 1)).toBe(false);
    expect(isTimeUp(deadline, deadline)).toBe(true);
  });
  it('is past grace only after deadline + grace', () => {
    expect(isPastGrace(deadline, 30_000, deadline + 30_000)).toBe(false);
    expect(isPastGrace(deadline, 30_000, deadline + 30_001)).toBe(true);
    expect(isPastGrace(deadline, 0, deadline)).toBe(false);
    expect(isPastGrace(deadline, -5, deadline + 1)).toBe(true);
  });
});

describe('ticks', () => {
  it('autosaves every AUTOSAVE_INTERVAL ticks', () => {
    expect(isAutosaveTick(0)).toBe(false);
    expect(isAutosaveTick(299)).toBe(false);
    expect(isAutosaveTick(300)).toBe(true);
    expect(isAutosaveTick(600)).toBe(true);
    expect(isAutosaveTick(10, 5)).toBe(true);
    expect(isAutosaveTick(10, 0)).toBe(false);
  });
  it('pings first after 4 ticks, then every 20 (or as configured)', () => {
    expect(pingIntervalTicks(0)).toBe(4);
    expect(pingIntervalTicks(1)).toBe(20);
    expect(pingIntervalTicks(7, 30)).toBe(30);
  });
  it('reminds to upload below 500 seconds left', () => {
    expect(shouldNotifyUpload(500)).toBe(false);
    expect(shouldNotifyUpload(499)).toBe(true);
    expect(shouldNotifyUpload(100, 60)).toBe(false);
  });
  it('announces an extension', () => {
    expect(extensionMessage(15)).toBe('Test time extended by 15 minutes.');
  });
});

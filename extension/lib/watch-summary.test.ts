import { describe, expect, it } from 'vitest';
import type { Watch } from './proctor-watch';
import { watchSummary } from './watch-summary';

const base = {
  focus: { count: 1, awaySince: null, awayWarned: false, fullScreenExitSince: null, submitted: false },
  settings: { autoTerminate: true, fullScreen: false, mouseOut: false, allowedCount: 50, maxAwayMs: 10_000, warningOffsetMs: 10_000, warningOffsetCount: 10 },
  fullScreen: false,
} as unknown as Watch;

describe('watch summary', () => {
  it('says nothing when no test is watched', () => {
    expect(watchSummary(null)).toEqual([]);
  });

  it('lists what the extension watches for the test, as it is now', () => {
    expect(watchSummary(base)).toEqual(['Tab and window switches: 1 time away so far']);
    const everything = {
      ...base,
      focus: { ...base.focus, count: 3 },
      settings: { ...base.settings, fullScreen: true },
      fullScreen: true,
      media: { face: { normalIntervalMs: 10_000, detectedIntervalMs: 10_000, confirmFrames: 3, confirmGapMs: 1_000 }, speech: true },
      mediaStatus: { camera: 'running', microphone: 'unavailable' },
    } as Watch;
    expect(watchSummary(everything)).toEqual([
      'Tab and window switches: 3 times away so far',
      'Full screen: on',
      'Camera face check: on',
      'Speech detection: not available here (the test page checks instead)',
    ]);
  });
});

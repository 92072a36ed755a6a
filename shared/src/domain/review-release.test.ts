import { describe, expect, it } from 'vitest';
import { effectiveReviewRule, isReviewOpen, reviewOpensAt, reviewOpensText, reviewRecheckDelay } from './review-release';

const HOUR = 3_600_000;

describe('review release', () => {
  it('defaults to after the end for a test with an end time, else on submission', () => {
    expect(effectiveReviewRule(null, 1000)).toBe('after_end');
    expect(effectiveReviewRule(null, null)).toBe('on_submit');
    expect(effectiveReviewRule('manual', null)).toBe('manual');
    expect(effectiveReviewRule('on_submit', 1000)).toBe('on_submit');
  });

  it('opens after the end + duration + grace, at submission, or at the institute’s release time', () => {
    const test = { endsAt: 10 * HOUR, durationSeconds: 1800, releasedAt: null };
    expect(reviewOpensAt({ ...test, rule: null }, 9 * HOUR, 30_000)).toBe(10 * HOUR + 1_800_000 + 30_000);
    expect(reviewOpensAt({ ...test, rule: 'on_submit' }, 9 * HOUR, 30_000)).toBe(9 * HOUR);
    expect(reviewOpensAt({ ...test, rule: 'manual' }, 9 * HOUR, 30_000)).toBeNull();
    expect(reviewOpensAt({ ...test, rule: 'manual', releasedAt: 11 * HOUR }, 9 * HOUR, 30_000)).toBe(11 * HOUR);
    expect(reviewOpensAt({ ...test, endsAt: null, rule: null }, 9 * HOUR, 30_000)).toBe(9 * HOUR);
  });

  it('is open from the opening time on, never when unknown', () => {
    expect(isReviewOpen(null, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isReviewOpen(100, 99)).toBe(false);
    expect(isReviewOpen(100, 100)).toBe(true);
  });

  it('explains when the review opens, and waits until then (at most five minutes; a minute while the time is unknown or past) before asking again', () => {
    expect(reviewOpensText(null, String)).toBe('Review opens when the institute releases it');
    expect(reviewOpensText(5, (ms) => `t${ms}`)).toBe('Review opens at t5');
    const none = { random: () => 0 };
    expect(reviewRecheckDelay(10_000, 4_000, none)).toBe(7_000);
    expect(reviewRecheckDelay(10_000, 4_000, { random: () => 0.5 })).toBe(9_500);
    expect(reviewRecheckDelay(10 * HOUR, 0, none)).toBe(300_000);
    expect(reviewRecheckDelay(null, 0, none)).toBe(60_000);
    expect(reviewRecheckDelay(1, 5, none)).toBe(60_000);
  });
});

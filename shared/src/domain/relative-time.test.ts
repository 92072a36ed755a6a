import { describe, expect, it } from 'vitest';
import { formatLargestUnit, testEndedLabel } from './relative-time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatLargestUnit', () => {
  it('uses the largest whole unit, singular or plural', () => {
    expect(formatLargestUnit(0)).toBe('0 seconds');
    expect(formatLargestUnit(999)).toBe('0 seconds');
    expect(formatLargestUnit(SECOND)).toBe('1 second');
    expect(formatLargestUnit(59 * SECOND)).toBe('59 seconds');
    expect(formatLargestUnit(MINUTE)).toBe('1 minute');
    expect(formatLargestUnit(HOUR - 1)).toBe('59 minutes');
    expect(formatLargestUnit(2 * HOUR + 59 * MINUTE)).toBe('2 hours');
    expect(formatLargestUnit(DAY)).toBe('1 day');
    expect(formatLargestUnit(3 * DAY)).toBe('3 days');
    expect(formatLargestUnit(29 * DAY)).toBe('29 days');
    expect(formatLargestUnit(30 * DAY)).toBe('1 month');
    expect(formatLargestUnit(364 * DAY)).toBe('12 months');
    expect(formatLargestUnit(365 * DAY)).toBe('1 year');
    expect(formatLargestUnit(3 * 365 * DAY)).toBe('3 years');
  });
  it('ignores the sign and non-finite values', () => {
    expect(formatLargestUnit(-3 * DAY)).toBe('3 days');
    expect(formatLargestUnit(Number.NaN)).toBe('0 seconds');
  });
  it('builds the card text', () => {
    expect(testEndedLabel(-5 * MINUTE)).toBe('Test ended 5 minutes ago');
  });
});

import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime, formatLongDate, formatRelativeTime } from './date-time';

describe('formatDateTime', () => {
  it('uses a 12-hour clock with AM/PM, then the date', () => {
    expect(formatDateTime(new Date(2025, 2, 1, 17, 42).getTime())).toBe('05:42 PM, 01 Mar, 2025');
    expect(formatDateTime(new Date(2024, 11, 31, 9, 0).getTime())).toBe('09:00 AM, 31 Dec, 2024');
  });
  it('reads midnight and noon as 12, never 00', () => {
    expect(formatDateTime(new Date(2026, 10, 25, 0, 5).getTime())).toBe('12:05 AM, 25 Nov, 2026');
    expect(formatDateTime(new Date(2026, 10, 25, 12, 30).getTime())).toBe('12:30 PM, 25 Nov, 2026');
  });
  it('shows a dash for no time', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime(Number.NaN)).toBe('-');
  });
});

describe('formatClockTime', () => {
  it('keeps the seconds on the same 12-hour clock', () => {
    expect(formatClockTime(new Date(2026, 0, 2, 13, 1, 5).getTime())).toBe('01:01:05 PM');
    expect(formatClockTime(new Date(2026, 0, 2, 0, 0, 59).getTime())).toBe('12:00:59 AM');
    expect(formatClockTime(null)).toBe('-');
  });
});

describe('formatLongDate', () => {
  it('names the day', () => {
    expect(formatLongDate(new Date(2026, 10, 25))).toBe('Wednesday, 25 Nov, 2026');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 25, 12, 0, 0).getTime();
  it('says how long ago in seconds, minutes, hours, days, months or years', () => {
    expect(formatRelativeTime(now - 5_000, now)).toBe('5 seconds ago');
    expect(formatRelativeTime(now - 90_000, now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 2 * 86_400_000, now)).toBe('2 days ago');
    expect(formatRelativeTime(now - 65 * 86_400_000, now)).toBe('2 months ago');
    expect(formatRelativeTime(now - 800 * 86_400_000, now)).toBe('2 years ago');
  });
  it("reads a time ahead of this device's clock as just now", () => {
    expect(formatRelativeTime(now + 30_000, now)).toBe('just now');
    expect(formatRelativeTime(now, now)).toBe('just now');
  });
});

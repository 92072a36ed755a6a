import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime, formatLongDate } from './date-time';

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

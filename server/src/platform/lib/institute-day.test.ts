import { describe, expect, it } from 'vitest';
import { addDays, instituteDay, mondayOf, weekdayOf } from './institute-day';

describe('institute day', () => {
  it('is the calendar day in the institute zone, not UTC', () => {
    const at = Date.parse('2026-11-22T20:00:00Z'); // Sunday in UTC, Monday 01:30 in Kolkata
    expect(instituteDay(at, 'UTC')).toEqual({ date: '2026-11-22', weekday: 7 });
    expect(instituteDay(at, 'Asia/Kolkata')).toEqual({ date: '2026-11-23', weekday: 1 });
  });

  it('counts days across months and finds the Monday of a week', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs, instituteDay } from './institute-day';

describe('dayStartMs', () => {
  it('is midnight of the day in the zone', () => {
    expect(new Date(dayStartMs('2026-11-28', 'Asia/Kolkata')).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(new Date(dayStartMs('2026-11-28', 'UTC')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(new Date(dayStartMs('2026-07-01', 'America/New_York')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('starts the day instituteDay names, across a change of clocks', () => {
    for (const date of ['2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02']) {
      const start = dayStartMs(date, 'America/New_York');
      expect(instituteDay(start, 'America/New_York').date).toBe(date);
      expect(instituteDay(start - 1, 'America/New_York').date).toBe(addDays(date, -1));
    }
  });
});

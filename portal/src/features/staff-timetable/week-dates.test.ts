import { describe, expect, it } from 'vitest';
import { addDays, clockLabel, dateInWeek, nextOn, shortDate, startAfterPrevious, weekdayOf } from './week-dates';

describe('week dates', () => {
  it('finds weekdays, the next date on a weekday and the date in the week', () => {
    expect(weekdayOf('2035-03-14')).toBe(3);
    expect(weekdayOf('2035-03-18')).toBe(7);
    expect(nextOn('2035-03-14', 3)).toBe('2035-03-14');
    expect(nextOn('2035-03-14', 1)).toBe('2035-03-19');
    expect(dateInWeek('2035-03-14', 1)).toBe('2035-03-12');
    expect(dateInWeek('2035-03-18', 7)).toBe('2035-03-18');
    expect(addDays('2035-02-28', 1)).toBe('2035-03-01');
  });
  it('labels dates and times', () => {
    expect(shortDate('2035-03-14')).toBe('Wed, 14 Mar 2035');
    expect(clockLabel('09:05')).toBe('09:05 AM');
    expect(clockLabel('12:30')).toBe('12:30 PM');
    expect(clockLabel('00:00')).toBe('12:00 AM');
  });
});

describe('a new class start', () => {
  it('follows the day\'s previous class, else 09:00', () => {
    const at = (slot: number, time: string, durationMinutes: number) => ({ day: 1, slot, time, durationMinutes });
    expect(startAfterPrevious({ schedules: [] }, 1, 3)).toBe('09:00');
    expect(startAfterPrevious({ schedules: [at(1, '08:00', 45), at(2, '09:00', 60)] }, 1, 4)).toBe('10:00');
    expect(startAfterPrevious({ schedules: [at(1, '22:30', 120)] }, 1, 2)).toBe('23:00');
  });
});

import { describe, expect, it } from 'vitest';
import { firstAndLast, marksOf, monthWeeks, shiftMonth } from './month-grid';

describe('monthWeeks', () => {
  it('lays March 2025 out Monday first: it starts on a Saturday and spans 6 weeks', () => {
    const weeks = monthWeeks({ year: 2025, month: 3 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(weeks[0]?.[5]).toEqual({ date: '2025-03-01', day: 1, weekday: 6 });
    expect(weeks[1]?.[6]).toEqual({ date: '2025-03-09', day: 9, weekday: 7 });
    expect(weeks[5]?.[0]).toEqual({ date: '2025-03-31', day: 31, weekday: 1 });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('knows leap years and month ends', () => {
    expect(firstAndLast({ year: 2024, month: 2 })).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(firstAndLast({ year: 2025, month: 2 })).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(shiftMonth({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(shiftMonth({ year: 2024, month: 12 }, 1)).toEqual({ year: 2025, month: 1 });
  });
});

describe('marksOf', () => {
  it('marks records, then A for past school days since the first record, N from today, nothing on Sundays or before the first record', () => {
    const marks = marksOf(
      { year: 2025, month: 3 },
      [
        { attendance_date: '2025-03-04', attendance: 'late' },
        { attendance_date: '2025-03-05', attendance: 'half_day' },
        { attendance_date: '2025-03-06', attendance: 'leave' },
        { attendance_date: '2025-03-13', attendance: 'leave' },
      ],
      '2025-03-12',
      '2025-03-03',
    );
    expect(marks.get('2025-03-01')).toBe('none');
    expect(marks.get('2025-03-03')).toBe('unmarked_absent');
    expect(marks.get('2025-03-04')).toBe('late');
    expect(marks.get('2025-03-05')).toBe('half_day');
    expect(marks.get('2025-03-06')).toBe('leave');
    expect(marks.get('2025-03-09')).toBe('sunday');
    expect(marks.get('2025-03-11')).toBe('unmarked_absent');
    expect(marks.get('2025-03-12')).toBe('future');
    expect(marks.get('2025-03-13')).toBe('leave');
    expect(marks.get('2025-03-31')).toBe('future');
  });
});

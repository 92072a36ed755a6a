import type { AttendanceRecord } from '@invigil/shared/api/attendance';
import type { DayMark } from '@invigil/shared/api/attendance-rules';
import { dayMark } from '@invigil/shared/api/attendance-rules';

/** A month of the calendar: 1-12. */
export interface Month {
  year: number;
  month: number;
}

export interface DayCell {
  /** 'yyyy-MM-dd'. */
  date: string;
  day: number;
  /** 1 Monday ... 7 Sunday. */
  weekday: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function daysInMonth({ year, month }: Month): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function firstAndLast(month: Month): { start: string; end: string } {
  return { start: isoDate(month.year, month.month, 1), end: isoDate(month.year, month.month, daysInMonth(month)) };
}

export function shiftMonth({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month holding a 'yyyy-MM-dd' date. */
export function monthOf(date: string): Month {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The browser's today as 'yyyy-MM-dd' (until the server says the institute's). */
export function localToday(now = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The month's weeks, Monday first; null where a week reaches into the month before or after. */
export function monthWeeks(month: Month): (DayCell | null)[][] {
  const weeks: (DayCell | null)[][] = [];
  let week: (DayCell | null)[] = [];
  const firstWeekday = ((new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay() + 6) % 7) + 1;
  for (let blank = 1; blank < firstWeekday; blank += 1) week.push(null);
  for (let day = 1; day <= daysInMonth(month); day += 1) {
    const weekday = ((firstWeekday - 1 + day - 1) % 7) + 1;
    week.push({ date: isoDate(month.year, month.month, day), day, weekday });
    if (weekday === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) {
    while (week.length < 7) week.push(null);
    weeks.push(week);
  }
  return weeks;
}

/** How each mark shows: its letter (not colour alone), its words, and its colours. */
export const MARK_STYLES: Record<DayMark, { letter: string; label: string; tone: string }> = {
  present: { letter: 'P', label: 'Present', tone: 'bg-success text-success-content' },
  absent: { letter: 'A', label: 'Absent', tone: 'bg-error text-error-content' },
  unmarked_absent: { letter: 'A', label: 'Absent (no record)', tone: 'bg-error text-error-content' },
  late: { letter: 'L', label: 'Late', tone: 'bg-warning text-warning-content' },
  half_day: { letter: 'H', label: 'Half day', tone: 'bg-info text-info-content' },
  leave: { letter: 'LV', label: 'Leave', tone: 'bg-secondary text-secondary-content' },
  future: { letter: 'N', label: 'Not yet', tone: 'bg-base-200 text-base-content' },
  sunday: { letter: '', label: 'Sunday', tone: '' },
  none: { letter: '', label: 'No record', tone: '' },
};

/** The legend's entries, in the order a student reads the calendar. */
export const LEGEND: readonly DayMark[] = ['present', 'absent', 'late', 'half_day', 'leave', 'future'];

/** The mark of each day of the month, from the month's records. */
export function marksOf(month: Month, records: readonly AttendanceRecord[], today: string, since: string | null): Map<string, DayMark> {
  const byDate = new Map(records.map((record) => [record.attendance_date, record.attendance]));
  const marks = new Map<string, DayMark>();
  for (const week of monthWeeks(month)) {
    for (const cell of week) {
      if (cell) marks.set(cell.date, dayMark(cell.date, byDate.get(cell.date), today, since, cell.weekday));
    }
  }
  return marks;
}

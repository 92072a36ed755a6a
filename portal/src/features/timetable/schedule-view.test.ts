import type { LiveClassReply, Schedule } from '@invigil/shared/api/timetable';
import { describe, expect, it } from 'vitest';
import { firstUpcomingClass, formatClassEnd, formatClassTime, hasStarted, todaysClasses } from './schedule-view';

const at = (id: string, day: number, slot: number, time: string, duration = 45, canceled = false): Schedule => ({
  _id: id, day, slot, time, duration, subject_name: id, teachers: [], teacher_name: '', created_at: 0, canceled_at: canceled ? 1 : null, date: '2035-03-14',
});

const week = (time: string, schedules: Schedule[]): LiveClassReply => ({ schedules, day: 3, date: '2035-03-14', time, class_name: 'Class A' });

describe("today's classes and the next one", () => {
  const schedules = [at('late', 3, 6, '21:00', 120), at('first', 3, 1, '08:00'), at('canceled', 3, 2, '09:00', 45, true), at('monday', 1, 1, '08:00'), at('third', 3, 3, '10:30', 60)];

  it("lists today's classes by slot, canceled ones included", () => {
    expect(todaysClasses(week('07:00', schedules)).map((s) => s._id)).toEqual(['first', 'canceled', 'third', 'late']);
  });

  it('gives the first class not over and not canceled; one under way counts', () => {
    expect(firstUpcomingClass(week('07:00', schedules))?._id).toBe('first');
    expect(firstUpcomingClass(week('08:44', schedules))?._id).toBe('first');
    expect(hasStarted(schedules[1]!, week('08:44', schedules))).toBe(true);
    // 08:45: the first is over and the canceled 09:00 is skipped.
    expect(firstUpcomingClass(week('08:45', schedules))?._id).toBe('third');
    expect(firstUpcomingClass(week('22:59', schedules))?._id).toBe('late');
    expect(firstUpcomingClass(week('23:00', schedules))).toBeNull();
  });
});

describe('class times on the portal clock', () => {
  it('shows a 12-hour clock and the end time', () => {
    expect(formatClassTime('08:00')).toBe('08:00 AM');
    expect(formatClassTime('00:01')).toBe('12:01 AM');
    expect(formatClassTime('21:30')).toBe('09:30 PM');
    expect(formatClassEnd('09:00', 45)).toBe('09:45 AM');
    expect(formatClassEnd('23:30', 60)).toBe('12:30 AM');
  });
});

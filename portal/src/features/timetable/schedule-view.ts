import type { LiveClassReply, Schedule } from '@invigil/shared/api/timetable';
import { format } from 'date-fns';
import { formatLongDate } from '../../lib/date-time';

/** 'HH:mm' -> minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Today's classes by slot, canceled ones included (they show as canceled). */
export function todaysClasses(reply: LiveClassReply): Schedule[] {
  return reply.schedules.filter((s) => s.day === reply.day).sort((a, b) => a.slot - b.slot || minutesOf(a.time) - minutesOf(b.time));
}

/** The first class today not canceled and not over yet at the institute's clock (one under way counts). */
export function firstUpcomingClass(reply: LiveClassReply): Schedule | null {
  const now = minutesOf(reply.time);
  return (
    todaysClasses(reply)
      .filter((s) => s.canceled_at === null && minutesOf(s.time) + s.duration > now)
      .sort((a, b) => minutesOf(a.time) - minutesOf(b.time))[0] ?? null
  );
}

/** Whether a class has started at the institute's clock (it is under way). */
export function hasStarted(schedule: Schedule, reply: LiveClassReply): boolean {
  return minutesOf(schedule.time) <= minutesOf(reply.time);
}

/** A class's 'HH:mm' on the portal's 12-hour clock ('09:00 AM'), as date-time.ts shows times. */
export function formatClassTime(time: string): string {
  const total = minutesOf(time);
  return format(new Date(2000, 0, 1, Math.floor(total / 60), total % 60), 'hh:mm a');
}

/** When a class ends on the portal's clock ('09:45 AM'); past midnight it reads as the next day's time. */
export function formatClassEnd(time: string, duration: number): string {
  const end = (minutesOf(time) + duration) % (24 * 60);
  return format(new Date(2000, 0, 1, Math.floor(end / 60), end % 60), 'hh:mm a');
}

/** A class's 'yyyy-MM-dd' date as the portal writes days ('Monday, 10 Mar, 2035'). */
export function formatClassDate(date: string): string {
  return formatLongDate(new Date(`${date}T00:00:00`));
}

import type { LiveClassReply, Schedule } from '@invigil/shared/api/timetable';

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

/** 'HH:mm' shown as 'hh:mm AM/PM' (the spec's clock format). */
export function formatClassTime(time: string): string {
  const total = minutesOf(time);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

// Small date helpers on 'yyyy-MM-dd' institute days (no date library in staff code: it would
// split the student's chunks).

const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return toDate(toMs(date) + days * DAY_MS);
}

/** 1 Monday ... 7 Sunday. */
export function weekdayOf(date: string): number {
  const day = new Date(toMs(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first date from `from` on that falls on `weekday`. */
export function nextOn(from: string, weekday: number): string {
  return addDays(from, (weekday - weekdayOf(from) + 7) % 7);
}

/** The date of `weekday` in the week (Monday..Sunday) holding `date`. */
export function dateInWeek(date: string, weekday: number): string {
  return addDays(date, weekday - weekdayOf(date));
}

/** 'Wed, 2 Dec 2026'. */
export function shortDate(date: string): string {
  return new Date(toMs(date)).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** '09:00 AM' from 'HH:mm', as the student's timetable shows it. */
export function clockLabel(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A new class starts when the day's previous class ends (else 09:00), within the day. */
export function startAfterPrevious(week: { schedules: readonly { day: number; slot: number; time: string; durationMinutes: number }[] }, day: number, slot: number): string {
  const before = week.schedules.filter((s) => s.day === day && s.slot < slot).sort((a, b) => b.slot - a.slot)[0];
  if (!before) return '09:00';
  const [h = 0, m = 0] = before.time.split(':').map(Number);
  const end = Math.min(h * 60 + m + before.durationMinutes, 23 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

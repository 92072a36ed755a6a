/** A calendar day in the institute's time zone: what "today" means for classes and attendance. */
export interface InstituteDay {
  /** 'yyyy-MM-dd'. */
  date: string;
  /** 1 Monday ... 7 Sunday (the schedules table's day). */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The institute's calendar day at the instant `ms`. */
export function instituteDay(ms: number, timeZone: string): InstituteDay {
  const date = formatterFor(timeZone).format(new Date(ms)); // en-CA formats as yyyy-MM-dd
  return { date, weekday: weekdayOf(date) };
}

/** 1 Monday ... 7 Sunday of a 'yyyy-MM-dd' date. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The 'yyyy-MM-dd' date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

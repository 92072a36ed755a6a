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

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(ms / 1000) * 1000;
}

/** The instant (epoch ms) a 'yyyy-MM-dd' institute day starts in the zone. */
export function dayStartMs(date: string, timeZone: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  const first = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  // Across a change of offset the instant found has another offset: take that one.
  return utcMidnight - zoneOffsetMs(first, timeZone);
}

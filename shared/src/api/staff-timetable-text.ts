/**
 * The staff timetable's words and constants (issue 30), apart from its zod schemas
 * (staff-timetable.ts) so the portal's screens take them without zod.
 */

/** How a class is met: no meeting, the class's own link (https only), or the institute's Jitsi room. */
export const MEETING_KINDS = ['none', 'link', 'jitsi'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

export const MEETING_LABELS: Record<MeetingKind, string> = {
  none: 'No online meeting',
  link: 'A meeting link',
  jitsi: "The institute's Jitsi room",
};

export const MAX_CLASS_MINUTES = 300;

export const STAFF_TIMETABLE_MESSAGES = {
  classNotFound: 'There is no such class, or it is not one of yours.',
  scheduleNotFound: 'There is no such class in the timetable, or it is not one of yours.',
  subjectNotOfClass: 'Choose one of the class subjects.',
  noJitsi: 'The institute has no Jitsi room set up: choose a link or no meeting.',
  linkNeeded: 'Enter the meeting link (https://...).',
  linkHttps: 'A meeting link starts with https://.',
  pastDate: 'A class can be canceled from today on, not on a past day.',
  notCanceled: 'This class is not canceled on that day.',
  undoPast: 'A past day cannot be changed.',
  endsByMidnight: 'A class must end by midnight.',
} as const;

/** 'Slot 3 on Monday already has Physics (09:00).' */
export function slotTakenMessage(slot: number, dayName: string, subject: string, time: string): string {
  return `Slot ${slot} on ${dayName} already has ${subject} (${time}). Choose another slot or move that class first.`;
}

/** 'Physics at 09:00 for 45 minutes overlaps Chemistry (09:30, slot 2).' */
export function overlapMessage(time: string, duration: number, subject: string, otherTime: string, otherSlot: number): string {
  return `${time} for ${duration} minutes overlaps ${subject} (${otherTime}, slot ${otherSlot}) on that day.`;
}

/** '2026-12-01 is a Tuesday; this class is on Mondays.' */
export function wrongWeekdayMessage(date: string, dateDay: string, classDay: string): string {
  return `${date} is a ${dateDay}; this class is on ${classDay}s.`;
}

/** Only an https address with a host is a meeting link. */
export function isHttpsUrl(text: string): boolean {
  return /^https:\/\/[^\s/?#:@]+(:\d+)?([/?#]\S*)?$/i.test(text);
}

import { z } from 'zod';
import { TIMETABLE_SLOTS } from './timetable-messages';

/**
 * The timetable and live classes (spec sections 2 Timetable, 3 Schedule, 7 GET /live-class).
 *
 *   GET /live-class?ts={now ms}             -> schedules, day, date: the student's class's week
 *   GET /live-class/{id}?date={yyyy-MM-dd}  -> the class and its room, for the live-class page
 *
 * `day` is 1 Monday ... 7 Sunday and `date` 'yyyy-MM-dd', both the institute's calendar day (its
 * time zone), not the browser's: "today" is the institute's today.
 */

export { CLASS_CANCELED_MESSAGE, CLASS_NOT_FOUND_MESSAGE, DAY_NAMES, DAY_SHORT_NAMES, NO_CLASS_MESSAGE, TIMETABLE_SLOTS, dayName, joinOnlyOnMessage } from './timetable-messages';

/** 18 December 9999: its week, in any time zone, still lies in the year 9999 (4-digit dates). */
const LAST_WEEK_START_MS = Date.UTC(9999, 11, 18);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is yyyy-MM-dd.');
const weekday = z.number().int().min(1).max(7);

export const liveClassQuerySchema = z.object({
  /**
   * The browser's now, ms. Optional: the server's clock when absent. Dates are 'yyyy-MM-dd', so the
   * week asked for must end before the year 10000.
   */
  ts: z.coerce.number().int().nonnegative().max(LAST_WEEK_START_MS, 'ts is a time in ms before the year 10000.').optional(),
});
export type LiveClassQuery = z.infer<typeof liveClassQuerySchema>;

export const scheduleSchema = z.object({
  _id: z.string(),
  day: weekday,
  slot: z.number().int().min(1).max(TIMETABLE_SLOTS),
  /** 'HH:mm'. */
  time: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  subject_name: z.string(),
  teachers: z.array(z.object({ name: z.string() })),
  /** The teachers' names joined with ', ' ('' when none). */
  teacher_name: z.string(),
  created_at: z.number(),
  /** Set when the class is canceled on its date in this week. */
  canceled_at: z.number().nullable(),
  /** Its date in the week asked for, 'yyyy-MM-dd'. */
  date: isoDate,
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const liveClassReplySchema = z.object({
  schedules: z.array(scheduleSchema),
  /** Today (1 Monday ... 7 Sunday) in the institute's time zone. */
  day: weekday,
  /** Today, 'yyyy-MM-dd'. */
  date: isoDate,
  /** The institute's clock at ts, 'HH:mm' (which of today's classes are still to come). */
  time: z.string(),
  /** The student's class, or null when they have none (no schedules). */
  class_name: z.string().nullable(),
});
export type LiveClassReply = z.infer<typeof liveClassReplySchema>;

export const liveClassRoomQuerySchema = z.object({ date: isoDate });
export const liveClassIdSchema = z.string().min(1).max(64);

/** Where the class meets: the institute's link for it, an embedded Jitsi room, or nowhere yet. */
export const liveClassRoomSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), meeting_url: z.string() }),
  /** roomName is derived on the server from the class and the date: not guessable from either. */
  z.object({ kind: z.literal('jitsi'), domain: z.string(), roomName: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type LiveClassRoom = z.infer<typeof liveClassRoomSchema>;

export const liveClassRoomReplySchema = z.object({
  schedule: scheduleSchema,
  class_name: z.string(),
  room: liveClassRoomSchema,
});
export type LiveClassRoomReply = z.infer<typeof liveClassRoomReplySchema>;

import { z } from 'zod';
import { MAX_TODOS, TODO_MESSAGES, TODO_TEXT_MAX_LENGTH } from './desk-messages';
import { idSchema, instantSchema, linkSchema } from './import-fields';

/**
 * The portal's sections of the import file (docs/import-format.md, "The portal's data"): classes
 * and subjects, students' profiles, the weekly schedule, notifications and notices, motivations,
 * attendance, chapter notes, bookmarks, todos and purchases. Composed into `importFileSchema`
 * (test-import.ts). Checks within the file (duplicate ids, a canceled date on another weekday,
 * two classes in one slot...) are in `checkPortalSections`, with the path of the field; checks
 * against the database (an unknown class, student, subject, chapter) are made by the import.
 */

/** Ids in the file: stable, so a re-import updates rather than adds. */
const regNoSchema = z.string().trim().min(1).max(64);
const nameSchema = z.string().trim().min(1).max(200);
const teachersSchema = z.array(z.string().trim().min(1).max(200)).max(20);
/** An instant: ISO 8601 with a zone. */

/** A calendar day 'yyyy-MM-dd' that exists (no 2025-02-30). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date looks like 2025-03-01 (yyyy-MM-dd).')
  .refine((date) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return true; // reported by the regex above
    const at = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === date;
  }, 'This date does not exist.');


export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** 1 Monday ... 7 Sunday, as stored. */
export const weekdayNumber = (day: Weekday): number => WEEKDAYS.indexOf(day) + 1;

export const importSubjectSchema = z.strictObject({ id: idSchema, name: nameSchema });
export type ImportSubject = z.infer<typeof importSubjectSchema>;

export const importClassSchema = z.strictObject({
  id: idSchema,
  name: nameSchema,
  /** The subjects the class is taught, with their teachers. Replaces the earlier list on re-import. */
  subjects: z.array(z.strictObject({ subject_id: idSchema, teachers: teachersSchema.default([]) })).max(100).default([]),
});
export type ImportClass = z.infer<typeof importClassSchema>;

/** A student's class and the profile fields of /update/other. Fields left out keep their value. */
export const importProfileSchema = z.strictObject({
  reg_no: regNoSchema,
  /** null: no class. */
  class_id: idSchema.nullable().optional(),
  address: z.string().trim().max(255, 'Max 255 characters').optional(),
  institute: z.string().trim().max(200).optional(),
  city: z.string().trim().max(200).optional(),
});
export type ImportProfile = z.infer<typeof importProfileSchema>;

export const importScheduleSchema = z.strictObject({
  id: idSchema,
  class_id: idSchema,
  subject_id: idSchema,
  day: z.enum(WEEKDAYS, { message: `The day is one of ${WEEKDAYS.join(', ')}.` }),
  slot: z.number({ message: 'The slot is a whole number from 1 to 10.' }).int('The slot is a whole number from 1 to 10.').min(1, 'The slot is a whole number from 1 to 10.').max(10, 'The slot is a whole number from 1 to 10.'),
  /** The start, 'HH:mm' (24-hour clock). */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time looks like 09:30 (HH:mm, 24-hour clock).'),
  /** Minutes. */
  duration: z.number().int('The duration is whole minutes.').min(1, 'The duration is at least 1 minute.').max(24 * 60),
  teachers: teachersSchema.default([]),
  /** The institute's meeting link for this class; null: none. */
  meeting_url: z.string().trim().max(2_000).regex(/^https?:\/\/[^\s]+$/i, 'A meeting link starts with https:// (or http://).').nullable().default(null),
  /** Days ('yyyy-MM-dd', on the class's weekday) the class does not take place. Replaces the earlier list on re-import. */
  canceled: z.array(calendarDateSchema).max(1_000).default([]),
});
export type ImportSchedule = z.infer<typeof importScheduleSchema>;

const broadcastFields = {
  id: idSchema,
  title: z.string().trim().min(1).max(300),
  content: z.string().max(10_000).default(''),
  /** Links to files: https://... or /blobs/public/... */
  attachments: z.array(linkSchema).max(20).default([]),
  /** Who sees it: everyone, the students of class_id, or the student reg_no. */
  audience: z.enum(['all', 'class', 'student'], { message: 'The audience is "all", "class" or "student".' }).default('all'),
  class_id: idSchema.optional(),
  reg_no: regNoSchema.optional(),
  /** When it was sent; default: when first imported (kept on re-import). */
  created_at: instantSchema.optional(),
  /** Students (reg_no) who have already read it (history from an earlier system). Reads are only added. */
  read_by: z.array(regNoSchema).max(100_000).default([]),
};

export const importNotificationSchema = z.strictObject({
  ...broadcastFields,
  /** A new notification is pushed to the audience's subscribed browsers after the import; false: not (history). */
  push: z.boolean().default(true),
});
export type ImportNotification = z.infer<typeof importNotificationSchema>;

export const importNoticeSchema = z.strictObject(broadcastFields);
export type ImportNotice = z.infer<typeof importNoticeSchema>;

export const importMotivationSchema = z.strictObject({ id: idSchema, content: z.string().trim().min(1).max(2_000), created_at: instantSchema.optional() });
export type ImportMotivation = z.infer<typeof importMotivationSchema>;

export const ATTENDANCE_KINDS = ['present', 'absent', 'late', 'half_day', 'leave'] as const;

export const importAttendanceSchema = z.strictObject({
  reg_no: regNoSchema,
  date: calendarDateSchema,
  attendance: z.enum(ATTENDANCE_KINDS, { message: `The attendance is one of ${ATTENDANCE_KINDS.join(', ')}.` }),
});
export type ImportAttendance = z.infer<typeof importAttendanceSchema>;

/** HTML; sanitised on import (server/src/platform/lib/sanitize-html.ts). */
const notesHtml = z.string().max(500_000).default('');

export const importSubtopicSchema = z.strictObject({ id: idSchema, name: nameSchema, content: notesHtml });
export const importTopicSchema = z.strictObject({
  id: idSchema,
  name: nameSchema,
  content: notesHtml,
  subtopics: z.array(importSubtopicSchema).max(200).default([]),
});

/** A chapter's notes: what /notes/{subject}/{chapter}/{chapter id} shows. Replaced whole on re-import. */
export const importChapterNotesSchema = z.strictObject({
  chapter_id: idSchema,
  subject_name: nameSchema,
  chapter_name: nameSchema,
  topics: z.array(importTopicSchema).min(1, 'A chapter needs at least one topic.').max(200),
});
export type ImportChapterNotes = z.infer<typeof importChapterNotesSchema>;

/** A student's bookmark of a topic (or subtopic) of a chapter's notes. */
export const importBookmarkSchema = z.strictObject({
  id: idSchema,
  reg_no: regNoSchema,
  chapter_id: idSchema,
  topic_id: idSchema,
  subtopic_id: idSchema.nullable().default(null),
  created_at: instantSchema.optional(),
});
export type ImportBookmark = z.infer<typeof importBookmarkSchema>;

export const importTodoSchema = z.strictObject({
  id: idSchema,
  reg_no: regNoSchema,
  // The same limits as a todo the student adds (POST /todo/add).
  text: z.string().trim().min(1, 'Please type something!').max(TODO_TEXT_MAX_LENGTH, TODO_MESSAGES.tooLong),
  done: z.boolean().default(false),
  created_at: instantSchema.optional(),
});
export type ImportTodo = z.infer<typeof importTodoSchema>;

/** A merit point purchase (profile: Purchase Date, Meritpoints, Paid). */
export const importPurchaseSchema = z.strictObject({
  id: idSchema,
  reg_no: regNoSchema,
  meritpoints: z.number().int().nonnegative().max(100_000_000),
  /** What was paid, in paise (₹1 = 100). */
  amount_paise: z.number().int().nonnegative().max(1e13),
  created_at: instantSchema,
});
export type ImportPurchase = z.infer<typeof importPurchaseSchema>;

/** The portal's sections, every one optional (a file may hold only attendance, say). */
export const portalSectionsShape = {
  subjects: z.array(importSubjectSchema).max(10_000).default([]),
  classes: z.array(importClassSchema).max(10_000).default([]),
  profiles: z.array(importProfileSchema).max(100_000).default([]),
  schedules: z.array(importScheduleSchema).max(100_000).default([]),
  notifications: z.array(importNotificationSchema).max(100_000).default([]),
  notices: z.array(importNoticeSchema).max(100_000).default([]),
  motivations: z.array(importMotivationSchema).max(10_000).default([]),
  attendance: z.array(importAttendanceSchema).max(1_000_000).default([]),
  chapter_notes: z.array(importChapterNotesSchema).max(10_000).default([]),
  bookmarks: z.array(importBookmarkSchema).max(100_000).default([]),
  todos: z.array(importTodoSchema).max(100_000).default([]),
  purchases: z.array(importPurchaseSchema).max(100_000).default([]),
};
export type PortalSections = z.infer<z.ZodObject<typeof portalSectionsShape>>;

export type PortalSectionName = keyof typeof portalSectionsShape;
export const PORTAL_SECTIONS = Object.keys(portalSectionsShape) as PortalSectionName[];

type Issue = { path: (string | number)[]; message: string };

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The checks within the portal's sections that need more than one field. */
export function checkPortalSections(file: PortalSections, issues: Issue[]): void {
  const dup = <T>(section: PortalSectionName, items: readonly T[], key: (item: T) => string, field: string | null, what: (item: T) => string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k)) issues.push({ path: field === null ? [section, index] : [section, index, field], message: `${what(item)} appears twice in the file.` });
      seen.add(k);
    });
  };
  dup('subjects', file.subjects, (s) => s.id, 'id', (s) => `Subject ${s.id}`);
  dup('classes', file.classes, (c) => c.id, 'id', (c) => `Class ${c.id}`);
  dup('profiles', file.profiles, (p) => p.reg_no.toUpperCase(), 'reg_no', (p) => `The profile of ${p.reg_no}`);
  dup('schedules', file.schedules, (s) => s.id, 'id', (s) => `Schedule ${s.id}`);
  dup('notifications', file.notifications, (n) => n.id, 'id', (n) => `Notification ${n.id}`);
  dup('notices', file.notices, (n) => n.id, 'id', (n) => `Notice ${n.id}`);
  dup('motivations', file.motivations, (m) => m.id, 'id', (m) => `Motivation ${m.id}`);
  dup('attendance', file.attendance, (a) => `${a.reg_no.toUpperCase()}|${a.date}`, null, (a) => `The attendance of ${a.reg_no} on ${a.date}`);
  dup('chapter_notes', file.chapter_notes, (c) => c.chapter_id, 'chapter_id', (c) => `Chapter ${c.chapter_id}`);
  dup('bookmarks', file.bookmarks, (b) => b.id, 'id', (b) => `Bookmark ${b.id}`);
  dup('todos', file.todos, (t) => t.id, 'id', (t) => `Todo ${t.id}`);
  dup('purchases', file.purchases, (p) => p.id, 'id', (p) => `Purchase ${p.id}`);

  const todosOf = new Map<string, number>();
  file.todos.forEach((todo, index) => {
    const count = (todosOf.get(todo.reg_no.toUpperCase()) ?? 0) + 1;
    todosOf.set(todo.reg_no.toUpperCase(), count);
    if (count === MAX_TODOS + 1) issues.push({ path: ['todos', index], message: `${todo.reg_no} has more than ${MAX_TODOS} todos in the file (a student keeps at most ${MAX_TODOS}).` });
  });

  file.classes.forEach((klass, index) => {
    const seen = new Set<string>();
    klass.subjects.forEach((subject, j) => {
      if (seen.has(subject.subject_id)) issues.push({ path: ['classes', index, 'subjects', j, 'subject_id'], message: `Subject ${subject.subject_id} is listed twice for ${klass.id}.` });
      seen.add(subject.subject_id);
    });
  });

  // Two classes of one class on one day may not share a slot or overlap in time.
  const byClassDay = new Map<string, number[]>();
  file.schedules.forEach((schedule, index) => {
    const path = ['schedules', index];
    if (minutesOf(schedule.time) + schedule.duration > 24 * 60) issues.push({ path: [...path, 'duration'], message: `A class starting at ${schedule.time} must end by midnight.` });
    schedule.canceled.forEach((date, j) => {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const day = WEEKDAYS[(weekday + 6) % 7];
      if (day !== schedule.day) issues.push({ path: [...path, 'canceled', j], message: `${date} is a ${day}; this class is on ${schedule.day}s.` });
    });
    if (new Set(schedule.canceled).size !== schedule.canceled.length) issues.push({ path: [...path, 'canceled'], message: 'A canceled date is listed twice.' });
    const key = `${schedule.class_id}|${schedule.day}`;
    const others = byClassDay.get(key) ?? [];
    for (const other of others) {
      const earlier = file.schedules[other];
      if (!earlier) continue;
      const problem = scheduleClash(earlier, schedule);
      if (problem) issues.push({ path: [...path, problem.field], message: `${problem.message} schedule ${earlier.id} (schedules.${other}).` });
    }
    others.push(index);
    byClassDay.set(key, others);
  });

  const audience = (section: 'notifications' | 'notices', item: ImportNotice, index: number) => {
    const path = [section, index];
    if (item.audience === 'class' && item.class_id === undefined) issues.push({ path: [...path, 'class_id'], message: 'The audience "class" needs the class (class_id).' });
    if (item.audience === 'student' && item.reg_no === undefined) issues.push({ path: [...path, 'reg_no'], message: 'The audience "student" needs the student (reg_no).' });
    if (item.audience !== 'class' && item.class_id !== undefined) issues.push({ path: [...path, 'class_id'], message: 'class_id goes with the audience "class".' });
    if (item.audience !== 'student' && item.reg_no !== undefined) issues.push({ path: [...path, 'reg_no'], message: 'reg_no goes with the audience "student".' });
    const readers = new Set<string>();
    item.read_by.forEach((regNo, j) => {
      if (readers.has(regNo.toUpperCase())) issues.push({ path: [...path, 'read_by', j], message: `${regNo} is listed twice.` });
      readers.add(regNo.toUpperCase());
    });
  };
  file.notifications.forEach((item, index) => audience('notifications', item, index));
  file.notices.forEach((item, index) => audience('notices', item, index));

  file.chapter_notes.forEach((chapter, index) => {
    const topics = new Set<string>();
    chapter.topics.forEach((topic, j) => {
      if (topics.has(topic.id)) issues.push({ path: ['chapter_notes', index, 'topics', j, 'id'], message: `Topic ${topic.id} appears twice in ${chapter.chapter_id}.` });
      topics.add(topic.id);
      const subtopics = new Set<string>();
      topic.subtopics.forEach((subtopic, k) => {
        if (subtopics.has(subtopic.id)) issues.push({ path: ['chapter_notes', index, 'topics', j, 'subtopics', k, 'id'], message: `Subtopic ${subtopic.id} appears twice in topic ${topic.id}.` });
        subtopics.add(subtopic.id);
      });
    });
  });
}

/** Why two classes of one class on one day clash (same slot, or overlapping times), or null. */
export function scheduleClash(
  a: Pick<ImportSchedule, 'slot' | 'time' | 'duration'>,
  b: Pick<ImportSchedule, 'slot' | 'time' | 'duration'>,
): { field: 'slot' | 'time'; message: string } | null {
  if (a.slot === b.slot) return { field: 'slot', message: `Slot ${b.slot} on this day is already taken by` };
  const aStart = minutesOf(a.time);
  const bStart = minutesOf(b.time);
  if (aStart < bStart + b.duration && bStart < aStart + a.duration) return { field: 'time', message: `${b.time} for ${b.duration} minutes overlaps` };
  return null;
}

/** What the import did with the portal's sections: inserted and updated per section. */
export type PortalSummary = Record<PortalSectionName, { inserted: number; updated: number }> & {
  /** Notifications added by this import and to be pushed to subscribed browsers once it commits. */
  pushNotificationIds: string[];
};

export function emptyPortalSummary(): PortalSummary {
  const summary = Object.fromEntries(PORTAL_SECTIONS.map((section) => [section, { inserted: 0, updated: 0 }])) as Record<PortalSectionName, { inserted: number; updated: number }>;
  return { ...summary, pushNotificationIds: [] };
}

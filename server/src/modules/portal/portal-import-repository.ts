import type { Kysely } from 'kysely';
import type { Audience, AttendanceKind, Database } from '../../platform/db';

/** The SQL of the import's portal sections (modules/portal/portal-import.ts): lookups, then upserts. */

const CHUNK = 200;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface StoredSchedule {
  id: string;
  classId: string;
  day: number;
  slot: number;
  time: string;
  duration: number;
}

export interface StoredTopic {
  id: string;
  name: string;
  content: string;
  subtopics: { id: string; name: string; content: string }[];
}

export interface StoredChapter {
  chapterId: string;
  subjectName: string;
  chapterName: string;
  topics: StoredTopic[];
}

export interface BroadcastRow {
  id: string;
  title: string;
  content: string;
  attachments: string[];
  audience: Audience;
  audienceId: string | null;
  createdAt: number | undefined;
}

type IdTable = 'classes' | 'subjects' | 'schedules' | 'notifications' | 'notices' | 'motivations';
type OwnedTable = 'bookmarks' | 'todos' | 'purchases';

export function createPortalImportRepository(db: Kysely<Database>) {
  return {
    /** Which of `ids` are stored in `table`. */
    async existingIds(table: IdTable, ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of chunks([...new Set(ids)])) {
        if (part.length === 0) continue;
        const rows = await db.selectFrom(table).select('id').where('id', 'in', part).execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    /** The stored creation time of each of `ids` in `table` (kept on re-import unless the file gives one). */
    async createdAtOf(table: 'notifications' | 'notices' | 'motivations' | 'bookmarks' | 'todos', ids: readonly string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (const part of chunks([...new Set(ids)])) {
        if (part.length === 0) continue;
        const rows = await db.selectFrom(table).select(['id', 'created_at']).where('id', 'in', part).execute();
        for (const row of rows) found.set(row.id, Number(row.created_at));
      }
      return found;
    },

    /** The owner (user id) of each stored row of `ids` in a student's table. */
    async ownersOf(table: OwnedTable, ids: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const part of chunks([...new Set(ids)])) {
        if (part.length === 0) continue;
        const rows = await db.selectFrom(table).select(['id', 'user_id']).where('id', 'in', part).execute();
        for (const row of rows) found.set(row.id, row.user_id);
      }
      return found;
    },

    /** The stored schedules of these classes. */
    async schedulesOfClasses(classIds: readonly string[]): Promise<StoredSchedule[]> {
      const found: StoredSchedule[] = [];
      for (const part of chunks([...new Set(classIds)])) {
        if (part.length === 0) continue;
        const rows = await db.selectFrom('schedules').select(['id', 'class_id', 'day', 'slot', 'time', 'duration_minutes']).where('class_id', 'in', part).execute();
        for (const row of rows) {
          found.push({ id: row.id, classId: row.class_id, day: Number(row.day), slot: Number(row.slot), time: row.time, duration: Number(row.duration_minutes) });
        }
      }
      return found;
    },

    async chapters(chapterIds: readonly string[]): Promise<Map<string, StoredChapter>> {
      const found = new Map<string, StoredChapter>();
      for (const part of chunks([...new Set(chapterIds)])) {
        if (part.length === 0) continue;
        const rows = await db.selectFrom('chapter_notes').select(['chapter_id', 'subject_name', 'chapter_name', 'topics']).where('chapter_id', 'in', part).execute();
        for (const row of rows) {
          let topics: StoredTopic[] = [];
          try {
            topics = JSON.parse(row.topics) as StoredTopic[];
          } catch {
            topics = [];
          }
          found.set(row.chapter_id, { chapterId: row.chapter_id, subjectName: row.subject_name, chapterName: row.chapter_name, topics });
        }
      }
      return found;
    },

    /** Inserts, or updates the stored row (`exists`). */
    async upsertSubject(subject: { id: string; name: string }, exists: boolean): Promise<void> {
      if (exists) await db.updateTable('subjects').set({ name: subject.name }).where('id', '=', subject.id).execute();
      else await db.insertInto('subjects').values(subject).execute();
    },

    async upsertClass(klass: { id: string; name: string; subjects: { subjectId: string; teachers: string[] }[] }, exists: boolean): Promise<void> {
      if (exists) await db.updateTable('classes').set({ name: klass.name }).where('id', '=', klass.id).execute();
      else await db.insertInto('classes').values({ id: klass.id, name: klass.name }).execute();
      await db.deleteFrom('class_subjects').where('class_id', '=', klass.id).execute();
      if (klass.subjects.length > 0) {
        await db
          .insertInto('class_subjects')
          .values(klass.subjects.map((subject) => ({ class_id: klass.id, subject_id: subject.subjectId, teachers: JSON.stringify(subject.teachers) })))
          .execute();
      }
    },

    /** Inserts a profile or updates the fields given; true if inserted. */
    async upsertProfile(userId: string, fields: { class_id?: string | null; address?: string; institute?: string; city?: string }, now: number): Promise<boolean> {
      const existing = await db.selectFrom('student_profiles').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      if (existing) {
        await db.updateTable('student_profiles').set({ ...fields, updated_at: now }).where('user_id', '=', userId).execute();
        return false;
      }
      await db
        .insertInto('student_profiles')
        .values({ user_id: userId, class_id: fields.class_id ?? null, address: fields.address ?? '', institute: fields.institute ?? '', city: fields.city ?? '', updated_at: now })
        .execute();
      return true;
    },

    async upsertSchedule(
      schedule: { id: string; classId: string; subjectId: string; day: number; slot: number; time: string; duration: number; teachers: string[]; meetingUrl: string | null; canceled: string[] },
      exists: boolean,
      now: number,
    ): Promise<void> {
      const values = {
        class_id: schedule.classId,
        subject_id: schedule.subjectId,
        day: schedule.day,
        slot: schedule.slot,
        time: schedule.time,
        duration_minutes: schedule.duration,
        teachers: JSON.stringify(schedule.teachers),
        meeting_url: schedule.meetingUrl,
      };
      if (exists) await db.updateTable('schedules').set(values).where('id', '=', schedule.id).execute();
      else await db.insertInto('schedules').values({ id: schedule.id, ...values, created_at: now }).execute();
      // The canceled days are the file's: earlier ones not listed go, listed ones keep when they were canceled.
      const stored = new Set((await db.selectFrom('schedule_cancellations').select('date').where('schedule_id', '=', schedule.id).execute()).map((row) => row.date));
      const wanted = new Set(schedule.canceled);
      const gone = [...stored].filter((date) => !wanted.has(date));
      if (gone.length > 0) await db.deleteFrom('schedule_cancellations').where('schedule_id', '=', schedule.id).where('date', 'in', gone).execute();
      const added = [...wanted].filter((date) => !stored.has(date));
      if (added.length > 0) await db.insertInto('schedule_cancellations').values(added.map((date) => ({ schedule_id: schedule.id, date, canceled_at: now }))).execute();
    },

    async upsertBroadcast(table: 'notifications' | 'notices', row: BroadcastRow & { createdAt: number }, exists: boolean): Promise<void> {
      const values = {
        title: row.title,
        content: row.content,
        attachments: JSON.stringify(row.attachments),
        audience: row.audience,
        audience_id: row.audienceId,
        created_at: row.createdAt,
      };
      if (exists) await db.updateTable(table).set(values).where('id', '=', row.id).execute();
      else await db.insertInto(table).values({ id: row.id, ...values }).execute();
    },

    /** Marks read for these students; reads already stored stay as they are. */
    async addReads(table: 'notification_reads' | 'notice_reads', id: string, userIds: readonly string[], now: number): Promise<void> {
      for (const part of chunks([...new Set(userIds)])) {
        if (part.length === 0) continue;
        if (table === 'notification_reads') {
          await db
            .insertInto('notification_reads')
            .values(part.map((userId) => ({ notification_id: id, user_id: userId, read_at: now })))
            .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
            .execute();
        } else {
          await db
            .insertInto('notice_reads')
            .values(part.map((userId) => ({ notice_id: id, user_id: userId, read_at: now })))
            .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
            .execute();
        }
      }
    },

    async upsertMotivation(row: { id: string; content: string; createdAt: number }, exists: boolean): Promise<void> {
      if (exists) await db.updateTable('motivations').set({ content: row.content, created_at: row.createdAt }).where('id', '=', row.id).execute();
      else await db.insertInto('motivations').values({ id: row.id, content: row.content, created_at: row.createdAt }).execute();
    },

    /** Which (user id, date) pairs of `records` are stored. Key: `${userId}|${date}`. */
    async storedAttendance(records: readonly { userId: string; date: string }[]): Promise<Set<string>> {
      const found = new Set<string>();
      const datesByUser = new Map<string, string[]>();
      for (const record of records) datesByUser.set(record.userId, [...(datesByUser.get(record.userId) ?? []), record.date]);
      for (const [userId, dates] of datesByUser) {
        for (const part of chunks(dates)) {
          const rows = await db.selectFrom('attendance_records').select('attendance_date').where('user_id', '=', userId).where('attendance_date', 'in', part).execute();
          for (const row of rows) found.add(`${userId}|${row.attendance_date}`);
        }
      }
      return found;
    },

    async upsertAttendance(records: readonly { userId: string; date: string; attendance: AttendanceKind }[], now: number): Promise<void> {
      for (const part of chunks(records)) {
        await db
          .insertInto('attendance_records')
          .values(part.map((record) => ({ user_id: record.userId, attendance_date: record.date, attendance: record.attendance, updated_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'attendance_date']).doUpdateSet((eb) => ({ attendance: eb.ref('excluded.attendance'), updated_at: eb.ref('excluded.updated_at') })))
          .execute();
      }
    },

    async upsertChapter(chapter: StoredChapter, exists: boolean, now: number): Promise<void> {
      const values = { subject_name: chapter.subjectName, chapter_name: chapter.chapterName, topics: JSON.stringify(chapter.topics), updated_at: now };
      if (exists) await db.updateTable('chapter_notes').set(values).where('chapter_id', '=', chapter.chapterId).execute();
      else await db.insertInto('chapter_notes').values({ chapter_id: chapter.chapterId, ...values }).execute();
    },

    async upsertBookmark(
      row: { id: string; userId: string; subjectName: string; chapterId: string; chapterName: string; topicId: string; topicName: string; subtopicId: string | null; subtopicName: string | null; createdAt: number },
      exists: boolean,
    ): Promise<void> {
      const values = {
        user_id: row.userId,
        subject_name: row.subjectName,
        chapter_id: row.chapterId,
        chapter_name: row.chapterName,
        topic_id: row.topicId,
        topic_name: row.topicName,
        subtopic_id: row.subtopicId,
        subtopic_name: row.subtopicName,
        created_at: row.createdAt,
      };
      if (exists) await db.updateTable('bookmarks').set(values).where('id', '=', row.id).execute();
      else await db.insertInto('bookmarks').values({ id: row.id, ...values }).execute();
    },

    async upsertTodo(row: { id: string; userId: string; text: string; done: boolean; createdAt: number }, exists: boolean, now: number): Promise<void> {
      const values = { user_id: row.userId, text: row.text, done: row.done ? (1 as const) : (0 as const), created_at: row.createdAt, updated_at: now };
      if (exists) await db.updateTable('todos').set(values).where('id', '=', row.id).execute();
      else await db.insertInto('todos').values({ id: row.id, ...values }).execute();
    },

    async upsertPurchase(row: { id: string; userId: string; meritpoints: number; amountPaise: number; createdAt: number }, exists: boolean): Promise<void> {
      const values = { user_id: row.userId, meritpoints: row.meritpoints, amount_paise: row.amountPaise, created_at: row.createdAt };
      if (exists) await db.updateTable('purchases').set(values).where('id', '=', row.id).execute();
      else await db.insertInto('purchases').values({ id: row.id, ...values }).execute();
    },
  };
}

export type PortalImportRepository = ReturnType<typeof createPortalImportRepository>;

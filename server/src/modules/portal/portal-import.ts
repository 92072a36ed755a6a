import type { Kysely } from 'kysely';
import type { ImportFile } from '@invigil/shared/api/test-import';
import type { PortalSummary } from '@invigil/shared/api/portal-import';
import { emptyPortalSummary, scheduleClash, WEEKDAYS, weekdayNumber } from '@invigil/shared/api/portal-import';
import type { Database } from '../../platform/db';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { sanitizeHtml } from '../../platform/lib/sanitize-html';
import { createPortalImportRepository } from './portal-import-repository';
import type { StoredChapter, StoredSchedule } from './portal-import-repository';

/**
 * The portal's sections of an import (shared/src/api/portal-import.ts), inside the import's one
 * transaction: `checkPortalReferences` finds every reference the file makes that neither the file
 * nor the database holds (before any write), then `writePortalSections` writes them, after the
 * students. Rows are matched by the file's ids, so importing a file twice leaves what it left.
 */

/** Every registration number the portal's sections name (looked up with the other sections'). */
export function portalRegNos(file: ImportFile): string[] {
  return [
    ...file.profiles.map((profile) => profile.reg_no),
    ...[...file.notifications, ...file.notices].flatMap((item) => [...(item.reg_no === undefined ? [] : [item.reg_no]), ...item.read_by]),
    ...file.attendance.map((record) => record.reg_no),
    ...file.bookmarks.map((bookmark) => bookmark.reg_no),
    ...file.todos.map((todo) => todo.reg_no),
    ...file.purchases.map((purchase) => purchase.reg_no),
  ];
}

/** What the checks found stored, for the writes. */
export interface PortalPlan {
  classes: Set<string>;
  subjects: Set<string>;
  schedules: Set<string>;
  notifications: Set<string>;
  notices: Set<string>;
  motivations: Set<string>;
  chapters: Map<string, StoredChapter>;
  owners: { bookmarks: Map<string, string>; todos: Map<string, string>; purchases: Map<string, string> };
}

const dayName = (day: number): string => WEEKDAYS[day - 1] ?? String(day);

/**
 * Checks the portal sections' references against the file and the database and adds an issue,
 * with its field path, for each that is missing. `userIdOf` gives a stored student's id, or
 * undefined for a student only in the file (new); `knownRegNo` whether a student is in either.
 */
export async function checkPortalReferences(
  db: Kysely<Database>,
  file: ImportFile,
  knownRegNo: (regNo: string) => boolean,
  storedUserId: (regNo: string) => string | undefined,
  issues: ReadableIssue[],
): Promise<PortalPlan> {
  const repo = createPortalImportRepository(db);
  const fileClasses = new Set(file.classes.map((klass) => klass.id));
  const fileSubjects = new Set(file.subjects.map((subject) => subject.id));
  const classIds = [
    ...file.classes.map((klass) => klass.id),
    ...file.profiles.flatMap((profile) => (profile.class_id ? [profile.class_id] : [])),
    ...file.schedules.map((schedule) => schedule.class_id),
    ...[...file.notifications, ...file.notices].flatMap((item) => (item.class_id === undefined ? [] : [item.class_id])),
  ];
  const subjectIds = [...file.subjects.map((subject) => subject.id), ...file.classes.flatMap((klass) => klass.subjects.map((subject) => subject.subject_id)), ...file.schedules.map((schedule) => schedule.subject_id)];
  const plan: PortalPlan = {
    classes: await repo.existingIds('classes', classIds),
    subjects: await repo.existingIds('subjects', subjectIds),
    schedules: await repo.existingIds('schedules', file.schedules.map((schedule) => schedule.id)),
    notifications: await repo.existingIds('notifications', file.notifications.map((item) => item.id)),
    notices: await repo.existingIds('notices', file.notices.map((item) => item.id)),
    motivations: await repo.existingIds('motivations', file.motivations.map((item) => item.id)),
    chapters: await repo.chapters([...file.chapter_notes.map((chapter) => chapter.chapter_id), ...file.bookmarks.map((bookmark) => bookmark.chapter_id)]),
    owners: {
      bookmarks: await repo.ownersOf('bookmarks', file.bookmarks.map((item) => item.id)),
      todos: await repo.ownersOf('todos', file.todos.map((item) => item.id)),
      purchases: await repo.ownersOf('purchases', file.purchases.map((item) => item.id)),
    },
  };
  const knownClass = (id: string) => fileClasses.has(id) || plan.classes.has(id);
  const knownSubject = (id: string) => fileSubjects.has(id) || plan.subjects.has(id);
  const student = (regNo: string, path: string) => {
    if (!knownRegNo(regNo)) issues.push({ path, message: `There is no student ${regNo}.` });
  };

  file.classes.forEach((klass, index) =>
    klass.subjects.forEach((subject, j) => {
      if (!knownSubject(subject.subject_id)) issues.push({ path: `classes.${index}.subjects.${j}.subject_id`, message: `There is no subject ${subject.subject_id}.` });
    }),
  );
  file.profiles.forEach((profile, index) => {
    student(profile.reg_no, `profiles.${index}.reg_no`);
    if (profile.class_id && !knownClass(profile.class_id)) issues.push({ path: `profiles.${index}.class_id`, message: `There is no class ${profile.class_id}.` });
  });

  // Schedules: references, and clashes with stored classes that the file does not replace.
  const fileScheduleIds = new Set(file.schedules.map((schedule) => schedule.id));
  const stored = (await repo.schedulesOfClasses(file.schedules.map((schedule) => schedule.class_id))).filter((schedule) => !fileScheduleIds.has(schedule.id));
  const storedByClassDay = new Map<string, StoredSchedule[]>();
  for (const schedule of stored) {
    const key = `${schedule.classId}|${schedule.day}`;
    storedByClassDay.set(key, [...(storedByClassDay.get(key) ?? []), schedule]);
  }
  file.schedules.forEach((schedule, index) => {
    const path = `schedules.${index}`;
    if (!knownClass(schedule.class_id)) issues.push({ path: `${path}.class_id`, message: `There is no class ${schedule.class_id}.` });
    if (!knownSubject(schedule.subject_id)) issues.push({ path: `${path}.subject_id`, message: `There is no subject ${schedule.subject_id}.` });
    for (const other of storedByClassDay.get(`${schedule.class_id}|${weekdayNumber(schedule.day)}`) ?? []) {
      const clash = scheduleClash({ slot: other.slot, time: other.time, duration: other.duration }, schedule);
      if (clash) issues.push({ path: `${path}.${clash.field}`, message: `${clash.message} the stored schedule ${other.id} (${dayName(other.day)}, slot ${other.slot}, ${other.time}).` });
    }
  });

  for (const section of ['notifications', 'notices'] as const) {
    file[section].forEach((item, index) => {
      const path = `${section}.${index}`;
      if (item.audience === 'class' && item.class_id !== undefined && !knownClass(item.class_id)) issues.push({ path: `${path}.class_id`, message: `There is no class ${item.class_id}.` });
      if (item.audience === 'student' && item.reg_no !== undefined) student(item.reg_no, `${path}.reg_no`);
      item.read_by.forEach((regNo, j) => student(regNo, `${path}.read_by.${j}`));
    });
  }

  file.attendance.forEach((record, index) => student(record.reg_no, `attendance.${index}.reg_no`));

  // Bookmarks point at a topic (and subtopic) of notes in the file, else of stored notes.
  const fileChapters = new Map(file.chapter_notes.map((chapter) => [chapter.chapter_id, chapter]));
  file.bookmarks.forEach((bookmark, index) => {
    const path = `bookmarks.${index}`;
    student(bookmark.reg_no, `${path}.reg_no`);
    const chapter = fileChapters.get(bookmark.chapter_id) ?? plan.chapters.get(bookmark.chapter_id);
    if (!chapter) {
      issues.push({ path: `${path}.chapter_id`, message: `There are no notes of chapter ${bookmark.chapter_id}.` });
      return;
    }
    const topic = chapter.topics.find((candidate) => candidate.id === bookmark.topic_id);
    if (!topic) {
      issues.push({ path: `${path}.topic_id`, message: `Chapter ${bookmark.chapter_id} has no topic ${bookmark.topic_id}.` });
      return;
    }
    if (bookmark.subtopic_id !== null && !topic.subtopics.some((subtopic) => subtopic.id === bookmark.subtopic_id)) {
      issues.push({ path: `${path}.subtopic_id`, message: `Topic ${bookmark.topic_id} has no subtopic ${bookmark.subtopic_id}.` });
    }
  });

  // A student's row keeps its student: an id already used by another student's row is refused.
  for (const section of ['bookmarks', 'todos', 'purchases'] as const) {
    file[section].forEach((item, index) => {
      student(item.reg_no, `${section}.${index}.reg_no`);
      const owner = plan.owners[section].get(item.id);
      if (owner !== undefined && owner !== storedUserId(item.reg_no)) {
        issues.push({ path: `${section}.${index}.id`, message: `${section.slice(0, 1).toUpperCase()}${section.slice(1, -1)} ${item.id} belongs to another student.` });
      }
    });
  }
  return plan;
}

const instant = (date: string | undefined, fallback: number): number => (date === undefined ? fallback : Date.parse(date));

/** Writes the portal's sections after the students (every reference was checked). */
export async function writePortalSections(db: Kysely<Database>, file: ImportFile, plan: PortalPlan, userIdOf: (regNo: string) => string, now: number): Promise<PortalSummary> {
  const repo = createPortalImportRepository(db);
  const summary = emptyPortalSummary();
  const count = (section: keyof Omit<PortalSummary, 'pushNotificationIds'>, existed: boolean) => {
    summary[section][existed ? 'updated' : 'inserted'] += 1;
  };

  for (const subject of file.subjects) {
    await repo.upsertSubject(subject, plan.subjects.has(subject.id));
    count('subjects', plan.subjects.has(subject.id));
  }
  for (const klass of file.classes) {
    await repo.upsertClass({ id: klass.id, name: klass.name, subjects: klass.subjects.map((subject) => ({ subjectId: subject.subject_id, teachers: subject.teachers })) }, plan.classes.has(klass.id));
    count('classes', plan.classes.has(klass.id));
  }
  for (const profile of file.profiles) {
    const { reg_no: regNo, ...fields } = profile;
    const inserted = await repo.upsertProfile(userIdOf(regNo), fields, now);
    count('profiles', !inserted);
  }
  for (const schedule of file.schedules) {
    await repo.upsertSchedule(
      {
        id: schedule.id,
        classId: schedule.class_id,
        subjectId: schedule.subject_id,
        day: weekdayNumber(schedule.day),
        slot: schedule.slot,
        time: schedule.time,
        duration: schedule.duration,
        teachers: schedule.teachers,
        meetingUrl: schedule.meeting_url,
        canceled: schedule.canceled,
      },
      plan.schedules.has(schedule.id),
      now,
    );
    count('schedules', plan.schedules.has(schedule.id));
  }

  for (const section of ['notifications', 'notices'] as const) {
    const createdAt = await repo.createdAtOf(section, file[section].map((item) => item.id));
    for (const item of file[section]) {
      const existed = plan[section].has(item.id);
      await repo.upsertBroadcast(
        section,
        {
          id: item.id,
          title: item.title,
          content: item.content,
          attachments: item.attachments,
          audience: item.audience,
          audienceId: item.audience === 'class' ? (item.class_id ?? null) : item.audience === 'student' ? userIdOf(item.reg_no ?? '') : null,
          createdAt: instant(item.created_at, createdAt.get(item.id) ?? now),
        },
        existed,
      );
      if (item.read_by.length > 0) await repo.addReads(section === 'notifications' ? 'notification_reads' : 'notice_reads', item.id, item.read_by.map(userIdOf), now);
      count(section, existed);
      if (section === 'notifications' && !existed && 'push' in item && item.push) summary.pushNotificationIds.push(item.id);
    }
  }

  const motivationsCreated = await repo.createdAtOf('motivations', file.motivations.map((item) => item.id));
  for (const motivation of file.motivations) {
    await repo.upsertMotivation({ id: motivation.id, content: motivation.content, createdAt: instant(motivation.created_at, motivationsCreated.get(motivation.id) ?? now) }, plan.motivations.has(motivation.id));
    count('motivations', plan.motivations.has(motivation.id));
  }

  if (file.attendance.length > 0) {
    const records = file.attendance.map((record) => ({ userId: userIdOf(record.reg_no), date: record.date, attendance: record.attendance }));
    const stored = await repo.storedAttendance(records);
    for (const record of records) count('attendance', stored.has(`${record.userId}|${record.date}`));
    await repo.upsertAttendance(records, now);
  }

  for (const chapter of file.chapter_notes) {
    const topics = chapter.topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      content: sanitizeHtml(topic.content),
      subtopics: topic.subtopics.map((subtopic) => ({ id: subtopic.id, name: subtopic.name, content: sanitizeHtml(subtopic.content) })),
    }));
    const existed = plan.chapters.has(chapter.chapter_id);
    const stored: StoredChapter = { chapterId: chapter.chapter_id, subjectName: chapter.subject_name, chapterName: chapter.chapter_name, topics };
    await repo.upsertChapter(stored, existed, now);
    plan.chapters.set(chapter.chapter_id, stored);
    count('chapter_notes', existed);
  }

  const bookmarksCreated = await repo.createdAtOf('bookmarks', file.bookmarks.map((item) => item.id));
  for (const bookmark of file.bookmarks) {
    const chapter = plan.chapters.get(bookmark.chapter_id);
    const topic = chapter?.topics.find((candidate) => candidate.id === bookmark.topic_id);
    if (!chapter || !topic) throw new Error(`Bookmark ${bookmark.id}: no topic ${bookmark.topic_id} in ${bookmark.chapter_id}`);
    const subtopic = bookmark.subtopic_id === null ? null : (topic.subtopics.find((candidate) => candidate.id === bookmark.subtopic_id) ?? null);
    const existed = plan.owners.bookmarks.has(bookmark.id);
    await repo.upsertBookmark(
      {
        id: bookmark.id,
        userId: userIdOf(bookmark.reg_no),
        subjectName: chapter.subjectName,
        chapterId: chapter.chapterId,
        chapterName: chapter.chapterName,
        topicId: topic.id,
        topicName: topic.name,
        subtopicId: subtopic?.id ?? null,
        subtopicName: subtopic?.name ?? null,
        createdAt: instant(bookmark.created_at, bookmarksCreated.get(bookmark.id) ?? now),
      },
      existed,
    );
    count('bookmarks', existed);
  }

  const todosCreated = await repo.createdAtOf('todos', file.todos.map((item) => item.id));
  for (const todo of file.todos) {
    const existed = plan.owners.todos.has(todo.id);
    await repo.upsertTodo({ id: todo.id, userId: userIdOf(todo.reg_no), text: todo.text, done: todo.done, createdAt: instant(todo.created_at, todosCreated.get(todo.id) ?? now) }, existed, now);
    count('todos', existed);
  }

  for (const purchase of file.purchases) {
    const existed = plan.owners.purchases.has(purchase.id);
    await repo.upsertPurchase({ id: purchase.id, userId: userIdOf(purchase.reg_no), meritpoints: purchase.meritpoints, amountPaise: purchase.amount_paise, createdAt: Date.parse(purchase.created_at) }, existed);
    count('purchases', existed);
  }
  return summary;
}

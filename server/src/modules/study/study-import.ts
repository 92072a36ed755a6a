import type { Kysely } from 'kysely';
import type { StudySections } from '@invigil/shared/api/study-import';
import { attachmentTypeOf } from '@invigil/shared/api/study-import';
import type { Database } from '../../platform/db';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { createStudyRepository } from './study-repository';

/**
 * The import's study section (shared/src/api/study-import.ts), inside the import's transaction:
 * `checkStudyReferences` finds subjects, classes and students the file names but neither the file
 * nor the database holds (before any write); `writeStudySections` writes the items, their
 * attachments and scores after the portal's subjects and classes. Items are matched by id, so
 * importing a file twice leaves what it left.
 */

/** What the study section needs besides itself: the subjects and classes of the same file. */
type StudyFile = StudySections & { subjects: readonly { id: string }[]; classes: readonly { id: string }[] };

export interface StudyPlan {
  /** Stored items: id -> published_at (kept on re-import when the file leaves it out). */
  existing: Map<string, number>;
}

/** Every registration number the study section names. */
export function studyRegNos(file: StudySections): string[] {
  return file.study_items.flatMap((item) => item.scores.map((score) => score.reg_no));
}

async function storedIds(db: Kysely<Database>, table: 'subjects' | 'classes', ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', unique).execute();
  return new Set(rows.map((row) => row.id));
}

export async function checkStudyReferences(db: Kysely<Database>, file: StudyFile, knownRegNo: (regNo: string) => boolean, issues: ReadableIssue[]): Promise<StudyPlan> {
  if (file.study_items.length === 0) return { existing: new Map() };
  const fileSubjects = new Set(file.subjects.map((subject) => subject.id));
  const fileClasses = new Set(file.classes.map((klass) => klass.id));
  const subjects = await storedIds(db, 'subjects', file.study_items.map((item) => item.subject_id).filter((id) => !fileSubjects.has(id)));
  const classes = await storedIds(db, 'classes', file.study_items.flatMap((item) => (item.class_id === null || fileClasses.has(item.class_id) ? [] : [item.class_id])));
  file.study_items.forEach((item, index) => {
    const path = `study_items.${index}`;
    if (!fileSubjects.has(item.subject_id) && !subjects.has(item.subject_id)) issues.push({ path: `${path}.subject_id`, message: `There is no subject ${item.subject_id}.` });
    if (item.class_id !== null && !fileClasses.has(item.class_id) && !classes.has(item.class_id)) issues.push({ path: `${path}.class_id`, message: `There is no class ${item.class_id}.` });
    item.scores.forEach((score, j) => {
      if (!knownRegNo(score.reg_no)) issues.push({ path: `${path}.scores.${j}.reg_no`, message: `There is no student ${score.reg_no}.` });
    });
  });
  return { existing: await createStudyRepository(db).existingItems(file.study_items.map((item) => item.id)) };
}

/** Writes the study items after the portal's sections (every reference was checked). */
export async function writeStudySections(db: Kysely<Database>, file: StudySections, plan: StudyPlan, userIdOf: (regNo: string) => string, now: number): Promise<{ inserted: number; updated: number }> {
  const repo = createStudyRepository(db);
  const counts = { inserted: 0, updated: 0 };
  for (const item of file.study_items) {
    const stored = plan.existing.get(item.id);
    await repo.upsertItem(
      {
        id: item.id,
        subjectId: item.subject_id,
        authorId: item.author_id,
        authorName: item.author_name,
        type: item.type,
        title: item.title,
        description: item.description,
        classId: item.class_id,
        dueAt: item.due_date === null ? null : Date.parse(item.due_date),
        maxMarksHundredths: item.max_marks === null ? null : Math.round(item.max_marks * 100),
        publishedAt: item.published_at === undefined ? (stored ?? now) : Date.parse(item.published_at),
        resultPublished: item.result_published,
        attachments: item.attachments.map((attachment) => ({ name: attachment.name, url: attachment.url, type: attachmentTypeOf(attachment.url, attachment.type) })),
      },
      stored !== undefined,
      now,
    );
    for (const score of item.scores) await repo.upsertScore(item.id, userIdOf(score.reg_no), Math.round(score.score * 100), now);
    counts[stored === undefined ? 'inserted' : 'updated'] += 1;
  }
  return counts;
}

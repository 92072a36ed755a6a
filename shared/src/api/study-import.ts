import { z } from 'zod';
import { STUDY_TYPES, takesUploads } from './study-messages';
import { idSchema, instantSchema, linkSchema } from './import-fields';

/**
 * The study section of the import file (docs/import-format.md, "Study material"): study items
 * with their attachments and, for assignments and home work, the students' scores. Composed into
 * `importFileSchema` (test-import.ts); checks against the database (an unknown subject, class or
 * student) are made by the import (server/src/modules/study/study-import.ts).
 */


export const importStudyAttachmentSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  url: linkSchema,
  /** What the viewer does with it: 'pdf', 'video', 'image', 'link'...; default from the URL's extension. */
  type: z.string().trim().min(1).max(40).optional(),
});

export const importStudyScoreSchema = z.strictObject({
  reg_no: z.string().trim().min(1).max(64),
  score: z.number().min(0).max(100_000),
});

export const importStudyItemSchema = z.strictObject({
  id: idSchema,
  subject_id: idSchema,
  /** The teacher who published it: the subject cards are per subject and author. */
  author_id: idSchema,
  author_name: z.string().trim().min(1).max(200),
  type: z.enum(STUDY_TYPES, { message: `The type is one of ${STUDY_TYPES.join(', ')}.` }),
  title: z.string().trim().min(1).max(300),
  description: z.string().max(10_000).default(''),
  /** Only the students of this class see it; null: every student. */
  class_id: idSchema.nullable().default(null),
  /** Assignments and home work. */
  due_date: instantSchema.nullable().default(null),
  max_marks: z.number().positive().max(100_000).nullable().default(null),
  /** When it was published; default: when first imported (kept on re-import). */
  published_at: instantSchema.optional(),
  /** Scores show to the students once true. */
  result_published: z.boolean().default(false),
  /** Replaces the earlier list on re-import. */
  attachments: z.array(importStudyAttachmentSchema).max(20).default([]),
  /** Students' scores (assignments and home work); added or replaced per student. */
  scores: z.array(importStudyScoreSchema).max(100_000).default([]),
});
export type ImportStudyItem = z.infer<typeof importStudyItemSchema>;

export const studySectionsShape = {
  study_items: z.array(importStudyItemSchema).max(100_000).default([]),
};
export type StudySections = z.infer<z.ZodObject<typeof studySectionsShape>>;

type Issue = { path: (string | number)[]; message: string };

/** The checks within the study section that need more than one field. */
export function checkStudySections(file: StudySections, issues: Issue[]): void {
  const ids = new Set<string>();
  file.study_items.forEach((item, index) => {
    const path = ['study_items', index];
    if (ids.has(item.id)) issues.push({ path: [...path, 'id'], message: `Study item ${item.id} appears twice in the file.` });
    ids.add(item.id);
    if (!takesUploads(item.type)) {
      if (item.due_date !== null) issues.push({ path: [...path, 'due_date'], message: 'Only assignments and home work have a due date.' });
      if (item.max_marks !== null) issues.push({ path: [...path, 'max_marks'], message: 'Only assignments and home work have max marks.' });
      if (item.scores.length > 0) issues.push({ path: [...path, 'scores'], message: 'Only assignments and home work are scored.' });
    }
    const students = new Set<string>();
    item.scores.forEach((score, j) => {
      if (students.has(score.reg_no.toUpperCase())) issues.push({ path: [...path, 'scores', j, 'reg_no'], message: `${score.reg_no} is scored twice.` });
      students.add(score.reg_no.toUpperCase());
      if (item.max_marks !== null && score.score > item.max_marks) issues.push({ path: [...path, 'scores', j, 'score'], message: `The score is more than the max marks (${item.max_marks}).` });
    });
  });
}

/** The attachment type the viewer uses when the file does not say: from the URL's extension. */
export function attachmentTypeOf(url: string, given?: string): string {
  if (given) return given.toLowerCase();
  const path = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  const ext = path.slice(path.lastIndexOf('.') + 1);
  if (ext === 'pdf') return 'pdf';
  if (['mp4', 'webm', 'ogv', 'mov', 'm3u8'].includes(ext)) return 'video';
  if (['png', 'jpg', 'jpeg', 'webp', 'gif', 'svg'].includes(ext)) return 'image';
  if (['mp3', 'wav', 'm4a', 'ogg'].includes(ext)) return 'audio';
  return 'link';
}

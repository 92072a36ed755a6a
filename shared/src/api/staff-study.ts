import { z } from 'zod';
import { STAFF_STUDY_MESSAGES, STAFF_STUDY_TYPES, STUDY_ATTACHMENT_CONTENT_TYPES, STUDY_ATTACHMENTS_MAX, STUDY_COMMENT_MAX, STUDY_DESCRIPTION_MAX, STUDY_MAX_MARKS, STUDY_TITLE_MAX } from './staff-study-text';
import type { StaffStudyType } from './staff-study-text';

/**
 * Study material in the staff console (issue 30; decision 0066). An admin reaches every item; a
 * teacher the items of their classes and subjects (an item for everyone is an admin's); a proctor
 * gets 403, a student 401. Items are published on save; the student's screens read them at once.
 *
 *   GET    /api/staff/study/options                      StaffStudyOptions: the classes and subjects one may choose
 *   GET    /api/staff/study/items?type=&class=&subject=&q=&page=
 *                                                        staffStudyListQuerySchema -> StaffStudyListReply
 *   POST   /api/staff/study/items                        studyItemRequestSchema -> StaffStudyItemReply (201)
 *   GET    /api/staff/study/items/{id}                   StaffStudyItemReply: the item and its audience's submissions
 *   PUT    /api/staff/study/items/{id}                   studyItemRequestSchema -> StaffStudyItemReply
 *   DELETE /api/staff/study/items/{id}?confirm=submissions
 *                                                        { message } (409 when students handed in files, unless confirmed)
 *   POST   /api/staff/study/items/{id}/publish-scores    StaffStudyItemReply (the graded students are notified)
 *   POST   /api/staff/study/attachments                  attachmentUrlRequestSchema -> AttachmentUrlReply
 *   PUT    /blobs/study-upload/staff/{file}?e&s         the attachment's bytes (the signature is the permission)
 *
 * Grading submissions (the grading screen of issue 29):
 *   GET    /api/staff/study/grading                      StudyGradingListReply: assignments and home work with submissions
 *   GET    /api/staff/study/items/{id}/submissions?names=
 *                                                        SubmissionQueueReply ("Submission 3" unless names=1)
 *   GET    /api/staff/study/items/{id}/submissions/{userId}?names=
 *                                                        SubmissionReply: the files, the score and its history
 *   PUT    /api/staff/study/items/{id}/submissions/{userId}/score?names=
 *                                                        scoreRequestSchema -> SubmissionReply (409 over a newer score)
 */

export * from './staff-study-text';

const id = z.string().trim().min(1).max(64);
export const staffStudyIdSchema = id;
export const studyUserIdSchema = id;

const namesFlag = z
  .union([z.literal('0'), z.literal('1'), z.literal('')])
  .optional()
  .transform((value) => value === '1');
export const studyNamesQuerySchema = z.strictObject({ names: namesFlag });

export const staffStudyListQuerySchema = z.strictObject({
  type: z.enum(STAFF_STUDY_TYPES).optional().or(z.literal('').transform(() => undefined)),
  /** A class id, 'everyone' for the items without a class, or empty for all. */
  class: z.string().trim().max(64).optional(),
  subject: z.string().trim().max(64).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1),
});
export type StaffStudyListQuery = z.infer<typeof staffStudyListQuerySchema>;

const httpsLink = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, STAFF_STUDY_MESSAGES.httpsOnly);

/** A stored file (the key an attachment upload gave out) or an https link. */
export const studyAttachmentInputSchema = z.union([
  z.strictObject({ name: z.string().trim().min(1, 'Name the attachment.').max(200), file: z.string().regex(/^[a-f0-9]{32}\.(pdf|png|jpg|webp|mp4|webm)$/, 'The file name is not one this server gave out.') }),
  z.strictObject({ name: z.string().trim().min(1, 'Name the link.').max(200), link: httpsLink }),
]);
export type StudyAttachmentInput = z.infer<typeof studyAttachmentInputSchema>;

const instant = z.number().int().min(0).max(8_640_000_000_000_000);

export const studyItemRequestSchema = z
  .strictObject({
    type: z.enum(STAFF_STUDY_TYPES, { message: 'Choose the type: assignment, home work, study material or video lecture.' }),
    title: z.string().trim().min(1, STAFF_STUDY_MESSAGES.titleRequired).max(STUDY_TITLE_MAX),
    /** Plain text; links in it are shown as text (the student's screen shows it as written). */
    description: z
      .string()
      .max(STUDY_DESCRIPTION_MAX)
      .default('')
      // Control characters other than line breaks and tabs are dropped.
      // eslint-disable-next-line no-control-regex
      .transform((value) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()),
    /** null: everyone (an admin only). */
    class_id: id.nullable(),
    subject_id: id,
    due_at: instant.nullable().default(null),
    max_marks: z
      .number()
      .finite()
      .nullable()
      .default(null)
      .refine((value) => value === null || (value >= 0.5 && value <= STUDY_MAX_MARKS && Number.isInteger(value * 2)), STAFF_STUDY_MESSAGES.maxMarksRange),
    attachments: z.array(studyAttachmentInputSchema).max(STUDY_ATTACHMENTS_MAX).default([]),
  })
  .superRefine((item, ctx) => {
    const submits = item.type === 'assignment' || item.type === 'homework';
    if (submits && item.due_at === null) ctx.addIssue({ code: 'custom', path: ['due_at'], message: STAFF_STUDY_MESSAGES.dueRequired });
    if (item.type === 'assignment' && item.max_marks === null) ctx.addIssue({ code: 'custom', path: ['max_marks'], message: STAFF_STUDY_MESSAGES.maxMarksRequired });
    if (item.type === 'video-lecture' && item.attachments.length === 0) ctx.addIssue({ code: 'custom', path: ['attachments'], message: STAFF_STUDY_MESSAGES.videoLinkRequired });
  });
export type StudyItemRequest = z.input<typeof studyItemRequestSchema>;
export type ParsedStudyItemRequest = z.infer<typeof studyItemRequestSchema>;

export const deleteStudyQuerySchema = z.strictObject({ confirm: z.literal('submissions').optional() });

export const attachmentUrlRequestSchema = z.strictObject({
  content_type: z.enum(STUDY_ATTACHMENT_CONTENT_TYPES, { message: STAFF_STUDY_MESSAGES.attachmentType }),
  size: z.number().int().min(1, 'The file is empty.'),
});

export const scoreRequestSchema = z.strictObject({
  marks: z.number().finite(),
  comment: z.string().max(STUDY_COMMENT_MAX).default(''),
  /** graded_at of the score the teacher saw; null when there was none. */
  base_graded_at: z.number().int().nullable(),
});
export type ScoreRequest = z.input<typeof scoreRequestSchema>;

export interface StudyChoice {
  id: string;
  name: string;
}
export interface StaffStudyOptions {
  classes: StudyChoice[];
  subjects: StudyChoice[];
  /** An admin may publish to everyone. */
  everyone: boolean;
}

export interface StaffStudyAttachment {
  name: string;
  /** A URL to open it now (a stored file's is signed). */
  url: string;
  /** 'pdf', 'image', 'video', 'link'... */
  type: string;
  /** Set for a stored file: the key to send back to keep it. */
  file: string | null;
  /** Set for a link: the link to send back. */
  link: string | null;
}

export interface StaffStudyItem {
  id: string;
  type: StaffStudyType;
  title: string;
  description: string;
  class_id: string | null;
  class_name: string | null;
  subject_id: string;
  subject_name: string;
  author_name: string;
  due_at: number | null;
  max_marks: number | null;
  published_at: number;
  result_published: boolean;
  attachments: StaffStudyAttachment[];
  /** Students the item is for. */
  audience: number;
  submitted: number;
  graded: number;
}

export interface StaffStudyListReply {
  items: StaffStudyItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StudySubmissionFile {
  name: string;
  url: string;
  content_type: string;
  /** 'image', 'pdf', 'video', 'audio', 'excel'. */
  category: string;
  size: number;
  created_at: number;
}

export interface StudySubmissionRow {
  user_id: string;
  name: string;
  reg_no: string;
  submitted_at: number | null;
  late: boolean;
  files: StudySubmissionFile[];
  score: number | null;
}

export interface StaffStudyItemReply {
  item: StaffStudyItem;
  submissions: StudySubmissionRow[];
  message?: string;
}

export interface AttachmentUrlReply {
  file: string;
  url: string;
}

export interface StudyGradingItem {
  id: string;
  type: StaffStudyType;
  title: string;
  class_name: string | null;
  subject_name: string;
  due_at: number | null;
  submitted: number;
  graded: number;
  to_grade: number;
}
export interface StudyGradingListReply {
  items: StudyGradingItem[];
}

export interface SubmissionQueueEntry {
  user_id: string;
  label: string;
  graded: boolean;
  score: number | null;
  student: { name: string; reg_no: string } | null;
}
export interface SubmissionQueueReply {
  item: { id: string; title: string; type: StaffStudyType; max_marks: number | null; due_at: number | null; result_published: boolean };
  entries: SubmissionQueueEntry[];
  total: number;
  graded: number;
}

export interface StudyScoreView {
  marks: number;
  comment: string;
  graded_by: string;
  graded_at: number;
}

export interface SubmissionReply {
  user_id: string;
  label: string;
  student: { name: string; reg_no: string } | null;
  submitted_at: number | null;
  late: boolean;
  files: StudySubmissionFile[];
  max_marks: number | null;
  score: StudyScoreView | null;
  history: StudyScoreView[];
}

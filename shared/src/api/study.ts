import { z } from 'zod';
import { STUDY_TYPES } from './study-messages';

export * from './study-messages';

/**
 * Study material, homework, assignments and video lectures (spec sections 2 Study material and
 * Upload view, 3 Study subject summary / Study item / Upload record, 7).
 *
 *   GET  /study-material/list/authorwise?type&subject        -> data: [SubjectSummary]
 *   GET  /study-material/list?subject_id&author_id&type&page -> data: [StudyItem] (10 a page), page, last, total
 *   POST /presignURLAssignment/{id}      assignment_id, content_type, file_name, stype -> signedURL, fileName
 *   PUT  {signedURL}                     the file's bytes
 *   POST /savePresignURLAssignment2/{id} assignment_id, fileName (also /savePresignURLAssignment/{id})
 *                                        -> message, data: the item's uploads
 *   POST /assignment/{id}/uploads                           -> data: the item's uploads
 *   POST /assignment/{id}/delete2        url                -> message, data
 *   POST /assignment/{id}/delete         fileName, ukey     -> message, data (the older call)
 *
 * A student sees the items published to everyone or to their class, and only their own uploads;
 * an item of another class, or another student's file, is "not found". Bodies may be JSON or a
 * form (the spec's client sends forms).
 */

const id = z.string().trim().min(1).max(64);
const studyType = z.enum(STUDY_TYPES, { message: `The type is one of ${STUDY_TYPES.join(', ')}.` });
/** '' and 'all' (the All Type filter) mean every type. */
const typeFilter = z
  .union([studyType, z.literal(''), z.literal('all')], { message: `The type is one of ${STUDY_TYPES.join(', ')}, or all.` })
  .optional()
  .transform((value) => (value === '' || value === 'all' ? undefined : value));

export const authorwiseQuerySchema = z.object({
  type: typeFilter,
  /** Only this subject (its id). */
  subject: id.optional(),
});
export type AuthorwiseQuery = z.infer<typeof authorwiseQuerySchema>;

export const subjectSummarySchema = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  assignment_count: z.number().int(),
  homework_count: z.number().int(),
  material_count: z.number().int(),
  video_lecture_count: z.number().int(),
  item_count: z.number().int(),
  /** The type asked for, or null (every type). */
  type: studyType.nullable(),
  /** The type asked for takes uploads (assignment or home work). */
  is_assignment: z.boolean(),
  /** The next due date (ms) of its assignments and home work still open, or null. */
  due_date: z.number().nullable(),
});
export type SubjectSummary = z.infer<typeof subjectSummarySchema>;

export const authorwiseReplySchema = z.object({ data: z.array(subjectSummarySchema) });
export type AuthorwiseReply = z.infer<typeof authorwiseReplySchema>;

export const studyListQuerySchema = z.object({
  subject_id: id,
  author_id: id.optional(),
  type: typeFilter,
  page: z.coerce.number({ message: 'The page is a whole number from 1.' }).int('The page is a whole number from 1.').min(1, 'The page is a whole number from 1.').max(100_000).default(1),
});
export type StudyListQuery = z.infer<typeof studyListQuerySchema>;

export const studyItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: studyType,
  subject_id: z.string(),
  subject_name: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  description: z.string(),
  /** ms, or null. Assignments and home work. */
  due_date: z.number().nullable(),
  max_marks: z.number().nullable(),
  result_published: z.boolean(),
  /** The student's score, once the result is published (else score null); the teacher's comment with it (issue 30), if any. */
  user_assignment: z.object({ score: z.number().nullable(), comment: z.string().nullable().optional() }).nullable(),
  published_at: z.number(),
  attachment_names: z.array(z.string()),
  attachment_types: z.array(z.string()),
  attachment_urls: z.array(z.string()),
  /** How many files the student has uploaded to it. */
  upload_count: z.number().int(),
});
export type StudyItem = z.infer<typeof studyItemSchema>;

export const studyListReplySchema = z.object({
  data: z.array(studyItemSchema),
  page: z.number().int(),
  /** The last page (1 when there is none or one). */
  last: z.number().int(),
  total: z.number().int(),
});
export type StudyListReply = z.infer<typeof studyListReplySchema>;

export const assignmentIdSchema = id;

/** A file name the server gave out for a study upload: `{32 hex}.{ext}`. */
export const studyFileKeySchema = z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, 'The file name is not one this server gave out.');

export const presignAssignmentRequestSchema = z.object({
  assignment_id: id,
  content_type: z.string().trim().min(1).max(120),
  /** The name the student sees in the list ('Snapshot.png' for a camera snapshot). */
  file_name: z.string().trim().min(1, 'The file name is required.').max(200, 'The file name is at most 200 characters.'),
  /** The spec's upload kind ('file' or 'snapshot'); kept for the record, not a rule. */
  stype: z.string().trim().max(32).optional(),
});
export type PresignAssignmentRequest = z.infer<typeof presignAssignmentRequestSchema>;

export const presignAssignmentReplySchema = z.object({ signedURL: z.string(), fileName: studyFileKeySchema });
export type PresignAssignmentReply = z.infer<typeof presignAssignmentReplySchema>;

export const saveAssignmentUploadRequestSchema = z.object({
  assignment_id: id,
  fileName: studyFileKeySchema,
});
export type SaveAssignmentUploadRequest = z.infer<typeof saveAssignmentUploadRequestSchema>;

export const uploadRecordSchema = z.object({
  /** A signed URL the student opens; its last path segment is the file name. */
  url: z.string(),
  contentType: z.string(),
  fileName: studyFileKeySchema,
  name: z.string(),
  size: z.number().int(),
  created_at: z.number(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

export const assignmentUploadsSchema = z.object({
  iu: z.array(uploadRecordSchema),
  pu: z.array(uploadRecordSchema),
  eu: z.array(uploadRecordSchema),
  vu: z.array(uploadRecordSchema),
  au: z.array(uploadRecordSchema),
  count: z.number().int(),
});
export type AssignmentUploads = z.infer<typeof assignmentUploadsSchema>;

export const assignmentUploadsReplySchema = z.object({ data: assignmentUploadsSchema });
export type AssignmentUploadsReply = z.infer<typeof assignmentUploadsReplySchema>;

export const assignmentChangeReplySchema = z.object({ message: z.string(), data: assignmentUploadsSchema });
export type AssignmentChangeReply = z.infer<typeof assignmentChangeReplySchema>;

export const deleteAssignmentUpload2RequestSchema = z.object({ url: z.string().trim().min(1).max(2_000) });
export const deleteAssignmentUploadRequestSchema = z.object({
  fileName: studyFileKeySchema,
  /** The list the file is in: iu, pu, eu, vu or au (checked for agreement). */
  ukey: z.enum(['iu', 'pu', 'eu', 'vu', 'au']),
});
export type DeleteAssignmentUploadRequest = z.infer<typeof deleteAssignmentUploadRequestSchema>;

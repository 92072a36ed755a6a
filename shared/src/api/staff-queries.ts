import { z } from 'zod';
import { STAFF_QUERY_MESSAGES, STAFF_QUERY_REPLY_MAX, STAFF_QUERY_STATUSES } from './staff-queries-text';
import type { StaffQueryStatus } from './staff-queries-text';

/**
 * Queries in the staff console (issue 30; decision 0063). Admins see every student's queries; a
 * teacher those of their classes' students (another's: 403). Proctors 403, students 401.
 *
 *   GET  /api/staff/queries?type=&subType=&status=&q=&page=   staffQueriesQuerySchema -> StaffQueryListReply
 *                                                             (oldest open first; types for the filters)
 *   GET  /api/staff/queries/{id}                              -> StaffQueryReply: the query and its thread
 *   POST /api/staff/queries/attachment-url contentType       -> { url }: where to PUT a reply's file (signed, as the student's)
 *   POST /api/staff/queries/{id}/replies   staffQueryReplySchema: content, requestId, attachment (the PUT URL, or null)
 *                                                             -> StaffQueryReply (201); the same requestId again is the same reply
 *   POST /api/staff/queries/{id}/status    staffQueryStatusSchema -> StaffQueryReply (close / reopen)
 *
 * A reply is the student's engagement with author 'institute' and post_by_name the staff
 * member's name; the student is notified (stored, then pushed). Every write is audited.
 */

export { ageText, STAFF_QUERIES_PAGE_SIZE, STAFF_QUERY_ATTACHMENT_ACCEPT, STAFF_QUERY_ATTACHMENT_MAX_BYTES, STAFF_QUERY_MESSAGES, STAFF_QUERY_REPLY_MAX, STAFF_QUERY_STATUS_LABELS, STAFF_QUERY_STATUSES } from './staff-queries-text';
export type { StaffQueryStatus } from './staff-queries-text';

const optionalId = z.string().trim().max(64).default('');

export const staffQueriesQuerySchema = z.object({
  type: optionalId,
  subType: optionalId,
  status: z.union([z.enum(STAFF_QUERY_STATUSES), z.literal('')]).default('open'),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type StaffQueriesQuery = z.output<typeof staffQueriesQuerySchema>;

export const staffQueryReplySchema = z.object({
  content: z.string({ error: STAFF_QUERY_MESSAGES.replyRequired }).trim().min(1, STAFF_QUERY_MESSAGES.replyRequired).max(STAFF_QUERY_REPLY_MAX, STAFF_QUERY_MESSAGES.replyTooLong),
  /** Made by the browser once per reply: a repeated press or a retry is the same reply. */
  requestId: z.string({ error: STAFF_QUERY_MESSAGES.badRequestId }).regex(/^[A-Za-z0-9-]{8,64}$/, STAFF_QUERY_MESSAGES.badRequestId),
  /** The signed PUT URL the file went to (its query string is ignored), or null. */
  attachment: z.string().trim().max(2_000).nullish().transform((value) => (value ? value : null)),
});

export const staffQueryAttachmentUrlSchema = z.object({
  contentType: z.enum(['application/pdf', 'image/png', 'image/jpeg'], { error: STAFF_QUERY_MESSAGES.attachmentType }),
});

export const staffQueryStatusSchema = z.object({ status: z.enum(STAFF_QUERY_STATUSES, { error: 'Status must be open or closed.' }) });

export interface StaffQueryListItem {
  id: string;
  studentId: string;
  studentName: string;
  regNo: string;
  className: string | null;
  typeName: string;
  subTypeName: string;
  subjectName: string | null;
  /** The query's first words (its subject line). */
  subject: string;
  status: StaffQueryStatus;
  createdAt: number;
  /** The last reply's author name and time; null when nobody replied yet. */
  lastReplyBy: string | null;
  lastReplyAt: number | null;
  /** The student wrote last (the query itself or their reply): it waits for the institute. */
  awaitingStaff: boolean;
}

export interface StaffQueryTypeOption {
  id: string;
  name: string;
  subTypes: { id: string; name: string }[];
}

export interface StaffQueryListReply {
  items: StaffQueryListItem[];
  total: number;
  page: number;
  pageSize: number;
  types: StaffQueryTypeOption[];
}

export interface StaffQueryPost {
  id: string;
  author: 'student' | 'institute';
  name: string;
  content: string;
  /** A signed URL (stored file) or a link; null without one. */
  attachment: string | null;
  createdAt: number;
}

export interface StaffQueryReply {
  query: StaffQueryListItem & { closedAt: number | null };
  /** The query itself first, then the replies, oldest first. */
  thread: StaffQueryPost[];
  message?: string;
}

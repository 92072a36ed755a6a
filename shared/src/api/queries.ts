import { z } from 'zod';
import { QUERY_ATTACHMENT_TYPES, QUERY_MAX_LENGTH, QUERY_MESSAGES, QUERY_MIN_LENGTH, type QueryAttachmentContentType } from './query-messages';

export {
  PUBLIC_READ_HEADER,
  QUERIES_PAGE_SIZE,
  QUERY_ATTACHMENT_ACCEPT,
  QUERY_ATTACHMENT_MAX_BYTES,
  QUERY_ATTACHMENT_TYPES,
  QUERY_MAX_LENGTH,
  QUERY_MESSAGES,
  QUERY_MIN_LENGTH,
  queryAttachmentType,
  queryMessageProblem,
  replyFailed,
  replyProblem,
  withoutQueryString,
} from './query-messages';
export type { QueryAttachmentContentType, QueryStatus } from './query-messages';

/**
 * Support queries (spec sections 2 New Query, Queries list, Query follow-up; 3 Query type,
 * Query submission, Query record; 4 Query; 5; 7; 8 Queries; 9).
 *
 *   GET  /query-types                            -> data: [{_id, name, sub_types: [{id, name}]}]
 *   GET  /subjects                               -> data: [{id, name}] the student's class's subjects
 *   POST /queries-attachment-url  contentType    -> url: where to PUT the file (signed, 15 minutes)
 *   PUT  {url}                    the file, with its Content-Type (and x-amz-acl: public-read)
 *   POST /submit-query            the submission, attachment = url without its query string -> message, data: the record
 *   GET  /queries                                -> data: [record without engagements], newest first
 *   GET  /query/{id}                             -> data: the record with its engagements, oldest first
 *   POST /query/{id}              content, attachment (or null)  -> message, data: the record (409 when closed)
 *
 * A student sees and answers only their own queries: another student's id is 404, like an id
 * that does not exist. Names of the type, sub type and subject are the stored ones, whatever the
 * browser sends. Attachments are read through signed URLs the replies carry (decision 0029).
 */

export const queryTypeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sub_types: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type QueryType = z.infer<typeof queryTypeSchema>;
export const queryTypesReplySchema = z.object({ data: z.array(queryTypeSchema) });
export type QueryTypesReply = z.infer<typeof queryTypesReplySchema>;

export const subjectSchema = z.object({ id: z.string(), name: z.string() });
export type Subject = z.infer<typeof subjectSchema>;
export const subjectsReplySchema = z.object({ data: z.array(subjectSchema) });
export type SubjectsReply = z.infer<typeof subjectsReplySchema>;

export const queryAttachmentUrlRequestSchema = z
  .object({
    contentType: z.string().max(100).optional(),
    /** The spec's uploads elsewhere name it content_type. */
    content_type: z.string().max(100).optional(),
  })
  .transform((body, context) => {
    const type = (body.contentType ?? body.content_type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(type in QUERY_ATTACHMENT_TYPES)) {
      context.addIssue({ code: 'custom', path: ['contentType'], message: QUERY_MESSAGES.attachmentType });
      return z.NEVER;
    }
    return { contentType: type as QueryAttachmentContentType };
  });
export type QueryAttachmentUrlRequest = z.input<typeof queryAttachmentUrlRequestSchema>;
export const queryAttachmentUrlReplySchema = z.object({ url: z.string() });
export type QueryAttachmentUrlReply = z.infer<typeof queryAttachmentUrlReplySchema>;

const text = (required: string, short: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be text.') })
    .trim()
    .min(1, required)
    .min(QUERY_MIN_LENGTH, short)
    .max(QUERY_MAX_LENGTH, QUERY_MESSAGES.tooLong);

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

/** An uploaded file's URL without its query string; '' and null mean none. */
const attachment = z
  .string()
  .trim()
  .max(2_000, QUERY_MESSAGES.attachmentBadUrl)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /submit-query: the spec's Query submission. The names sent are ignored (the stored ones are used). */
export const querySubmissionSchema = z.object({
  query: text(QUERY_MESSAGES.required, QUERY_MESSAGES.tooShort),
  query_type_id: id(QUERY_MESSAGES.chooseType),
  query_sub_type_id: id(QUERY_MESSAGES.chooseSubType),
  query_type_name: z.string().max(200).optional(),
  query_sub_type_name: z.string().max(200).optional(),
  /** Optional: '' or null for none. */
  subject_id: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((value) => (value ? value : null)),
  subject_name: z.string().max(200).nullish(),
  attachment,
});
export type QuerySubmission = z.input<typeof querySubmissionSchema>;
export type ParsedQuerySubmission = z.output<typeof querySubmissionSchema>;

/** POST /query/{id}: a reply. */
export const queryReplyRequestSchema = z.object({
  content: text(QUERY_MESSAGES.replyTooShort, QUERY_MESSAGES.replyTooShort),
  attachment,
});
export type QueryReplyRequest = z.input<typeof queryReplyRequestSchema>;
export type ParsedQueryReplyRequest = z.output<typeof queryReplyRequestSchema>;

export const engagementSchema = z.object({
  post_by_name: z.string(),
  content: z.string(),
  /** A URL the browser can open (signed for an uploaded file), or null. */
  attachment: z.string().nullable(),
  /** ms since the epoch. */
  created_at: z.number(),
});
export type Engagement = z.infer<typeof engagementSchema>;

export const queryListItemSchema = z.object({
  _id: z.string(),
  query_type_name: z.string(),
  query_sub_type_name: z.string(),
  query: z.string(),
  subject_name: z.string().nullable(),
  created_at: z.number(),
  status: z.enum(['open', 'closed']),
  request_by_name: z.string(),
  attachment: z.string().nullable(),
});
export type QueryListItem = z.infer<typeof queryListItemSchema>;
export const queryRecordSchema = queryListItemSchema.extend({ engagements: z.array(engagementSchema) });
export type QueryRecord = z.infer<typeof queryRecordSchema>;

export const queryListReplySchema = z.object({ data: z.array(queryListItemSchema) });
export type QueryListReply = z.infer<typeof queryListReplySchema>;
export const queryRecordReplySchema = z.object({ data: queryRecordSchema });
export type QueryRecordReply = z.infer<typeof queryRecordReplySchema>;
export const querySavedReplySchema = queryRecordReplySchema.extend({ message: z.string() });
export type QuerySavedReply = z.infer<typeof querySavedReplySchema>;

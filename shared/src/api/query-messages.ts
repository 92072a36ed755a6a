/**
 * Support queries' messages, rules and limits (spec sections 5, 8, 9), apart from the zod schemas
 * (queries.ts) so the portal's screens take them without zod.
 */

export const QUERY_MESSAGES = {
  /** Section 5, New query. */
  required: 'Field is required',
  tooShort: 'Field is too short (min 10 character)',
  resolveFields: 'Please resolve all the fields!',
  /** Section 5, Reply. */
  replyTooShort: 'Type reply and it should not be less than 10 characters',
  /** Section 8, Queries. */
  fileUploadFailedAlert: 'File upload failed!',
  fileUploadFailedSnackbar: 'File upload failed',
  submitted: 'Query submitted!',
  submitFailed: 'Query submit failed!',
  replySubmitted: 'Reply submitted!',
  /** Section 2, Query follow-up. */
  closed: 'The query is closed!',
  // The server's own refusals (not in the spec's catalogue).
  notFound: 'There is no such query.',
  chooseType: 'Choose a query type.',
  chooseSubType: 'Choose a sub type of this query type.',
  unknownSubject: 'This subject is not one of your subjects.',
  attachmentType: 'Attachment types: .pdf, .png, .jpg, .jpeg',
  attachmentBadUrl: 'This attachment was not uploaded for you; upload it again.',
  attachmentNotUploaded: 'The attachment has not been uploaded yet.',
  attachmentBadLink: 'This upload link is not valid or has expired; ask for a new one.',
  attachmentTooLarge: 'The attachment is larger than 10 MB.',
  attachmentNotThatType: 'The file is not what its type says (.pdf, .png, .jpg or .jpeg).',
  tooLong: `Field is too long (max 5000 characters)`,
} as const;

/** 'Reply submi failed! + {message}' (spelling as the spec shows it; decision 0029). */
export const replyFailed = (message: string): string => `Reply submi failed! ${message}`;

/** Section 5: a query's message and a reply need at least this many characters (decision 0029). */
export const QUERY_MIN_LENGTH = 10;
export const QUERY_MAX_LENGTH = 5_000;
/** Section 9: the queries table shows 25 rows per page. */
export const QUERIES_PAGE_SIZE = 25;

/** Section 2: .pdf, .png, .jpg, .jpeg, by the content type the upload is asked for. */
export const QUERY_ATTACHMENT_TYPES = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type QueryAttachmentContentType = keyof typeof QUERY_ATTACHMENT_TYPES;
export const QUERY_ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
export const QUERY_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The header the spec's PUT carries (S3's public-read ACL); our store reads by signed URLs only (decision 0029). */
export const PUBLIC_READ_HEADER = { 'x-amz-acl': 'public-read' } as const;

/** The content type of a chosen file by its name (.pdf, .png, .jpg, .jpeg), or null when it is none of these. */
export function queryAttachmentType(fileName: string): QueryAttachmentContentType | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'application/pdf';
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  return null;
}

/** The spec's rule: the signed URL's query string is stripped before the URL is submitted. */
export const withoutQueryString = (url: string): string => url.split('?')[0] ?? url;

/** Section 5, New query: the message's problem, or null. */
export function queryMessageProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return QUERY_MESSAGES.required;
  if (length < QUERY_MIN_LENGTH) return QUERY_MESSAGES.tooShort;
  if (length > QUERY_MAX_LENGTH) return QUERY_MESSAGES.tooLong;
  return null;
}

/** Section 5, Reply: the alert to give, or null. */
export function replyProblem(text: string): string | null {
  const length = text.trim().length;
  if (length < QUERY_MIN_LENGTH) return QUERY_MESSAGES.replyTooShort;
  if (length > QUERY_MAX_LENGTH) return QUERY_MESSAGES.tooLong;
  return null;
}

export type QueryStatus = 'open' | 'closed';

// Queries in the staff console (issue 30): words and limits, without zod (the portal imports
// these; shared/src/api/staff-queries.ts has the schemas and re-exports them).

export const STAFF_QUERIES_PAGE_SIZE = 20;
export const STAFF_QUERY_STATUSES = ['open', 'closed'] as const;
export type StaffQueryStatus = (typeof STAFF_QUERY_STATUSES)[number];
export const STAFF_QUERY_STATUS_LABELS: Record<StaffQueryStatus, string> = { open: 'Open', closed: 'Closed' };
/** A staff reply's attachment: a PDF or an image, as the student's (query-messages.ts). */
export const STAFF_QUERY_ATTACHMENT_ACCEPT = 'application/pdf,image/png,image/jpeg';
export const STAFF_QUERY_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STAFF_QUERY_REPLY_MAX = 2_000;

export const STAFF_QUERY_MESSAGES = {
  noSuchQuery: 'There is no such query.',
  notYours: 'This query is from a student outside your classes.',
  replyRequired: 'Write a reply.',
  replyTooLong: `A reply can be at most ${STAFF_QUERY_REPLY_MAX} characters.`,
  closed: 'The query is closed: reopen it to reply.',
  attachmentType: 'The attachment must be a PDF, PNG or JPEG file.',
  attachmentTooLarge: `The attachment can be at most ${STAFF_QUERY_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`,
  badRequestId: 'The reply needs its request id (reload the page).',
  replied: 'Reply sent.',
  closedNow: 'Query closed.',
  reopened: 'Query reopened.',
  alreadyThat: (status: StaffQueryStatus) => `The query is already ${status}.`,
} as const;

/** "3 days", "5 hours", "just now": how long a query has waited. */
export function ageText(fromMs: number, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - fromMs) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

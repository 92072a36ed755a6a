import { z } from 'zod';
import { NOTICE_AUDIENCES, NOTICE_CONTENT_MAX, NOTICE_KINDS, NOTICE_LINKS_MAX, NOTICE_MESSAGES, NOTICE_TITLE_MAX } from './staff-notices-text';
import type { NoticeAudience, NoticeKind } from './staff-notices-text';

/**
 * Notices and notifications in the staff console (issue 30; decision 0063). An admin sends to
 * everyone, a class or a student; a teacher only to one of their classes or a student of one
 * (403 otherwise). Proctors 403, students 401.
 *
 *   GET    /api/staff/notices?kind=&page=                 noticesQuerySchema -> NoticeListReply (newest first)
 *   GET    /api/staff/notices/audiences?q=                -> NoticeAudiencesReply (the picker: classes, students)
 *   POST   /api/staff/notices/preview                     noticeComposeSchema -> NoticePreviewReply (nothing stored)
 *   POST   /api/staff/notices                             noticeComposeSchema -> NoticeSentReply (201; a notification is pushed)
 *   GET    /api/staff/notices/{kind}/{id}                 -> NoticeDetailReply (readers and unread)
 *   DELETE /api/staff/notices/{kind}/{id}                 -> { message } (withdrawn; audited)
 *
 * The content is plain text, as the student's screens show it (line breaks kept); attachments are
 * web addresses the student opens.
 */

export { NOTICE_AUDIENCE_LABELS, NOTICE_AUDIENCES, NOTICE_CONTENT_MAX, NOTICE_KIND_HINTS, NOTICE_KIND_LABELS, NOTICE_KINDS, NOTICE_LINKS_MAX, NOTICE_MESSAGES, NOTICE_TITLE_MAX, NOTICES_PAGE_SIZE, readByText } from './staff-notices-text';
export type { NoticeAudience, NoticeKind } from './staff-notices-text';

const link = z
  .string()
  .trim()
  .max(2_000, NOTICE_MESSAGES.badLink)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, NOTICE_MESSAGES.badLink);

export const noticeComposeSchema = z
  .object({
    kind: z.enum(NOTICE_KINDS, { error: 'Choose Notification or Notice.' }),
    audience: z.enum(NOTICE_AUDIENCES, { error: 'Choose who receives it.' }),
    audienceId: z.string().trim().max(64).nullish(),
    title: z.string({ error: NOTICE_MESSAGES.titleRequired }).trim().min(1, NOTICE_MESSAGES.titleRequired).max(NOTICE_TITLE_MAX, NOTICE_MESSAGES.titleTooLong),
    content: z.string({ error: NOTICE_MESSAGES.contentRequired }).trim().min(1, NOTICE_MESSAGES.contentRequired).max(NOTICE_CONTENT_MAX, NOTICE_MESSAGES.contentTooLong),
    links: z.array(link).max(NOTICE_LINKS_MAX, NOTICE_MESSAGES.tooManyLinks).default([]),
  })
  .superRefine((body, context) => {
    if (body.audience === 'class' && !body.audienceId) context.addIssue({ code: 'custom', path: ['audienceId'], message: NOTICE_MESSAGES.chooseClass });
    if (body.audience === 'student' && !body.audienceId) context.addIssue({ code: 'custom', path: ['audienceId'], message: NOTICE_MESSAGES.chooseStudent });
  })
  .transform((body) => ({ ...body, audienceId: body.audience === 'all' ? null : (body.audienceId ?? null) }));
export type NoticeComposeRequest = z.input<typeof noticeComposeSchema>;
export type ParsedNoticeCompose = z.output<typeof noticeComposeSchema>;

export const noticesQuerySchema = z.object({
  kind: z.union([z.enum(NOTICE_KINDS), z.literal('')]).default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const noticeAudiencesQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

export interface NoticeListItem {
  id: string;
  kind: NoticeKind;
  title: string;
  audience: NoticeAudience;
  audienceId: string | null;
  /** 'Everyone', the class's name, or the student's name and reg. no. */
  audienceName: string;
  /** The staff member's name; null for the import's. */
  sentBy: string | null;
  sentAt: number;
  readCount: number;
  audienceSize: number;
}
export interface NoticeListReply {
  items: NoticeListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface NoticeAudiencesReply {
  /** Admin: may send to everyone. */
  everyone: boolean;
  classes: { id: string; name: string; students: number }[];
  /** At most 20 students matching q (name or reg. no.), in the sender's scope. */
  students: { id: string; name: string; regNo: string; className: string | null }[];
}

export interface NoticePreviewReply {
  /** The text the student's screen shows (as stored). */
  text: string;
  title: string;
  links: string[];
  audienceName: string;
  audienceSize: number;
}

export interface NoticeSentReply {
  message: string;
  notice: NoticeListItem;
}

export interface NoticeReader {
  id: string;
  name: string;
  regNo: string;
  /** null: not read yet. */
  readAt: number | null;
}
export interface NoticeDetailReply {
  notice: NoticeListItem & { text: string; links: string[] };
  readers: NoticeReader[];
  /** An admin, or the teacher who sent it. */
  canWithdraw: boolean;
}

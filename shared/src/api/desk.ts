import { z } from 'zod';
import { bookmarkSchema } from './bookmarks';

export { DESK_MESSAGES, MAX_DESK_MOTIVATIONS, MAX_DESK_NOTICES } from './desk-messages';
import { todoSchema } from './todos';

/**
 * The home desk (spec sections 2 Home desk, 3 Notice / Motivation / Desk response, 6, 7).
 *
 *   GET  /desk                    -> todos, bookmarks, motivations, notices
 *   POST /notices/mark-read  id   -> data: the notice, read
 *
 * /desk may be called without login (spec section 6): then it carries the motivations and the
 * notices to everyone only, none read, and no todos or bookmarks. With a token, the student's own
 * todos and bookmarks, and the notices to everyone, to their class and to them, with read_at.
 */

export const noticeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  /** Links the institute attached. */
  attachments: z.array(z.string()),
  /** ms. */
  created_at: z.number(),
  /** ms; null: unread. */
  read_at: z.number().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const motivationSchema = z.object({ _id: z.string(), content: z.string() });
export type Motivation = z.infer<typeof motivationSchema>;

export const deskReplySchema = z.object({
  todos: z.array(todoSchema),
  bookmarks: z.array(bookmarkSchema),
  motivations: z.array(motivationSchema),
  /** Newest first. */
  notices: z.array(noticeSchema),
});
export type DeskReply = z.infer<typeof deskReplySchema>;

export const markNoticeReadRequestSchema = z.object({ id: z.string().trim().min(1).max(128) });
export type MarkNoticeReadRequest = z.infer<typeof markNoticeReadRequestSchema>;
export const markNoticeReadReplySchema = z.object({ data: noticeSchema });
export type MarkNoticeReadReply = z.infer<typeof markNoticeReadReplySchema>;

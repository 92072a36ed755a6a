import { z } from 'zod';
import { BOOKMARK_MESSAGES, MAX_BOOKMARK_IDS } from './desk-messages';
import { selectionIdsSchema } from './todos';

export { BOOKMARK_MESSAGES, bookmarkNotesPath, MAX_BOOKMARK_IDS } from './desk-messages';

/**
 * The desk's bookmarks (spec sections 2 Bookmarks and Todo widgets, 3 Bookmark, 7, 8 Bookmarks).
 *
 *   GET  /bookmark/list          -> data: [Bookmark] newest first
 *   POST /bookmark/delete  ids   -> message, deleted, data: the list after
 *
 * A bookmark points at a topic (or a subtopic) of a chapter's notes; tapping it opens
 * `bookmarkNotesPath(bookmark)`. Ids that are not the student's own are left alone, never deleted.
 */

const namedRef = z.object({ id: z.string(), name: z.string() });

export const bookmarkSchema = z.object({
  _id: z.string(),
  subject_name: z.string(),
  chapter: namedRef,
  topic: namedRef,
  /** null: the bookmark is of the whole topic. */
  subtopic: namedRef.nullable(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const bookmarkListReplySchema = z.object({ data: z.array(bookmarkSchema) });
export type BookmarkListReply = z.infer<typeof bookmarkListReplySchema>;

export const deleteBookmarksRequestSchema = z.object({
  ids: selectionIdsSchema({ none: BOOKMARK_MESSAGES.noIds, tooMany: BOOKMARK_MESSAGES.tooManyIds }, MAX_BOOKMARK_IDS),
});
export type DeleteBookmarksRequest = z.infer<typeof deleteBookmarksRequestSchema>;
export const deleteBookmarksReplySchema = z.object({ message: z.string(), deleted: z.number().int().nonnegative(), data: z.array(bookmarkSchema) });
export type DeleteBookmarksReply = z.infer<typeof deleteBookmarksReplySchema>;


import { z } from 'zod';
import { selectionIdsSchema } from './todos';

/**
 * The desk's bookmarks (spec sections 2 Bookmarks and Todo widgets, 3 Bookmark, 7, 8 Bookmarks).
 *
 *   GET  /bookmark/list          -> data: [Bookmark] newest first
 *   POST /bookmark/delete  ids   -> message, deleted, data: the list after
 *
 * A bookmark points at a topic (or a subtopic) of a chapter's notes; tapping it opens
 * `bookmarkNotesPath(bookmark)`. Ids that are not the student's own are left alone, never deleted.
 */

export const MAX_BOOKMARK_IDS = 200;

export const BOOKMARK_MESSAGES = {
  // Spec section 8, word for word.
  loadFailed: 'Error loading bookmarks!',
  deleteFailed: 'Error deleting bookmark!',
  deleted: 'Bookmark deleted!',
  noIds: 'Select at least one bookmark.',
  tooManyIds: `At most ${MAX_BOOKMARK_IDS} bookmarks at a time.`,
} as const;

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

/**
 * Spec section 2: /notes/{subject}/{chapter name with spaces as dashes}/{chapter id} with query
 * topic and, if any, subtopic. Each segment is URL-encoded, so a name with '/' or '?' stays one segment.
 */
export function bookmarkNotesPath(bookmark: Pick<Bookmark, 'subject_name' | 'chapter' | 'topic' | 'subtopic'>): string {
  const chapterSlug = bookmark.chapter.name.trim().replace(/\s+/g, '-');
  const segment = (value: string) => encodeURIComponent(value.trim());
  const query = `topic=${segment(bookmark.topic.id)}${bookmark.subtopic ? `&subtopic=${segment(bookmark.subtopic.id)}` : ''}`;
  return `/notes/${segment(bookmark.subject_name)}/${segment(chapterSlug)}/${segment(bookmark.chapter.id)}?${query}`;
}

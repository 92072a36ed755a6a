import type { Bookmark, DeleteBookmarksReply } from '@invigil/shared/api/bookmarks';
import { BOOKMARK_MESSAGES } from '@invigil/shared/api/bookmarks';
import type { BookmarkRecord, BookmarkRepository } from './bookmark-repository';
import type { UserRecord } from '../auth/auth-module';

const toBookmark = (record: BookmarkRecord): Bookmark => ({
  _id: record.id,
  subject_name: record.subjectName,
  chapter: { id: record.chapterId, name: record.chapterName },
  topic: { id: record.topicId, name: record.topicName },
  subtopic: record.subtopicId === null ? null : { id: record.subtopicId, name: record.subtopicName ?? '' },
});

/** The student's bookmarks (spec: Bookmarks widget). Others' ids are left alone, never deleted. */
export function createBookmarkService({ bookmarks }: { bookmarks: BookmarkRepository }) {
  const list = async (user: UserRecord) => (await bookmarks.list(user.id)).map(toBookmark);
  return {
    list,
    async delete(user: UserRecord, ids: readonly string[]): Promise<DeleteBookmarksReply> {
      const deleted = await bookmarks.delete(user.id, ids);
      return { message: BOOKMARK_MESSAGES.deleted, deleted, data: await list(user) };
    },
  };
}

export type BookmarkService = ReturnType<typeof createBookmarkService>;

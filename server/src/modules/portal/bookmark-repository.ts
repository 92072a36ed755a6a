import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface BookmarkRecord {
  id: string;
  subjectName: string;
  chapterId: string;
  chapterName: string;
  topicId: string;
  topicName: string;
  subtopicId: string | null;
  subtopicName: string | null;
}

/** A student's bookmarks (migration 0008). Every query is scoped to the student. */
export function createBookmarkRepository(db: Kysely<Database>) {
  return {
    /** The student's bookmarks, newest first. */
    async list(userId: string): Promise<BookmarkRecord[]> {
      const rows = await db
        .selectFrom('bookmarks')
        .select(['id', 'subject_name', 'chapter_id', 'chapter_name', 'topic_id', 'topic_name', 'subtopic_id', 'subtopic_name'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        subjectName: row.subject_name,
        chapterId: row.chapter_id,
        chapterName: row.chapter_name,
        topicId: row.topic_id,
        topicName: row.topic_name,
        subtopicId: row.subtopic_id,
        subtopicName: row.subtopic_name,
      }));
    },

    /** Deletes those of `ids` that are the student's; how many were. */
    async delete(userId: string, ids: readonly string[]): Promise<number> {
      const result = await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type BookmarkRepository = ReturnType<typeof createBookmarkRepository>;

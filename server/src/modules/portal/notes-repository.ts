import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface ChapterNotesRow {
  chapterId: string;
  subjectName: string;
  chapterName: string;
  /** The stored JSON list of topics (see ChapterNotesTable). */
  topicsJson: string;
  updatedAt: number;
}

/** The chapters' notes (migration 0008), as the import stored them. */
export function createNotesRepository(db: Kysely<Database>) {
  return {
    async find(chapterId: string): Promise<ChapterNotesRow | null> {
      const row = await db
        .selectFrom('chapter_notes')
        .select(['chapter_id', 'subject_name', 'chapter_name', 'topics', 'updated_at'])
        .where('chapter_id', '=', chapterId)
        .executeTakeFirst();
      return row
        ? { chapterId: row.chapter_id, subjectName: row.subject_name, chapterName: row.chapter_name, topicsJson: row.topics, updatedAt: Number(row.updated_at) }
        : null;
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;

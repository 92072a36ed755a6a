import type { ChapterNotes, SubtopicNotes, TopicNotes } from '@invigil/shared/api/notes';
import { chapterIdSchema, NOTES_MESSAGES } from '@invigil/shared/api/notes';
import { AppError } from '../../platform/lib/app-error';
import type { NotesRepository } from './notes-repository';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

function subtopicOf(value: unknown): SubtopicNotes | null {
  const item = record(value);
  const id = text(item['id']);
  return id ? { id, name: text(item['name']), content: text(item['content']) } : null;
}

/** The stored topics JSON as the reply's shape; a malformed entry is skipped rather than failing the page. */
export function parseTopics(json: string): TopicNotes[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): TopicNotes[] => {
    const item = record(entry);
    const id = text(item['id']);
    if (!id) return [];
    const subtopics = Array.isArray(item['subtopics']) ? item['subtopics'].map(subtopicOf).filter((s): s is SubtopicNotes => s !== null) : [];
    return [{ id, name: text(item['name']), content: text(item['content']), subtopics }];
  });
}

/** A chapter's notes, for the page a bookmark opens. Any signed-in student may read them. */
export function createNotesService({ notes }: { notes: NotesRepository }) {
  return {
    async chapter(chapterId: string): Promise<ChapterNotes> {
      const row = chapterIdSchema.safeParse(chapterId).success ? await notes.find(chapterId) : null;
      if (!row) throw new AppError('not_found', NOTES_MESSAGES.notFound);
      return {
        chapter_id: row.chapterId,
        subject_name: row.subjectName,
        chapter_name: row.chapterName,
        topics: parseTopics(row.topicsJson),
        updated_at: row.updatedAt,
      };
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;

import { z } from 'zod';
import { NOTES_MESSAGES } from './desk-messages';

export { NOTES_MESSAGES } from './desk-messages';

/**
 * A chapter's notes: what a bookmark opens (spec section 2, /notes/{subject}/{chapter}/{chapter id}).
 *
 *   GET /notes/{chapterId}  -> data: ChapterNotes
 *
 * Topics hold HTML the institute wrote; it was sanitised on import and is sanitised again when shown.
 */

export const subtopicNotesSchema = z.object({ id: z.string(), name: z.string(), content: z.string() });
export type SubtopicNotes = z.infer<typeof subtopicNotesSchema>;

export const topicNotesSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  subtopics: z.array(subtopicNotesSchema),
});
export type TopicNotes = z.infer<typeof topicNotesSchema>;

export const chapterNotesSchema = z.object({
  chapter_id: z.string(),
  subject_name: z.string(),
  chapter_name: z.string(),
  topics: z.array(topicNotesSchema),
  /** ms. */
  updated_at: z.number(),
});
export type ChapterNotes = z.infer<typeof chapterNotesSchema>;

export const chapterNotesReplySchema = z.object({ data: chapterNotesSchema });
export type ChapterNotesReply = z.infer<typeof chapterNotesReplySchema>;

/** A chapter id in the path: as the import's ids are. */
export const chapterIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, NOTES_MESSAGES.notFound);

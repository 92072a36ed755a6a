import type { ChapterNotesReply } from '@invigil/shared/api/notes';
import { apiCall } from '../../lib/api-client';

export const fetchChapterNotes = (chapterId: string) => apiCall<ChapterNotesReply>(`/notes/${encodeURIComponent(chapterId)}`);

import type { ChapterNotesReply } from '@invigil/shared/api/notes';
import { getCall } from '../../lib/api-client';

export const chapterNotesCall = (chapterId: string) => getCall(`/notes/${encodeURIComponent(chapterId)}`, { pick: (reply: ChapterNotesReply) => reply.data });

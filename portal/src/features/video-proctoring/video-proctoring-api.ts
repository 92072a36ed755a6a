import { videoProctoringReplySchema, type VideoProctoringReply } from '@invigil/shared/api/video-proctoring';
import { apiCall } from '../../lib/api-client';

/** GET /test/video/{id}: the student's own video proctoring room for the running attempt. */
export async function fetchStudentVideo(testId: string, signal?: AbortSignal): Promise<VideoProctoringReply> {
  return videoProctoringReplySchema.parse(await apiCall<unknown>(`/test/video/${encodeURIComponent(testId)}`, { signal }));
}

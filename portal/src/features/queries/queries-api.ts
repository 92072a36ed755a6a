import type {
  QueryAttachmentUrlReply,
  QueryListReply,
  QueryRecordReply,
  QueryReplyRequest,
  QuerySavedReply,
  QuerySubmission,
  QueryTypesReply,
  SubjectsReply,
} from '@invigil/shared/api/queries';
import { PUBLIC_READ_HEADER, queryAttachmentType, withoutQueryString } from '@invigil/shared/api/query-messages';
import { ApiError, apiCall, CONNECTION_MESSAGE, getCall } from '../../lib/api-client';

export const fetchQueryTypes = (signal?: AbortSignal) => apiCall<QueryTypesReply>('/query-types', { signal });

export const fetchSubjects = (signal?: AbortSignal) => apiCall<SubjectsReply>('/subjects', { signal });

/** The student's queries (the rows of the list). */
export const fetchQueries = getCall('/queries', { pick: (reply: QueryListReply) => reply.data });

export const queryCall = (id: string) => getCall(`/query/${encodeURIComponent(id)}`, { pick: (reply: QueryRecordReply) => reply.data });

export const submitQuery = (body: QuerySubmission) => apiCall<QuerySavedReply>('/submit-query', { method: 'POST', body: { ...body } });

export const replyToQuery = (id: string, body: QueryReplyRequest) =>
  apiCall<QuerySavedReply>(`/query/${encodeURIComponent(id)}`, { method: 'POST', body: { ...body } });

/**
 * POST /queries-attachment-url, then PUT the file to the URL with its Content-Type and the
 * public-read header (spec section 7). Gives the URL with its query string stripped: what the
 * submission carries.
 */
export async function uploadAttachment(file: File): Promise<string> {
  const contentType = queryAttachmentType(file.name);
  if (!contentType) throw new ApiError('Attachment types: .pdf, .png, .jpg, .jpeg', null);
  const { url } = await apiCall<QueryAttachmentUrlReply>('/queries-attachment-url', { method: 'POST', body: { contentType } });
  let response: Response;
  try {
    response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType, ...PUBLIC_READ_HEADER }, body: file });
  } catch {
    throw new ApiError(CONNECTION_MESSAGE, null);
  }
  if (!response.ok) {
    let message = response.statusText || 'Upload failed';
    try {
      const data = (await response.json()) as { message?: unknown };
      if (typeof data.message === 'string' && data.message) message = data.message;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(message, response.status);
  }
  return withoutQueryString(url);
}

/**
 * The upload step before a query or a reply is sent: the attachment's stored URL, null without a
 * file, or undefined when the upload failed (logged; the page tells the student and sends nothing).
 */
export async function uploadIfAttached(file: File | null, what: 'Query' | 'Reply'): Promise<string | null | undefined> {
  if (!file) return null;
  try {
    return await uploadAttachment(file);
  } catch (error) {
    console.error(`${what} attachment upload failed:`, error);
    return undefined;
  }
}

import type { StaffQueryListReply, StaffQueryReply, StaffQueryStatus } from '@invigil/shared/api/staff-queries';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError } from '../../lib/api-client';
import { staffCall } from '../staff-auth/staff-api';

// The replies of shared/api/staff-queries.ts (their types; the server builds them with `satisfies`).
const reply = <T,>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

export interface QueryFilters {
  q: string;
  type: string;
  subType: string;
  status: '' | StaffQueryStatus;
  page: number;
}

const path = (id: string) => `/staff/queries/${encodeURIComponent(id)}`;

export const fetchQueries = (filters: QueryFilters, signal?: AbortSignal) =>
  staffCall(reply<StaffQueryListReply>(), '/staff/queries', { query: { q: filters.q, type: filters.type, subType: filters.subType, status: filters.status, page: filters.page }, signal });
export const fetchQuery = (id: string, signal?: AbortSignal) => staffCall(reply<StaffQueryReply>(), path(id), { signal });
export const setQueryStatus = (id: string, status: StaffQueryStatus) => staffCall(reply<StaffQueryReply>(), `${path(id)}/status`, { method: 'POST', body: { status } });

/** Uploads the attachment as the student's are (a signed PUT), then sends the reply with its URL. */
export async function sendReply(id: string, body: { content: string; requestId: string; file: File | null }): Promise<StaffQueryReply> {
  let attachment: string | null = null;
  if (body.file) {
    const { url } = await staffCall(reply<{ url: string }>(), '/staff/queries/attachment-url', { method: 'POST', body: { contentType: body.file.type } });
    try {
      await ofetch(url, { method: 'PUT', body: body.file, headers: { 'content-type': body.file.type, 'x-amz-acl': 'public-read' }, retry: 1 });
    } catch {
      throw new ApiError('The attachment could not be uploaded. Check the file and try again.', null);
    }
    attachment = url.split('?')[0] ?? null;
  }
  return staffCall(reply<StaffQueryReply>(), `${path(id)}/replies`, { method: 'POST', body: { content: body.content, requestId: body.requestId, attachment } });
}

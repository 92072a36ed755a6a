import type { DeskReply, MarkNoticeReadReply } from '@invigil/shared/api/desk';
import { apiCall, getCall } from '../../lib/api-client';

/** Spec section 6: callable without login; the desk screen itself is for a signed-in student. */
export const fetchDesk = getCall<DeskReply>('/desk', { auth: false });
export const markNoticeRead = (id: string) => apiCall<MarkNoticeReadReply>('/notices/mark-read', { method: 'POST', body: { id } });

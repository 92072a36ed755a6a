import type { NoticeAudiencesReply, NoticeComposeRequest, NoticeDetailReply, NoticeKind, NoticeListReply, NoticePreviewReply, NoticeSentReply } from '@invigil/shared/api/staff-notices';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The replies of shared/api/staff-notices.ts (their types; the server builds them with `satisfies`).
const reply = <T,>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

export interface NoticeFilters {
  q: string;
  kind: '' | NoticeKind;
  page: number;
}

const path = (kind: NoticeKind, id: string) => `/staff/notices/${kind}/${encodeURIComponent(id)}`;

export const fetchNotices = (filters: NoticeFilters, signal?: AbortSignal) => staffCall(reply<NoticeListReply>(), '/staff/notices', { query: { kind: filters.kind, page: filters.page }, signal });
export const fetchAudiences = (q: string, signal?: AbortSignal) => staffCall(reply<NoticeAudiencesReply>(), '/staff/notices/audiences', { query: { q }, signal });
export const previewNotice = (body: NoticeComposeRequest) => staffCall(reply<NoticePreviewReply>(), '/staff/notices/preview', { method: 'POST', body: { ...body } });
export const sendNotice = (body: NoticeComposeRequest) => staffCall(reply<NoticeSentReply>(), '/staff/notices', { method: 'POST', body: { ...body } });
export const fetchNotice = (kind: NoticeKind, id: string, signal?: AbortSignal) => staffCall(reply<NoticeDetailReply>(), path(kind, id), { signal });
export const withdrawNotice = (kind: NoticeKind, id: string) => staffCall(reply<{ message: string }>(), path(kind, id), { method: 'DELETE' });

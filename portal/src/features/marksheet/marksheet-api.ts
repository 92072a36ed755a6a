import type { Marksheet, MarksheetListReply } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

export const fetchMarksheets = (page: number) => apiCall<MarksheetListReply>('/marksheets', { query: { page } });

export const fetchMarksheet = (id: string) => apiCall<Marksheet>(`/marksheets/${encodeURIComponent(id)}`);

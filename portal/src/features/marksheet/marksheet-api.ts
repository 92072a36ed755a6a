import type { Marksheet, MarksheetListReply } from '@invigil/shared/api/tests';
import { getCall } from '../../lib/api-client';

export const marksheetsCall = (page: number) => getCall<MarksheetListReply>('/marksheets', { query: { page } });

export const marksheetCall = (id: string) => getCall<Marksheet>(`/marksheets/${encodeURIComponent(id)}`);

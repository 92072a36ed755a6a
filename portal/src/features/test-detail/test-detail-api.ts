import type { TestGetReply } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

export const fetchTestDetail = (id: string) => apiCall<TestGetReply>(`/test/get/${encodeURIComponent(id)}`);

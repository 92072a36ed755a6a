import type { AnswerSheetReply, TestListReply } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

export const fetchAttemptedList = () => apiCall<TestListReply>('/test/attempted-list');

export const fetchAnswerSheet = (id: string) => apiCall<AnswerSheetReply>(`/test/answer/${encodeURIComponent(id)}`);

import type { AnswerSheetReply, TestListReply } from '@invigil/shared/api/tests';
import { getCall } from '../../lib/api-client';

export const fetchAttemptedList = getCall<TestListReply>('/test/attempted-list');

export const answerSheetCall = (id: string) => getCall<AnswerSheetReply>(`/test/answer/${encodeURIComponent(id)}`);

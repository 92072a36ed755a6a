import type { QuestionReportRequest } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

export const reportQuestion = (body: QuestionReportRequest) =>
  apiCall<{ message?: string }>('/question/report', { method: 'POST', body: { ...body } });

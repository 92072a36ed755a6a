import type { StartRequest, StartResponse, TestInstructionReply, TestListReply } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

export const fetchTestList = () => apiCall<TestListReply>('/test/list', { query: { q: Date.now() } });

export const fetchInstruction = (id: string, resume: boolean) =>
  apiCall<TestInstructionReply>(`/test/instruction/${encodeURIComponent(id)}`, { query: resume ? { resume: true } : {} });

export const startTest = (body: StartRequest) =>
  apiCall<StartResponse>('/test/start', { method: 'POST', body: { ...body } });

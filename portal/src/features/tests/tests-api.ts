import type { StartRequest, StartResponse, TestInstructionReply, TestListReply } from '@invigil/shared/api/tests';
import { apiCall, getCall } from '../../lib/api-client';

export const fetchTestList = getCall<TestListReply>('/test/list', { query: () => ({ q: Date.now() }) });

export const instructionCall = (id: string, resume: boolean) =>
  getCall<TestInstructionReply>(`/test/instruction/${encodeURIComponent(id)}`, { query: resume ? { resume: true } : {} });

export const startTest = (body: StartRequest) =>
  apiCall<StartResponse>('/test/start', { method: 'POST', body: { ...body } });

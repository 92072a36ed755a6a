import type { MockTestsReply } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

export const fetchMockTests = () => apiCall<MockTestsReply>('/test/mock-tests');

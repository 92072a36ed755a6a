import type { MockTestsReply } from '@invigil/shared/api/tests';
import { getCall } from '../../lib/api-client';

export const fetchMockTests = getCall<MockTestsReply>('/test/mock-tests');

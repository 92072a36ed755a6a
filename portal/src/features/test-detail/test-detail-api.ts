import type { TestGetReply } from '@invigil/shared/api/tests';
import { getCall } from '../../lib/api-client';

/** GET /test/get/{id}: one test of the list. */
export const testDetailCall = (id: string) => getCall<TestGetReply>(`/test/get/${encodeURIComponent(id)}`);

import type { ProctorEvent, ProctorEventsReply, ProctorTokenReply } from '@invigil/shared/api/proctor';
import { apiCall } from '../../lib/api-client';

/** POST /proctor/events: what this page saw (idempotent by event id). */
export function postProctorEvents(testId: string, events: readonly ProctorEvent[]): Promise<ProctorEventsReply> {
  return apiCall<ProctorEventsReply>('/proctor/events', { method: 'POST', body: { test_id: testId, sent_at: Date.now(), events: [...events] } });
}

/** POST /proctor/token: the short-lived token the extension reports with. */
export function fetchProctorToken(testId: string): Promise<ProctorTokenReply> {
  return apiCall<ProctorTokenReply>('/proctor/token', { method: 'POST', body: { test_id: testId } });
}

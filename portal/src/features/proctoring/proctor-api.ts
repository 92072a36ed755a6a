import type { ProctorEvent, ProctorEventsReply, ProctorTokenReply, SnapshotReply } from '@invigil/shared/api/proctor';
import { apiCall } from '../../lib/api-client';

/** POST /proctor/events: what this page saw (idempotent by event id). */
export function postProctorEvents(testId: string, events: readonly ProctorEvent[]): Promise<ProctorEventsReply> {
  return apiCall<ProctorEventsReply>('/proctor/events', { method: 'POST', body: { test_id: testId, sent_at: Date.now(), events: [...events] } });
}

/** POST /proctor/token: the short-lived token the extension reports with. */
export function fetchProctorToken(testId: string): Promise<ProctorTokenReply> {
  return apiCall<ProctorTokenReply>('/proctor/token', { method: 'POST', body: { test_id: testId } });
}

/** POST /snapUpload/{testId}/png (form test_id, data): a snapshot for the trail; its file name. */
export function uploadSnapshot(testId: string, image: Blob, reason: string): Promise<SnapshotReply> {
  const form = new FormData();
  form.set('test_id', testId);
  form.set('reason', reason);
  form.set('source', 'page');
  form.set('data', image, `snapshot.${image.type === 'image/webp' ? 'webp' : image.type === 'image/jpeg' ? 'jpg' : 'png'}`);
  return apiCall<SnapshotReply>(`/snapUpload/${encodeURIComponent(testId)}/png`, { method: 'POST', body: form });
}

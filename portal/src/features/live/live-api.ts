import { liveChatSentSchema, liveChatThreadSchema, type ChatMessage, type LiveChatThread, type LivePingRequest } from '@invigil/shared/api/live';
import { apiCall } from '../../lib/api-client';

/** POST /live/ping: the live channel's messages when no WebSocket opens (the reply is validated by the client). */
export function livePing(body: LivePingRequest): Promise<unknown> {
  return apiCall<unknown>('/live/ping', { method: 'POST', body: { ...body } });
}

/** GET /live/chat/{testId}: the student's thread with the test's proctor. */
export async function fetchChatThread(testId: string, signal?: AbortSignal): Promise<LiveChatThread> {
  return liveChatThreadSchema.parse(await apiCall<unknown>(`/live/chat/${encodeURIComponent(testId)}`, { signal }));
}

/** POST /live/chat/{testId}: a message from the CHAT panel outside a running test. */
export async function postChatMessage(testId: string, id: string, m: string): Promise<ChatMessage> {
  return liveChatSentSchema.parse(await apiCall<unknown>(`/live/chat/${encodeURIComponent(testId)}`, { method: 'POST', body: { id, m } })).message;
}

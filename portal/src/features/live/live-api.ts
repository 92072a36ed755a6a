import { liveChatSentSchema, liveChatSummariesSchema, liveChatThreadSchema, type ChatMessage, type LiveChatSummaries, type LiveChatThread, type LivePingRequest } from '@invigil/shared/api/live';
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

/** GET /live/chats: each test's chat on or off and the proctor's unread messages, for all the cards at once. */
export async function fetchChatSummaries(signal?: AbortSignal): Promise<LiveChatSummaries> {
  return liveChatSummariesSchema.parse(await apiCall<unknown>('/live/chats', { signal }));
}

/** POST /live/chat/{testId}/read: the proctor's messages up to `upTo` are read. */
export async function markChatRead(testId: string, upTo: number): Promise<void> {
  await apiCall<unknown>(`/live/chat/${encodeURIComponent(testId)}/read`, { method: 'POST', body: { upTo } });
}

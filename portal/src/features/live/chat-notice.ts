import type { ChatMessage } from '@invigil/shared/api/live';

/**
 * The proctor's newest message after `floor` (the ts read or dismissed up to) that the student has
 * not read, with its first line for the in-test notice; null when there is none.
 */
export function chatNotice(chat: readonly ChatMessage[], floor: number): { ts: number; line: string } | null {
  let latest: ChatMessage | null = null;
  for (const message of chat) if (message.teid !== null && !message.r && message.ts > floor && (!latest || message.ts > latest.ts)) latest = message;
  return latest && { ts: latest.ts, line: latest.m.trim().split('\n', 1)[0] ?? '' };
}

import type { ChatMessage } from '@invigil/shared/api/live';
import type { TestListItem } from '@invigil/shared/api/tests';
import { filterProfanity } from '@invigil/shared/domain/profanity';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { useSignals } from '@preact/signals-react/runtime';
import { MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { userConfig } from '../auth/auth-state';
import { ChatPanel } from './chat-panel';
import { fetchChatThread, postChatMessage } from './live-api';
import { newMessageId } from './live-client';

/** While the panel is open, the proctor's replies are fetched this often. */
const POLL_MS = 5_000;

const merge = (list: readonly ChatMessage[], more: readonly ChatMessage[]) =>
  [...new Map([...list, ...more].map((message) => [message.id, message])).values()].sort((a, b) => a.ts - b.ts);

/**
 * A Scheduled Tests card's CHAT (spec section 2): shown when the server says chat is enabled for
 * this student and test (DISABLE_CHAT, default disabled), with the proctor's unread messages counted.
 */
export function TestChatButton({ test }: { test: TestListItem }) {
  useSignals();
  const userOff = isFlagOn(userConfig.value['DISABLE_CHAT']);
  const [messages, setMessages] = useState<readonly ChatMessage[] | null>(null);
  const [open, setOpen] = useState(false);
  const [readUpTo, setReadUpTo] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const thread = await fetchChatThread(test._id, signal);
      setMessages((list) => (thread.chatDisabled ? null : merge(list ?? [], thread.chat)));
    },
    [test._id],
  );

  useEffect(() => {
    if (userOff) return;
    const controller = new AbortController();
    load(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [load, userOff]);

  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => void load().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [open, load]);

  const newestFromProctor = (messages ?? []).reduce((max, message) => (message.teid !== null ? Math.max(max, message.ts) : max), 0);
  useEffect(() => {
    if (open) setReadUpTo(newestFromProctor);
  }, [open, newestFromProctor]);

  if (userOff || messages === null) return null;
  const unread = messages.filter((message) => message.teid !== null && !message.r && message.ts > readUpTo).length;
  return (
    <>
      <button type="button" className="btn btn-sm gap-1" onClick={() => setOpen(true)} aria-label={`Chat ${unread > 0 ? `${unread} unread ` : ''}about ${test.name}`}>
        <MessageCircle className="h-4 w-4" aria-hidden="true" />CHAT
        {unread > 0 ? <span className="badge badge-error badge-sm" aria-hidden="true">{unread}</span> : null}
      </button>
      <ChatPanel
        open={open}
        title={`Chat: ${test.name}`}
        messages={messages}
        onClose={() => setOpen(false)}
        onSend={async (text) => {
          const m = filterProfanity(text.trim());
          if (!m) return false;
          const message = await postChatMessage(test._id, newMessageId(), m);
          setMessages((list) => merge(list ?? [], [message]));
          return true;
        }}
      />
    </>
  );
}

import type { ChatMessage, LiveChatSummaries } from '@invigil/shared/api/live';
import type { TestListItem } from '@invigil/shared/api/tests';
import { filterProfanity } from '@invigil/shared/domain/profanity';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { useSignals } from '@preact/signals-react/runtime';
import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { userConfig } from '../auth/auth-state';
import { fetchChatSummaries, fetchChatThread, markChatRead, postChatMessage } from './live-api';
import { newMessageId } from './message-id';

// The panel's code comes when a student first opens a chat, not with every Scheduled Tests list.
const ChatPanel = lazy(() => import('./chat-panel').then((module) => ({ default: module.ChatPanel })));

/** While the panel is open, the proctor's replies are fetched this often. */
const POLL_MS = 5_000;
/** The cards of one Scheduled Tests screen share one GET /live/chats this recent. */
const SUMMARIES_FRESH_MS = 5_000;

const merge = (list: readonly ChatMessage[], more: readonly ChatMessage[]) =>
  [...new Map([...list, ...more].map((message) => [message.id, message])).values()].sort((a, b) => a.ts - b.ts);

type Summary = LiveChatSummaries['threads'][number];
let summaries: { at: number; load: Promise<Map<string, Summary>> } | null = null;

/** One call for all the cards: a card mounting within a few seconds of another reuses its reply. */
function chatSummary(testId: string): Promise<Summary | undefined> {
  if (!summaries || Date.now() - summaries.at > SUMMARIES_FRESH_MS) {
    const load = fetchChatSummaries().then((reply) => new Map(reply.threads.map((thread) => [thread.tid, thread])));
    summaries = { at: Date.now(), load };
    load.catch(() => {
      if (summaries?.load === load) summaries = null;
    });
  }
  return summaries.load.then((found) => found.get(testId));
}

/**
 * A Scheduled Tests card's CHAT (spec section 2): shown when the server says chat is enabled for
 * this student and test (DISABLE_CHAT, default disabled), with the proctor's unread messages counted.
 * The thread itself is fetched when the panel opens.
 */
export function TestChatButton({ test }: { test: TestListItem }) {
  useSignals();
  const userOff = isFlagOn(userConfig.value['DISABLE_CHAT']);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [messages, setMessages] = useState<readonly ChatMessage[] | null>(null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [readUpTo, setReadUpTo] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const thread = await fetchChatThread(test._id, signal);
      if (thread.chatDisabled) setSummary(null);
      else setMessages((list) => merge(list ?? [], thread.chat));
    },
    [test._id],
  );

  useEffect(() => {
    if (userOff) return;
    let current = true;
    chatSummary(test._id)
      .then((found) => {
        if (current) setSummary(found && !found.chatDisabled ? found : null);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [test._id, userOff]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void load(controller.signal).catch(() => undefined);
    const timer = setInterval(() => void load().catch(() => undefined), POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [open, load]);

  const newestFromProctor = (messages ?? []).reduce((max, message) => (message.teid !== null ? Math.max(max, message.ts) : max), 0);
  useEffect(() => {
    if (!open || newestFromProctor <= readUpTo) return;
    setReadUpTo(newestFromProctor);
    // Read on the server too: the count does not come back on the next visit.
    void markChatRead(test._id, newestFromProctor).catch(() => undefined);
  }, [open, newestFromProctor, readUpTo, test._id]);

  if (userOff || summary === null) return null;
  const unread = messages === null ? summary.unread : messages.filter((message) => message.teid !== null && !message.r && message.ts > readUpTo).length;
  return (
    <>
      <button
        type="button"
        className="btn btn-sm gap-1"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label={`Chat ${unread > 0 ? `${unread} unread ` : ''}about ${test.name}`}
      >
        <MessageCircle className="h-4 w-4" aria-hidden="true" />CHAT
        {unread > 0 ? <span className="badge badge-error badge-sm" aria-hidden="true">{unread}</span> : null}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ChatPanel
            open={open}
            title={`Chat: ${test.name}`}
            messages={messages ?? []}
            onClose={() => setOpen(false)}
            onSend={async (text) => {
              const m = filterProfanity(text.trim());
              if (!m) return false;
              const message = await postChatMessage(test._id, newMessageId(), m);
              setMessages((list) => merge(list ?? [], [message]));
              return true;
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

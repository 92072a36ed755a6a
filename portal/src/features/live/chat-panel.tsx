import { MAX_CHAT_LENGTH, type ChatMessage } from '@invigil/shared/api/live';
import { CHAT_NOT_SENT } from '@invigil/shared/api/live-messages';
import { filterProfanity } from '@invigil/shared/domain/profanity';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/date-time';
import { Modal } from '../../ui/modal';
import { useFocusReturn } from './focus-return';

export interface ChatPanelProps {
  open: boolean;
  /** The dialog's heading (the test's name goes in it). */
  title: string;
  messages: readonly ChatMessage[];
  /** null until the thread has loaded. */
  loading?: boolean;
  /** Sends the text; rejects when it was not sent (the text is kept for another try). False: nothing to send. */
  onSend: (text: string) => Promise<boolean>;
  onClose: () => void;
  /** The console's side: the proctor's own messages are 'mine', the candidate is named. */
  side?: 'student' | 'proctor';
  emptyText?: string;
}

/** Who wrote a message, as the reader (the student, or the proctor in the console) reads it. */
function author(message: ChatMessage, side: 'student' | 'proctor'): string {
  if (side === 'proctor') return message.teid === null ? (message.un ?? 'Candidate') : `You${message.tn ? ` (${message.tn})` : ''}`;
  if (message.teid === null) return 'You';
  return message.tn ? `${message.tn} (proctor)` : 'Proctor';
}

/**
 * The chat with the test's proctor (spec sections 2-5): on Scheduled Tests (CHAT) and in the test
 * (Chat in the bottom bar). Messages with their time, profanity filtered on display and before
 * sending, empty messages not sent, 'Message was not sent! Please try again.' keeping the text.
 * A modal dialog: Escape closes, and focus goes back to the button that opened it.
 */
export function ChatPanel({ open, title, messages, loading = false, onSend, onClose, side = 'student', emptyText = 'No messages yet. Write to the proctor if you need help.' }: ChatPanelProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, open]);

  // The dialog leaves the DOM when closed (the browser's own focus return needs it closed in place):
  // focus goes back to what opened it by hand.
  useFocusReturn(open);
  useEffect(() => {
    if (open) input.current?.focus();
    else setError(null);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setError(null);
    setSending(true);
    try {
      const sent = await onSend(text);
      if (sent) setText('');
    } catch {
      setError(CHAT_NOT_SENT);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  return (
    <Modal open={open} title={title} onClose={onClose}>
      <div className="flex flex-col gap-3">
        {loading ? (
          <p role="status" className="flex items-center gap-2"><span className="loading loading-spinner loading-sm" aria-hidden="true" />Loading messages…</p>
        ) : messages.length === 0 ? (
          <p className="opacity-80">{emptyText}</p>
        ) : (
          <ol ref={list} className="flex max-h-[45dvh] flex-col gap-2 overflow-y-auto" aria-label="Messages" aria-live="polite" tabIndex={0}>
            {messages.map((message) => {
              const mine = (message.teid === null) === (side === 'student');
              return (
                <li key={message.id} className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
                  <div className="chat-header text-xs">
                    {author(message, side)} <time dateTime={new Date(message.ts).toISOString()} className="opacity-80">{formatDateTime(message.ts)}</time>
                  </div>
                  <div className={`chat-bubble break-words ${mine ? 'chat-bubble-primary' : ''}`}>{filterProfanity(message.m)}</div>
                </li>
              );
            })}
          </ol>
        )}
        <form className="flex flex-col gap-1" onSubmit={(event) => void submit(event)}>
          <label htmlFor={inputId} className="text-sm font-medium">Message</label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={inputId}
              className="input input-bordered min-w-0 flex-1"
              value={text}
              maxLength={MAX_CHAT_LENGTH}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
              aria-describedby={error ? `${inputId}-error` : undefined}
              aria-invalid={error ? true : undefined}
            />
            <button type="submit" className="btn btn-primary" disabled={sending}>
              <Send className="h-4 w-4" aria-hidden="true" />Send
            </button>
          </div>
          {error ? <p id={`${inputId}-error`} role="alert" className="text-sm text-error">{error}</p> : null}
        </form>
      </div>
    </Modal>
  );
}

import type { Notification } from '@invigil/shared/api/notifications';
import { NOTIFICATION_MESSAGES } from '@invigil/shared/api/notification-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { ChevronDown, Paperclip } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { loadNotifications, markAllRead, markRead, notifications, notificationsFailed, unreadCount } from './notifications-state';

/** An attachment's link text: its file name. */
function attachmentName(url: string, index: number): string {
  try {
    const name = decodeURIComponent(new URL(url, window.location.origin).pathname.split('/').pop() ?? '');
    return name || `Attachment ${index + 1}`;
  } catch {
    return `Attachment ${index + 1}`;
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function NotificationItem({ item, expanded, onToggle, now }: { item: Notification; expanded: boolean; onToggle: () => void; now: number }) {
  const contentId = useId();
  const unread = item.read_at === null;
  return (
    <li className="border-b border-base-300 last:border-b-0">
      <button
        type="button"
        className="flex w-full items-start gap-3 rounded-box px-2 py-3 text-left hover:bg-base-200"
        aria-expanded={expanded}
        aria-controls={contentId}
        onClick={onToggle}
      >
        <span className={`mt-2 h-2.5 w-2.5 flex-none rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${unread ? 'font-bold' : 'font-medium'}`}>
            {item.data.title}
            {unread ? <span className="sr-only"> (unread)</span> : null}
          </span>
          <time className="block text-sm opacity-80" dateTime={new Date(item.created_at).toISOString()} title={formatDateTime(item.created_at)}>
            {formatRelativeTime(item.created_at, now)}
          </time>
        </span>
        <ChevronDown className={`mt-1 h-5 w-5 flex-none transition-transform ${expanded ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div id={contentId} hidden={!expanded} className="px-2 pb-3 pl-7.5">
        {item.data.content ? <p className="whitespace-pre-line break-words">{item.data.content}</p> : null}
        {item.attachments.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1" aria-label="Attachments">
            {item.attachments.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1 break-all">
                  <Paperclip className="h-4 w-4 flex-none" aria-hidden="true" />
                  {attachmentName(url, index)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The notifications list (spec: Notifications): newest first, title and relative time; opening one
 * shows its content and attachments and marks it read. 'No unread notification' when none is
 * unread; Mark all read asks 'Mark all read?' first.
 */
export function NotificationsPanel({ open, onClose, initialId }: { open: boolean; onClose: () => void; initialId: string | null }) {
  useSignals();
  const [expanded, setExpanded] = useState<string | null>(initialId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const list = notifications.value;
  const count = unreadCount.value;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // A pushed notification's click opens the list on it: it is read by being opened.
  useEffect(() => {
    if (initialId && list?.some((item) => item.id === initialId && item.read_at === null)) {
      markRead(initialId).catch((error: unknown) => showSnackbar(errorText(error), { color: 'error' }));
    }
    // Once the list holds it; later loads change nothing.
  }, [initialId, list]);

  function toggle(item: Notification) {
    const opening = expanded !== item.id;
    setExpanded(opening ? item.id : null);
    if (opening && item.read_at === null) {
      markRead(item.id).catch((error: unknown) => showSnackbar(errorText(error), { color: 'error' }));
    }
  }

  async function confirmMarkAll() {
    setConfirming(false);
    setBusy(true);
    try {
      await markAllRead();
    } catch (error) {
      showSnackbar(errorText(error), { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal
        open={open && !confirming}
        title="Notifications"
        onClose={onClose}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>Close</button>
            <button type="button" className="btn btn-primary" disabled={count === 0 || busy} onClick={() => setConfirming(true)}>
              Mark all read
            </button>
          </>
        }
      >
        <p className={`mb-2 text-sm font-medium ${count > 0 ? '' : 'opacity-80'}`} role="status">
          {list === null ? (notificationsFailed.value ? '' : 'Loading notifications…') : count > 0 ? `${count} unread` : NOTIFICATION_MESSAGES.noUnread}
        </p>
        {notificationsFailed.value ? (
          <div className="mb-2 flex flex-wrap items-center gap-2" role="alert">
            <span className="text-error">Error fetching data!</span>
            <button type="button" className="btn btn-sm" onClick={() => void loadNotifications()}>Retry</button>
          </div>
        ) : null}
        {list === null ? (
          notificationsFailed.value ? null : (
            <div className="flex justify-center py-6">
              <span className="loading loading-spinner text-primary" aria-hidden="true" />
            </div>
          )
        ) : list.length === 0 ? null : (
          <ul aria-label="Notifications, newest first">
            {list.map((item) => (
              <NotificationItem key={item.id} item={item} expanded={expanded === item.id} onToggle={() => toggle(item)} now={now} />
            ))}
          </ul>
        )}
      </Modal>
      <Modal
        open={confirming}
        title={NOTIFICATION_MESSAGES.markAllConfirm}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>Cancel</button>
            <button type="button" className="btn btn-primary" onClick={() => void confirmMarkAll()}>Mark all read</button>
          </>
        }
      >
        <p>{count === 1 ? 'The unread notification will show as read.' : `All ${count} unread notifications will show as read.`}</p>
      </Modal>
    </>
  );
}

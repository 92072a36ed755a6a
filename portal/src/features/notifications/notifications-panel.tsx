import type { Notification } from '@invigil/shared/api/notifications';
import { NOTIFICATION_MESSAGES } from '@invigil/shared/api/notification-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { MessageItem } from '../../ui/message-item';
import { Modal } from '../../ui/modal';
import { loadNotifications, markAllRead, markRead, notifications, notificationsFailed, unreadCount } from './notifications-state';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function NotificationItem({ item, expanded, onToggle, now }: { item: Notification; expanded: boolean; onToggle: () => void; now: number }) {
  return (
    <MessageItem
      title={item.data.title}
      unread={item.read_at === null}
      time={
        <time dateTime={new Date(item.created_at).toISOString()} title={formatDateTime(item.created_at)}>
          {formatRelativeTime(item.created_at, now)}
        </time>
      }
      content={item.data.content}
      attachments={item.attachments}
      expanded={expanded}
      onToggle={onToggle}
    />
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

import { NOTIFICATIONS_REFRESH_MS } from '@invigil/shared/api/notification-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { shellCovers } from '../../lib/shell-cover';
import { loadNotifications, unreadCount } from './notifications-state';

// The list and its dialogs load when first opened: the top bar on every page stays light.
const NotificationsPanel = lazy(() => import('./notifications-panel').then((module) => ({ default: module.NotificationsPanel })));

/** What the service worker tells open pages (portal/public/sw.js). */
type WorkerMessage = { type: 'invigil-notifications-changed' } | { type: 'invigil-open-notification'; id: string };

/** The query a pushed notification's click opens the portal with (server: notificationUrl). */
const NOTIFICATION_PARAM = 'notification';

function takeNotificationParam(): string | null {
  const url = new URL(window.location.href);
  const id = url.searchParams.get(NOTIFICATION_PARAM);
  if (id === null) return null;
  url.searchParams.delete(NOTIFICATION_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return id;
}

export function bellLabel(count: number): string {
  return count > 0 ? `Notifications: ${count} unread` : 'Notifications: no unread';
}

/**
 * The top bar's bell (spec: Menu and top bar) with the unread count, refreshed every 5 minutes
 * (section 9) and when a push arrives; it opens the notifications list.
 */
export function NotificationsBell() {
  useSignals();
  const [open, setOpen] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void loadNotifications();
    const timer = setInterval(() => void loadNotifications(), NOTIFICATIONS_REFRESH_MS);
    const opened = takeNotificationParam();
    if (opened !== null) {
      setFocusId(opened);
      setOpen(true);
    }
    const onMessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data?.type === 'invigil-notifications-changed') void loadNotifications();
      // A click on a pushed notification: opened here unless a test covers the page (it keeps its place).
      if (event.data?.type === 'invigil-open-notification' && shellCovers.value === 0) {
        void loadNotifications();
        setFocusId(event.data.id || null);
        setOpen(true);
      }
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      clearInterval(timer);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, []);

  const count = unreadCount.value;
  const close = () => {
    setOpen(false);
    setFocusId(null);
    // Once the dialog is gone: while it is up, the bell behind it is inert.
    setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square indicator"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        onClick={() => {
          void loadNotifications();
          setOpen(true);
        }}
      >
        <Bell className="h-6 w-6" aria-hidden="true" />
        {count > 0 ? (
          <span className="indicator-item badge badge-error badge-sm tabular-nums" aria-hidden="true" data-testid="notifications-badge">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPanel open={open} onClose={close} initialId={focusId} />
        </Suspense>
      ) : null}
    </>
  );
}

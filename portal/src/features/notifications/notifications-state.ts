import type { Notification } from '@invigil/shared/api/notifications';
import { computed, signal } from '@preact/signals-react';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from './notifications-api';

/** The student's notifications as last loaded (null: not yet); the bell and the list share them. */
export const notifications = signal<Notification[] | null>(null);
/** The last load failed (the bell keeps what it had; the list says so). */
export const notificationsFailed = signal(false);

export const unreadCount = computed(() => (notifications.value ?? []).filter((item) => item.read_at === null).length);

let inFlight: Promise<void> | null = null;

/** Loads the list; concurrent callers share one request. Never throws: a failure sets notificationsFailed. */
export function loadNotifications(): Promise<void> {
  inFlight ??= fetchNotifications()
    .then(
      (reply) => {
        notifications.value = reply.data;
        notificationsFailed.value = false;
      },
      () => {
        notificationsFailed.value = true;
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Signed out: nothing of the last student stays in memory. */
export function forgetNotifications(): void {
  notifications.value = null;
  notificationsFailed.value = false;
}

function setReadAt(ids: ReadonlySet<string> | 'all', readAt: number | null): void {
  const list = notifications.value;
  if (!list) return;
  notifications.value = list.map((item) =>
    (ids === 'all' ? item.read_at === null : ids.has(item.id)) ? { ...item, read_at: readAt } : item,
  );
}

/** Opening a notification marks it read: at once on screen, undone if the server refuses. */
export async function markRead(id: string): Promise<void> {
  const item = notifications.value?.find((each) => each.id === id);
  if (!item || item.read_at !== null) return;
  setReadAt(new Set([id]), Date.now());
  try {
    const reply = await markNotificationRead(id);
    setReadAt(new Set([id]), reply.data.read_at);
  } catch (error) {
    setReadAt(new Set([id]), null);
    throw error;
  }
}

/** Marks every notification read, then reloads (the server may hold ones this list has not seen). */
export async function markAllRead(): Promise<void> {
  await markAllNotificationsRead();
  setReadAt('all', Date.now());
  await loadNotifications();
}

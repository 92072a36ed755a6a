import { NOTIFICATION_MESSAGES } from '@invigil/shared/api/notification-messages';
import { signal } from '@preact/signals-react';
import { fetchPushPublicKey, registerPushToken, unregisterPushToken } from './notifications-api';
import { activeRegistration, serviceWorkerSupported } from './service-worker';

/**
 * Web Push in this browser: permission, the service worker's subscription with the server's VAPID
 * key, and its registration for the signed-in student (POST /fcm-token).
 *
 * 'on': subscribed here with permission granted; 'blocked': the student denied notifications (only
 * the browser's site settings undo that); 'unsupported': no service worker or Push API.
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

export const pushState = signal<PushState>('checking');

export type EnableOutcome = 'enabled' | 'already' | 'blocked' | 'unsupported';

const pushSupported = () => serviceWorkerSupported() && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Reads the state without asking the student anything. */
export async function refreshPushState(): Promise<PushState> {
  let next: PushState;
  if (!pushSupported()) next = 'unsupported';
  else if (Notification.permission === 'denied') next = 'blocked';
  else if (Notification.permission === 'granted' && (await currentSubscription().catch(() => null))) next = 'on';
  else next = 'off';
  pushState.value = next;
  return next;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Asks for permission if needed, subscribes through the service worker and registers the
 * subscription. An existing subscription is registered again (idempotent: another student may
 * have used this browser) and reported as 'already'. Throws the reason of any other failure.
 */
export async function enablePush(): Promise<EnableOutcome> {
  if (!pushSupported()) {
    pushState.value = 'unsupported';
    return 'unsupported';
  }
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') {
    pushState.value = permission === 'denied' ? 'blocked' : 'off';
    return 'blocked';
  }
  const registration = await activeRegistration();
  const key = base64UrlToBytes((await fetchPushPublicKey()).publicKey);
  let subscription = await registration.pushManager.getSubscription();
  let outcome: EnableOutcome = 'already';
  if (subscription && !sameKey(subscription, key)) {
    // The server's key changed (new DATA_DIR): the old subscription can no longer be sent to.
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    outcome = 'enabled';
  }
  await registerPushToken(subscription.toJSON());
  pushState.value = 'on';
  return outcome;
}

/** Unsubscribes this browser and tells the server (which also drops it on the push service's 410). */
export async function disablePush(): Promise<void> {
  const subscription = pushSupported() ? await currentSubscription() : null;
  if (subscription) {
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await unregisterPushToken(endpoint).catch(() => {});
  }
  await refreshPushState();
}

export const ENABLE_MESSAGES: Record<EnableOutcome, { text: string; color: 'success' | 'info' | 'error' }> = {
  enabled: { text: NOTIFICATION_MESSAGES.enabled, color: 'success' },
  already: { text: NOTIFICATION_MESSAGES.alreadyEnabled, color: 'info' },
  blocked: { text: NOTIFICATION_MESSAGES.blocked, color: 'error' },
  unsupported: { text: NOTIFICATION_MESSAGES.unsupported, color: 'error' },
};

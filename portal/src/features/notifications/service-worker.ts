/**
 * The portal's service worker (portal/public/sw.js): push messages, notification clicks and the
 * offline shell. Registered in production builds only: the dev server's modules must not be cached.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export const serviceWorkerSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !serviceWorkerSupported()) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // The portal works without it (no push, no offline shell): say why in the console only.
      console.warn('The service worker could not be registered:', error);
    });
  };
  // After load: the first visit's own requests come first.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The active registration, registering the worker if it is not yet (the dev server). */
export async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * On sign-out: this browser stops receiving the student's notifications. Only the local
 * subscription is dropped (the token is already gone); the push service then answers 410 and the
 * server removes the row at its next send. Here, not in push-subscription.ts: the top bar's
 * sign-out must not load the push code on every page.
 */
export function forgetPushOnSignOut(): void {
  if (!serviceWorkerSupported() || typeof window === 'undefined' || !('PushManager' in window)) return;
  navigator.serviceWorker
    .getRegistration('/')
    .then((registration) => registration?.pushManager.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => {});
}

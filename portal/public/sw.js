/*
 * The portal's service worker: push messages, notification clicks, and the offline page.
 *
 * - push: shows the notification the server pushed ({ id, title, body, url }) and tells open
 *   portal pages to refresh their bell.
 * - notificationclick: an open portal page is focused and told which notification was opened
 *   (it decides: a page in a running test keeps its place); with none open, a window opens.
 * - Page loads (navigations) go to the network first; only when the network fails is the cached
 *   offline page shown, at the URL asked for, so "Try again" reloads it. Nothing else is served
 *   from the cache but that page's own script and icon when offline: /api calls and the app's
 *   scripts and styles never come from this worker, so a deploy is seen on the next load and a
 *   stale build is never served.
 *
 * VERSION is replaced at build time by a hash of this file and the offline files
 * (scripts/service-worker-vite-plugin.ts): a changed offline page installs a new worker, whose
 * cache replaces the old one.
 */
const VERSION = 'dev';
const CACHE = `invigil-offline-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const OFFLINE_FILES = [OFFLINE_URL, '/offline.js', '/favicon.svg'];
/** Paths the server answers itself: never given the offline page (a download, an API call). */
const SERVER_PATHS = /^\/(api|blobs|uploads?|extension)(\/|$)/;

self.addEventListener('install', (event) => {
  // Static routing (where supported): everything but page loads and the offline page's own files
  // skips this worker entirely. Refused by an older routing API: every request then reaches the
  // fetch handler, which lets the others through.
  try {
    const offlineFiles = OFFLINE_FILES.map((pathname) => ({ urlPattern: new URLPattern({ pathname }) }));
    event.waitUntil(event.addRoutes({ condition: { not: { or: [{ requestMode: 'navigate' }, ...offlineFiles] } }, source: 'network' }).catch(() => {}));
  } catch {
    // No static routing here (event.addRoutes or URLPattern missing).
  }
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: 'reload' }))))
      // Safe to take over at once: this worker never serves the app's code, only the offline page.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('invigil-offline-') && name !== CACHE).map((name) => caches.delete(name)));
      // Page loads start while the worker boots instead of after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The offline page's script and icon: from the network, else the cache (the page is offline).
  if (request.mode !== 'navigate') {
    if (OFFLINE_FILES.includes(url.pathname) && url.pathname !== OFFLINE_URL) {
      event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname, { cacheName: CACHE })) ?? Response.error()));
    }
    return;
  }
  if (SERVER_PATHS.test(url.pathname)) return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(request);
      } catch {
        const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
        return offline ?? Response.error();
      }
    })(),
  );
});

self.addEventListener('push', (event) => {
  let message = { id: '', title: 'Invigil', body: '', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(message.title, {
        body: message.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        // One entry per notification: a repeated push replaces it instead of stacking.
        tag: message.id || undefined,
        data: { id: message.id, url: message.url },
      });
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: 'invigil-notifications-changed' });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { id = '', url = '/' } = event.notification.data ?? {};
  const target = new URL(url, self.location.origin);
  // Only the portal's own pages are opened.
  const href = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const page = pages.find((each) => new URL(each.url).origin === self.location.origin);
      if (page) {
        await page.focus();
        page.postMessage({ type: 'invigil-open-notification', id });
        return;
      }
      await self.clients.openWindow(href);
    })(),
  );
});

/*
 * The portal's service worker: push messages, notification clicks, the offline page, and the
 * running test's page kept for a reload offline (decision 0068).
 *
 * - push: shows the notification the server pushed ({ id, title, body, url }) and tells open
 *   portal pages to refresh their bell.
 * - notificationclick: an open portal page is focused and told which notification was opened
 *   (it decides: a page in a running test keeps its place); with none open, a window opens.
 * - Page loads (navigations) go to the network first; only when the network fails is the cached
 *   offline page shown, at the URL asked for, so "Try again" reloads it. Nothing else is served
 *   from the cache but that page's own script and icon when offline, and a running test's page.
 *   /api calls never come from this worker; the app's code only from this build's test-page cache.
 * - The running test's page (decision 0068): while an attempt runs, its page asks this worker to
 *   keep it ('invigil-keep-test-page'): the test page's address (its HTML, fetched fresh) and the
 *   build's files the test page needs (TEST_PAGE_FILES) go into `invigil-test-page-<VERSION>`. A
 *   test page that cannot be loaded from the network is then served from there, and its files come
 *   from there (static routing: a file not in it goes to the network). Page loads stay network
 *   first, so online a new build's page, naming its own files, is always what loads; the page drops
 *   the cache when the attempt ends.
 *
 * VERSION is replaced at build time by a hash of this file (TEST_PAGE_FILES included, so a build
 * that changes the test page's code changes it) and the offline files
 * (scripts/service-worker-vite-plugin.ts): a new worker deletes the old build's caches, and keeps
 * the test page a running attempt kept, from the new build.
 */
const VERSION = 'dev';
/** The build's files the test page needs (set at build time): kept only while an attempt runs. */
const TEST_PAGE_FILES = [];
/**
 * The heavy files of the test page's list that only some tests use (the face check's worker, 1.5 MB;
 * the PDF viewer and its worker, 1.6 MB): kept only when the page has loaded them already, so a
 * test without a face check or a PDF never downloads them in the background of a hall's Wi-Fi.
 */
const ONLY_IF_LOADED = /^\/assets\/(face-worker-entry|pdf\.worker|pdf|pdf-viewer)[-.][^/]*$/;
const CACHE = `invigil-offline-${VERSION}`;
const TEST_PAGE_CACHE_PREFIX = 'invigil-test-page-';
const TEST_PAGE_CACHE = `${TEST_PAGE_CACHE_PREFIX}${VERSION}`;
/** The in-test page's addresses (the route table's test-in routes). */
const TEST_PAGE = /^\/test\/[^/]+\/(in|test-in-partwise)$/;
const OFFLINE_URL = '/offline.html';
const OFFLINE_FILES = [OFFLINE_URL, '/offline.js', '/favicon.svg'];
/** Paths the server answers itself: never given the offline page (a download, an API call). */
const SERVER_PATHS = /^\/(api|blobs|uploads?|extension)(\/|$)/;

self.addEventListener('install', (event) => {
  // Static routing (where supported): everything but page loads and the offline page's own files
  // skips this worker entirely. Refused by an older routing API: every request then reaches the
  // fetch handler, which lets the others through.
  // The build's files come from the test-page cache when it holds them (only while an attempt
  // runs; they are content-hashed, so a cached one is the same bytes), else from the network.
  try {
    const offlineFiles = OFFLINE_FILES.map((pathname) => ({ urlPattern: new URLPattern({ pathname }) }));
    const others = { condition: { not: { or: [{ requestMode: 'navigate' }, ...offlineFiles] } }, source: 'network' };
    const assets = { condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) }, source: { cacheName: TEST_PAGE_CACHE } };
    event.waitUntil(event.addRoutes([assets, others]).catch(() => event.addRoutes(others)).catch(() => {}));
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
      // An older build's test page: dropped, and kept again from this build (an attempt runs).
      const older = names.filter((name) => name.startsWith(TEST_PAGE_CACHE_PREFIX) && name !== TEST_PAGE_CACHE);
      const pages = new Set();
      for (const name of older) {
        for (const request of await (await caches.open(name)).keys()) {
          const { pathname } = new URL(request.url);
          if (TEST_PAGE.test(pathname)) pages.add(pathname);
        }
        await caches.delete(name);
      }
      for (const page of pages) await keepTestPage(page).catch(() => {});
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
        // A running test's page, kept by this build; any other page gets the offline page.
        const kept = TEST_PAGE.test(url.pathname) ? await caches.match(url.pathname, { cacheName: TEST_PAGE_CACHE, ignoreSearch: true }) : undefined;
        const offline = kept ?? (await caches.match(OFFLINE_URL, { cacheName: CACHE }));
        return offline ?? Response.error();
      }
    })(),
  );
});

/**
 * Keeps a running test's page: its HTML as the server sends it now, and the files of this build the
 * test page needs that the cache does not hold yet (most come from the browser's HTTP cache).
 */
async function keepTestPage(page, loaded = []) {
  const cache = await caches.open(TEST_PAGE_CACHE);
  const html = await fetch(page, { cache: 'no-cache', credentials: 'same-origin' });
  if (!html.ok || html.redirected) return;
  await cache.put(page, html);
  const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const used = new Set(loaded);
  const missing = TEST_PAGE_FILES.filter((file) => !held.has(file) && (!ONLY_IF_LOADED.test(file) || used.has(file)));
  for (let i = 0; i < missing.length; i += 6) {
    await Promise.all(
      missing.slice(i, i + 6).map(async (file) => {
        const response = await fetch(file).catch(() => null);
        if (response?.ok) await cache.put(file, response);
      }),
    );
  }
}

self.addEventListener('message', (event) => {
  const { type, page, loaded } = event.data ?? {};
  if (type !== 'invigil-keep-test-page' || typeof page !== 'string' || !TEST_PAGE.test(page)) return;
  const files = Array.isArray(loaded) ? loaded.filter((file) => typeof file === 'string') : [];
  event.waitUntil(keepTestPage(page, files).catch(() => {}));
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

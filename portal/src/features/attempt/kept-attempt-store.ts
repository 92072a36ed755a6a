import type { TestInReply, TestPaper } from '@invigil/shared/api/tests';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { storage } from '../../lib/storage';
import { openPaperCache, paperUrl } from './attempt-api';
import { KEPT_OWNER_KEY } from './kept-attempt-owner';
import type { KeptAttempt } from './offline-attempt';

/**
 * Where a running attempt is kept on the device (decision 0068, offline-attempt.ts): its record in
 * IndexedDB, its paper in the paper cache, the test page's code in the service worker's cache.
 */

export const KEPT_DB_NAME = 'invigil-kept-attempts';
/** The service worker's caches of the test page's code (sw.js, `invigil-test-page-<build>`). */
export const TEST_PAGE_CACHE_PREFIX = 'invigil-test-page-';

/** The paper cache's entries of a kept attempt (the plain paper and the sealed copy). */
export function paperEntries(reply: Pick<TestInReply, 'paper'>): string[] {
  const { url, sealed_url } = reply.paper;
  return sealed_url ? [paperUrl(url), paperUrl(sealed_url)] : [paperUrl(url)];
}

/** The kept attempts to drop when `userId` is the one signed in: everyone else's. */
export function keptOfOthers(kept: readonly Pick<KeptAttempt, 'attempt' | 'userId'>[], userId: string): string[] {
  return kept.filter((each) => each.userId !== userId).map((each) => each.attempt);
}

interface KeptSchema extends DBSchema {
  attempts: { key: string; value: KeptAttempt };
}

let database: Promise<IDBPDatabase<KeptSchema>> | null = null;
function keptDb(): Promise<IDBPDatabase<KeptSchema>> {
  database ??= openDB<KeptSchema>(KEPT_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('attempts', { keyPath: 'attempt' });
    },
  }).catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

export async function keptAttempt(attempt: string): Promise<KeptAttempt | null> {
  return (await (await keptDb()).get('attempts', attempt)) ?? null;
}

export async function putKept(kept: KeptAttempt): Promise<void> {
  await (await keptDb()).put('attempts', kept);
}

/** Drops a kept attempt: its record (with the key), its paper and the test page's code. */
export async function dropKeptAttempt(attempt: string): Promise<void> {
  const db = await keptDb();
  const kept = await db.get('attempts', attempt);
  await db.delete('attempts', attempt);
  const cache = await openPaperCache();
  if (kept && cache) await Promise.all(paperEntries(kept.reply).map((url) => cache.delete(url)));
  if ((await db.count('attempts')) === 0) {
    storage.remove(KEPT_OWNER_KEY);
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(TEST_PAGE_CACHE_PREFIX)).map((name) => caches.delete(name)));
    }
  }
}

/** Another student signed in on this device: nothing of an earlier student's attempt stays. */
export async function dropKeptAttemptsOfOthers(userId: string): Promise<void> {
  const all = await (await keptDb()).getAll('attempts');
  for (const attempt of keptOfOthers(all, userId)) await dropKeptAttempt(attempt);
  if (all.every((each) => each.userId !== userId)) storage.remove(KEPT_OWNER_KEY);
}

/** The service worker keeps the test page (this address) and its code until the attempt ends. */
export function keepTestPage(page: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // The build's files this page has loaded: the worker keeps the heavy optional ones (the face
  // check's and the PDF viewer's) only when they are among them.
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'invigil-keep-test-page', page, loaded })).catch(() => undefined);
}

/**
 * Stores the attempt (unless it came from here) and makes sure its paper is held: the sealed copy
 * or the plain paper; with neither (a reply without an ETag), the paper itself.
 */
export async function keepAttempt(kept: KeptAttempt, paper: TestPaper, store: boolean): Promise<void> {
  storage.set(KEPT_OWNER_KEY, kept.userId);
  if (store) await putKept(kept);
  const { reply } = kept;
  const cache = await openPaperCache();
  if (!cache || reply.testData) return;
  const held = await Promise.all(paperEntries(reply).map((url) => cache.match(url)));
  if (!held.some(Boolean)) await cache.put(paperUrl(reply.paper.url), new Response(JSON.stringify(paper), { headers: { 'Content-Type': 'application/json' } }));
}

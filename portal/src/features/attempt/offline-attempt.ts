import type { QuestionUpdate, SyncReply } from '@invigil/shared/api/attempt-sync';
import type { SavedQuestionState, TestInReply, TestPaper } from '@invigil/shared/api/tests';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { storage } from '../../lib/storage';
import { openPaperCache, paperUrl } from './attempt-api';
import { KEPT_OWNER_KEY } from './kept-attempt-owner';

/**
 * A running attempt kept on the device so that a reload offline shows the test and the student goes
 * on answering (decision 0068). Kept: the attempt's last reply (its answers as the server
 * acknowledged them since, the deadline, the paper's address and the sealed copy's key) and the
 * server's clock offset; the paper stays where the page already keeps it (the sealed copy, or the
 * plain paper by its ETag, in the paper cache); the journal holds what is not yet sent; the
 * service worker keeps the test page's code (sw.js). All of it only while the attempt runs: its
 * submission, termination or end, or another student signing in on this device, drops it.
 */
export interface KeptAttempt {
  /** attemptKey(userId, testId). */
  attempt: string;
  userId: string;
  testId: string;
  /** The attempt as the server last described it, with every answer it acknowledged since. */
  reply: TestInReply;
  /** The server's clock minus the device's (ms), measured at that reply. */
  offsetMs: number;
}

export const KEPT_DB_NAME = 'invigil-kept-attempts';
/** The service worker's caches of the test page's code (sw.js, `invigil-test-page-<build>`). */
export const TEST_PAGE_CACHE_PREFIX = 'invigil-test-page-';

/** What is kept of an attempt from the server's reply, received at `deviceNow` (Date.now()). */
export function keepFrom(userId: string, testId: string, reply: TestInReply, deviceNow: number): KeptAttempt {
  return { attempt: `${userId}:${testId}`, userId, testId, reply, offsetMs: reply.userData.server_time - deviceNow };
}

/**
 * The reply a reload offline starts from: the server's time now, from the device's clock and the
 * last known offset, so the countdown goes on from the same deadline (a reload never extends it;
 * a deadline passed while offline gives 0 and the page submits on the device, as it does offline).
 */
export function replyOffline(kept: KeptAttempt, deviceNow: number): TestInReply {
  const { userData } = kept.reply;
  const serverNow = deviceNow + kept.offsetMs;
  return { ...kept.reply, userData: { ...userData, server_time: serverNow, timeLeft: Math.max(0, Math.floor((userData.deadline - serverNow) / 1000)) } };
}

/**
 * After a sync: the answers the server acknowledged join the kept answers (the journal drops them),
 * and a deadline the server moved (a proctor's extension) moves the kept one.
 */
export function afterSync(kept: KeptAttempt, sent: readonly QuestionUpdate[], reply: Pick<SyncReply, 'acked_rev' | 'time_left'>, deviceNow: number): KeptAttempt {
  const { userData } = kept.reply;
  const states = new Map(userData.test_data.map((state) => [state.qn, state] as const));
  for (const update of sent) {
    if (update.rev > reply.acked_rev) continue;
    const held = states.get(update.qn);
    if (held && held.rev >= update.rev) continue;
    const base: SavedQuestionState = held ?? { qn: update.qn, ua: null, ats: null, mts: null, vts: null, s: 0, iu: [], vu: [], au: [], r: null, rev: 0, late: false };
    states.set(update.qn, { ...base, ua: update.ua, ats: update.ats, mts: update.mts, vts: update.vts, s: update.s, rev: update.rev });
  }
  const serverNow = deviceNow + kept.offsetMs;
  const deadline = Math.abs((userData.deadline - serverNow) / 1000 - reply.time_left) > 1 ? serverNow + reply.time_left * 1000 + 500 : userData.deadline;
  const test_data = [...states.values()].sort((a, b) => a.qn - b.qn);
  return { ...kept, reply: { ...kept.reply, userData: { ...userData, test_data, acked_rev: Math.max(userData.acked_rev, reply.acked_rev), deadline } } };
}

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

async function putKept(kept: KeptAttempt): Promise<void> {
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
function keepTestPage(page: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'invigil-keep-test-page', page })).catch(() => undefined);
}

/**
 * The attempt's keeper for the loader: its record follows every sync in memory; `keep()` (called
 * in the background once the first question is usable) stores it, makes sure the paper is held,
 * and asks the service worker for the page's code; from then on each sync is written through.
 */
export class AttemptKeeper {
  private stored = false;
  private dropped = false;

  constructor(
    private kept: KeptAttempt,
    /** Loaded from the kept record (offline): already on the device, nothing to fetch. */
    readonly fromKept: boolean,
  ) {}

  synced(sent: readonly QuestionUpdate[], reply: Pick<SyncReply, 'acked_rev' | 'time_left'>): void {
    if (this.dropped) return;
    this.kept = afterSync(this.kept, sent, reply, Date.now());
    if (this.stored) void putKept(this.kept).catch(() => undefined);
  }

  async keep(paper: TestPaper, page: string): Promise<void> {
    if (this.dropped) return;
    this.stored = true;
    storage.set(KEPT_OWNER_KEY, this.kept.userId);
    if (!this.fromKept) await putKept(this.kept);
    const { reply } = this.kept;
    const cache = await openPaperCache();
    if (cache && !reply.testData) {
      const held = await Promise.all(paperEntries(reply).map((url) => cache.match(url)));
      // Neither the plain paper nor the sealed copy is held (the reply gave no ETag): keep the paper.
      if (!held.some(Boolean)) await cache.put(paperUrl(reply.paper.url), new Response(JSON.stringify(paper), { headers: { 'Content-Type': 'application/json' } }));
    }
    if (this.dropped) return void (await dropKeptAttempt(this.kept.attempt));
    keepTestPage(page);
  }

  /** The attempt is over (submitted, terminated, ended): nothing of it stays. */
  async drop(): Promise<void> {
    this.dropped = true;
    this.stored = false;
    await dropKeptAttempt(this.kept.attempt);
  }
}

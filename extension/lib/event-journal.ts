import type { ProctorEvent } from '@invigil/shared/api/proctor';
import { MAX_EVENTS_PER_REQUEST, PROCTOR_TOKEN_HEADER } from '@invigil/shared/api/proctor-kinds';

/**
 * The extension's own delivery of its events to the server (POST <apiBase>/proctor/events with
 * the attempt's proctor token). Every event is journaled before it is sent, and the journal lives
 * in chrome.storage.session, so a service-worker restart loses none: the worker sends what is left
 * when it wakes. Failures are retried with a growing delay; a replay is harmless (the server keeps
 * each event id once). A 4xx other than 408/429 drops the batch: that token or batch will never be
 * taken (an expired token is a 401), and holding it would block later events.
 *
 * An entry may wait for its evidence: a flagged face check's snapshot (a data URL) that is
 * uploaded first (POST <apiBase>/snapUpload/<testId>/png with the same token); the event then goes
 * with `evidence` = the file name. The upload is retried like the events; refused for good, or
 * still failing after MAX_SNAPSHOT_TRIES, the event goes without evidence. An event is never lost
 * for its picture.
 */

export interface JournalEntry {
  testId: string;
  apiBase: string;
  token: string;
  event: ProctorEvent;
  /** A snapshot to upload before the event is sent; `tries`: failed uploads so far. */
  snapshot?: { data: string; tries?: number };
}

export interface SnapshotUpload {
  /** The snapshot call's form: the test, the image as a data URL, why it was taken, who took it. */
  form: { test_id: string; data: string; reason: string; source: 'extension' };
  headers: Record<string, string>;
}

export interface JournalStorage {
  load(): Promise<JournalEntry[]>;
  save(entries: JournalEntry[]): Promise<void>;
}

export interface JournalDeps {
  storage: JournalStorage;
  fetch: (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<{ status: number }>;
  /** Posts a snapshot form; `fileName` from the reply when it was taken. Without it, snapshots are not uploaded. */
  upload?: (url: string, init: SnapshotUpload) => Promise<{ status: number; fileName?: string }>;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
/** A journal never grows past an attempt's event limit (the server keeps no more either). */
export const MAX_JOURNAL = 5_000;
/** Failed uploads of one snapshot before its event goes without it (1 + 2 + 4 + 8 s of retries). */
export const MAX_SNAPSHOT_TRIES = 5;
/** Snapshots waiting in the journal at most (chrome.storage.session holds 10 MB); more go without evidence. */
export const MAX_PENDING_SNAPSHOTS = 20;

export function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** The first run of entries that go in one request: same destination and token, at most 100. */
export function nextBatch(entries: readonly JournalEntry[]): JournalEntry[] {
  const first = entries[0];
  if (!first) return [];
  const batch: JournalEntry[] = [];
  for (const entry of entries) {
    if (entry.apiBase !== first.apiBase || entry.token !== first.token || entry.testId !== first.testId) continue;
    batch.push(entry);
    if (batch.length === MAX_EVENTS_PER_REQUEST) break;
  }
  return batch;
}

export class EventJournal {
  private entries: JournalEntry[] = [];
  private readonly loaded: Promise<void>;
  private sending = false;
  private timer: unknown = null;
  private failures = 0;

  constructor(private readonly deps: JournalDeps) {
    this.loaded = deps.storage.load().then(
      (stored) => {
        this.entries = [...stored, ...this.entries];
      },
      () => undefined,
    );
  }

  /** Journals the events, then tries to send them. Resolves once they are journaled. */
  async add(entries: readonly JournalEntry[]): Promise<void> {
    await this.loaded;
    if (entries.length === 0) return;
    let pictures = this.entries.filter((entry) => entry.snapshot).length;
    const added = entries.map((entry) => {
      if (!entry.snapshot) return entry;
      if (this.deps.upload && pictures < MAX_PENDING_SNAPSHOTS) {
        pictures += 1;
        return entry;
      }
      return { testId: entry.testId, apiBase: entry.apiBase, token: entry.token, event: entry.event };
    });
    this.entries = [...this.entries, ...added].slice(-MAX_JOURNAL);
    await this.deps.storage.save(this.entries);
    this.schedule(0);
  }

  async pending(): Promise<number> {
    await this.loaded;
    return this.entries.length;
  }

  /** Sends what is journaled, one request at a time; resolves when the journal is empty or a send failed. */
  async flush(): Promise<void> {
    await this.loaded;
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.entries.length > 0) {
        const batch = nextBatch(this.entries);
        const sent = (await this.attachEvidence(batch)) === 'retry' ? 'retry' : await this.send(batch);
        if (sent === 'retry') {
          this.failures += 1;
          this.schedule(retryDelay(this.failures));
          return;
        }
        this.failures = 0;
        const done = new Set(batch.map((entry) => entry.event.id + entry.token));
        this.entries = this.entries.filter((entry) => !done.has(entry.event.id + entry.token));
        await this.deps.storage.save(this.entries);
      }
    } finally {
      this.sending = false;
    }
  }

  /** Uploads the batch's snapshots and names them in their events; 'retry' when one must be tried again later. */
  private async attachEvidence(batch: JournalEntry[]): Promise<'done' | 'retry'> {
    for (const entry of batch) {
      const snapshot = entry.snapshot;
      if (!snapshot) continue;
      const result = await this.upload(entry, snapshot.data);
      if (result === 'retry') {
        snapshot.tries = (snapshot.tries ?? 0) + 1;
        if (snapshot.tries < MAX_SNAPSHOT_TRIES) {
          await this.deps.storage.save(this.entries);
          return 'retry';
        }
      } else if (result !== null) {
        entry.event = { ...entry.event, evidence: result };
      }
      delete entry.snapshot;
      await this.deps.storage.save(this.entries);
    }
    return 'done';
  }

  /** The file name, null when the server refused it for good, 'retry' otherwise. */
  private async upload(entry: JournalEntry, data: string): Promise<string | null | 'retry'> {
    if (!this.deps.upload) return null;
    try {
      const reply = await this.deps.upload(`${entry.apiBase}/snapUpload/${encodeURIComponent(entry.testId)}/png`, {
        headers: { [PROCTOR_TOKEN_HEADER]: entry.token },
        form: { test_id: entry.testId, data, reason: entry.event.kind, source: 'extension' },
      });
      if (reply.status >= 200 && reply.status < 300) return reply.fileName ?? null;
      if (reply.status >= 400 && reply.status < 500 && reply.status !== 408 && reply.status !== 429) return null;
      return 'retry';
    } catch {
      return 'retry';
    }
  }

  private async send(batch: JournalEntry[]): Promise<'done' | 'retry'> {
    const first = batch[0]!;
    try {
      const reply = await this.deps.fetch(`${first.apiBase}/proctor/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PROCTOR_TOKEN_HEADER]: first.token },
        body: JSON.stringify({ test_id: first.testId, sent_at: this.deps.now(), events: batch.map((entry) => entry.event) }),
      });
      if (reply.status >= 200 && reply.status < 300) return 'done';
      if (reply.status >= 400 && reply.status < 500 && reply.status !== 408 && reply.status !== 429) return 'done';
      return 'retry';
    } catch {
      return 'retry';
    }
  }

  private schedule(ms: number): void {
    if (this.timer !== null) {
      if (ms > 0) return;
      this.deps.clearTimeout(this.timer);
    }
    this.timer = this.deps.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }
}

/** The journal in chrome.storage.session (memory only, kept across service-worker restarts). */
export function sessionJournalStorage(area: chrome.storage.StorageArea = chrome.storage.session, key = 'proctor-journal'): JournalStorage {
  return {
    async load() {
      const items = await area.get(key);
      const value = items[key];
      return Array.isArray(value) ? (value as JournalEntry[]) : [];
    },
    async save(entries) {
      if (entries.length === 0) await area.remove(key);
      else await area.set({ [key]: entries });
    },
  };
}

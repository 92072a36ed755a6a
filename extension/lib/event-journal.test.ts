import { describe, expect, it } from 'vitest';
import type { ProctorEvent } from '@invigil/shared/api/proctor';
import { EventJournal, MAX_PENDING_SNAPSHOTS, MAX_RETRY_MS, MAX_SNAPSHOT_TRIES, nextBatch, retryDelay, type JournalDeps, type JournalEntry, type SnapshotUpload } from './event-journal';

const event = (n: number): ProctorEvent => ({ id: `event-${String(n).padStart(4, '0')}`, at: 1000 + n, kind: 'BLUR', source: 'extension' });
const entry = (n: number, token = 'pt1.a'): JournalEntry => ({ testId: 't1', apiBase: 'http://127.0.0.1:18080/api', token, event: event(n) });

interface Call {
  url: string;
  headers: Record<string, string>;
  body: { test_id: string; events: ProctorEvent[] };
}

function harness(statuses: (number | 'network')[] = [], stored: JournalEntry[] = []) {
  const calls: Call[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let saved: JournalEntry[] = [...stored];
  const deps: JournalDeps = {
    storage: { load: async () => [...stored], save: async (entries) => void (saved = [...entries]) },
    fetch: async (url, init) => {
      calls.push({ url, headers: init.headers, body: JSON.parse(init.body) as Call['body'] });
      const status = statuses.shift() ?? 200;
      if (status === 'network') throw new TypeError('Failed to fetch');
      return { status };
    },
    now: () => 5000,
    setTimeout: (run, ms) => timers.push({ run, ms }),
    clearTimeout: () => undefined,
  };
  return { deps, calls, timers, saved: () => saved };
}

describe('event journal', () => {
  it('posts journaled events with the proctor token and forgets them once the server took them', async () => {
    const h = harness([200]);
    const journal = new EventJournal(h.deps);
    await journal.add([entry(1), entry(2)]);
    expect(h.saved()).toHaveLength(2);
    await journal.flush();
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ url: 'http://127.0.0.1:18080/api/proctor/events', headers: { 'x-proctor-token': 'pt1.a', 'content-type': 'application/json' } });
    expect(h.calls[0]?.body).toMatchObject({ test_id: 't1', sent_at: 5000 });
    expect(h.calls[0]?.body.events.map((e) => e.id)).toEqual(['event-0001', 'event-0002']);
    expect(h.saved()).toEqual([]);
    expect(await journal.pending()).toBe(0);
  });

  it('keeps events across a worker restart and sends them when it wakes', async () => {
    const h = harness([200], [entry(1)]);
    const journal = new EventJournal(h.deps);
    await journal.flush();
    expect(h.calls[0]?.body.events.map((e) => e.id)).toEqual(['event-0001']);
    expect(await journal.pending()).toBe(0);
  });

  it('retries network failures and 5xx with a growing delay, keeping the events', async () => {
    const h = harness(['network', 503, 200]);
    const journal = new EventJournal(h.deps);
    const runNextTimer = async () => {
      h.timers.shift()?.run();
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    };
    await journal.add([entry(1)]);
    expect(h.timers.map((timer) => timer.ms)).toEqual([0]);
    await runNextTimer();
    expect(await journal.pending()).toBe(1);
    expect(h.timers.map((timer) => timer.ms)).toEqual([1000]);
    await runNextTimer();
    expect(h.timers.map((timer) => timer.ms)).toEqual([2000]);
    await runNextTimer();
    expect(await journal.pending()).toBe(0);
    expect(h.timers).toEqual([]);
    expect(h.calls.map((call) => call.body.events[0]?.id)).toEqual(['event-0001', 'event-0001', 'event-0001']);
  });

  it('drops a batch the server refuses for good (expired token), but retries 429', async () => {
    const h = harness([429, 401]);
    const journal = new EventJournal(h.deps);
    await journal.add([entry(1)]);
    await journal.flush();
    expect(await journal.pending()).toBe(1);
    await journal.flush();
    expect(await journal.pending()).toBe(0);
  });

  it('sends each token and test in its own request, in order', async () => {
    const h = harness();
    const journal = new EventJournal(h.deps);
    await journal.add([entry(1, 'pt1.a'), entry(2, 'pt1.b'), entry(3, 'pt1.a')]);
    await journal.flush();
    expect(h.calls.map((call) => [call.headers['x-proctor-token'], call.body.events.map((e) => e.id)])).toEqual([
      ['pt1.a', ['event-0001', 'event-0003']],
      ['pt1.b', ['event-0002']],
    ]);
  });

  it('batches at most 100 events', () => {
    const entries = Array.from({ length: 250 }, (_, n) => entry(n));
    expect(nextBatch(entries)).toHaveLength(100);
    expect(nextBatch([])).toEqual([]);
  });

  it('backs off up to a ceiling', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(20)).toBe(MAX_RETRY_MS);
  });

  describe('snapshots', () => {
    const IMAGE = 'data:image/webp;base64,UklGRg==';
    const flagged = (n: number): JournalEntry => ({ ...entry(n), event: { ...event(n), kind: 'MULTI_FACE' }, snapshot: { data: IMAGE } });

    function withUploads(replies: (number | 'network')[], statuses: (number | 'network')[] = []) {
      const h = harness(statuses);
      const uploads: { url: string; init: SnapshotUpload }[] = [];
      h.deps.upload = async (url, init) => {
        uploads.push({ url, init });
        const status = replies.shift() ?? 200;
        if (status === 'network') throw new TypeError('Failed to fetch');
        return status === 200 ? { status, fileName: `snap-${uploads.length}.webp` } : { status };
      };
      return { ...h, uploads };
    }

    it('uploads the snapshot with the proctor token first, then sends the event with its evidence', async () => {
      const h = withUploads([200]);
      const journal = new EventJournal(h.deps);
      await journal.add([entry(1), flagged(2)]);
      expect(h.saved()[1]?.snapshot?.data).toBe(IMAGE);
      await journal.flush();
      expect(h.uploads).toEqual([
        {
          url: 'http://127.0.0.1:18080/api/snapUpload/t1/png',
          init: { headers: { 'x-proctor-token': 'pt1.a' }, form: { test_id: 't1', data: IMAGE, reason: 'MULTI_FACE', source: 'extension' } },
        },
      ]);
      expect(h.calls[0]?.body.events).toEqual([event(1), { ...event(2), kind: 'MULTI_FACE', evidence: 'snap-1.webp' }]);
      expect(await journal.pending()).toBe(0);
    });

    it('keeps the event waiting while the upload fails, and sends it without evidence once it fails for good', async () => {
      const h = withUploads(Array.from({ length: MAX_SNAPSHOT_TRIES }, () => 'network' as const));
      const journal = new EventJournal(h.deps);
      await journal.add([flagged(1)]);
      for (let i = 1; i < MAX_SNAPSHOT_TRIES; i += 1) {
        await journal.flush();
        expect(h.calls).toEqual([]);
        expect(h.saved()[0]?.snapshot?.tries).toBe(i);
      }
      await journal.flush();
      expect(h.calls[0]?.body.events).toEqual([{ ...event(1), kind: 'MULTI_FACE' }]);
      expect(await journal.pending()).toBe(0);
    });

    it('sends the event without evidence when the server refuses the picture', async () => {
      const h = withUploads([413]);
      const journal = new EventJournal(h.deps);
      await journal.add([flagged(1)]);
      await journal.flush();
      expect(h.uploads).toHaveLength(1);
      expect(h.calls[0]?.body.events[0]?.evidence).toBeUndefined();
    });

    it('keeps no more than a few pictures waiting, and none without an uploader', async () => {
      const h = withUploads([]);
      const journal = new EventJournal(h.deps);
      await journal.add(Array.from({ length: MAX_PENDING_SNAPSHOTS + 2 }, (_, n) => flagged(n)));
      expect(h.saved().filter((e) => e.snapshot)).toHaveLength(MAX_PENDING_SNAPSHOTS);
      const plain = harness();
      const without = new EventJournal(plain.deps);
      await without.add([flagged(1)]);
      expect(plain.saved()[0]?.snapshot).toBeUndefined();
    });
  });
});

import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncEngine } from '../attempt/sync-engine';
import { MemoryJournal } from './memory-journal';

const update = (qn: number, rev: number, ua: QuestionUpdate['ua'] = 'A'): QuestionUpdate => ({
  qn, rev, ua, ats: ua === null ? null : 1000 + rev, mts: null, vts: 900, s: rev, at: 1000 + rev,
});
const attempt = 'preview:test-1';

describe('MemoryJournal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends only the newest change per question, oldest first', async () => {
    const journal = new MemoryJournal();
    await journal.append(attempt, update(1, 1, 'A'));
    await journal.append(attempt, update(2, 2, 'B'));
    await journal.append(attempt, update(1, 3, 'C'));
    expect(await journal.pending(attempt)).toEqual([update(2, 2, 'B'), update(1, 3, 'C')]);
    expect(await journal.pendingCount(attempt)).toBe(3);
    expect(await journal.lastRev(attempt)).toBe(3);
  });

  it('drops what was acknowledged and keeps the rest; revisions keep growing', async () => {
    const journal = new MemoryJournal();
    for (let rev = 1; rev <= 5; rev += 1) await journal.append(attempt, update(rev, rev));
    await journal.acknowledge(attempt, 3);
    expect((await journal.pending(attempt)).map((item) => item.rev)).toEqual([4, 5]);
    await journal.acknowledge(attempt, 0);
    expect(await journal.pendingCount(attempt)).toBe(2);
    expect(await journal.lastRev(attempt)).toBe(5);
  });

  it('keeps attempts apart', async () => {
    const journal = new MemoryJournal();
    await journal.append(attempt, update(1, 1));
    await journal.append('preview:test-2', update(1, 1, 'D'));
    await journal.acknowledge('preview:test-2', 1);
    expect(await journal.pending(attempt)).toHaveLength(1);
    expect(await journal.pending('preview:test-2')).toHaveLength(0);
    expect(await journal.pending('nobody')).toEqual([]);
    expect(await journal.submitIntent('nobody')).toBeNull();
  });

  it('remembers a submit until it is forgotten', async () => {
    const journal = new MemoryJournal();
    await journal.append(attempt, update(1, 1));
    await journal.setSubmitIntent(attempt, { reason: 'TEST_TIME_OUT', at: 5000, qn: 1 });
    expect(await journal.submitIntent(attempt)).toEqual({ reason: 'TEST_TIME_OUT', at: 5000, qn: 1 });
    await journal.forget(attempt);
    expect(await journal.submitIntent(attempt)).toBeNull();
    expect(await journal.pending(attempt)).toHaveLength(0);
    expect(await journal.lastRev(attempt)).toBe(0);
  });

  it('carries the sync engine (no IndexedDB in this test environment): changes are delivered, then the submit', async () => {
    // No IndexedDB (another file of this worker may have loaded fake-indexeddb).
    vi.stubGlobal('indexedDB', undefined);
    const journal = new MemoryJournal();
    const sync = vi.fn((updates: QuestionUpdate[]) => Promise.resolve({ success: true as const, acked_rev: Math.max(0, ...updates.map((u) => u.rev)), time_left: 60, late: false, submitted: false }));
    const submit = vi.fn(() => Promise.resolve({ message: 'done' }));
    const onSubmitted = vi.fn();
    const engine = new SyncEngine({ journal, attempt, transport: { sync, submit }, currentQn: () => 1, onSubmitted, debounceMs: 1 });
    await engine.record(update(1, 1, 'B'));
    await engine.record(update(2, 2, ['A', 'C']));
    await engine.flush();
    expect(sync).toHaveBeenCalled();
    expect(await journal.pendingCount(attempt)).toBe(0);
    expect(engine.state.value).toEqual({ status: 'saved', unsent: 0 });
    await engine.record(update(1, 3, 'D'));
    await engine.submit('manual', 1);
    expect(submit).toHaveBeenCalledWith([update(1, 3, 'D')], expect.objectContaining({ reason: 'manual', qn: 1 }));
    expect(onSubmitted).toHaveBeenCalledWith({ message: 'done' });
    expect(await journal.submitIntent(attempt)).toBeNull();
    engine.stop();
  });
});

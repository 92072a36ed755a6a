import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import type { AttemptJournal, SubmitIntent } from '../attempt/answer-journal';

interface Entry {
  changes: QuestionUpdate[];
  lastRev: number;
  submit: SubmitIntent | null;
}

/**
 * The preview's answer journal: the student's journal (attempt/answer-journal.ts) kept in memory
 * only. Nothing reaches IndexedDB, so closing the preview leaves nothing behind on the device.
 */
export class MemoryJournal implements AttemptJournal {
  private readonly entries = new Map<string, Entry>();

  private entry(attempt: string): Entry {
    let entry = this.entries.get(attempt);
    if (!entry) {
      entry = { changes: [], lastRev: 0, submit: null };
      this.entries.set(attempt, entry);
    }
    return entry;
  }

  /** The highest revision given out for the attempt (0 when none). */
  lastRev(attempt: string): Promise<number> {
    return Promise.resolve(this.entries.get(attempt)?.lastRev ?? 0);
  }

  append(attempt: string, update: QuestionUpdate): Promise<void> {
    const entry = this.entry(attempt);
    entry.changes = [...entry.changes.filter((change) => change.rev !== update.rev), update];
    entry.lastRev = Math.max(entry.lastRev, update.rev);
    return Promise.resolve();
  }

  /** The unacknowledged changes, the newest per question, oldest first (as the IndexedDB journal gives them). */
  pending(attempt: string): Promise<QuestionUpdate[]> {
    const newest = new Map<number, QuestionUpdate>();
    for (const update of this.entries.get(attempt)?.changes ?? []) {
      const current = newest.get(update.qn);
      if (!current || current.rev < update.rev) newest.set(update.qn, update);
    }
    return Promise.resolve([...newest.values()].sort((a, b) => a.rev - b.rev));
  }

  pendingCount(attempt: string): Promise<number> {
    return Promise.resolve(this.entries.get(attempt)?.changes.length ?? 0);
  }

  acknowledge(attempt: string, ackedRev: number): Promise<void> {
    const entry = this.entries.get(attempt);
    if (entry && ackedRev >= 1) entry.changes = entry.changes.filter((change) => change.rev > ackedRev);
    return Promise.resolve();
  }

  setSubmitIntent(attempt: string, intent: SubmitIntent): Promise<void> {
    this.entry(attempt).submit = intent;
    return Promise.resolve();
  }

  submitIntent(attempt: string): Promise<SubmitIntent | null> {
    return Promise.resolve(this.entries.get(attempt)?.submit ?? null);
  }

  forget(attempt: string): Promise<void> {
    this.entries.delete(attempt);
    return Promise.resolve();
  }
}

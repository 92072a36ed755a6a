import type { QuestionUpdate, SubmitReason } from '@invigil/shared/api/attempt-sync';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The local journal of answer changes: every change is written here, durably, before it is
 * sent, and stays until the server acknowledges its revision. A reload, a crash, a closed tab or
 * a network drop therefore loses nothing: the unsent tail is replayed on the next start.
 */

/** What the portal still has to deliver when the student submitted while offline. */
export interface SubmitIntent {
  reason: SubmitReason;
  /** When the portal decided to submit, on the student's clock. */
  at: number;
  qn?: number;
}

interface JournalSchema extends DBSchema {
  /** `answer`: the change touched the answer or the mark (false: a visit or time only; absent: unknown, counted). */
  changes: { key: [string, number]; value: { attempt: string; rev: number; update: QuestionUpdate; answer?: boolean } };
  meta: { key: string; value: { attempt: string; lastRev: number; submit?: SubmitIntent } };
}

export interface PendingSummary {
  changes: number;
  answers: number;
}

export const JOURNAL_DB_NAME = 'invigil-answer-journal';

/** The attempt's journal key: one student's attempt at one test. */
export const attemptKey = (userId: string, testId: string) => `${userId}:${testId}`;

/**
 * What the sync engine needs of a journal (sync-engine.ts): the IndexedDB journal below for a
 * student, an in-memory one for a staff preview (staff-test-preview), which stores nothing.
 */
export interface AttemptJournal {
  append(attempt: string, update: QuestionUpdate, answerChange?: boolean): Promise<void>;
  pending(attempt: string): Promise<QuestionUpdate[]>;
  pendingCount(attempt: string): Promise<number>;
  /**
   * In one read: how many changes wait (as pendingCount) and how many questions have an answer or
   * mark change among them, what the student calls their unsaved answers (a visit or time on a
   * question is not one). A journal without it counts every change as an answer.
   */
  pendingSummary?(attempt: string): Promise<PendingSummary>;
  acknowledge(attempt: string, ackedRev: number): Promise<void>;
  setSubmitIntent(attempt: string, intent: SubmitIntent): Promise<void>;
  submitIntent(attempt: string): Promise<SubmitIntent | null>;
  forget(attempt: string): Promise<void>;
}

export class AnswerJournal implements AttemptJournal {
  private constructor(private readonly db: IDBPDatabase<JournalSchema>) {}

  static async open(name: string = JOURNAL_DB_NAME): Promise<AnswerJournal> {
    const db = await openDB<JournalSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('changes', { keyPath: ['attempt', 'rev'] });
        database.createObjectStore('meta', { keyPath: 'attempt' });
      },
    });
    return new AnswerJournal(db);
  }

  close(): void {
    this.db.close();
  }

  /** The highest revision this browser ever gave out for the attempt (0 when none). */
  async lastRev(attempt: string): Promise<number> {
    return (await this.db.get('meta', attempt))?.lastRev ?? 0;
  }

  /** Writes a change; resolves only once it is committed to disk. */
  async append(attempt: string, update: QuestionUpdate, answerChange = true): Promise<void> {
    const tx = this.db.transaction(['changes', 'meta'], 'readwrite', { durability: 'strict' });
    const meta = await tx.objectStore('meta').get(attempt);
    await tx.objectStore('changes').put({ attempt, rev: update.rev, update, answer: answerChange });
    await tx.objectStore('meta').put({ ...meta, attempt, lastRev: Math.max(meta?.lastRev ?? 0, update.rev) });
    await tx.done;
  }

  /**
   * The unacknowledged changes, oldest first. Each update holds the whole state of its question,
   * so only the newest per question needs sending.
   */
  async pending(attempt: string): Promise<QuestionUpdate[]> {
    const rows = await this.db.getAll('changes', IDBKeyRange.bound([attempt, 0], [attempt, Infinity]));
    const newest = new Map<number, QuestionUpdate>();
    for (const row of rows) {
      const current = newest.get(row.update.qn);
      if (!current || current.rev < row.update.rev) newest.set(row.update.qn, row.update);
    }
    return [...newest.values()].sort((a, b) => a.rev - b.rev);
  }

  /** How many changes are waiting (before collapsing per question). */
  async pendingCount(attempt: string): Promise<number> {
    return this.db.count('changes', IDBKeyRange.bound([attempt, 0], [attempt, Infinity]));
  }

  /** The changes waiting, and the questions with an answer or mark change among them (a change journaled before this was known counts). */
  async pendingSummary(attempt: string): Promise<PendingSummary> {
    const rows = await this.db.getAll('changes', IDBKeyRange.bound([attempt, 0], [attempt, Infinity]));
    return { changes: rows.length, answers: new Set(rows.filter((row) => row.answer !== false).map((row) => row.update.qn)).size };
  }

  /** Drops every change up to the revision the server holds. */
  async acknowledge(attempt: string, ackedRev: number): Promise<void> {
    if (ackedRev < 1) return;
    const tx = this.db.transaction('changes', 'readwrite', { durability: 'strict' });
    await tx.store.delete(IDBKeyRange.bound([attempt, 0], [attempt, ackedRev]));
    await tx.done;
  }

  async setSubmitIntent(attempt: string, intent: SubmitIntent): Promise<void> {
    const tx = this.db.transaction('meta', 'readwrite', { durability: 'strict' });
    const meta = await tx.store.get(attempt);
    await tx.store.put({ attempt, lastRev: meta?.lastRev ?? 0, submit: intent });
    await tx.done;
  }

  async submitIntent(attempt: string): Promise<SubmitIntent | null> {
    return (await this.db.get('meta', attempt))?.submit ?? null;
  }

  /** Forgets the attempt once the server has it all (submitted and acknowledged). */
  async forget(attempt: string): Promise<void> {
    const tx = this.db.transaction(['changes', 'meta'], 'readwrite', { durability: 'strict' });
    await tx.objectStore('changes').delete(IDBKeyRange.bound([attempt, 0], [attempt, Infinity]));
    await tx.objectStore('meta').delete(attempt);
    await tx.done;
  }
}

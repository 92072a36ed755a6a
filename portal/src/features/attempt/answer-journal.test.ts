import 'fake-indexeddb/auto';
import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnswerJournal, attemptKey } from './answer-journal';

const update = (qn: number, rev: number, ua: QuestionUpdate['ua'] = 'A'): QuestionUpdate => ({
  qn, rev, ua, ats: ua === null ? null : 1000 + rev, mts: null, vts: 900, s: rev, at: 1000 + rev,
});

let journal: AnswerJournal;
let name: string;
const attempt = attemptKey('user-1', 'test-1');

beforeEach(async () => {
  name = `journal-${Math.random()}`;
  journal = await AnswerJournal.open(name);
});
afterEach(() => journal.close());

describe('AnswerJournal', () => {
  it('keeps changes across a reopen (a reload or a crash)', async () => {
    await journal.append(attempt, update(1, 1));
    await journal.append(attempt, update(2, 2, ['A', 'C']));
    journal.close();
    journal = await AnswerJournal.open(name);
    expect(await journal.pending(attempt)).toEqual([update(1, 1), update(2, 2, ['A', 'C'])]);
    expect(await journal.lastRev(attempt)).toBe(2);
  });

  it('sends only the newest change per question, oldest first', async () => {
    await journal.append(attempt, update(1, 1, 'A'));
    await journal.append(attempt, update(2, 2, 'B'));
    await journal.append(attempt, update(1, 3, 'C'));
    expect(await journal.pending(attempt)).toEqual([update(2, 2, 'B'), update(1, 3, 'C')]);
    expect(await journal.pendingCount(attempt)).toBe(3);
  });

  it('drops what the server acknowledged and keeps the rest', async () => {
    for (let rev = 1; rev <= 5; rev += 1) await journal.append(attempt, update(rev, rev));
    await journal.acknowledge(attempt, 3);
    expect((await journal.pending(attempt)).map((item) => item.rev)).toEqual([4, 5]);
    // Revisions keep growing after acknowledgement.
    expect(await journal.lastRev(attempt)).toBe(5);
  });

  it('keeps attempts apart', async () => {
    const other = attemptKey('user-1', 'test-2');
    await journal.append(attempt, update(1, 1));
    await journal.append(other, update(1, 1, 'D'));
    await journal.acknowledge(other, 1);
    expect(await journal.pending(attempt)).toHaveLength(1);
    expect(await journal.pending(other)).toHaveLength(0);
  });

  it('remembers a submit decided offline until it is forgotten', async () => {
    await journal.append(attempt, update(1, 1));
    await journal.setSubmitIntent(attempt, { reason: 'TEST_TIME_OUT', at: 5000, qn: 1 });
    expect(await journal.submitIntent(attempt)).toEqual({ reason: 'TEST_TIME_OUT', at: 5000, qn: 1 });
    expect(await journal.lastRev(attempt)).toBe(1);
    await journal.forget(attempt);
    expect(await journal.submitIntent(attempt)).toBeNull();
    expect(await journal.pending(attempt)).toHaveLength(0);
  });
});

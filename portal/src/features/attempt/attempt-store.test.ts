import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import { newQuestionState } from '@invigil/shared/domain/answer-state';
import type { QuestionType } from '@invigil/shared/domain/question';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttemptStore } from './attempt-store';

function storeOf(types: QuestionType[], base = 10) {
  const journal: QuestionUpdate[] = [];
  const flush = vi.fn(async () => {});
  let clock = 1_000;
  const store = new AttemptStore(types, types.map((_, i) => newQuestionState(i + 1)), 0, base, {
    record: async (update) => {
      journal.push(update);
    },
    flush,
    now: () => clock,
    typingDebounceMs: 100,
  });
  return { store, journal, flush, advance: (ms: number) => (clock += ms) };
}

afterEach(() => vi.useRealTimers());

describe('attempt store', () => {
  it('journals every change with a fresh, increasing revision above the base', async () => {
    const { store, journal } = storeOf([3, 4, 6]);
    store.begin();
    store.setAnswer(0, 'B');
    store.toggleMark(0);
    await store.journaled();
    expect(journal.map((u) => u.rev)).toEqual([11, 12, 13]);
    expect(journal[0]).toMatchObject({ qn: 1, vts: 1000, ua: null });
    expect(journal[1]).toMatchObject({ qn: 1, ua: 'B', ats: 1000 });
    expect(journal[2]).toMatchObject({ qn: 1, ua: 'B', mts: 1000 });
    expect(store.states[0]?.value.rev).toBe(13);
    expect(store.lastRev).toBe(13);
  });

  it('stores multi-correct answers sorted and an empty choice as unanswered', async () => {
    const { store, journal } = storeOf([4]);
    store.setAnswer(0, ['C', 'A']);
    store.setAnswer(0, []);
    await store.journaled();
    expect(journal[0]).toMatchObject({ ua: ['A', 'C'], ats: 1000 });
    expect(journal[1]).toMatchObject({ ua: [], ats: null });
  });

  it('journals typed answers after a pause, and at once when leaving the question', async () => {
    vi.useFakeTimers();
    const { store, journal } = storeOf([6, 1]);
    store.setAnswer(0, '1', true);
    store.setAnswer(0, '12', true);
    expect(store.states[0]?.value.ua).toBe('12');
    expect(store.hasUnjournaled).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    expect(journal.map((u) => u.ua)).toEqual(['12']);
    store.setAnswer(0, '12.5', true);
    store.goTo(1);
    await store.journaled();
    expect(journal.map((u) => [u.qn, u.ua])).toEqual([[1, '12'], [1, '12.5'], [2, null]]);
    expect(journal.map((u) => u.rev)).toEqual([11, 12, 13]);
  });

  it('folds the seconds spent into the question left', async () => {
    const { store, journal } = storeOf([3, 3]);
    store.tickSeconds(3);
    store.goTo(1);
    await store.journaled();
    expect(journal[0]).toMatchObject({ qn: 1, s: 3 });
    expect(journal[1]).toMatchObject({ qn: 2, vts: 1000, s: 0 });
  });

  it('clears the answer of every type, and journals each clearing (decision 0017)', async () => {
    const { store, journal } = storeOf([3, 6, 5, 7]);
    const answers = ['A', '5', 'B', 'C'];
    answers.forEach((answer, qi) => {
      store.setAnswer(qi, answer);
      store.clear(qi);
    });
    await store.journaled();
    for (const state of store.states) expect(state.value).toMatchObject({ ua: null, ats: null });
    expect(journal).toHaveLength(8);
  });

  it('does not journal a visit twice', async () => {
    const { store, journal } = storeOf([3, 3]);
    store.begin();
    store.goTo(1);
    store.goTo(0);
    await store.journaled();
    expect(journal.map((u) => u.qn)).toEqual([1, 2]);
  });

  it('flushes after everything waiting is journaled', async () => {
    const { store, journal, flush } = storeOf([1]);
    store.setAnswer(0, 'essay', true);
    store.tickSeconds(2);
    await store.flushNow();
    expect(journal.at(-1)).toMatchObject({ ua: 'essay', s: 2 });
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('summarises for the submit dialog', () => {
    const { store } = storeOf([3, 3, 4]);
    store.setAnswer(0, 'A');
    store.toggleMark(1);
    expect(store.overview()).toEqual({ attempted: 1, marked: 1, skipped: 2, imageCount: 0 });
  });

  it('reports a journal that refuses writes', async () => {
    const store = new AttemptStore([3], [newQuestionState(1)], 0, 0, { record: () => Promise.reject(new Error('QuotaExceeded')), flush: async () => {} });
    store.setAnswer(0, 'A');
    await store.journaled();
    expect(store.journalError.value).toContain('QuotaExceeded');
  });
});

describe('selection flags', () => {
  it('flips only the questions left and entered', () => {
    const { store } = storeOf([3, 3, 3]);
    expect(store.selected.map((s) => s.value)).toEqual([true, false, false]);
    store.goTo(2);
    expect(store.selected.map((s) => s.value)).toEqual([false, false, true]);
    expect(store.current.value).toBe(2);
  });
});

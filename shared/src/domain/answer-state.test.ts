import { describe, expect, it } from 'vitest';
import { questionUpdateSchema } from '../api/attempt-sync';
import {
  addTime,
  applyAnswer,
  applyUploads,
  clearAnswer,
  isAnswered,
  markVisited,
  MAX_SECONDS_ON_QUESTION,
  newQuestionState,
  normaliseAnswer,
  submitOverview,
  toggleMark,
  toQuestionUpdate,
  type QuestionState,
} from './answer-state';
import { QUESTION_TYPES } from './question';

const T = 1_700_000_000_000;

describe('isAnswered (spec section 4)', () => {
  it('counts an array answer only when it is non-empty', () => {
    expect(isAnswered(4, ['A'], {})).toBe(true);
    expect(isAnswered(4, [], {})).toBe(false);
    expect(isAnswered(4, ['', '  '], {})).toBe(false);
    // The array rule does not look at uploads.
    expect(isAnswered(4, [], { iu: ['x.png'] })).toBe(false);
  });
  it('counts an empty or null answer only with images or videos', () => {
    for (const empty of [null, '', '   ']) {
      expect(isAnswered(3, empty, {})).toBe(false);
      expect(isAnswered(6, empty, { iu: ['a.png'] })).toBe(true);
      expect(isAnswered(6, empty, { vu: ['a.mp4'] })).toBe(true);
      expect(isAnswered(6, empty, { au: ['a.wav'] })).toBe(false);
      expect(isAnswered(3, empty, { iu: [], vu: [] })).toBe(false);
    }
  });
  it('counts any other answer', () => {
    expect(isAnswered(3, 'A', {})).toBe(true);
    expect(isAnswered(6, '-', {})).toBe(true);
    expect(isAnswered(6, '0', {})).toBe(true);
    expect(isAnswered(1, 'text', {})).toBe(true);
  });
  it('counts an empty subjective answer only with images or audios', () => {
    for (const qt of [1, 8] as const) {
      expect(isAnswered(qt, '  ', {})).toBe(false);
      expect(isAnswered(qt, null, { iu: ['a.png'] })).toBe(true);
      expect(isAnswered(qt, null, { au: ['a.wav'] })).toBe(true);
      expect(isAnswered(qt, null, { vu: ['a.mp4'] })).toBe(false);
    }
  });
});

describe('normaliseAnswer', () => {
  it('drops blank and repeated labels and sorts', () => {
    expect(normaliseAnswer(['C', ' A', 'C', ''])).toEqual(['A', 'C']);
    expect(normaliseAnswer([])).toEqual([]);
  });
  it('keeps text as typed, blank text becomes null', () => {
    expect(normaliseAnswer('  two words ')).toBe('  two words ');
    expect(normaliseAnswer(' \n\t')).toBeNull();
    expect(normaliseAnswer(null)).toBeNull();
  });
});

describe('changes', () => {
  const base = newQuestionState(7);

  it('sets and clears the answered time with the answer', () => {
    const answered = applyAnswer(base, 4, ['B', 'A'], T, 1);
    expect(answered).toMatchObject({ qn: 7, ua: ['A', 'B'], ats: T, rev: 1 });
    const emptied = applyAnswer(answered, 4, [], T + 5, 2);
    expect(emptied).toMatchObject({ ua: [], ats: null, rev: 2 });
    expect(base.ua).toBeNull(); // inputs are never mutated
  });
  it('a later answer moves the answered time', () => {
    const first = applyAnswer(base, 3, 'A', T, 1);
    expect(applyAnswer(first, 3, 'B', T + 9, 2).ats).toBe(T + 9);
  });
  it('uploads make an empty subjective answer count, and keep an existing answered time', () => {
    const withImage = applyUploads(base, 1, { iu: ['p1.png'] }, T, 1);
    expect(withImage).toMatchObject({ iu: ['p1.png'], ats: T, rev: 1 });
    expect(applyUploads(withImage, 1, { iu: ['p1.png', 'p2.png'] }, T + 5, 2).ats).toBe(T);
    expect(applyUploads(withImage, 1, { iu: [] }, T + 5, 3).ats).toBeNull();
    const typed = applyAnswer(base, 1, 'essay', T, 1);
    expect(applyUploads(typed, 1, { au: ['a.wav'] }, T + 7, 2).ats).toBe(T);
  });
  it('toggles the mark', () => {
    const marked = toggleMark(base, T, 1);
    expect(marked.mts).toBe(T);
    expect(toggleMark(marked, T + 1, 2)).toMatchObject({ mts: null, rev: 2 });
  });
  it('clears the answer of every question type, a paragraph and a single choice too (decision 0017)', () => {
    for (const qt of QUESTION_TYPES) {
      const answered = applyAnswer(base, qt, qt === 6 ? '12' : 'C', T, 1);
      expect(clearAnswer(answered, qt, T + 1, 2)).toMatchObject({ ua: null, ats: null, rev: 2 });
    }
  });
  it('clearing subjective text keeps it answered while images remain', () => {
    const state: QuestionState = { ...base, ua: 'essay', ats: T, iu: ['a.png'] };
    expect(clearAnswer(state, 8, T + 3, 4)).toMatchObject({ ua: null, ats: T + 3 });
  });
  it('records the first visit only', () => {
    const visited = markVisited(base, T, 1);
    expect(visited.vts).toBe(T);
    expect(markVisited(visited, T + 10, 2)).toBe(visited);
  });
  it('adds whole positive seconds, capped', () => {
    expect(addTime(base, 12.9, 1)).toMatchObject({ s: 12, rev: 1 });
    expect(addTime(base, 0, 1)).toBe(base);
    expect(addTime(base, -5, 1)).toBe(base);
    expect(addTime(base, Number.NaN, 1)).toBe(base);
    expect(addTime({ ...base, s: MAX_SECONDS_ON_QUESTION - 1 }, 10, 1).s).toBe(MAX_SECONDS_ON_QUESTION);
    const full = { ...base, s: MAX_SECONDS_ON_QUESTION };
    expect(addTime(full, 10, 1)).toBe(full);
  });
});

describe('submitOverview', () => {
  it('counts attempted, marked, skipped and images', () => {
    const states: QuestionState[] = [
      { ...newQuestionState(1), ua: 'A', ats: T },
      { ...newQuestionState(2), ua: 'B', ats: T, mts: T },
      { ...newQuestionState(3), mts: T, iu: ['a.png', 'b.png'] },
      { ...newQuestionState(4), iu: ['c.png'], ats: T },
    ];
    expect(submitOverview(states, 10)).toEqual({ attempted: 3, marked: 2, skipped: 7, imageCount: 3 });
    expect(submitOverview(states, 10, 2).imageCount).toBe(5);
  });
  it('handles no states and never goes negative', () => {
    expect(submitOverview([], 5)).toEqual({ attempted: 0, marked: 0, skipped: 5, imageCount: 0 });
    expect(submitOverview([{ ...newQuestionState(1), ats: T }], 0).skipped).toBe(0);
  });
});

describe('toQuestionUpdate', () => {
  it('produces a valid sync update without files', () => {
    const state = { ...applyAnswer(markVisited(newQuestionState(3), T, 1), 4, ['A', 'C'], T + 1, 2), iu: ['x.png'], s: 40 };
    const update = toQuestionUpdate(state, T + 2);
    expect(update).toEqual({ qn: 3, rev: 2, ua: ['A', 'C'], ats: T + 1, mts: null, vts: T, s: 40, at: T + 2 });
    expect(questionUpdateSchema.parse(update)).toEqual(update);
  });
});

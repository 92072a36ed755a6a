import { describe, expect, it } from 'vitest';
import { newQuestionState, type QuestionState } from './answer-state';
import type { QuestionKey } from './question';
import { isDropped, numericMatches, parseNumericKey, scoreAttempt, scoreQuestion } from './scoring';
import { parseDecimal } from './decimal';
import { resultSchema } from '../api/tests';

const T = 1_700_000_000_000;

function key(partial: Partial<QuestionKey> & Pick<QuestionKey, 'qt' | 'answer'>): QuestionKey {
  return { qn: 1, pm: 4, nm: 1, pi: 0, si: 0, ...partial };
}

function answered(ua: QuestionState['ua'], extra: Partial<QuestionState> = {}): QuestionState {
  return { ...newQuestionState(1), ua, ats: T, ...extra };
}

describe('single choice (3, 5, 7)', () => {
  for (const qt of [3, 5, 7] as const) {
    it(`scores type ${qt}`, () => {
      const k = key({ qt, answer: 'B' });
      expect(scoreQuestion(k, answered('B'))).toEqual({ status: 'correct', marks: 4 });
      expect(scoreQuestion(k, answered('C'))).toEqual({ status: 'wrong', marks: -1 });
      expect(scoreQuestion(k, undefined)).toEqual({ status: 'skipped', marks: 0 });
      expect(scoreQuestion(k, newQuestionState(1))).toEqual({ status: 'skipped', marks: 0 });
    });
  }
  it('compares labels trimmed and case-insensitively, and accepts a one-item array', () => {
    const k = key({ qt: 3, answer: ' b ' });
    expect(scoreQuestion(k, answered('B')).status).toBe('correct');
    expect(scoreQuestion(k, answered(['b'])).status).toBe('correct');
    expect(scoreQuestion(k, answered(['A', 'B'])).status).toBe('wrong');
  });
  it('treats whitespace as no answer, whatever the stored answered time says', () => {
    expect(scoreQuestion(key({ qt: 3, answer: 'A' }), answered('   '))).toEqual({ status: 'skipped', marks: 0 });
  });
  it('accepts any label of a key with several (a disputed question)', () => {
    const k = key({ qt: 7, answer: ['A', 'C'] });
    expect(scoreQuestion(k, answered('C')).status).toBe('correct');
    expect(scoreQuestion(k, answered('B')).status).toBe('wrong');
  });
  it('reads a negative nm as its magnitude and a zero nm as no penalty', () => {
    expect(scoreQuestion(key({ qt: 3, answer: 'A', nm: -2 }), answered('B')).marks).toBe(-2);
    const noPenalty = scoreQuestion(key({ qt: 3, answer: 'A', nm: 0 }), answered('B'));
    expect(noPenalty).toEqual({ status: 'wrong', marks: 0 });
    expect(Object.is(noPenalty.marks, -0)).toBe(false);
  });
  it('is pending without a key, or when answered only by an upload', () => {
    expect(scoreQuestion(key({ qt: 3, answer: null }), answered('A'))).toEqual({ status: 'pending', marks: 0 });
    expect(scoreQuestion(key({ qt: 3, answer: [] }), answered('A')).status).toBe('pending');
    expect(scoreQuestion(key({ qt: 3, answer: 'A' }), answered(null, { iu: ['x.png'] })).status).toBe('pending');
    expect(scoreQuestion(key({ qt: 3, answer: 'A' }), answered(null, { iu: ['x.png'] }), 3)).toEqual({ status: 'partial', marks: 3 });
  });
});

describe('multi-correct (4)', () => {
  const k = key({ qt: 4, answer: ['A', 'C'] });
  it('gives pm for the exact set, in any order', () => {
    expect(scoreQuestion(k, answered(['C', 'A']))).toEqual({ status: 'correct', marks: 4 });
    expect(scoreQuestion(k, answered(['a', 'c', 'A']))).toEqual({ status: 'correct', marks: 4 });
  });
  it('takes nm for any wrong option', () => {
    expect(scoreQuestion(k, answered(['A', 'B']))).toEqual({ status: 'wrong', marks: -1 });
    expect(scoreQuestion(k, answered(['A', 'B', 'C']))).toEqual({ status: 'wrong', marks: -1 });
    expect(scoreQuestion(k, answered(['D']))).toEqual({ status: 'wrong', marks: -1 });
  });
  it('gives 0 for a strict subset of the right options', () => {
    expect(scoreQuestion(k, answered(['C']))).toEqual({ status: 'partial', marks: 0 });
  });
  it('skips an empty array', () => {
    expect(scoreQuestion(k, answered([]))).toEqual({ status: 'skipped', marks: 0 });
    expect(scoreQuestion(k, answered(['', ' ']))).toEqual({ status: 'skipped', marks: 0 });
  });
  it('accepts a key written as one string', () => {
    expect(scoreQuestion(key({ qt: 4, answer: 'B' }), answered(['B'])).status).toBe('correct');
  });
});

describe('numerical (6)', () => {
  const score = (answer: QuestionKey['answer'], ua: string) => scoreQuestion(key({ qt: 6, answer }), answered(ua)).status;

  it("matches at the key's decimal places", () => {
    expect(score('1.50', '1.5')).toBe('correct');
    expect(score('1.5', '1.50')).toBe('correct');
    expect(score('1.50', '1.504')).toBe('correct');
    expect(score('1.50', '1.495')).toBe('correct');
    expect(score('1.50', '1.494')).toBe('wrong');
    expect(score('1.50', '1.505')).toBe('wrong');
    expect(score('1.5', '1.55')).toBe('wrong');
    expect(score('2', '2.49')).toBe('correct');
    expect(score('2', '2.5')).toBe('wrong');
    expect(score('12', ' 12 ')).toBe('correct');
    expect(score('12', '12.')).toBe('correct');
    expect(score('0.5', '.5')).toBe('correct');
  });
  it('handles signs, and -0 equals 0', () => {
    expect(score('-3.2', '-3.2')).toBe('correct');
    expect(score('-3.2', '3.2')).toBe('wrong');
    expect(score('0', '-0')).toBe('correct');
    expect(score('-0', '0.0')).toBe('correct');
    expect(score('-1.25', '-1.245')).toBe('correct');
  });
  it('matches an inclusive range exactly, in either order', () => {
    expect(score('1.4..1.6', '1.4')).toBe('correct');
    expect(score('1.4..1.6', '1.6')).toBe('correct');
    expect(score('1.4..1.6', '1.6001')).toBe('wrong');
    expect(score('1.4..1.6', '1.3999')).toBe('wrong');
    expect(score('1.6..1.4', '1.5')).toBe('correct');
    expect(score('-2 .. -1', '-1.5')).toBe('correct');
    expect(score(['3', '7..8'], '7.5')).toBe('correct');
  });
  it('makes non-numbers wrong', () => {
    for (const ua of ['-', '.', 'abc', '1e2', '1,5', '0x1', 'Infinity']) expect(score('100', ua)).toBe('wrong');
  });
  it('is pending when the key is not a number', () => {
    expect(score('about 3', '3')).toBe('pending');
    expect(score(null, '3')).toBe('pending');
  });
  it('parses keys', () => {
    expect(parseNumericKey('1..2')).toMatchObject({ kind: 'range' });
    expect(parseNumericKey('.5..1')).toMatchObject({ kind: 'range' });
    expect(parseNumericKey('1.50')).toMatchObject({ kind: 'value' });
    expect(parseNumericKey('1..')).toBeNull();
    const key15 = parseNumericKey('1.50');
    const answer = parseDecimal('1.5');
    expect(key15 && answer && numericMatches(key15, answer)).toBe(true);
  });
});

describe('subjective (1, 8)', () => {
  for (const qt of [1, 8] as const) {
    it(`type ${qt} is pending until graded`, () => {
      const k = key({ qt, answer: null, pm: 10, nm: 0 });
      expect(scoreQuestion(k, answered('an essay'))).toEqual({ status: 'pending', marks: 0 });
      expect(scoreQuestion(k, answered('an essay'), 10)).toEqual({ status: 'correct', marks: 10 });
      expect(scoreQuestion(k, answered('an essay'), 6.5)).toEqual({ status: 'partial', marks: 6.5 });
      expect(scoreQuestion(k, answered('an essay'), 0)).toEqual({ status: 'wrong', marks: 0 });
    });
  }
  it('counts uploads of images or audio as an answer', () => {
    const k = key({ qt: 1, answer: null });
    expect(scoreQuestion(k, answered('', { iu: ['p.png'] })).status).toBe('pending');
    expect(scoreQuestion(k, answered('', { au: ['a.wav'] })).status).toBe('pending');
    expect(scoreQuestion(k, answered('', { vu: ['v.mp4'] })).status).toBe('skipped');
    expect(scoreQuestion(k, answered('  '))).toEqual({ status: 'skipped', marks: 0 });
  });
  it("clamps a grade to [-nm, pm] and applies it even without a typed answer", () => {
    const k = key({ qt: 8, answer: null, pm: 5, nm: 1 });
    expect(scoreQuestion(k, answered('x'), 9).marks).toBe(5);
    expect(scoreQuestion(k, answered('x'), -4).marks).toBe(-1);
    expect(scoreQuestion(k, undefined, 3)).toEqual({ status: 'partial', marks: 3 });
    expect(scoreQuestion(k, answered('x'), Number.NaN).status).toBe('pending');
    expect(scoreQuestion(k, answered('x'), null).status).toBe('pending');
  });
  it('ignores a grade on an objective question that scored itself', () => {
    expect(scoreQuestion(key({ qt: 3, answer: 'A' }), answered('B'), 4)).toEqual({ status: 'wrong', marks: -1 });
  });
});

describe('scoreAttempt', () => {
  const keys: QuestionKey[] = [
    { qn: 1, qt: 3, pm: 4, nm: 1, answer: 'A', pi: 0, si: 0 },
    { qn: 2, qt: 4, pm: 4, nm: 2, answer: ['A', 'B'], pi: 0, si: 0 },
    { qn: 3, qt: 6, pm: 4, nm: 0, answer: '2.5', pi: 0, si: 1 },
    { qn: 4, qt: 1, pm: 10, nm: 0, answer: null, pi: 1, si: 0 },
    { qn: 5, qt: 7, pm: 2, nm: 0.5, answer: 'D', pi: 1, si: 0 },
    { qn: 6, qt: 3, pm: 2, nm: 0.5, answer: 'A', pi: 1, si: 0 },
  ];
  const states: QuestionState[] = [
    { ...answered('A'), qn: 1, s: 30 },
    { ...answered(['A']), qn: 2, s: 50 },
    { ...answered('2.50'), qn: 3, s: 40 },
    { ...answered('essay'), qn: 4, s: 300 },
    { ...answered('C'), qn: 5, s: 20 },
    { ...newQuestionState(6), s: 5 },
    { ...answered('A'), qn: 99, s: 1 }, // no key: ignored
  ];

  it('adds up the paper', () => {
    const result = scoreAttempt(keys, states, { durationSeconds: 3600, timeSpentSeconds: 1000 });
    expect(result).toMatchObject({
      scored: 4 + 0 + 4 + 0 - 0.5,
      max_marks: 26,
      percentage: 28.85,
      attempted: 5,
      total: 6,
      correct: 2,
      wrong: 1,
      partial: 1,
      skipped: 1,
      pending: 1,
      accuracy: 40,
      attempt_rate: 83.33,
      avg_speed: 200,
      time_spent: 1000,
      time_per_question: 166.67,
    });
  });
  it('reports each part, timed by the seconds on its questions', () => {
    const { partResults } = scoreAttempt(keys, states, { durationSeconds: 3600, timeSpentSeconds: 1000 });
    expect(partResults.map((p) => [p.pi, p.name])).toEqual([
      [0, ''],
      [1, ''],
    ]);
    const named = scoreAttempt(keys, states, { durationSeconds: 3600, timeSpentSeconds: 1000, partNames: ['Physics', 'Chemistry'] });
    expect(named.partResults.map((p) => p.name)).toEqual(['Physics', 'Chemistry']);
    expect(partResults[0]).toMatchObject({ scored: 8, max_marks: 12, attempted: 3, total: 3, correct: 2, partial: 1, time_spent: 120, avg_speed: 40 });
    expect(partResults[1]).toMatchObject({ scored: -0.5, max_marks: 14, attempted: 2, total: 3, wrong: 1, pending: 1, skipped: 1, time_spent: 325 });
  });
  it('is the Result of the API contract', () => {
    const result = scoreAttempt(keys, states, { durationSeconds: 3600, timeSpentSeconds: 1000, partNames: ['P1', 'P2'] });
    expect(resultSchema.parse(result)).toEqual(result);
  });
  it('uses grades for subjective questions', () => {
    const result = scoreAttempt(keys, states, { durationSeconds: 3600, timeSpentSeconds: 1000, grades: { 4: 7.25 } });
    expect(result).toMatchObject({ scored: 14.75, pending: 0, partial: 2 });
  });
  it('caps the time spent at the duration and rounds it to whole seconds', () => {
    expect(scoreAttempt(keys, states, { durationSeconds: 600, timeSpentSeconds: 900 }).time_spent).toBe(600);
    expect(scoreAttempt(keys, states, { durationSeconds: 0, timeSpentSeconds: 900.6 }).time_spent).toBe(901);
    expect(scoreAttempt(keys, states, { durationSeconds: 600, timeSpentSeconds: -5 }).time_spent).toBe(0);
  });
  it('rounds sums of fractional marks once', () => {
    const thirds: QuestionKey[] = [1, 2, 3].map((qn) => ({ qn, qt: 3, pm: 1 / 3, nm: 0, answer: 'A', pi: 0, si: 0 }));
    const right = [1, 2, 3].map((qn) => ({ ...answered('A'), qn }));
    expect(scoreAttempt(thirds, right, { durationSeconds: 60, timeSpentSeconds: 60 })).toMatchObject({ scored: 1, max_marks: 1, percentage: 100 });
  });
  it('handles an empty paper and an untouched attempt', () => {
    expect(scoreAttempt([], [], { durationSeconds: 60, timeSpentSeconds: 10 })).toMatchObject({
      scored: 0,
      max_marks: 0,
      percentage: 0,
      total: 0,
      attempted: 0,
      accuracy: 0,
      attempt_rate: 0,
      avg_speed: 0,
      time_per_question: 0,
      partResults: [],
    });
    const untouched = scoreAttempt(keys, [], { durationSeconds: 60, timeSpentSeconds: 60 });
    expect(untouched).toMatchObject({ scored: 0, skipped: 6, attempted: 0, accuracy: 0, avg_speed: 0 });
  });
  it('can go below zero', () => {
    const wrong = keys.slice(0, 1).map((k) => ({ ...k, nm: 1.25 }));
    expect(scoreAttempt(wrong, [{ ...answered('B'), qn: 1 }], { durationSeconds: 60, timeSpentSeconds: 60 })).toMatchObject({ scored: -1.25, percentage: -31.25 });
  });
});

describe('dropped questions (issue 29)', () => {
  const keys = [
    { qn: 1, qt: 3 as const, pm: 4, nm: 1, pi: 0, si: 0, answer: 'A' },
    { qn: 2, qt: 3 as const, pm: 4, nm: 1, pi: 0, si: 0, answer: 'B', dropped: true },
    { qn: 3, qt: 6 as const, pm: 2, nm: 0, pi: 1, si: 0, answer: '2.5' },
  ];
  const states = [{ ...answered('A'), qn: 1 }, { ...answered('C'), qn: 2 }, { ...answered('2.5'), qn: 3 }];

  it('counts neither the marks nor the maximum of a dropped question', () => {
    const result = scoreAttempt(keys, states, { durationSeconds: 600, timeSpentSeconds: 300 });
    expect(result.scored).toBe(6);
    expect(result.max_marks).toBe(6);
    expect(result.percentage).toBe(100);
    expect(result.total).toBe(2);
    expect(result.wrong).toBe(0);
    expect(result.partResults.map((part) => [part.pi, part.scored, part.max_marks])).toEqual([
      [0, 4, 4],
      [1, 2, 2],
    ]);
  });

  it('counts a restored question again (dropped false or absent)', () => {
    const restored = keys.map((k) => ({ ...k, dropped: false }));
    const result = scoreAttempt(restored, states, { durationSeconds: 600, timeSpentSeconds: 300 });
    expect(result.scored).toBe(5);
    expect(result.max_marks).toBe(10);
    expect(result.wrong).toBe(1);
    expect(isDropped(keys[1]!)).toBe(true);
    expect(isDropped(restored[1]!)).toBe(false);
  });

  it('leaves a part whose questions are all dropped out of the part results', () => {
    const result = scoreAttempt(keys.map((k) => (k.pi === 1 ? { ...k, dropped: true } : k)), states, { durationSeconds: 600, timeSpentSeconds: 300 });
    expect(result.partResults.map((part) => part.pi)).toEqual([0]);
    expect(result.max_marks).toBe(4);
  });
});

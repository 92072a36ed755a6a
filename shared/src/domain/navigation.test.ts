import { describe, expect, it } from 'vitest';
import {
  canSubmitAt,
  isAccessible,
  jumpToQuestion,
  nextQuestion,
  partRanges,
  PREVIOUS_PART_NOT_ACCESSIBLE,
  prevQuestion,
  questionInActivePart,
  REACHED_FIRST_OF_PART,
  REACHED_LAST_OF_PART,
  REACHED_LAST_OF_PART_JUMP,
  REACHED_LAST_OF_TEST,
  REACHED_LAST_OF_TEST_PARTWISE,
  SUBMIT_HINT,
} from './navigation';

describe('messages', () => {
  it('are the spec strings', () => {
    expect(REACHED_LAST_OF_TEST).toBe('Reached last question of the test.');
    expect(REACHED_LAST_OF_PART).toBe('You have reached last question of the Part.');
    expect(REACHED_LAST_OF_TEST_PARTWISE).toBe('You have reached last question of the test.');
    expect(PREVIOUS_PART_NOT_ACCESSIBLE).toBe('Previous part questions are not accesible at this moment.');
    expect(REACHED_FIRST_OF_PART).toBe('You have reached first question of the Part!');
    expect(REACHED_LAST_OF_PART_JUMP).toBe('You have reached last question of the Part!');
    expect(SUBMIT_HINT).toBe('Please go to last question to submit.');
  });
});

describe('without part-wise timing', () => {
  it('moves next until the last question', () => {
    expect(nextQuestion(0, 3)).toEqual({ ok: true, qi: 1 });
    expect(nextQuestion(1, 3)).toEqual({ ok: true, qi: 2 });
    expect(nextQuestion(2, 3)).toEqual({ ok: false, message: REACHED_LAST_OF_TEST });
    expect(nextQuestion(0, 1)).toEqual({ ok: false, message: REACHED_LAST_OF_TEST });
  });
  it('moves previous until the first question, silently', () => {
    expect(prevQuestion(2, 3)).toEqual({ ok: true, qi: 1 });
    expect(prevQuestion(0, 3)).toEqual({ ok: false, message: null });
  });
  it('jumps anywhere inside the test', () => {
    expect(jumpToQuestion(2, 3)).toEqual({ ok: true, qi: 2 });
    expect(jumpToQuestion(3, 3)).toEqual({ ok: false, message: REACHED_LAST_OF_TEST });
    expect(jumpToQuestion(-1, 3)).toEqual({ ok: false, message: null });
    expect(isAccessible(1.5, 3)).toBe(false);
  });
  it('enables Submit on the last question only', () => {
    expect(canSubmitAt(2, 3)).toBe(true);
    expect(canSubmitAt(1, 3)).toBe(false);
    expect(canSubmitAt(0, 1)).toBe(true);
    expect(canSubmitAt(0, 0)).toBe(false);
  });
});

describe('with part-wise timing', () => {
  // Parts of 3, 2 and 2 questions: indexes 0-2, 3-4, 5-6.
  const ranges = partRanges([3, 2, 2]);
  const at = (active: number) => ({ ranges, active });

  it('builds index ranges from part sizes', () => {
    expect(ranges).toEqual([
      { first: 0, last: 2 },
      { first: 3, last: 4 },
      { first: 5, last: 6 },
    ]);
    expect(partRanges([])).toEqual([]);
    expect(partRanges([2, 0, 1])).toEqual([
      { first: 0, last: 1 },
      { first: 2, last: 1 },
      { first: 2, last: 2 },
    ]);
  });
  it('blocks Next at the last question of a part, and of the test', () => {
    expect(nextQuestion(1, 7, at(0))).toEqual({ ok: true, qi: 2 });
    expect(nextQuestion(2, 7, at(0))).toEqual({ ok: false, message: REACHED_LAST_OF_PART });
    expect(nextQuestion(4, 7, at(1))).toEqual({ ok: false, message: REACHED_LAST_OF_PART });
    expect(nextQuestion(6, 7, at(2))).toEqual({ ok: false, message: REACHED_LAST_OF_TEST_PARTWISE });
  });
  it('blocks Prev at the first question of a part', () => {
    expect(prevQuestion(4, 7, at(1))).toEqual({ ok: true, qi: 3 });
    expect(prevQuestion(3, 7, at(1))).toEqual({ ok: false, message: PREVIOUS_PART_NOT_ACCESSIBLE });
    expect(prevQuestion(0, 7, at(0))).toEqual({ ok: false, message: REACHED_FIRST_OF_PART });
  });
  it('keeps jumps inside the active part', () => {
    expect(jumpToQuestion(4, 7, at(1))).toEqual({ ok: true, qi: 4 });
    expect(jumpToQuestion(1, 7, at(1))).toEqual({ ok: false, message: PREVIOUS_PART_NOT_ACCESSIBLE });
    expect(jumpToQuestion(5, 7, at(1))).toEqual({ ok: false, message: REACHED_LAST_OF_PART_JUMP });
    expect(isAccessible(2, 7, at(0))).toBe(true);
    expect(isAccessible(3, 7, at(0))).toBe(false);
  });
  it('allows nothing while no part is open (a gap)', () => {
    expect(nextQuestion(2, 7, at(-1))).toEqual({ ok: false, message: REACHED_LAST_OF_PART });
    expect(prevQuestion(2, 7, at(-1))).toEqual({ ok: false, message: PREVIOUS_PART_NOT_ACCESSIBLE });
    expect(isAccessible(2, 7, at(-1))).toBe(false);
    expect(jumpToQuestion(0, 7, at(-1))).toEqual({ ok: false, message: PREVIOUS_PART_NOT_ACCESSIBLE });
  });
  it('brings the student into the active part when it changes', () => {
    expect(questionInActivePart(2, at(1))).toBe(3);
    expect(questionInActivePart(4, at(1))).toBe(4);
    expect(questionInActivePart(4, at(-1))).toBeNull();
    expect(questionInActivePart(0, { ranges: partRanges([2, 0]), active: 1 })).toBeNull();
  });
});

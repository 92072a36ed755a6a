import { describe, expect, it } from 'vitest';
import { answerKind, isQuestionType, isSubjective, optionLabels, QUESTION_TYPES } from './question';

describe('question types', () => {
  it('groups the types by how they are answered', () => {
    expect(QUESTION_TYPES.map(answerKind)).toEqual(['subjective', 'single', 'multi', 'single', 'numerical', 'single', 'subjective']);
    expect(isSubjective(1)).toBe(true);
    expect(isSubjective(8)).toBe(true);
    expect(isSubjective(5)).toBe(false);
  });
  it('recognises only the known types', () => {
    expect(isQuestionType(4)).toBe(true);
    expect(isQuestionType(2)).toBe(false);
    expect(isQuestionType('4')).toBe(false);
    expect(isQuestionType(null)).toBe(false);
  });
});

describe('optionLabels', () => {
  it('defaults to A-D', () => {
    expect(optionLabels()).toEqual(['A', 'B', 'C', 'D']);
    expect(optionLabels(null)).toEqual(['A', 'B', 'C', 'D']);
    expect(optionLabels(0)).toEqual(['A', 'B', 'C', 'D']);
    expect(optionLabels(-3)).toEqual(['A', 'B', 'C', 'D']);
    expect(optionLabels(Number.NaN)).toEqual(['A', 'B', 'C', 'D']);
  });
  it('runs to J at most', () => {
    expect(optionLabels(2)).toEqual(['A', 'B']);
    expect(optionLabels(5.7)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(optionLabels(10).at(-1)).toBe('J');
    expect(optionLabels(40)).toHaveLength(10);
  });
  it('uses a-z sub-labels in tap sections', () => {
    expect(optionLabels(undefined, true)).toEqual(['a', 'b', 'c', 'd']);
    expect(optionLabels(26, true).at(-1)).toBe('z');
    expect(optionLabels(99, true)).toHaveLength(26);
  });
});

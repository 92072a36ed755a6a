import { describe, expect, it } from 'vitest';
import { commentOf, composeRemark, marksProblem, marksRange, rubricMarks } from '@invigil/shared/api/staff-grading-text';
import { gradingKeyAction, parseMarks, progressText } from './grading-keys';

const press = (key: string, extra: Partial<Parameters<typeof gradingKeyAction>[0]> = {}) =>
  gradingKeyAction({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, inTextField: false, onControl: false, ...extra });

describe('gradingKeyAction', () => {
  it('maps digits, n/p, s and Enter outside text fields', () => {
    expect(press('3')).toEqual({ kind: 'rubric', index: 2 });
    expect(press('0')).toBeNull();
    expect(press('n')).toEqual({ kind: 'next' });
    expect(press('P')).toEqual({ kind: 'previous' });
    expect(press('s')).toEqual({ kind: 'second-look' });
    expect(press('Enter')).toEqual({ kind: 'save-next' });
    expect(press('Enter', { onControl: true })).toBeNull();
  });

  it('leaves typing alone in text fields, but Ctrl+Enter and Alt+arrows work everywhere', () => {
    expect(press('n', { inTextField: true })).toBeNull();
    expect(press('3', { inTextField: true })).toBeNull();
    expect(press('Enter', { inTextField: true })).toBeNull();
    expect(press('Enter', { inTextField: true, ctrlKey: true })).toEqual({ kind: 'save-next' });
    expect(press('ArrowRight', { inTextField: true, altKey: true })).toEqual({ kind: 'next' });
    expect(press('ArrowLeft', { altKey: true })).toEqual({ kind: 'previous' });
    expect(press('ArrowRight')).toBeNull();
    expect(press('s', { ctrlKey: true })).toBeNull();
  });
});

describe('grading helpers', () => {
  it('parses marks and words progress', () => {
    expect(parseMarks(' 4.5 ')).toBe(4.5);
    expect(parseMarks('-1')).toBe(-1);
    expect(parseMarks('')).toBeNull();
    expect(parseMarks('4,5')).toBeNull();
    expect(progressText(12, 40)).toBe('12 of 40 graded');
  });

  it('composes the remark from rubric items and the comment, and takes the comment back out', () => {
    expect(composeRemark(['Format right.', 'Two reasons.'], ' Good. ')).toBe('Format right.\nTwo reasons.\nGood.');
    expect(composeRemark([], '  ')).toBeNull();
    expect(commentOf('Format right.\nTwo reasons.\nGood.', ['Format right.', 'Two reasons.'])).toBe('Good.');
    expect(commentOf('Format right.', ['Format right.'])).toBe('');
    expect(commentOf('Something else', ['Format right.'])).toBe('Something else');
  });

  it('holds rubric marks within the range and checks half marks', () => {
    const items = [
      { id: 'a', points: 4, text: 'A' },
      { id: 'b', points: 4.5, text: 'B' },
      { id: 'c', points: -2, text: 'C' },
    ];
    const range = marksRange(5, 0);
    expect(range).toEqual({ min: 0, max: 5 });
    expect(rubricMarks(items, ['a', 'b'], range)).toBe(5);
    expect(rubricMarks(items, ['c'], range)).toBe(0);
    expect(rubricMarks(items, ['a', 'c'], marksRange(4, 1))).toBe(2);
    expect(marksProblem(2.5, range)).toBeNull();
    expect(marksProblem(2.25, range)).toMatch(/multiple of 0\.5/);
    expect(marksProblem(6, range)).toBe('Marks must be between 0 and 5 for this question.');
  });
});

import { describe, expect, it } from 'vitest';
import { answerText, keyText, labelsText, verdict } from './preview-result';

const shuffled = { kind: 'single' as const, optionOrder: { order: ['C', 'A', 'B', 'D'], toOriginal: { A: 'C', B: 'A', C: 'B', D: 'D' }, toDisplay: { C: 'A', A: 'B', B: 'C', D: 'D' } } };
const plain = { kind: 'single' as const, optionOrder: null };

describe('preview result texts', () => {
  it("names options as the editor does, with the student's letter where they were shuffled", () => {
    expect(labelsText(['A', 'D'], shuffled)).toBe('A (shown as B), D');
    expect(labelsText(['A', 'D'], plain)).toBe('A, D');
  });

  it('gives the answer and the key of each kind', () => {
    expect(answerText(null, plain)).toBe('Not answered');
    expect(answerText([], { ...plain, kind: 'multi' })).toBe('Not answered');
    expect(answerText('C', shuffled)).toBe('C (shown as A)');
    expect(answerText(['A', 'B'], { ...shuffled, kind: 'multi' })).toBe('A (shown as B), B (shown as C)');
    expect(answerText('2.5', { kind: 'numerical', optionOrder: null })).toBe('2.5');
    expect(keyText('17.9..18.1', { kind: 'numerical', optionOrder: null })).toBe('Any number from 17.9 to 18.1');
    expect(keyText('2.5', { kind: 'numerical', optionOrder: null })).toBe('2.5');
    expect(keyText(['B', 'C'], { ...plain, kind: 'multi' })).toBe('B, C');
    expect(keyText(null, { kind: 'subjective', optionOrder: null })).toBe('None: a teacher grades it');
  });

  it('says right, wrong, not answered or graded by a teacher', () => {
    expect(verdict(true, true).text).toBe('Correct');
    expect(verdict(false, true).text).toBe('Wrong');
    expect(verdict(false, false).text).toBe('Not answered');
    expect(verdict(null, true).text).toBe('Graded by a teacher');
    expect(verdict(null, false).text).toBe('Not answered');
  });
});

import { describe, expect, it } from 'vitest';
import { answerLabel, mayBePending } from './grading-service';

describe('grading helpers', () => {
  it('knows which questions a teacher decides: subjective ones and keys the scoring cannot use', () => {
    expect(mayBePending({ qn: 1, qt: 1, pm: 5, nm: 0, answer: null, pi: 0, si: 0, solution: null })).toBe(true);
    expect(mayBePending({ qn: 2, qt: 3, pm: 4, nm: 1, answer: 'B', pi: 0, si: 0, solution: null })).toBe(false);
    expect(mayBePending({ qn: 3, qt: 3, pm: 4, nm: 1, answer: null, pi: 0, si: 0, solution: null })).toBe(true);
    expect(mayBePending({ qn: 4, qt: 6, pm: 4, nm: 0, answer: '2.5', pi: 0, si: 0, solution: null })).toBe(false);
    expect(mayBePending({ qn: 5, qt: 6, pm: 4, nm: 0, answer: 'about two', pi: 0, si: 0, solution: null })).toBe(true);
    expect(answerLabel(12)).toBe('Answer 12');
  });
});

import type { ReviewQuestion, SavedQuestionState } from '@invigil/shared/api/tests';
import { filterByDifficulty } from '@invigil/shared/domain/swot';
import { describe, expect, it } from 'vitest';
import type { QuestionContext } from '../review/question-display';
import { groupFigures, insightFor, questionRows, sectionPoints, swotPoint } from './result-analysis';

function q(qn: number, qt: ReviewQuestion['qt'], answer: ReviewQuestion['answer'], extra: Partial<ReviewQuestion> = {}): ReviewQuestion {
  return {
    _id: `t.q${qn}`, qn, qnf: String(qn), qt, pm: 4, nm: 1, pi: 0, si: 0, noo: 4, so: false, text: '', options: {}, extra: null, pdf: null,
    pdf_images: [], difficulty: null, subject_id: null, attachments: [], answer, solution: null, ...extra,
  };
}
const ctx = (question: ReviewQuestion, sectionName = 'S', partName = 'P'): QuestionContext<ReviewQuestion> => ({ question, partName, sectionName, tap: false, shuffled: false });
function state(qn: number, ua: SavedQuestionState['ua'], s = 10): SavedQuestionState {
  return { qn, ua, ats: ua === null ? null : 1, mts: null, vts: 1, s, iu: [], vu: [], au: [], r: null, rev: 1, late: false };
}

describe('questionRows', () => {
  const contexts = [
    ctx(q(1, 3, 'A', { difficulty: 1 })),
    ctx(q(2, 3, 'B', { difficulty: 2 })),
    ctx(q(3, 4, ['A', 'C'], { difficulty: 3 })),
    ctx(q(4, 6, '2.4..2.6', { si: 1 }), 'S2'),
    ctx(q(5, 1, null, { si: 1 }), 'S2'),
    ctx(q(6, 3, 'D', { si: 1 }), 'S2'),
  ];
  const rows = questionRows(contexts, [state(1, 'A', 30), state(2, 'C'), state(3, ['A']), state(4, '2.5'), state(5, 'An essay')]);

  it('scores each question with the shared rules', () => {
    expect(rows.map((r) => [r.index, r.status, r.marks, r.seconds])).toEqual([
      [0, 'correct', 4, 30],
      [1, 'wrong', -1, 10],
      [2, 'partial', 0, 10],
      [3, 'correct', 4, 10],
      [4, 'pending', 0, 10],
      [5, 'skipped', 0, 0],
    ]);
  });
  it('filters by difficulty with the shared filter', () => {
    expect(filterByDifficulty(rows, 0)).toHaveLength(6);
    expect(filterByDifficulty(rows, 2).map((r) => r.context.question.qn)).toEqual([2]);
    expect(filterByDifficulty(rows, 3).map((r) => r.context.question.qn)).toEqual([3]);
  });
  it('computes group figures and section points', () => {
    expect(groupFigures(rows)).toEqual({ total: 6, attempted: 5, correct: 2, attempt_rate: 83.33, accuracy: 40 });
    expect(groupFigures([])).toEqual({ total: 0, attempted: 0, correct: 0, attempt_rate: 0, accuracy: 0 });
    expect(sectionPoints(rows, 0)).toEqual([
      { label: 'S', attempt_rate: 100, accuracy: 33.33, category: 'Threat' },
      { label: 'S2', attempt_rate: 66.67, accuracy: 50, category: 'Threat' },
    ]);
    expect(sectionPoints(rows, null).map((p) => p.label)).toEqual(['P: S', 'P: S2']);
    expect(sectionPoints(rows, 1)).toEqual([]);
  });
});

describe('questionRows with a dropped question', () => {
  it('leaves it out, as the server\'s result does, and keeps each row\'s place in the paper', () => {
    const rows = questionRows([ctx(q(1, 3, 'A')), ctx(q(2, 3, 'B', { dropped: true })), ctx(q(3, 3, 'C'))], [state(1, 'A'), state(2, 'C'), state(3, 'C')]);
    expect(rows.map((r) => [r.index, r.status, r.marks])).toEqual([
      [0, 'correct', 4],
      [2, 'correct', 4],
    ]);
  });
});

describe('questionRows with teachers\' grades', () => {
  it('shows graded marks instead of pending, even for a question answered only on paper', () => {
    const contexts = [ctx(q(1, 1, null, { pm: 5, nm: 0 })), ctx(q(2, 8, null, { pm: 5, nm: 0 })), ctx(q(3, 1, null, { pm: 5, nm: 0 })), ctx(q(4, 3, 'A'))];
    const graded = (base: SavedQuestionState, marks: number): SavedQuestionState => ({ ...base, graded: marks });
    const rows = questionRows(contexts, [graded(state(1, 'An essay'), 3.5), graded(state(2, null), 5), state(3, 'Not graded yet'), graded(state(4, 'B'), 4)]);
    expect(rows.map((r) => [r.status, r.marks, r.graded])).toEqual([
      ['partial', 3.5, true],
      ['correct', 5, true],
      ['pending', 0, false],
      // A grade never overrides an objective question that scored itself.
      ['wrong', -1, true],
    ]);
  });
});

describe('insights', () => {
  it('follows the SWOT split', () => {
    expect(swotPoint('x', { attempt_rate: 80, accuracy: 90 }).category).toBe('Strength');
    expect(insightFor({ attempt_rate: 80, accuracy: 90, total: 10, pending: 0 })).toMatch(/^Strength: you attempted 80% .* 90% /);
    expect(insightFor({ attempt_rate: 40, accuracy: 90, total: 10, pending: 0 })).toMatch(/^Opportunity:/);
    expect(insightFor({ attempt_rate: 80, accuracy: 40, total: 10, pending: 0 })).toMatch(/^Threat:/);
    expect(insightFor({ attempt_rate: 50, accuracy: 50, total: 10, pending: 0 })).toMatch(/^Weakness:/);
  });
  it('mentions answers waiting for grading and empty groups', () => {
    expect(insightFor({ attempt_rate: 80, accuracy: 90, total: 10, pending: 1 })).toMatch(/1 answer is waiting to be graded/);
    expect(insightFor({ attempt_rate: 80, accuracy: 90, total: 10, pending: 3 })).toMatch(/3 answers are waiting/);
    expect(insightFor({ attempt_rate: 0, accuracy: 0, total: 0, pending: 0 })).toBe('There are no questions here.');
  });
});

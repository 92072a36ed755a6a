import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import type { SavedQuestionState } from '@invigil/shared/api/tests';
import { describe, expect, it } from 'vitest';
import { mergeStates, revisionBase } from './attempt-state-merge';

const saved = (qn: number, rev: number, ua: SavedQuestionState['ua']): SavedQuestionState => ({
  qn, ua, ats: ua === null ? null : 10, mts: null, vts: 5, s: 3, iu: [], vu: [], au: [], r: null, rev, late: false,
});
const update = (qn: number, rev: number, ua: QuestionUpdate['ua']): QuestionUpdate => ({ qn, rev, ua, ats: ua === null ? null : 20, mts: 30, vts: 5, s: 9, at: 40 });

describe('resuming an attempt', () => {
  it('starts every question of the paper, unvisited when the server has nothing', () => {
    const states = mergeStates([1, 2], [], [], 0);
    expect(states.get(2)).toEqual({ qn: 2, ua: null, ats: null, mts: null, vts: null, s: 0, rev: 0 });
  });

  it("takes the server's state, then the journal's newer unsent changes", () => {
    const states = mergeStates([1, 2, 3], [saved(1, 4, 'A'), saved(2, 5, 'B')], [update(2, 7, 'C'), update(3, 8, ['A', 'B'])], 5);
    expect(states.get(1)?.ua).toBe('A');
    expect(states.get(2)).toMatchObject({ ua: 'C', ats: 20, mts: 30, s: 9, rev: 7 });
    expect(states.get(3)).toMatchObject({ ua: ['A', 'B'], rev: 8 });
  });

  it('ignores journal entries the server already acknowledged or superseded', () => {
    const states = mergeStates([1, 2], [saved(1, 6, 'A'), saved(2, 3, 'B')], [update(1, 5, 'D'), update(2, 4, 'D')], 4);
    expect(states.get(1)?.ua).toBe('A');
    expect(states.get(2)?.ua).toBe('B');
  });

  it('drops states of questions that are not in the paper', () => {
    expect(mergeStates([1], [saved(9, 1, 'A')], [update(8, 2, 'A')], 0).size).toBe(1);
  });

  it('continues revisions above everything seen', () => {
    expect(revisionBase(3, 7, [saved(1, 9, 'A')])).toBe(9);
    expect(revisionBase(12, 7, [saved(1, 9, 'A')])).toBe(12);
    expect(revisionBase(0, 0, [])).toBe(0);
  });
});

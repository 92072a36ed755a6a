import { describe, expect, it } from 'vitest';
import { legendCounts, navigatorCell, navigatorState, NAVIGATOR_PRECEDENCE } from './navigator-state';

const T = 1_700_000_000_000;
const open = { selected: false, accessible: true };
const blank = { ats: null, mts: null, vts: null };

describe('navigatorState', () => {
  it('maps each state', () => {
    expect(navigatorState(blank, open)).toBe('not-visited');
    expect(navigatorState({ ...blank, vts: T }, open)).toBe('visited');
    expect(navigatorState({ ...blank, vts: T, ats: T }, open)).toBe('answered');
    expect(navigatorState({ ...blank, mts: T }, open)).toBe('marked');
    expect(navigatorState(blank, { selected: false, accessible: false })).toBe('inaccessible');
    expect(navigatorState(blank, { selected: true, accessible: true })).toBe('selected');
  });
  it('follows the documented precedence', () => {
    const everything = { ats: T, mts: T, vts: T };
    expect(navigatorState(everything, { selected: true, accessible: false })).toBe('selected');
    expect(navigatorState(everything, { selected: false, accessible: false })).toBe('inaccessible');
    expect(navigatorState(everything, open)).toBe('marked');
    // Answered without a visit time (e.g. an old record) is still answered.
    expect(navigatorState({ ...blank, ats: T }, open)).toBe('answered');
    expect(NAVIGATOR_PRECEDENCE).toEqual(['selected', 'inaccessible', 'marked', 'answered', 'visited', 'not-visited']);
  });
  it('tells whether a marked question is answered', () => {
    expect(navigatorCell({ ats: T, mts: T, vts: T }, open)).toEqual({ state: 'marked', markedAnswered: true });
    expect(navigatorCell({ ...blank, mts: T }, open)).toEqual({ state: 'marked', markedAnswered: false });
    expect(navigatorCell({ ats: T, mts: T, vts: T }, { selected: true, accessible: true }).markedAnswered).toBe(false);
  });
  it('counts for the legend what the student did, also in a part that is over', () => {
    const questions = [
      { ats: T, mts: null, vts: T }, // answered in Part A, which is over
      { ats: T, mts: T, vts: T }, // answered and marked, Part A
      { ats: null, mts: T, vts: T }, // marked without an answer, Part A
      { ats: T, mts: null, vts: T }, // answered, the current question of Part B
      { ats: null, mts: null, vts: T }, // seen, not answered
      blank,
    ];
    const partB = (qi: number) => qi >= 3;
    expect(legendCounts(questions, partB)).toEqual({ answered: 3, visited: 2, marked: 2, 'not-visited': 1, inaccessible: 3 });
    expect(legendCounts(questions, () => true).inaccessible).toBe(0);
    expect(legendCounts([], () => true)).toEqual({ answered: 0, visited: 0, marked: 0, 'not-visited': 0, inaccessible: 0 });
  });
});

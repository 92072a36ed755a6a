import { describe, expect, it } from 'vitest';
import { countNavigatorStates, navigatorCell, navigatorState, NAVIGATOR_PRECEDENCE } from './navigator-state';

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
  it('counts states for the legend', () => {
    expect(countNavigatorStates(['answered', 'answered', 'selected'])).toEqual({
      selected: 1,
      inaccessible: 0,
      marked: 0,
      answered: 2,
      visited: 0,
      'not-visited': 0,
    });
  });
});

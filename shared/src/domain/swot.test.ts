import { describe, expect, it } from 'vitest';
import { DIFFICULTY_FILTERS, filterByDifficulty, swotCategory } from './swot';

describe('swotCategory', () => {
  it('splits at 50% attempt rate and 50% accuracy', () => {
    expect(swotCategory(80, 90)).toBe('Strength');
    expect(swotCategory(20, 10)).toBe('Weakness');
    expect(swotCategory(20, 90)).toBe('Opportunity');
    expect(swotCategory(80, 10)).toBe('Threat');
  });
  it('counts exactly 50 as not over 50', () => {
    expect(swotCategory(50, 50)).toBe('Weakness');
    expect(swotCategory(50.01, 50.01)).toBe('Strength');
    expect(swotCategory(50, 100)).toBe('Opportunity');
    expect(swotCategory(100, 50)).toBe('Threat');
    expect(swotCategory(0, 0)).toBe('Weakness');
    expect(swotCategory(100, 100)).toBe('Strength');
  });
});

describe('filterByDifficulty', () => {
  const items = [{ qn: 1, difficulty: 1 as const }, { qn: 2, difficulty: 2 as const }, { qn: 3, difficulty: 3 as const }, { qn: 4 }, { qn: 5, difficulty: 1 as const }];
  it('keeps all for 0 and one level otherwise', () => {
    expect(filterByDifficulty(items, 0)).toEqual(items);
    expect(filterByDifficulty(items, 1).map((i) => i.qn)).toEqual([1, 5]);
    expect(filterByDifficulty(items, 2).map((i) => i.qn)).toEqual([2]);
    expect(filterByDifficulty(items, 3).map((i) => i.qn)).toEqual([3]);
    expect(filterByDifficulty([], 2)).toEqual([]);
  });
  it('offers All, Easy, Medium, Hard as 0-3', () => {
    expect(DIFFICULTY_FILTERS.map((f) => `${f.label}=${f.value}`)).toEqual(['All=0', 'Easy=1', 'Medium=2', 'Hard=3']);
  });
});

import { describe, expect, it } from 'vitest';
import { questionIndexFromSearch, reviewHref } from './review-nav';

describe('questionIndexFromSearch', () => {
  it('reads qi and keeps it within the paper', () => {
    expect(questionIndexFromSearch('qi=2', 5)).toBe(2);
    expect(questionIndexFromSearch('?qi=0', 5)).toBe(0);
    expect(questionIndexFromSearch('qi=9', 5)).toBe(4);
  });
  it('falls back to the first question', () => {
    for (const search of ['', 'qi=', 'qi=-1', 'qi=abc', 'qi=1.5']) expect(questionIndexFromSearch(search, 5)).toBe(0);
    expect(questionIndexFromSearch('qi=3', 0)).toBe(0);
  });
  it('builds review links', () => {
    expect(reviewHref('demo test', 3)).toBe('/test/demo%20test/review?qi=3');
  });
});

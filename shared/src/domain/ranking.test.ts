import { describe, expect, it } from 'vitest';
import { rankResults, type RankEntry } from './ranking';

type R = { scored: number; time_spent: number };
const entry = (user_id: string, scored: number, time_spent: number, submittedAt?: number): RankEntry<R> => ({
  user_id,
  name: `Name ${user_id}`,
  result: { scored, time_spent },
  submittedAt,
});
const ranksOf = (entries: RankEntry<R>[]) => rankResults(entries).map(([rank, , id]) => `${rank}:${id}`);

describe('rankResults', () => {
  it('sorts by score, then time, and returns spec rows', () => {
    const rows = rankResults([entry('c', 40, 900), entry('a', 50, 1200), entry('b', 50, 800)]);
    expect(rows).toEqual([
      [1, 'Name b', 'b', { scored: 50, time_spent: 800 }],
      [2, 'Name a', 'a', { scored: 50, time_spent: 1200 }],
      [3, 'Name c', 'c', { scored: 40, time_spent: 900 }],
    ]);
  });
  it('shares a rank for equal score and time (1, 2, 2, 4), ordered by submission', () => {
    expect(ranksOf([entry('d', 10, 100), entry('c', 30, 500, 2000), entry('b', 30, 500, 1000), entry('a', 40, 100)])).toEqual(['1:a', '2:b', '2:c', '4:d']);
  });
  it('falls back to user id for identical entries, and puts missing submission times last', () => {
    expect(ranksOf([entry('y', 5, 5), entry('x', 5, 5), entry('w', 5, 5, 10)])).toEqual(['1:w', '1:x', '1:y']);
  });
  it('does not split a tie on float noise', () => {
    expect(ranksOf([entry('a', 0.1 + 0.2, 60), entry('b', 0.3, 60)])).toEqual(['1:a', '1:b']);
  });
  it('ranks negative scores and puts a missing score last', () => {
    expect(ranksOf([entry('n', Number.NaN, 1), entry('m', -2, 10), entry('z', 0, 10)])).toEqual(['1:z', '2:m', '3:n']);
  });
  it('handles no entries and one entry', () => {
    expect(rankResults([])).toEqual([]);
    expect(ranksOf([entry('a', 1, 1)])).toEqual(['1:a']);
  });
  it('keeps the whole result object', () => {
    const rows = rankResults([{ user_id: 'u', name: 'U', result: { scored: 3, time_spent: 4, percentage: 75 } }]);
    expect(rows[0]?.[3].percentage).toBe(75);
  });
});

import type { ResultRow } from '@invigil/shared/api/tests';
import { describe, expect, it } from 'vitest';
import { chapterSummary, hasNextPage, isChapterTestRow, pageFromSearch, sortResults, truncate } from './result-rows';

function row(name: string, scored: number, percentage: number, chapters: string[] = [], type: ResultRow['type'] = 'live'): ResultRow {
  return {
    _id: name,
    name,
    test_created_at: 0,
    test_submitted_at: 1,
    type,
    chapters: chapters.map((chapter) => ({ name: chapter })),
    result: {
      scored, max_marks: 10, percentage, attempted: 0, total: 0, correct: 0, wrong: 0, partial: 0, skipped: 0, pending: 0,
      accuracy: 0, attempt_rate: 0, avg_speed: 0, time_spent: 0, time_per_question: 0, partResults: [],
    },
    review: { released: true, reviewOpensAt: 1, rule: 'on_submit', hidden: false },
  };
}

describe('chapterSummary', () => {
  it('lists the chapters of a Chapter Test only', () => {
    expect(chapterSummary(row('Chapter Test', 0, 0, ['Motion', 'Force']))).toBe('Motion, Force');
    expect(chapterSummary(row('Weekly Test', 0, 0, ['Motion']))).toBeNull();
    expect(chapterSummary(row('Chapter Test', 0, 0, []))).toBeNull();
  });
  it('takes a test of type chapter for a Chapter Test, whatever its name', () => {
    expect(chapterSummary(row('Motion: practice', 0, 0, ['Motion', 'Force'], 'chapter'))).toBe('Motion, Force');
    expect(isChapterTestRow(row('Motion: practice', 0, 0, [], 'chapter'))).toBe(true);
    expect(isChapterTestRow(row('Motion: practice', 0, 0, []))).toBe(false);
  });
  it('truncates to 30 characters plus " ..."', () => {
    const summary = chapterSummary(row('Chapter Test', 0, 0, ['Laws of Motion', 'Work, Energy and Power']));
    expect(summary).toBe('Laws of Motion, Work, Energy a ...');
    expect(truncate('x'.repeat(30))).toBe('x'.repeat(30));
    expect(truncate('x'.repeat(31))).toBe(`${'x'.repeat(30)} ...`);
  });
});

describe('pages', () => {
  it('reads the page query, defaulting to 1', () => {
    expect(pageFromSearch('')).toBe(1);
    expect(pageFromSearch('page=3')).toBe(3);
    expect(pageFromSearch('?page=2&x=1')).toBe(2);
    for (const bad of ['page=0', 'page=-2', 'page=abc', 'page=1.5', 'page=']) expect(pageFromSearch(bad)).toBe(1);
  });
  it('offers Next after a full page only', () => {
    expect(hasNextPage(10)).toBe(true);
    expect(hasNextPage(9)).toBe(false);
    expect(hasNextPage(0)).toBe(false);
  });
});

describe('sortResults', () => {
  const rows = [row('b test', 5, 50), row('A test', 8, 80), row('a test 10', 2, 20), row('a test 9', 2, 20)];
  it('sorts by name by default, case-insensitively and numerically', () => {
    expect(sortResults(rows).map((r) => r.name)).toEqual(['A test', 'a test 9', 'a test 10', 'b test']);
  });
  it('sorts by a figure in either direction, keeping ties stable', () => {
    expect(sortResults(rows, 'percentage', 'descending').map((r) => r.name)).toEqual(['A test', 'b test', 'a test 10', 'a test 9']);
    expect(sortResults(rows, 'scored', 'ascending').map((r) => r.name)).toEqual(['a test 10', 'a test 9', 'b test', 'A test']);
  });
  it('puts a result not declared yet below every score, whatever the direction keeps of the rest', () => {
    const pending = { ...row('pending', 0, 0), result: null, review: { released: false, reviewOpensAt: null, rule: 'manual' as const, hidden: false } };
    const mixed = [pending, ...rows];
    expect(sortResults(mixed, 'scored', 'descending').map((r) => r.name)).toEqual(['A test', 'b test', 'a test 10', 'a test 9', 'pending']);
    expect(sortResults(mixed, 'scored', 'ascending').map((r) => r.name)).toEqual(['pending', 'a test 10', 'a test 9', 'b test', 'A test']);
  });
});

import type { ResultRow } from '@invigil/shared/api/tests';

/** Spec section 9: results page size 10 (the server's RESULTS_PAGE_SIZE). */
export const RESULTS_PAGE_SIZE = 10;

/**
 * Spec: "Chapters listed for 'Chapter Test'". A Chapter Test is a test of type 'chapter'
 * (docs/decisions/0008-chapter-tests.md); a row of a test literally named 'Chapter Test' keeps its
 * chapters too, as this list showed them before chapter tests had a type.
 */
export const CHAPTER_TEST_NAME = 'Chapter Test';
export const CHAPTERS_MAX_CHARS = 30;

export function isChapterTestRow(row: Pick<ResultRow, 'name' | 'type'>): boolean {
  return row.type === 'chapter' || row.name.trim() === CHAPTER_TEST_NAME;
}

/** Longer than `max` characters: the first `max` and ' ...'. */
export function truncate(text: string, max = CHAPTERS_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max)} ...` : text;
}

/** For a Chapter Test, its chapters (comma separated, truncated to 30 characters plus ' ...'); else null. */
export function chapterSummary(row: Pick<ResultRow, 'name' | 'type' | 'chapters'>): string | null {
  if (!isChapterTestRow(row)) return null;
  const names = row.chapters.map((chapter) => chapter.name.trim()).filter((name) => name !== '');
  return names.length > 0 ? truncate(names.join(', ')) : null;
}

/** The optional `page` query value: a whole number from 1, anything else is page 1. */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return 1;
  return Math.max(1, Number(raw.trim()));
}

/** A full page may have a next one; a short page is the last. */
export function hasNextPage(rowsOnPage: number, pageSize = RESULTS_PAGE_SIZE): boolean {
  return rowsOnPage >= pageSize;
}

export type ResultSortKey = 'name' | 'scored' | 'percentage';
export type SortDirection = 'ascending' | 'descending';

/** Spec section 9: the results table sorts by name by default; ties keep the server's order. */
export function sortResults(rows: readonly ResultRow[], key: ResultSortKey = 'name', direction: SortDirection = 'ascending'): ResultRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const order =
        key === 'name'
          ? a.row.name.localeCompare(b.row.name, undefined, { sensitivity: 'base', numeric: true })
          : // A result not declared yet (decision 0051) sorts below every score.
            (a.row.result?.[key] ?? -Infinity) - (b.row.result?.[key] ?? -Infinity);
      return sign * order || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The rows of page `page` (1-based) of `rows`, with the page clamped to the last one. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { rows: T[]; page: number; pages: number; first: number } {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * perPage;
  return { rows: rows.slice(first, first + perPage), page: current, pages, first };
}

import { round2 } from './rounding';

/** One submitted attempt of a live test, as ranked. */
export interface RankEntry<R extends { scored: number; time_spent: number }> {
  user_id: string;
  name: string;
  result: R;
  /** Submission time, ms since epoch; missing sorts last. */
  submittedAt?: number | null;
}

/** [rank, name, user_id, result], as the spec's ranks rows. */
export type RankRow<R> = [number, string, string, R];

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Scores compare at the reported 2 decimals, so float noise cannot split a tie; no score sorts last. */
function scoreOf(result: { scored: number }): number {
  return Number.isFinite(result.scored) ? round2(result.scored) : -Infinity;
}

function timeOf(result: { time_spent: number }): number {
  return finiteOr(result.time_spent, Infinity);
}

function sameRank(a: { scored: number; time_spent: number }, b: { scored: number; time_spent: number }): boolean {
  return scoreOf(a) === scoreOf(b) && timeOf(a) === timeOf(b);
}

/**
 * Ranks by score (high first), then time spent (low first). Equal score and time share a rank,
 * with standard competition ranking (1, 2, 2, 4). Within a shared rank rows are ordered by
 * submission time, then user id, so the listing is stable.
 */
export function rankResults<R extends { scored: number; time_spent: number }>(entries: readonly RankEntry<R>[]): RankRow<R>[] {
  const sorted = [...entries].sort(
    (a, b) =>
      // Infinity - Infinity is NaN, which is falsy: equal fallbacks fall through to the next key.
      scoreOf(b.result) - scoreOf(a.result) ||
      timeOf(a.result) - timeOf(b.result) ||
      finiteOr(a.submittedAt, Infinity) - finiteOr(b.submittedAt, Infinity) ||
      (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
  );
  const rows: RankRow<R>[] = [];
  sorted.forEach((entry, i) => {
    const previous = rows[i - 1];
    const previousEntry = sorted[i - 1];
    const rank = previous && previousEntry && sameRank(previousEntry.result, entry.result) ? previous[0] : i + 1;
    rows.push([rank, entry.name, entry.user_id, entry.result]);
  });
  return rows;
}

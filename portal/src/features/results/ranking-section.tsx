import type { Rank } from '@invigil/shared/api/tests';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { session } from '../auth/auth-state';
import { formatDuration, formatNumber, formatPercent } from './format';
import { fetchRanking } from './results-api';

export const RANKING_PENDING = 'Result will be declared soon.';
export const RANKING_NOT_LIVE = 'Ranking is available for Live Test Series only.';

/** Loads the ranks of a live test once; null until (or unless) they arrive. */
export function useRanks(testId: string, live: boolean): Rank[] | null {
  const [loaded, setLoaded] = useState<{ id: string; ranks: Rank[] } | null>(null);
  useEffect(() => {
    if (!live) return;
    let alive = true;
    fetchRanking(testId).then(
      (reply) => {
        if (alive && reply.live) setLoaded({ id: testId, ranks: reply.ranks });
      },
      // A failed ranking load leaves the "declared soon" text; the result itself is unaffected.
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [testId, live]);
  return loaded?.id === testId ? loaded.ranks : null;
}

/** Spec: live tests show 'Result will be declared soon.' until the ranks load; other tests say ranking is for live tests. */
export function RankingSection({ live, ranks }: { live: boolean; ranks: Rank[] | null }) {
  useSignals();
  const me = session.value?.claims.id;
  return (
    <section aria-labelledby="ranking-heading" className="flex flex-col gap-3">
      <h2 id="ranking-heading" className="text-lg font-bold">Ranking</h2>
      {!live ? <p className="alert">{RANKING_NOT_LIVE}</p> : null}
      {live && (ranks === null || ranks.length === 0) ? <p className="alert alert-info">{RANKING_PENDING}</p> : null}
      {live && ranks && ranks.length > 0 ? (
        <div className="overflow-x-auto rounded-box bg-base-100">
          <table className="table table-sm">
            <caption className="sr-only">Ranks of this test</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Name</th>
                <th scope="col">Score</th>
                <th scope="col" className="hidden sm:table-cell">Percentage</th>
                <th scope="col" className="hidden sm:table-cell">Accuracy</th>
                <th scope="col">Time spent</th>
              </tr>
            </thead>
            <tbody>
              {ranks.map(([rank, name, userId, result]) => {
                const mine = userId === me;
                return (
                  <tr key={userId} className={mine ? 'bg-primary/10 font-semibold' : undefined} aria-current={mine ? 'true' : undefined}>
                    <td>{rank}</td>
                    <td>{name}{mine ? <span className="badge badge-primary badge-sm ml-2">You</span> : null}</td>
                    <td>{formatNumber(result.scored)} / {formatNumber(result.max_marks)}</td>
                    <td className="hidden sm:table-cell">{formatPercent(result.percentage)}</td>
                    <td className="hidden sm:table-cell">{formatPercent(result.accuracy)}</td>
                    <td>{formatDuration(result.time_spent)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

import type { ReviewStatus } from '@invigil/shared/api/tests';
import { reviewRecheckDelay } from '@invigil/shared/domain/review-release';
import { useEffect, useRef, useState } from 'react';

/**
 * While any of `reviews` is closed (decision 0051), fetches again at the earliest opening time (or
 * every minute when none is known) and hands the fresh data to `onData`: a list shows the released
 * results without a reload. A failed fetch keeps what is shown and tries again later.
 */
export function useRefetchAtRelease<T>(reviews: readonly (ReviewStatus | null | undefined)[] | null, fetch: () => Promise<T>, onData: (data: T) => void): void {
  const latest = useRef({ fetch, onData });
  useEffect(() => {
    latest.current = { fetch, onData };
  });
  const closed = (reviews ?? []).filter((review): review is ReviewStatus => Boolean(review && !review.released && !review.hidden));
  const known = closed.map((review) => review.reviewOpensAt).filter((at): at is number => at !== null);
  const opensAt = closed.length === 0 ? undefined : known.length === closed.length ? Math.min(...known) : null;
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (opensAt === undefined) return;
    let alive = true;
    const timer = setTimeout(() => {
      latest.current.fetch().then(
        (data) => {
          if (alive) latest.current.onData(data);
          if (alive) setTries((n) => n + 1);
        },
        () => {
          if (alive) setTries((n) => n + 1);
        },
      );
    }, reviewRecheckDelay(opensAt, Date.now()));
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [opensAt, tries]);
}

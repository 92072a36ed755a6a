import type { TestOutReply } from '@invigil/shared/api/tests';
import { reviewRecheckDelay } from '@invigil/shared/domain/review-release';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import { testOutCall } from './results-api';

export const TEST_OUT_FAILED = 'Something went wrong!';
/** Spec (navigation guard): after a failed test-out load, go to /test after 1 second. */
export const TEST_OUT_REDIRECT_MS = 1000;

export type TestOutState = { status: 'loading' } | { status: 'ready'; data: TestOutReply } | { status: 'failed' };

/**
 * The guard rule of the result and review pages: load the test-out data first; on failure show
 * the message (or 'Something went wrong!') in a red snackbar and go to /test after 1 second.
 * While the review is not released (decision 0051) it asks again at the opening time (by the
 * server's clock), or every minute when that time is unknown, and shows the released reply as it
 * comes: no reload needed. A failed re-ask keeps what is shown and tries again later.
 */
export function useTestOut(id: string): TestOutState {
  const [, navigate] = useLocation();
  const { early, skipLoad } = useEarlyReply(() => testOutCall(id).settled());
  const [loaded, setLoaded] = useState<{ id: string; state: TestOutState } | null>(early ? { id, state: { status: 'ready', data: early.value } } : null);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    testOutCall(id)().then(
      (data) => {
        if (alive) setLoaded({ id, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!alive) return;
        setLoaded({ id, state: { status: 'failed' } });
        showSnackbar(error instanceof ApiError && error.message ? error.message : TEST_OUT_FAILED, { color: 'error' });
        timer = setTimeout(() => navigate('/test'), TEST_OUT_REDIRECT_MS);
      },
    );
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [id, navigate, skipLoad]);

  const current = loaded?.id === id ? loaded.state : null;
  const waiting = current?.status === 'ready' && !current.data.review.released ? current.data : null;
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    let alive = true;
    const timer = setTimeout(() => {
      testOutCall(id)().then(
        (data) => {
          if (alive) setLoaded({ id, state: { status: 'ready', data } });
        },
        () => {
          if (alive) setRecheck((n) => n + 1);
        },
      );
    }, reviewRecheckDelay(waiting.review.reviewOpensAt, waiting.userData.server_time));
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [id, waiting, recheck]);

  return current ?? { status: 'loading' };
}

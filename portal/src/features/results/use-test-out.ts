import type { TestOutReply } from '@invigil/shared/api/tests';
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

  return loaded?.id === id ? loaded.state : { status: 'loading' };
}

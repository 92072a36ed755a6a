import { useCallback, useEffect, useRef, useState } from 'react';
import type { GetCall } from './api-client';
import { useEarlyReply } from './use-early-reply';

/**
 * Loads a page's data once, and again on `retry`. `data` stays null until the first success (and
 * keeps the last success after a failure); `failed` says the last try failed, until a retry.
 * `onError` is told of each failure (the page's snackbar). A GetCall whose early reply is already
 * here renders with it at once, and is not asked again.
 */
export function useRetryableLoad<T>(load: (() => Promise<T>) | GetCall<T>, onError: (error: unknown) => void): { data: T | null; failed: boolean; retry: () => void } {
  const { early, skipLoad } = useEarlyReply(() => ('settled' in load ? load.settled() : null));
  const [data, setData] = useState<T | null>(early ? early.value : null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, so a page may pass inline functions without reloading on every render.
  const latest = useRef({ load, onError });
  latest.current = { load, onError };

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    latest.current.load().then(
      (reply) => {
        if (!alive) return;
        setData(reply);
        setFailed(false);
      },
      (error: unknown) => {
        if (!alive) return;
        setFailed(true);
        latest.current.onError(error);
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt, skipLoad]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { data, failed, retry };
}

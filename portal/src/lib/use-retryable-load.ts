import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads a page's data once, and again on `retry`. `data` stays null until the first success (and
 * keeps the last success after a failure); `failed` says the last try failed, until a retry.
 * `onError` is told of each failure (the page's snackbar).
 */
export function useRetryableLoad<T>(load: () => Promise<T>, onError: (error: unknown) => void): { data: T | null; failed: boolean; retry: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, so a page may pass inline functions without reloading on every render.
  const latest = useRef({ load, onError });
  latest.current = { load, onError };

  useEffect(() => {
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
  }, [attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return { data, failed, retry };
}

import { useEffect, useRef, useState } from 'react';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** A reply fetched when `key` changes (an older request aborted); a failure keeps the last reply. */
export function useLoad<R>(load: (signal: AbortSignal) => Promise<R>, key: string) {
  const [reply, setReply] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const abort = new AbortController();
    loadRef.current(abort.signal).then(
      (next) => {
        setReply(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => abort.abort();
  }, [key, reload]);
  return { reply, failure, refresh: () => setReload((n) => n + 1) };
}

import { useEffect, useRef, useState } from 'react';

/** How long the search waits for a pause in typing. */
const SEARCH_DELAY_MS = 300;

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/**
 * A staff list's state: its filters (the search `q` and the page among them), the search box's
 * text, which moves into `q` after a pause in typing and starts again at page 1, and the page of
 * results fetched for the filters (an older request aborted when they change). `refresh` fetches
 * again (Retry, or after an add); a failure keeps the last reply on screen.
 */
export function useStaffList<F extends { q: string; page: number }, R>(initial: F | (() => F), fetchPage: (filters: F, signal: AbortSignal) => Promise<R>) {
  const [filters, setFilters] = useState<F>(initial);
  const [query, setQuery] = useState(() => filters.q);
  const [reply, setReply] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  useEffect(() => {
    const timer = setTimeout(() => setFilters((current) => (current.q === query.trim() ? current : { ...current, q: query.trim(), page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const abort = new AbortController();
    fetchRef.current(filters, abort.signal).then(
      (next) => {
        setReply(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => abort.abort();
  }, [filters, reload]);

  return { filters, setFilters, query, setQuery, reply, failure, refresh: () => setReload((n) => n + 1), /** How many times refresh was called (for what else a refresh should fetch). */ reload };
}

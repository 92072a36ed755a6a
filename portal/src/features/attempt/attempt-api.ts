import type { SubmitRequest, SubmitResponse, SyncReply, SyncRequest } from '@invigil/shared/api/attempt-sync';
import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import type { PaperRef, SealedPaperRef, TestInResponse, TestPaper } from '@invigil/shared/api/tests';
import { ApiError, apiCall, CONNECTION_MESSAGE } from '../../lib/api-client';
import { session } from '../auth/auth-state';

/** GET /test/in/{id}?ts=now&embed=0: the student's attempt and where the (cached) paper is. */
export function fetchTestIn(testId: string, signal?: AbortSignal): Promise<TestInResponse> {
  return apiCall<TestInResponse>(`/test/in/${encodeURIComponent(testId)}`, { query: { ts: Date.now(), embed: 0 }, signal });
}

/** POST /test/sync: changed questions only; idempotent by revision. */
export function syncAnswers(body: SyncRequest): Promise<SyncReply> {
  return apiCall<SyncReply>('/test/sync', { method: 'POST', body: { ...body } });
}

/** POST /test/submit. */
export function submitAnswers(body: SubmitRequest): Promise<SubmitResponse> {
  return apiCall<SubmitResponse>('/test/submit', { method: 'POST', body: { ...body } });
}

const PAPER_CACHE = 'invigil-papers';

/** The paper URL as the browser fetches it (the reply may give it with or without the /api prefix). */
export function paperUrl(url: string): string {
  if (/^https?:\/\//.test(url) || url.startsWith(`${API_PREFIX}/`)) return url;
  return `${API_PREFIX}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The papers this browser keeps (Cache Storage): plain ones by ETag, and sealed ones (decision 0046). */
export async function openPaperCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(PAPER_CACHE);
  } catch {
    return null;
  }
}

/**
 * GET /test/sealed-paper/{id}/{version} into the paper cache, once: the paper sealed before the
 * start, fetched while the student reads the instructions. Quietly does nothing when it cannot.
 */
export async function fetchSealedPaper(ref: SealedPaperRef): Promise<void> {
  const url = paperUrl(ref.url);
  const cache = await openPaperCache();
  const token = session.value?.token;
  if (!cache || !token || (await cache.match(url))) return;
  try {
    const response = await fetch(url, { headers: { [ACCESS_TOKEN_HEADER]: token }, cache: 'no-store', priority: 'low' } as RequestInit);
    if (response.ok) await cache.put(url, response);
  } catch {
    // Offline or storage full: the start fetches the paper as before.
  }
}

/**
 * GET the paper: the same bytes for every student of a test version, so a reload sends the ETag it
 * has and gets 304 (the browser keeps the bytes in the Cache Storage) instead of the whole paper.
 */
export async function fetchPaper(ref: PaperRef, signal?: AbortSignal): Promise<TestPaper> {
  const url = paperUrl(ref.url);
  const cache = await openPaperCache();
  const cached = (await cache?.match(url)) ?? null;
  const headers: Record<string, string> = {};
  const token = session.value?.token;
  if (token) headers[ACCESS_TOKEN_HEADER] = token;
  const etag = cached?.headers.get('etag');
  if (etag) headers['If-None-Match'] = etag;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, cache: 'no-cache' });
  } catch (error) {
    if (cached) return (await cached.json()) as TestPaper;
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(CONNECTION_MESSAGE, null);
  }
  if (response.status === 304 && cached) return (await cached.json()) as TestPaper;
  if (!response.ok) {
    let message = response.statusText || 'Something went wrong!';
    try {
      const data = (await response.json()) as { message?: unknown };
      if (typeof data.message === 'string' && data.message) message = data.message;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(message, response.status);
  }
  if (cache && response.headers.get('etag')) {
    try {
      await cache.put(url, response.clone());
    } catch {
      // Storage full: the paper still loads, just without the cache.
    }
  }
  return (await response.json()) as TestPaper;
}

import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { isPageOffMessage } from '@invigil/shared/domain/menu-flags';
import { FetchError, ofetch } from 'ofetch';
import { takeEarlyFetch, type EarlyResponse } from './early-data';

export const CONNECTION_MESSAGE = 'Please check your internet connection!';
export const LOGIN_REQUIRED_MESSAGE = 'Log in required!';

/** An API failure with the message to show the student (spec section 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiHooks {
  getToken: () => string | null;
  onUnauthorized: () => void;
  /** A 403 saying a menu page is turned off: the institute changed the config since it was read. */
  onPageOff?: () => void;
}

// The auth feature plugs itself in at start-up; lib stays below features.
let hooks: ApiHooks = { getToken: () => null, onUnauthorized: () => {} };

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Calls the spec allows without login (login, verifyOTP, user...) pass false. */
  auth?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a call made just before a reload). */
  keepalive?: boolean;
}

const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });

function messageOf(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  return null;
}

/** Maps any failure of a call to an ApiError carrying the message the spec asks for. */
export function toApiError(error: unknown, onUnauthorized: () => void = () => {}): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? null;
    if (status === null) return new ApiError(CONNECTION_MESSAGE, null);
    if (status === 401) onUnauthorized();
    if (status === 403 && isPageOffMessage(messageOf(error.data))) hooks.onPageOff?.();
    return new ApiError(messageOf(error.data) ?? error.statusText ?? error.message, status, error.data);
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new ApiError(CONNECTION_MESSAGE, null);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), null);
}

/** Query parameters that only defeat caches (a time in ms): not part of what a call asks. */
const CACHE_BUSTERS = new Set(['ts', 'q']);
/** An early reply older than this is not handed out: the screen asks afresh. */
export const EARLY_REPLY_TTL_MS = 15_000;
/** A call started at app start: its reply, and that reply's value once it has come (a success). */
interface EarlyReply {
  at: number;
  reply: Promise<unknown>;
  settled?: { value: unknown };
}
const earlyReplies = new Map<string, EarlyReply>();

function callKey(path: string, query: CallOptions['query']): string {
  const params = Object.entries(query ?? {})
    .filter(([name, value]) => value !== undefined && !CACHE_BUSTERS.has(name))
    .map(([name, value]) => `${name}=${String(value)}`)
    .sort();
  return params.length > 0 ? `${path}?${params.join('&')}` : path;
}

/**
 * Starts a GET the screen about to open will make, while its code still loads (app start): the
 * screen's own identical call, within EARLY_REPLY_TTL_MS, takes this reply instead of asking again,
 * once. It is the screen's call started sooner: a failure is the screen's failure, shown with its
 * Retry as any other. When the page's own early script (early-data.ts) has already sent this call,
 * its response is that reply.
 */
export function loadEarly(path: string, query?: CallOptions['query']): Promise<unknown> | null {
  const token = hooks.getToken();
  if (!token) return null;
  const fromPage = takeEarlyFetch(path, query, token, EARLY_REPLY_TTL_MS);
  const reply = fromPage ? readResponse(fromPage) : askServer(path, { query });
  const early: EarlyReply = { at: Date.now(), reply };
  // Kept once here, so the screen's first render can show it without waiting a turn (takeSettledReply).
  reply.then((value) => (early.settled = { value }), () => undefined);
  earlyReplies.set(callKey(path, query), early);
  return reply;
}

/**
 * The early reply of a GET when it is already here (a success, within EARLY_REPLY_TTL_MS), taken
 * as apiCall would take it: once. A screen renders its first frame with it instead of a spinner
 * and a second render one turn later. Null when it has not come, failed, or was taken.
 */
export function takeSettledReply<T>(path: string, query?: CallOptions['query']): { value: T } | null {
  return (takeEarly(path, query, (early) => early.settled !== undefined)?.settled as { value: T } | undefined) ?? null;
}

/** The early reply of a call, taken once when `wanted` (and within the TTL: an older one is dropped). */
function takeEarly(path: string, query: CallOptions['query'], wanted: (early: EarlyReply) => boolean = () => true): EarlyReply | null {
  const key = callKey(path, query);
  const early = earlyReplies.get(key);
  if (!early || !wanted(early)) return null;
  earlyReplies.delete(key);
  return Date.now() - early.at <= EARLY_REPLY_TTL_MS ? early : null;
}

/** A GET a screen loads: called, it asks (or takes the early reply); `settled()` hands over an early reply already here. */
export interface GetCall<T> {
  (signal?: AbortSignal): Promise<T>;
  settled: () => { value: T } | null;
}

interface GetCallOptions<Reply, T> {
  /** The part of the reply the screen uses. */
  pick?: (reply: Reply) => T;
  /** The query, or a function making it at each call (a cache buster's time). */
  query?: CallOptions['query'] | (() => CallOptions['query']);
  auth?: boolean;
}

/** One GET of the API as a GetCall. */
export function getCall<Reply, T = Reply>(path: string, options: GetCallOptions<Reply, T> = {}): GetCall<T> {
  const { pick, query, auth } = options;
  const picked = (reply: Reply) => (pick ? pick(reply) : (reply as unknown as T));
  const queryNow = () => (typeof query === 'function' ? query() : query);
  const call = async (signal?: AbortSignal) => picked(await apiCall<Reply>(path, { query: queryNow(), signal, ...(auth === undefined ? {} : { auth }) }));
  return Object.assign(call, {
    settled: () => {
      const early = takeSettledReply<Reply>(path, queryNow());
      return early ? { value: picked(early.value) } : null;
    },
  });
}

/** A response the page fetched itself, read as the client reads its own: the body, or the ApiError it would throw. */
async function readResponse(pending: Promise<EarlyResponse>): Promise<unknown> {
  let response: EarlyResponse;
  try {
    response = await pending;
  } catch {
    throw new ApiError(CONNECTION_MESSAGE, null);
  }
  const { text } = response;
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself, as the client keeps it.
  }
  if (response.ok) return data;
  if (response.status === 401) hooks.onUnauthorized();
  if (response.status === 403 && isPageOffMessage(messageOf(data))) hooks.onPageOff?.();
  throw new ApiError(messageOf(data) ?? (response.statusText || `${response.status}`), response.status, data);
}

export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'GET', query } = options;
  if (method === 'GET' && earlyReplies.size > 0) {
    const early = takeEarly(path, query)?.reply;
    if (early) return early as Promise<T>;
  }
  return askServer<T>(path, options);
}

/** The call itself, never an early reply. */
async function askServer<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { auth = true, method = 'GET', body, query, signal, keepalive } = options;
  const token = hooks.getToken();
  if (auth && !token) throw new ApiError(LOGIN_REQUIRED_MESSAGE, null);
  try {
    return await client<T>(path, {
      method,
      body,
      query,
      signal,
      keepalive,
      headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
    });
  } catch (error) {
    throw toApiError(error, hooks.onUnauthorized);
  }
}

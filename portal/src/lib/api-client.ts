import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { FetchError, ofetch } from 'ofetch';
import { takeEarlyFetch } from './early-data';

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
const earlyReplies = new Map<string, { at: number; reply: Promise<unknown> }>();

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
export function loadEarly(path: string, query?: CallOptions['query']): void {
  const token = hooks.getToken();
  if (!token) return;
  const fromPage = takeEarlyFetch(path, query, token, EARLY_REPLY_TTL_MS);
  const reply = fromPage ? readResponse(fromPage) : askServer(path, { query });
  reply.catch(() => undefined);
  earlyReplies.set(callKey(path, query), { at: Date.now(), reply });
}

/** A response the page fetched itself, read as the client reads its own: the body, or the ApiError it would throw. */
async function readResponse(pending: Promise<Response>): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await pending;
    text = await response.text();
  } catch {
    throw new ApiError(CONNECTION_MESSAGE, null);
  }
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself, as the client keeps it.
  }
  if (response.ok) return data;
  if (response.status === 401) hooks.onUnauthorized();
  throw new ApiError(messageOf(data) ?? (response.statusText || `${response.status}`), response.status, data);
}

function takeEarlyReply(path: string, query: CallOptions['query']): Promise<unknown> | null {
  const key = callKey(path, query);
  const early = earlyReplies.get(key);
  if (!early) return null;
  earlyReplies.delete(key);
  return Date.now() - early.at <= EARLY_REPLY_TTL_MS ? early.reply : null;
}

export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'GET', query } = options;
  if (method === 'GET' && earlyReplies.size > 0) {
    const early = takeEarlyReply(path, query);
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

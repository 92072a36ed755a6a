// The opening route's first GETs, started by a tiny script of their own as soon as the page is
// parsed: on a slow phone the app's entry takes about a second to arrive and more to run, and the
// data can be here by then (decision 0032). The server names the route's calls in the page
// (<meta name="invigil-early-data">, server/src/platform/http/portal-index.ts); the app takes each reply
// once through `takeEarlyFetch` (api-client.ts `loadEarly`), as the reply of its own call: a
// failure is the screen's failure, read exactly as the app's client reads one.
//
// Kept free of the app's libraries: this is its own entry chunk, loaded before the entry.
import { ACCESS_TOKEN_HEADER, API_PREFIX, EARLY_DATA_META } from '@invigil/shared/api/http';
import { STORAGE_KEYS } from './storage';

/** What the server writes in the page: the route's pattern and its `data` calls (route-table.ts). */
export interface EarlyDataPlan {
  pattern: string;
  calls: readonly string[];
}

export interface EarlyCall {
  path: string;
  query: Record<string, string>;
}

/** One call's key: its path and its query in name order (the app's identical call finds it). */
export function earlyCallKey(path: string, query: Record<string, string | number | boolean | undefined> = {}): string {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .sort();
  return params.length > 0 ? `${path}?${params.join('&')}` : path;
}

/**
 * The calls of a plan for a visit of `pathname`: each `:name` filled with that segment of the
 * path, decoded then encoded as the screens encode it, and the `?query` split off. Null when the
 * path does not fit the pattern.
 */
export function plannedCalls(plan: EarlyDataPlan, pathname: string): EarlyCall[] | null {
  const patternParts = plan.pattern.split('/');
  const pathParts = pathname.replace(/(.)\/$/, '$1').split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const segment = pathParts[index] ?? '';
    if (part.startsWith(':')) {
      if (!segment) return null;
      let value = segment;
      try {
        value = decodeURIComponent(segment);
      } catch {
        // A malformed escape: sent as it came.
      }
      params[part.slice(1)] = value;
    } else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return plan.calls.map((call) => {
    const [path = '', search = ''] = call.split('?');
    return {
      path: path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? '')),
      query: Object.fromEntries(new URLSearchParams(search)),
    };
  });
}

/** The session token when it is there and not expired (else nothing is asked: the app will ask for a login). */
function liveToken(): string | null {
  let token: string | null = null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
  const payload = token?.split('.')[1];
  if (!token || !payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? token : null;
  } catch {
    return null;
  }
}

/** A response with its body already read: the app's first render can use it without waiting on the network's tasks. */
export interface EarlyResponse {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

interface StartedCall {
  at: number;
  token: string;
  response: Promise<EarlyResponse>;
}

const started = new Map<string, StartedCall>();

function readPlan(): EarlyDataPlan | null {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${EARLY_DATA_META}"]`)?.content;
  if (!content) return null;
  try {
    const plan = JSON.parse(content) as Partial<EarlyDataPlan>;
    return typeof plan.pattern === 'string' && Array.isArray(plan.calls) && plan.calls.every((call) => typeof call === 'string') ? { pattern: plan.pattern, calls: plan.calls } : null;
  } catch {
    return null;
  }
}

/** Starts the calls of `plan` for a visit of `pathname` with `token`, each kept for the app to take once. */
export function startEarlyCalls(plan: EarlyDataPlan, pathname: string, token: string): void {
  for (const call of plannedCalls(plan, pathname) ?? []) {
    const key = earlyCallKey(call.path, call.query);
    const search = new URLSearchParams(call.query).toString();
    // The body is read as it arrives, not when the app asks (which may be during its first render).
    const response = fetch(`${API_PREFIX}${call.path}${search ? `?${search}` : ''}`, { headers: { [ACCESS_TOKEN_HEADER]: token, accept: 'application/json' } })
      .then(async (reply): Promise<EarlyResponse> => ({ ok: reply.ok, status: reply.status, statusText: reply.statusText, text: await reply.text() }));
    // Unhandled until the app takes it: a failure here is only a reason to ask again.
    response.catch(() => undefined);
    started.set(key, { at: Date.now(), token, response });
  }
}

/** Starts the planned calls of this page (none without a plan or a session). */
function startEarlyData(): void {
  if (typeof document === 'undefined') return;
  const plan = readPlan();
  const token = plan && liveToken();
  if (plan && token) startEarlyCalls(plan, location.pathname, token);
}

/**
 * The response of an early call to `path` with `query`, for the app's identical call made with
 * the same token within `maxAgeMs`; taken once. Null when there is none: the app asks itself.
 */
export function takeEarlyFetch(path: string, query: Record<string, string | number | boolean | undefined> | undefined, token: string, maxAgeMs: number): Promise<EarlyResponse> | null {
  const key = earlyCallKey(path, query);
  const call = started.get(key);
  if (!call) return null;
  started.delete(key);
  return call.token === token && Date.now() - call.at <= maxAgeMs ? call.response : null;
}

startEarlyData();

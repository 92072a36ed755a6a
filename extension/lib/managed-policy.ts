/**
 * The institute's managed policy (chrome.storage.managed, decision 0069), pure. An administrator
 * pushes it through Chrome's `3rdparty` -> `extensions` -> <id> policy; `managed-schema.json`
 * declares it. Two settings, neither of which can weaken proctoring:
 *
 * - `PortalOrigins`: the exact portal origins to trust, instead of the ones built in. Each entry
 *   must be an https origin (or http on 127.0.0.1 / localhost, as the build's list), without path, query,
 *   credentials or wildcard. An invalid entry is ignored and listed in the popup; it never widens
 *   trust. A policy whose entries are all invalid trusts nothing, never the built-in list: the
 *   administrator meant to replace it.
 * - `SupportContact`: who to ask, in plain text, shown by the popup instead of the build command
 *   (a student cannot rebuild a managed extension).
 */

export const POLICY_ORIGINS_KEY = 'PortalOrigins';
export const POLICY_SUPPORT_KEY = 'SupportContact';
/** At most this many policy origins are read (a longer list is a mistake, not a configuration). */
export const MAX_POLICY_ORIGINS = 20;
export const MAX_SUPPORT_LENGTH = 200;

export type OriginSource = 'policy' | 'built-in';

export interface RejectedEntry {
  /** The entry as the policy gave it, shortened for display. */
  value: string;
  reason: string;
}

export interface Trust {
  /** Exact, normalised origins the bridge and the worker trust. */
  origins: readonly string[];
  source: OriginSource;
  /** Policy entries that were ignored, and why. */
  rejected: readonly RejectedEntry[];
  /** The policy's SupportContact, or null. */
  support: string | null;
}

/** The popup's words for where the origins came from. */
export const SOURCE_TEXT: Record<OriginSource, string> = {
  policy: "Set by your institute's policy",
  'built-in': 'Built into this extension',
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** One policy entry: its normalised origin, or why it is refused. */
export function checkPolicyOrigin(value: unknown): { origin: string } | { reason: string } {
  if (typeof value !== 'string') return { reason: 'not text' };
  const text = value.trim();
  if (text.includes('*')) return { reason: 'wildcards are not allowed: name each origin exactly' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { reason: 'not an origin (scheme, host and port, e.g. https://exam.example.edu)' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { reason: 'only https origins are allowed' };
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return { reason: 'plain http is allowed only for 127.0.0.1 and localhost' };
  }
  if (url.username !== '' || url.password !== '') return { reason: 'an origin has no user name or password' };
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    return { reason: 'an origin has no path, query or fragment' };
  }
  return { origin: url.origin };
}

function supportOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > MAX_SUPPORT_LENGTH ? `${text.slice(0, MAX_SUPPORT_LENGTH - 1)}…` : text;
}

/**
 * What the extension trusts, from the managed policy (null or {} when none is set) and the build's
 * own list. The policy's origins replace the built-in ones when the policy names `PortalOrigins`.
 */
export function trustFromPolicy(policy: Readonly<Record<string, unknown>> | null | undefined, builtIn: readonly string[]): Trust {
  const support = supportOf(policy?.[POLICY_SUPPORT_KEY]);
  const entries = policy?.[POLICY_ORIGINS_KEY];
  if (entries === undefined || entries === null) return { origins: [...builtIn], source: 'built-in', rejected: [], support };
  if (!Array.isArray(entries)) {
    return { origins: [], source: 'policy', rejected: [{ value: shown(entries), reason: 'PortalOrigins must be a list' }], support };
  }
  const origins: string[] = [];
  const rejected: RejectedEntry[] = [];
  entries.forEach((entry: unknown, index) => {
    if (index >= MAX_POLICY_ORIGINS) {
      rejected.push({ value: shown(entry), reason: `only the first ${MAX_POLICY_ORIGINS} entries are read` });
      return;
    }
    const checked = checkPolicyOrigin(entry);
    if ('reason' in checked) rejected.push({ value: shown(entry), reason: checked.reason });
    else if (!origins.includes(checked.origin)) origins.push(checked.origin);
  });
  return { origins, source: 'policy', rejected, support };
}

/** The part of chrome.storage.managed this module reads. */
export interface ManagedArea {
  get(keys: string[] | null): Promise<Record<string, unknown>>;
}

/**
 * Reads the policy. Chrome rejects the call where no managed storage exists (e.g. an extension
 * without a schema, some test browsers): that is "no policy", so the built-in list applies.
 */
export async function readTrust(area: ManagedArea | undefined, builtIn: readonly string[]): Promise<Trust> {
  let policy: Record<string, unknown> | null = null;
  try {
    policy = area ? await area.get([POLICY_ORIGINS_KEY, POLICY_SUPPORT_KEY]) : null;
  } catch {
    policy = null;
  }
  return trustFromPolicy(policy, builtIn);
}

/** The match pattern of one exact origin for a content script or a host permission. */
export function originPattern(origin: string): string {
  return `${origin}/*`;
}

/**
 * A content-script match pattern covers `origin` (Chromium patterns without a port match every
 * port). Used to tell which policy origins the build's static content script already covers.
 */
export function patternCovers(pattern: string, origin: string): boolean {
  const match = /^(https?|\*):\/\/([^/]+)\/\*$/.exec(pattern);
  if (!match) return false;
  const url = new URL(origin);
  const [, scheme, hostPart] = match;
  if (scheme !== '*' && `${scheme}:` !== url.protocol) return false;
  if (scheme === '*' && url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const hostOnly = /^\[[^\]]+\]$/.test(hostPart ?? '') || !(hostPart ?? '').includes(':');
  if (hostOnly) return hostPart === url.hostname;
  return new URL(`${url.protocol}//${hostPart}`).host === url.host;
}

/**
 * The policy origins that need the dynamically registered bridge: trusted, not covered by the
 * build's static content script, and allowed by a granted host permission.
 */
export function originsNeedingBridge(trust: Trust, staticMatches: readonly string[], granted: (origin: string) => boolean): { register: string[]; missing: string[] } {
  const register: string[] = [];
  const missing: string[] = [];
  for (const origin of trust.origins) {
    if (staticMatches.some((pattern) => patternCovers(pattern, origin))) continue;
    if (granted(origin)) register.push(origin);
    else missing.push(origin);
  }
  return { register, missing };
}

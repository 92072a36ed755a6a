// @ts-check
// Pure helpers for scripts/build.mjs, in plain JavaScript so the build needs no TypeScript runner.
// scripts/match-patterns.test.ts checks them against the shared protocol's own parsing.

/** Must equal DEFAULT_PORTAL_ORIGINS in lib/portal-origins.ts (a unit test checks). */
export const DEFAULT_PORTAL_ORIGINS = 'http://127.0.0.1:8080,http://localhost:8080';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * The allow-list the build uses: the env value, or the default when unset or blank. Same rules as
 * parseOriginList in shared/src/protocol/pairing.ts: exact http(s) origins, normalised, unique.
 * @param {string | undefined} raw
 * @returns {string[]}
 */
export function resolveOrigins(raw) {
  const value = raw === undefined || raw.trim() === '' ? DEFAULT_PORTAL_ORIGINS : raw;
  /** @type {string[]} */
  const origins = [];
  for (const item of value.split(',')) {
    try {
      const url = new URL(item.trim());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !origins.includes(url.origin)) origins.push(url.origin);
    } catch {
      // not an origin: dropped, like parseOriginList does
    }
  }
  return origins;
}

/**
 * Content-script match patterns for an allow-list: a loopback origin (127.0.0.1, localhost) gives
 * its host on any port ("http://127.0.0.1/*": local portals move ports, and the bridge checks the
 * exact origin anyway); any other origin gives exactly its scheme, host and port.
 * @param {readonly string[]} origins normalised origins
 * @returns {string[]}
 */
export function contentMatchPatterns(origins) {
  /** @type {string[]} */
  const patterns = [];
  for (const origin of origins) {
    const url = new URL(origin);
    const pattern = LOOPBACK_HOSTS.has(url.hostname) ? `${url.protocol}//${url.hostname}/*` : `${url.origin}/*`;
    if (!patterns.includes(pattern)) patterns.push(pattern);
  }
  return patterns;
}

/**
 * The built manifest with every content script's matches set to `patterns`.
 * @param {Record<string, unknown>} manifest
 * @param {string[]} patterns
 */
export function withContentMatches(manifest, patterns) {
  const scripts = manifest.content_scripts;
  if (!Array.isArray(scripts) || scripts.length === 0) throw new Error('The built manifest has no content_scripts.');
  return {
    ...manifest,
    content_scripts: scripts.map((script) => ({ ...script, matches: [...patterns] })),
  };
}

/** The managed-storage schema of the institute's policy, at the extension's root (decision 0069). */
export const MANAGED_SCHEMA_FILE = 'managed-schema.json';

/**
 * The built manifest naming the managed-storage schema (`storage.managed_schema`).
 * @param {Record<string, unknown>} manifest
 */
export function withManagedSchema(manifest) {
  return { ...manifest, storage: { managed_schema: MANAGED_SCHEMA_FILE } };
}

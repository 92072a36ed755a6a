import { parse as parsePattern } from 'regexparam';
import { matchRoute } from 'wouter';

/**
 * The `:id` of `path` under the first of `patterns` that matches it, decoded; '' when none does.
 * The app renders each screen outside a wouter <Route>, so screens read their parameter from the
 * location with the same matcher the guard uses.
 */
export function routeId(path: string, patterns: readonly string[]): string {
  for (const pattern of patterns) {
    const [matched, params] = matchRoute(parsePattern, pattern, path);
    const raw = matched ? (params as Record<string, string | undefined>).id : undefined;
    if (raw === undefined) continue;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return '';
}

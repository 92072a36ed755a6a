import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { EARLY_DATA_META } from '@invigil/shared/api/http';

/** Written by the portal's build (scripts/route-preloads-vite-plugin.ts). */
const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

export interface PortalPage {
  html: string;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

interface PreloadRoute {
  pattern: string;
  match: RegExp;
  files: string[];
  /** The route's first GETs, named in the page for its early-data script (portal/src/lib/early-data.ts). */
  data: string[];
}

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A route pattern of the portal (`/test/:id/in`) as a regular expression of whole paths. */
export function patternToRegExp(pattern: string): RegExp {
  // A last segment '*' is the rest of the path; '*?' the rest or nothing ('/staff/*?': /staff and below).
  const wildcard = /\/\*\??$/.exec(pattern)?.[0];
  const source = (wildcard ? pattern.slice(0, -wildcard.length) : pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const rest = wildcard === '/*' ? '/.*' : wildcard === '/*?' ? '(?:/.*)?' : '/?';
  return new RegExp(`^${source}${rest}$`, 'i');
}

function readPreloadRoutes(root: string): PreloadRoute[] {
  try {
    const parsed = JSON.parse(readFileSync(join(root, ROUTE_PRELOADS_FILE), 'utf8')) as { routes?: unknown };
    if (!Array.isArray(parsed.routes)) return [];
    return parsed.routes.flatMap((route: { path?: unknown; files?: unknown; data?: unknown }) => {
      if (typeof route.path !== 'string' || !Array.isArray(route.files) || !route.files.every((file) => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file))) return [];
      const data = Array.isArray(route.data) && route.data.every((call) => typeof call === 'string' && call.startsWith('/')) ? (route.data as string[]) : [];
      return [{ pattern: route.path, match: patternToRegExp(route.path), files: route.files as string[], data }];
    });
  } catch {
    // An older build without the file: every path gets the plain index.html.
    return [];
  }
}

function page(html: string): PortalPage {
  const bytes = Buffer.from(html);
  return {
    html,
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    etag: `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
  };
}

/**
 * index.html for each path of the SPA, naming the chunks of that path's screen as module
 * preloads (the browser fetches them beside the entry, not one round trip after the entry ran),
 * and the route's first GETs for the page's early-data script (portal/src/lib/early-data.ts),
 * which starts them before the entry has even arrived. The script fills the path's parameters
 * itself, so one page serves every path of a route. Built once per route, compressed once, kept
 * in memory.
 */
export function createPortalIndex(root: string, indexFile = join(root, 'index.html')): (path: string) => PortalPage {
  const base = readFileSync(indexFile, 'utf8');
  const routes = readPreloadRoutes(root);
  const pages = new Map<string, PortalPage>();
  return (path) => {
    const route = routes.find((candidate) => candidate.match.test(path));
    const files = route?.files ?? [];
    const plan = route && route.data.length > 0 ? JSON.stringify({ pattern: route.pattern, calls: route.data }) : '';
    const key = `${files.join(' ')}|${plan}`;
    let built = pages.get(key);
    if (!built) {
      const meta = plan ? `    <meta name="${EARLY_DATA_META}" content="${escapeAttribute(plan)}">\n` : '';
      const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
      built = page(meta || links ? base.replace('</head>', `${meta}${links}  </head>`) : base);
      pages.set(key, built);
    }
    return built;
  };
}

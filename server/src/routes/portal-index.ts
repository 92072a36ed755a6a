import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Written by the portal's build (scripts/route-preloads-vite-plugin.ts). */
const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

export interface PortalPage {
  html: string;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

interface PreloadRoute {
  match: RegExp;
  files: string[];
}

/** A route pattern of the portal (`/test/:id/in`) as a regular expression of whole paths. */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

function readPreloadRoutes(root: string): PreloadRoute[] {
  try {
    const parsed = JSON.parse(readFileSync(join(root, ROUTE_PRELOADS_FILE), 'utf8')) as { routes?: unknown };
    if (!Array.isArray(parsed.routes)) return [];
    return parsed.routes.flatMap((route: { path?: unknown; files?: unknown }) =>
      typeof route.path === 'string' && Array.isArray(route.files) && route.files.every((file) => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file))
        ? [{ match: patternToRegExp(route.path), files: route.files as string[] }]
        : [],
    );
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
 * preloads: the browser fetches them beside the entry, not one round trip after the entry ran.
 * Built once per distinct set of chunks, compressed once, kept in memory.
 */
export function createPortalIndex(root: string, indexFile = join(root, 'index.html')): (path: string) => PortalPage {
  const base = readFileSync(indexFile, 'utf8');
  const routes = readPreloadRoutes(root);
  const pages = new Map<string, PortalPage>();
  return (path) => {
    const files = routes.find((route) => route.match.test(path))?.files ?? [];
    const key = files.join(' ');
    let built = pages.get(key);
    if (!built) {
      const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
      built = page(links ? base.replace('</head>', `${links}  </head>`) : base);
      pages.set(key, built);
    }
    return built;
  };
}

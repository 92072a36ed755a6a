import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Handler } from 'hono';
import { safePathSegments } from '../lib/url-path';
import { isApiPath } from './security-headers';
import { createPortalIndex, type PortalPage } from './portal-index';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.svg', '.wasm']);
/** Vite names these by content hash, so they never change under the same URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files under a fixed name: cache, but ask each time whether they changed (ETag). */
const REVALIDATE = 'no-cache';
/** Bigger files are streamed instead of read whole. */
const STREAM_FROM_BYTES = 256 * 1024;

export const PORTAL_NOT_BUILT_MESSAGE =
  'The portal has not been built yet. Run `npm run build` in the repository root (or `npm run build -w portal`), then reload this page.\n';

export async function fileStats(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names inside `root`, or undefined if it would leave it or is malformed. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  const segments = safePathSegments(urlPath);
  if (!segments) return undefined;
  const file = resolve(root, ...segments);
  return file.startsWith(root + sep) ? file : undefined;
}

export function acceptedEncodings(c: Context): Set<string> {
  const header = c.req.header('accept-encoding') ?? '';
  return new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => (name ?? '').trim().toLowerCase()),
  );
}

/**
 * The one byte range a `Range: bytes=...` header asks of a file of `size` bytes: `{start, end}`
 * (inclusive), 'unsatisfiable', or null to send the whole file (no header, another unit, or
 * several ranges, which a browser's media player never asks for).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

export async function serveFile(c: Context, file: string, stats: Stats, cacheControl: string): Promise<Response> {
  const extension = extname(file).toLowerCase();
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };

  // Precompressed siblings (file.br, file.gz) written by the build, if any.
  let servedPath = file;
  let servedStats = stats;
  if (COMPRESSIBLE.has(extension)) {
    headers['Vary'] = 'Accept-Encoding';
    const accepted = acceptedEncodings(c);
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (!accepted.has(encoding)) continue;
      const compressedStats = await fileStats(file + suffix);
      if (compressedStats) {
        servedPath = file + suffix;
        servedStats = compressedStats;
        headers['Content-Encoding'] = encoding;
        break;
      }
    }
  }

  const etag = `W/"${servedStats.size.toString(16)}-${Math.floor(servedStats.mtimeMs).toString(16)}${headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : ''}"`;
  headers['ETag'] = etag;
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return c.body(null, 304, headers);
  }

  // Byte ranges of files sent as they are: a <video> can seek (and show its length) only with them.
  if (!headers['Content-Encoding']) {
    headers['Accept-Ranges'] = 'bytes';
    // If-Range needs a strong validator; ours are weak, so such a request gets the whole file.
    const range = c.req.header('if-range') ? null : byteRange(c.req.header('range'), servedStats.size);
    if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${servedStats.size}` });
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${servedStats.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      if (c.req.method === 'HEAD') return c.body(null, 206, headers);
      const stream = Readable.toWeb(createReadStream(servedPath, range)) as unknown as ReadableStream<Uint8Array>;
      return c.body(stream, 206, headers);
    }
  }

  headers['Content-Length'] = String(servedStats.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  if (servedStats.size >= STREAM_FROM_BYTES) {
    const stream = Readable.toWeb(createReadStream(servedPath)) as unknown as ReadableStream<Uint8Array>;
    return c.body(stream, 200, headers);
  }
  return c.body(new Uint8Array(await readFile(servedPath)), 200, headers);
}

/**
 * Serves the built portal from PORTAL_DIST on the API's origin: its files, and index.html for
 * any other GET outside /api so the SPA's history routes load. Missing files under /assets/ are a
 * 404, not index.html, so a stale hashed URL never caches HTML for a year.
 */
export function portalRoutes(portalDist: string): Handler {
  const root = resolve(portalDist);
  const indexFile = join(root, 'index.html');
  let index: { mtimeMs: number; pageFor: (path: string) => PortalPage } | null = null;

  return async (c) => {
    if (isApiPath(c.req.path)) return c.notFound();
    if (!existsSync(indexFile)) {
      return c.text(PORTAL_NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store', 'Retry-After': '10' });
    }

    const file = c.req.path === '/' ? undefined : resolveInside(root, c.req.path);
    const stats = file && (await fileStats(file));
    if (file && stats) {
      const immutable = c.req.path.startsWith('/assets/');
      return serveFile(c, file, stats, immutable ? IMMUTABLE : REVALIDATE);
    }
    if (c.req.path.startsWith('/assets/')) {
      return c.text('Not found.\n', 404, { 'Cache-Control': 'no-store' });
    }
    const indexStats = await fileStats(indexFile);
    if (!indexStats) return c.text(PORTAL_NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store' });
    // A rebuild while the server runs is picked up at the next page.
    if (!index || index.mtimeMs !== indexStats.mtimeMs) index = { mtimeMs: indexStats.mtimeMs, pageFor: createPortalIndex(root, indexFile) };
    return servePage(c, index.pageFor(c.req.path));
  };
}

/** The SPA's page for one path, compressed as the browser accepts, revalidated by its ETag. */
function servePage(c: Context, page: PortalPage): Response {
  const headers: Record<string, string> = { 'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html', 'Cache-Control': REVALIDATE, Vary: 'Accept-Encoding' };
  const accepted = acceptedEncodings(c);
  const [encoding, body] = accepted.has('br') ? (['br', page.brotli] as const) : accepted.has('gzip') ? (['gzip', page.gzip] as const) : ([null, Buffer.from(page.html)] as const);
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['ETag'] = encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag;
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === headers['ETag'])) return c.body(null, 304, headers);
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(body), 200, headers);
}

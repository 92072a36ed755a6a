import { join, resolve } from 'node:path';
import type { Handler } from 'hono';
import { fileStats, resolveInside, serveFile } from './portal-routes';

/** Where public blobs (test attachments, question PDFs and images) are served from. */
export const PUBLIC_BLOB_PREFIX = '/blobs/public';

/**
 * GET /blobs/public/*: files of BLOB_DIR/public, read-only and without sign-in (a link or a PDF
 * viewer cannot send the access token). Only what an import or the seed put in public/ is here;
 * students' uploads will live elsewhere in the blob store, behind signed URLs. Served outside
 * /api so the portal may show a PDF in a frame (the portal's CSP, frame-ancestors 'self').
 */
export function blobRoutes(blobDir: string): Handler {
  const root = resolve(join(blobDir, 'public'));
  return async (c) => {
    const file = resolveInside(root, c.req.path.slice(PUBLIC_BLOB_PREFIX.length));
    const stats = file && (await fileStats(file));
    if (!file || !stats) return c.text('Not found.\n', 404, { 'Cache-Control': 'no-store' });
    return serveFile(c, file, stats, 'no-cache');
  };
}

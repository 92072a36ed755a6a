import type { Handler } from 'hono';
import { safeBlobKey } from './blob-store';
import type { BlobStore } from './blob-store';

/** Where public blobs (test attachments, question PDFs and images) are served from. */
export const PUBLIC_BLOB_PREFIX = '/blobs/public';

/**
 * GET /blobs/public/*: the blob store's public/ files (BLOB_DIR/public, or public/ in the S3
 * bucket), read-only and without sign-in (a link or a PDF viewer cannot send the access token).
 * Only what an import or the seed put in public/ is here; students' uploads live elsewhere in the
 * store, behind signed URLs. Served outside /api so the portal may show a PDF in a frame (the
 * portal's CSP, frame-ancestors 'self'). On S3 this is a redirect to a presigned GET (decision 0036).
 */
export function blobRoutes(blobs: BlobStore): Handler {
  return async (c) => {
    const key = safeBlobKey('public', c.req.path.slice(PUBLIC_BLOB_PREFIX.length));
    const served = key && (await blobs.serve(c, key, { cacheControl: 'no-cache' }));
    return served || c.text('Not found.\n', 404, { 'Cache-Control': 'no-store' });
  };
}

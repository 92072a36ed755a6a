import type { Handler } from 'hono';
import { AppError } from '../lib/app-error';

/** A signed URL's signature, from its query: `?e=` (expiry) and `&s=` (signature). */
export interface UrlSignature {
  e: string | undefined;
  s: string | undefined;
}

/**
 * PUT of a file to its signed URL (outside /api, so no access token: the signature is the
 * permission, and the store applies the file type's own size limit). An empty body is refused
 * with `emptyMessage`; the bytes stream to `receive`.
 */
export function signedPutHandler(emptyMessage: string, receive: (file: string, signature: UrlSignature, contentType: string, body: AsyncIterable<Uint8Array>) => Promise<unknown>): Handler {
  return async (c) => {
    const body = c.req.raw.body;
    if (!body) throw new AppError('unprocessable', emptyMessage);
    await receive(c.req.param('file') ?? '', { e: c.req.query('e'), s: c.req.query('s') }, c.req.header('content-type') ?? '', body as unknown as AsyncIterable<Uint8Array>);
    return c.body(null, 200);
  };
}

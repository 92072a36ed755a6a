import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { StructuredLogger } from '../lib/logger';

export const REQUEST_ID_HEADER = 'x-request-id';
/** nginx's $request_id (32 hex digits) or another proxy's id; anything else is replaced. */
const GOOD_ID = /^[\w.:-]{1,128}$/;

/**
 * One log event per request: request id (the proxy's X-Request-Id, else a new one, echoed back),
 * method, path (never the query: signed URLs carry their signature there), status and ms.
 */
export function requestLog(logger: StructuredLogger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const reqId = given && GOOD_ID.test(given) ? given : randomUUID();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const status = failed ? 500 : c.res.status;
      if (status !== 101) c.header('X-Request-Id', reqId);
      logger.event(status >= 500 ? 'error' : 'info', 'request', { reqId, method: c.req.method, path: c.req.path, status, ms: Math.round((performance.now() - started) * 10) / 10 });
    }
  };
}

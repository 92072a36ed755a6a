import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorReply } from '@invigil/shared/api/common';
import { MAX_UPLOAD_BYTES } from '@invigil/shared/api/uploads';
import { AppError, statusOf } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { isApiPath } from './security-headers';

/** What every module's routes share around them: body limits, and the 404/405 and error replies. */

export const ERROR_MESSAGES = {
  unexpected: 'Something went wrong!',
  payloadTooLarge: 'The request body is too large.',
  apiNotFound: 'There is no such API call.',
  methodNotAllowed: 'This API call does not accept that method.',
  notFound: 'Not found.',
  requestBrokenOff: 'The request body was not received in full.',
} as const;

const errorReply = (c: Context, status: ContentfulStatusCode, body: ErrorReply, headers?: Record<string, string>) =>
  c.json(body, status, headers);

const tooLarge = (c: Context) => errorReply(c, 413, { message: ERROR_MESSAGES.payloadTooLarge });

/**
 * The API's body limit: `bodyLimitBytes`, the one-step multipart upload's (the largest file plus the
 * form) and the proctor snapshots' own (/snapUpload, /saveAIImage: one image).
 */
export function apiBodyLimit(
  bodyLimitBytes: number,
  snapshots: { isSnapshotPath: (path: string) => boolean; limitBytes: number },
  /** Other paths with a limit of their own (a module's file uploads). */
  others: readonly { matches: (path: string) => boolean; limitBytes: number }[] = [],
): MiddlewareHandler {
  const otherLimits = others.map((other) => ({ ...other, streamed: bodyLimit({ maxSize: other.limitBytes, onError: tooLarge }) }));
  const streamedBodyLimit = bodyLimit({ maxSize: bodyLimitBytes, onError: tooLarge });
  // The one-step multipart upload carries a file: its limit is the largest file's plus the form.
  const uploadLimitBytes = MAX_UPLOAD_BYTES + 64 * 1024;
  const streamedUploadLimit = bodyLimit({ maxSize: uploadLimitBytes, onError: tooLarge });
  const streamedSnapshotLimit = bodyLimit({ maxSize: snapshots.limitBytes, onError: tooLarge });
  // hono's bodyLimit reads c.req.raw, which turns @hono/node-server's light request into a full
  // web Request with a body stream on every call (a large share of a sync's cost). A declared
  // Content-Length decides without that; only a body without one (chunked) is counted as it streams.
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const other = otherLimits.find((candidate) => candidate.matches(c.req.path));
    if (other) {
      const declared = c.req.header('content-length');
      if (declared !== undefined && c.req.header('transfer-encoding') === undefined) return Number.parseInt(declared, 10) > other.limitBytes ? tooLarge(c) : next();
      return other.streamed(c, next);
    }
    const isUpload = c.req.path.includes('/fileUploadOverall/');
    const isSnapshot = !isUpload && snapshots.isSnapshotPath(c.req.path);
    const limit = isUpload ? uploadLimitBytes : isSnapshot ? snapshots.limitBytes : bodyLimitBytes;
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > limit ? tooLarge(c) : next();
    }
    return (isUpload ? streamedUploadLimit : isSnapshot ? streamedSnapshotLimit : streamedBodyLimit)(c, next);
  };
}

/**
 * Outside /api every body has a limit too (the certificate pay form, the simulator's pay form):
 * the API's. The signed-URL PUTs (`ownLimitPutPrefixes`) stream into the store under each file type's own limit.
 */
export function rootBodyLimit(bodyLimitBytes: number, ownLimitPutPrefixes: readonly string[]): MiddlewareHandler {
  const streamedBodyLimit = bodyLimit({ maxSize: bodyLimitBytes, onError: tooLarge });
  const ownLimitPuts = ownLimitPutPrefixes.map((prefix) => `${prefix}/`);
  return async (c, next) => {
    const { method, path } = c.req;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || isApiPath(path)) return next();
    if (method === 'PUT' && ownLimitPuts.some((prefix) => path.startsWith(prefix))) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > bodyLimitBytes ? tooLarge(c) : next();
    }
    return streamedBodyLimit(c, next);
  };
}

/** Compiles `/api/user/:id`-style route paths into matchers, for telling 405 from 404. */
function toMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

/** The app's 404 and 405 (with Allow) replies, and its errors as JSON replies. */
export function answerErrors(app: Hono, logger: Logger): void {
  let apiRoutes: { method: string; matcher: RegExp }[] | undefined;
  const allowedMethods = (path: string): string[] => {
    apiRoutes ??= app.routes
      .filter((route) => route.method !== 'ALL' && isApiPath(route.path) && !route.path.includes('*'))
      .map((route) => ({ method: route.method, matcher: toMatcher(route.path) }));
    const methods = new Set(apiRoutes.filter((route) => route.matcher.test(path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };

  app.notFound((c) => {
    if (!isApiPath(c.req.path)) return errorReply(c, 404, { message: ERROR_MESSAGES.notFound });
    const allow = allowedMethods(c.req.path);
    if (allow.length > 0) return errorReply(c, 405, { message: ERROR_MESSAGES.methodNotAllowed }, { Allow: allow.join(', ') });
    return errorReply(c, 404, { message: ERROR_MESSAGES.apiNotFound });
  });

  app.onError((error, c) => {
    if (error instanceof AppError) {
      const headers: Record<string, string> = {};
      if (error.details.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.details.retryAfterSeconds);
      if (error.details.allow) headers['Allow'] = error.details.allow.join(', ');
      const body: ErrorReply = error.details.issues ? { message: error.message, issues: error.details.issues } : { message: error.message };
      return errorReply(c, statusOf(error.kind), body, headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return errorReply(c, error.status as ContentfulStatusCode, { message: error.message || ERROR_MESSAGES.notFound });
    }
    if (clientWentAway(error)) {
      // The client broke off its own body (a dropped connection, a malformed chunked body): not
      // our fault, and an error-level line per request would let anyone fill the error log.
      logger.warn(`${c.req.method} ${c.req.path}: the client broke off the request (${error.message})`);
      return errorReply(c, 400, { message: ERROR_MESSAGES.requestBrokenOff });
    }
    logger.error(`Unexpected error on ${c.req.method} ${c.req.path}:`, error);
    return errorReply(c, 500, { message: ERROR_MESSAGES.unexpected });
  });
}

/** Node's errors for a request body the client stopped sending or sent malformed. */
function clientWentAway(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return error.message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'HPE_INVALID_CHUNK_SIZE';
}

import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_PREFIX } from '@invigil/shared/api/http';
import type { ErrorReply } from '@invigil/shared/api/common';
import type { Config } from './platform/config';
import type { AppDatabase } from './platform/db';
import { AppError, statusOf } from './platform/lib/app-error';
import type { Clock } from './platform/lib/clock';
import type { Logger } from './platform/lib/logger';
import { consoleLogger, isStructured } from './platform/lib/logger';
import { isApiPath, securityHeaders } from './platform/http/security-headers';
import { blobRoutes, PUBLIC_BLOB_PREFIX } from './platform/storage/blob-routes';
import { healthRoutes } from './platform/http/health-routes';
import type { ReadinessCheck } from './platform/http/health-routes';
import { requestLog } from './platform/http/request-log';
import { createTestModule, mountExam } from './modules/exam/exam-module';
import type { TestModule } from './modules/exam/exam-module';
import { mountLive } from './modules/live/live-module';
import type { LiveHub, PresenceStore } from './modules/live/live-module';
import { mountAuth } from './modules/auth/auth-module';
import type { OtpSender } from './modules/auth/auth-module';
import { AVATAR_PUT_PREFIX, mountPortal } from './modules/portal/portal-module';
import { mountNotifications } from './modules/notifications/notifications-module';
import { portalRoutes } from './platform/http/portal-routes';
import { isSnapshotPath, mountProctoring, SNAPSHOT_BODY_LIMIT_BYTES } from './modules/proctoring/proctoring-module';
import { createJobLocks, processOwner } from './platform/jobs/periodic-jobs';
import { UPLOAD_PUT_PREFIX } from './platform/storage/upload-store';
import { MAX_UPLOAD_BYTES } from '@invigil/shared/api/uploads';
import { mountFees, RECEIPT_PUT_PREFIX } from './modules/fees/fees-module';
import type { PaymentModule } from './modules/fees/fees-module';
import { mountCertificates } from './modules/certificates/certificates-module';
import { mountStudy, STUDY_PUT_PREFIX } from './modules/study/study-module';
import { mountQueries, QUERY_PUT_PREFIX } from './modules/queries/queries-module';

export interface AppDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger?: Logger;
  /** Defaults to the file outbox in DATA_DIR. */
  otpSender?: OtpSender;
  /** The timed-test services; main.ts passes the ones its deadline sweeper uses. */
  tests?: TestModule;
  /** Online payments (gateway + service); main.ts passes the one it reconciles at start. */
  payments?: PaymentModule;
  /** The live channel's hub (in-process unless given; main.ts gives the Redis one with REDIS_URL). */
  liveHub?: LiveHub;
  /** Where the live channel's presence is kept (this process's memory unless given). */
  livePresence?: PresenceStore;
  /** Readiness checks beyond the database and its migrations (main.ts: Redis, S3, shutting down). */
  readiness?: Record<string, ReadinessCheck>;
}

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

/** Compiles `/api/user/:id`-style route paths into matchers, for telling 405 from 404. */
function toMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

/**
 * The whole HTTP application, without a socket: main.ts serves it, tests call `app.request()`.
 * The database must already be migrated.
 */
export function buildApp(deps: AppDeps) {
  const { db, config, clock } = deps;
  const logger = deps.logger ?? consoleLogger;
  const startedAt = clock.now();

  const app = new Hono();
  const api = new Hono();
  const tooLarge = (c: Context) => errorReply(c, 413, { message: ERROR_MESSAGES.payloadTooLarge });
  const streamedBodyLimit = bodyLimit({ maxSize: config.bodyLimitBytes, onError: tooLarge });
  // The one-step multipart upload carries a file: its limit is the largest file's plus the form.
  const uploadLimitBytes = MAX_UPLOAD_BYTES + 64 * 1024;
  const streamedUploadLimit = bodyLimit({ maxSize: uploadLimitBytes, onError: tooLarge });
  // Proctor snapshots (/snapUpload, /saveAIImage) carry one image of at most MAX_SNAPSHOT_BYTES.
  const streamedSnapshotLimit = bodyLimit({ maxSize: SNAPSHOT_BODY_LIMIT_BYTES, onError: tooLarge });
  // hono's bodyLimit reads c.req.raw, which turns @hono/node-server's light request into a full
  // web Request with a body stream on every call (a large share of a sync's cost). A declared
  // Content-Length decides without that; only a body without one (chunked) is counted as it streams.
  api.use(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const isUpload = c.req.path.includes('/fileUploadOverall/');
    const isSnapshot = !isUpload && isSnapshotPath(c.req.path);
    const limit = isUpload ? uploadLimitBytes : isSnapshot ? SNAPSHOT_BODY_LIMIT_BYTES : config.bodyLimitBytes;
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > limit ? tooLarge(c) : next();
    }
    return (isUpload ? streamedUploadLimit : isSnapshot ? streamedSnapshotLimit : streamedBodyLimit)(c, next);
  });
  const routes = { api, root: app };
  const tests = deps.tests ?? createTestModule({ db, config, clock, logger });
  // Sign-in first: its menu-page guard stands in front of every API route (decision 0003).
  const { auth, tokens, limiter, endedSessions } = mountAuth(routes, { db, config, clock, logger, otpSender: deps.otpSender, store: tests.uploadStore });
  api.route('/', healthRoutes({ db, version: config.version, clock, startedAt, logger, ...(deps.readiness ? { readiness: deps.readiness } : {}) }));
  // The live console hears of new flags as they are stored (the live service is built below).
  mountProctoring(routes, { db, config, clock, auth, store: tests.uploadStore, onStored: (attempt, events) => live.publishFlags(attempt, events) });
  // Short leases across processes (job_locks) for checks and inserts that presses at once would race.
  const locks = createJobLocks(db.kysely, processOwner());
  const { live } = mountLive(routes, { db, config, clock, logger, auth, limiter, endedSessions, attempts: tests.attempts, store: tests.uploadStore, hub: deps.liveHub, presence: deps.livePresence });


  // One structured line per request (LOG_REQUESTS; decision 0039), the proxy's request id kept.
  if (config.logRequests && isStructured(logger)) app.use(requestLog(logger));
  app.use(securityHeaders({ jitsiDomain: config.jitsiDomain, storageOrigin: tests.blobs.browserOrigin }));
  // Outside /api every body has a limit too (the certificate pay form, the simulator's pay form):
  // the API's. The signed-URL PUTs stream into the store under each file type's own limit.
  const ownLimitPuts = [UPLOAD_PUT_PREFIX, AVATAR_PUT_PREFIX, STUDY_PUT_PREFIX, QUERY_PUT_PREFIX, RECEIPT_PUT_PREFIX].map((prefix) => `${prefix}/`);
  app.use(async (c, next) => {
    const { method, path } = c.req;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || isApiPath(path)) return next();
    if (method === 'PUT' && ownLimitPuts.some((prefix) => path.startsWith(prefix))) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > config.bodyLimitBytes ? tooLarge(c) : next();
    }
    return streamedBodyLimit(c, next);
  });
  mountExam(routes, { clock, auth, tests });
  mountPortal(routes, { db, config, clock, logger, auth, tokens, store: tests.uploadStore });
  mountNotifications(routes, { db, config, clock, auth });
  mountStudy(routes, { db, clock, auth, store: tests.uploadStore });
  mountQueries(routes, { db, config, clock, auth, store: tests.uploadStore, locks });
  const { payments } = mountFees(routes, { db, config, clock, logger, auth, store: tests.uploadStore, locks, payments: deps.payments });
  mountCertificates(routes, { db, config, clock, logger, auth, payments: payments.service, blobs: tests.blobs });
  app.route(API_PREFIX, api);
  app.get(`${PUBLIC_BLOB_PREFIX}/*`, blobRoutes(tests.blobs));
  app.get('*', portalRoutes(config.portalDist));

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

  return app;
}

export type App = ReturnType<typeof buildApp>;

/** Node's errors for a request body the client stopped sending or sent malformed. */
function clientWentAway(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return error.message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'HPE_INVALID_CHUNK_SIZE';
}

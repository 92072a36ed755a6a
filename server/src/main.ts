import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { API_PREFIX } from '@invigil/shared/api/http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { createDatabase } from './platform/db';
import { systemClock } from './platform/lib/clock';
import type { Logger } from './platform/lib/logger';
import { createLogger } from './platform/lib/logger';
import { pendingMigrations } from './platform/migrations/migrate';
import { prepareDatabase } from './prepare-database';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-seed';
import { DEMO_ACCESS_CODE } from './seed/demo-tests';
import { DEMO_STAFF } from './seed/demo-staff';
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';
import { answerForeignUpgrades } from './platform/lib/foreign-upgrades';
import { createTestModule } from './modules/exam/exam-module';
import { createBlobStore } from './platform/storage/blob-store';
import { createPaymentModule } from './modules/fees/fees-module';
import { createRedisHub } from './modules/live/live-module';
import { createRedisPresenceStore } from './modules/live/live-module';
import { createServerJobs } from './server-jobs';
import { warmUp } from './warm-up';

const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const LISTEN_BACKLOG = 4096;
/** The WebSocket close code for "server restarting": the portal's live clients reconnect (to another process). */
const CLOSE_SERVICE_RESTART = 1012;

let logger: Logger = createLogger({ format: process.env['NODE_ENV'] === 'production' ? 'json' : 'text' });

async function main(): Promise<void> {
  const config = loadConfig();
  logger = createLogger({ format: config.logFormat, level: config.logLevel });
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, logger });
  // Every stored file (uploads, public/, certificates/): the S3 bucket with S3_*, else BLOB_DIR (decision 0036).
  const blobs = createBlobStore(config);
  const where = db.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL (DATABASE_URL)';

  try {
    await blobs.ensureReady();
    if (config.s3) logger.info(`Files stored in S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}`);
    if (config.migrateOnStart) {
      await prepareDatabase({ db, config, blobs, logger });
    } else {
      // A separate step (npm run migrate) owns the schema; this process only says if it is behind.
      const pending = await pendingMigrations(db.kysely);
      if (pending.length > 0) logger.warn(`MIGRATE_ON_START=false and migrations are pending (${pending.join(', ')}): run npm run migrate; not ready until then.`);
    }
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }

  const tests = createTestModule({ db, config, clock: systemClock, logger, blobs });
  const payments = createPaymentModule({ db, config, clock: systemClock, logger });
  // With REDIS_URL, the live channel and its presence are shared with the other server processes (decision 0035).
  const liveHub = config.redisUrl ? createRedisHub(config.redisUrl, { logger }) : undefined;
  const livePresence = config.redisUrl ? createRedisPresenceStore(config.redisUrl, { logger }) : undefined;
  if (config.redisUrl) logger.info(`Live channel shared through Redis at ${new URL(config.redisUrl).host}`);
  // Readiness asks Redis on a connection of its own that fails fast rather than queueing.
  const readinessRedis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000 }) : undefined;
  readinessRedis?.on('error', () => {});
  let shuttingDown = false;
  // Not ready for an exam's spike until the warm-up below is done (or has failed: then as it is).
  let warmingUp = config.warmUpRounds > 0;
  const readiness: Record<string, () => Promise<void>> = {
    process: () => (shuttingDown ? Promise.reject(new Error('shutting down')) : Promise.resolve()),
    ...(warmingUp ? { warmUp: () => (warmingUp ? Promise.reject(new Error('warming up')) : Promise.resolve()) } : {}),
    ...(readinessRedis
      ? {
          redis: async () => {
            if (readinessRedis.status === 'wait' || readinessRedis.status === 'end') await readinessRedis.connect().catch(() => {});
            if ((await readinessRedis.ping()) !== 'PONG') throw new Error('Redis did not answer PONG');
          },
        }
      : {}),
    ...(config.s3 ? { s3: () => blobs.ensureReady() } : {}),
  };
  const app = buildApp({ db, config, clock: systemClock, logger, tests, payments, readiness, strengthenPasswordsAtStart: true, ...(liveHub ? { liveHub } : {}), ...(livePresence ? { livePresence } : {}) });

  // The sweeper, pruning and payment reconciliation: once across every process on this database (decision 0039).
  const jobs = createServerJobs({ db, config, clock: systemClock, logger, tests, payments });
  jobs.start();

  // The live channel (GET /api/live) upgrades through the same server.
  const sockets = new WebSocketServer({ noServer: true });
  const server = createAdaptorServer({ fetch: app.fetch, hostname: config.host, websocket: { server: sockets } });
  // Upgrade: h2c (curl --http2) or anything but a WebSocket was left unanswered, its socket open.
  answerForeignUpgrades(server as Server);
  // At 10:00 sharp thousands of students connect within a second: with Node's default backlog
  // (511) the kernel drops the connections it cannot queue and the browser retries after 1, 3,
  // 7 s. The kernel caps this at net.core.somaxconn (deploy/README.md).
  server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
    const info = server.address() as AddressInfo;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${shownHost}:${info.port}`;
    if (config.logFormat === 'json') {
      logger.info(`Invigil is listening on ${url} (database: ${db.kind}, pid ${process.pid})`);
      return;
    }
    const demo = DEMO_USERS.filter((user) => user.verified)
      .map((user) => `${user.email} or ${user.regNo} / ${DEMO_PASSWORD}`)
      .join('; ');
    logger.info(
      [
        '',
        `Invigil is running at ${url}  (API: ${url}${API_PREFIX}, database: ${where})`,
        `Demo sign-in: ${demo}`,
        `Demo staff (sign in at ${url}/staff/login): admin ${DEMO_STAFF.admin.email}, teacher ${DEMO_STAFF.teacher.email}, proctor ${DEMO_STAFF.proctor.email} / ${DEMO_PASSWORD}`,
        `Demo tests: the access code of "Weekly Quiz (access code)" is ${DEMO_ACCESS_CODE}`,
        `One-time codes for unverified accounts are written to ${config.outboxPath}`,
        `Chrome extension: load unpacked from ${config.extensionDir}${existsSync(config.extensionDir) ? '' : '  (not built yet: npm run build)'}`,
        existsSync(config.portalDist) ? '' : `The portal is not built yet (${config.portalDist}): run npm run build`,
      ]
        .filter((line, index) => index === 0 || line !== '')
        .join('\n'),
    );
  });

  // In the background, yielding to real requests: an exam soon after a restart meets warm code.
  if (warmingUp) {
    warmUp({ rounds: config.warmUpRounds, config, clock: systemClock, stop: () => shuttingDown })
      .then(({ rounds, ms }) => logger.info(`Warmed up with ${rounds} starts, syncs and pings on a scratch database in ${(ms / 1000).toFixed(1)} s`))
      .catch((error: unknown) => logger.warn(`Warm-up stopped: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (warmingUp = false));
  }

  // Students sync every few seconds: keep their connections open well past that, so that the
  // server rarely closes an idle connection just as the browser reuses it (the request then fails
  // with a reset). The headers timeout is kept above it, as is usual with long keep-alives.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  }

  // Replies while shutting down say Connection: close, so nginx or a browser does not send the
  // next request on a connection that is about to go (it would fail, and nginx resends no POST).
  const open = new Set<ServerResponse>();
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (shuttingDown) response.setHeader('Connection', 'close');
    open.add(response);
    response.once('close', () => open.delete(response));
  });

  /**
   * SIGTERM/SIGINT: stop accepting, let in-flight requests finish (up to SHUTDOWN_TIMEOUT_SECONDS),
   * close live sockets with 1012 so their clients reconnect elsewhere, stop the jobs (a running
   * one finishes), then close Redis and the database and exit 0. A second signal exits at once.
   */
  const shutdown = (signal: string) => {
    if (shuttingDown) {
      logger.warn(`${signal} received again; exiting now.`);
      process.exit(1);
    }
    shuttingDown = true;
    logger.info(`${signal} received: finishing in-flight requests, then exiting.`);
    const force = setTimeout(() => {
      logger.error(`Shutdown took longer than ${config.shutdownTimeoutSeconds} s; exiting with requests still open.`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    force.unref();
    for (const response of open) if (!response.headersSent) response.setHeader('Connection', 'close');
    const jobsStopped = jobs.stop();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets.clients) socket.close(CLOSE_SERVICE_RESTART, 'server restarting');
    // Keep-alive connections go as soon as they are idle (after their request's reply), not after their timeout.
    const closeIdle = () => {
      if ('closeIdleConnections' in server && typeof server.closeIdleConnections === 'function') server.closeIdleConnections();
    };
    closeIdle();
    const idleTimer = setInterval(closeIdle, 100);
    closed
      .then(async () => {
        clearInterval(idleTimer);
        await jobsStopped;
        await Promise.allSettled([liveHub?.close(), livePresence?.close(), readinessRedis?.quit()]);
        await db.destroy();
        logger.info('Shut down cleanly.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error('Could not shut down cleanly:', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error(error.code === 'EADDRINUSE' ? `Port ${config.port} on ${config.host} is already in use (set PORT).` : 'Server error:', error.message);
    void db.destroy().finally(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  logger.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : 'Invigil could not start:', error instanceof ConfigError ? '' : error);
  process.exit(1);
});

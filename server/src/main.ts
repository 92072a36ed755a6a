import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { API_PREFIX } from '@invigil/shared/api/http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db';
import { systemClock } from './lib/clock';
import { consoleLogger as logger } from './lib/logger';
import { migrateToLatest } from './migrations/migrate';
import { createLoginFailureRepository } from './repositories/login-failure-repository';
import { createUserRepository } from './repositories/user-repository';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './seed/demo-seed';
import { seedDemoPortal } from './seed/demo-portal';
import { writeDemoCertificateFiles } from './seed/demo-certificates';
import { DEMO_ACCESS_CODE, seedDemoTests } from './seed/demo-tests';
import { DEMO_PROCTOR, seedDemoProctor } from './seed/demo-live-proctor';
import { WebSocketServer } from 'ws';
import { createTestModule } from './services/test-module';
import { createBlobStore } from './services/blob-store';
import { createPaymentModule } from './services/payment-module';
import { createStudyRepository } from './repositories/study-repository';
import { createStudyService } from './services/study-service';
import { createRedisHub } from './services/redis-live-hub';
import { createRedisPresenceStore } from './services/redis-presence-store';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const RECONCILE_INTERVAL_MS = 5 * 60 * 1000;
const RECONCILE_AFTER_MS = 15 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, logger });
  // Every stored file (uploads, public/, certificates/): the S3 bucket with S3_*, else BLOB_DIR (decision 0036).
  const blobs = createBlobStore(config);
  const where = db.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL (DATABASE_URL)';

  try {
    await blobs.ensureReady();
    if (config.s3) logger.info(`Files stored in S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}`);
    const applied = (await migrateToLatest(db.kysely)).filter((result) => result.status === 'Success');
    if (applied.length > 0) logger.info(`Migrated ${where}: ${applied.map((result) => result.migrationName).join(', ')}`);
    if (await seedDemoData(createUserRepository(db.kysely, logger), systemClock)) {
      const seeded = await seedDemoTests(db.kysely, systemClock, blobs, logger);
      await seedDemoProctor(db.kysely, systemClock);
      await seedDemoPortal(db.kysely, systemClock, config.timeZone, logger);
      await writeDemoCertificateFiles(blobs);
      logger.info(`Seeded the demo students, ${seeded.tests.inserted} demo tests, a marksheet and the portal's demo data (class, timetable, attendance, notifications...).`);
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
  const app = buildApp({ db, config, clock: systemClock, logger, tests, payments, ...(liveHub ? { liveHub } : {}), ...(livePresence ? { livePresence } : {}) });
  // Payments the gateway took while this server was down (or whose reply and webhook were lost)
  // are applied now; later, every few minutes, for orders left open past a checkout's length.
  const reconcile = (olderThanMs: number) =>
    payments.service.reconcileOpenOrders({ olderThanMs }).catch((error: unknown) => logger.warn('Could not reconcile open payment orders:', error));
  void reconcile(0);
  const reconcileTimer = setInterval(() => void reconcile(RECONCILE_AFTER_MS), RECONCILE_INTERVAL_MS);
  reconcileTimer.unref();
  // The live channel (GET /api/live) upgrades through the same server.
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, websocket: { server: new WebSocketServer({ noServer: true }) } }, (info) => {
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `http://${shownHost}:${info.port}`;
    const demo = DEMO_USERS.filter((user) => user.verified)
      .map((user) => `${user.email} or ${user.regNo} / ${DEMO_PASSWORD}`)
      .join('; ');
    logger.info(
      [
        '',
        `Invigil is running at ${url}  (API: ${url}${API_PREFIX}, database: ${where})`,
        `Demo sign-in: ${demo}`,
        `Demo proctor (console at ${url}/proctor): ${DEMO_PROCTOR.email} / ${DEMO_PASSWORD}`,
        `Demo tests: the access code of "Weekly Quiz (access code)" is ${DEMO_ACCESS_CODE}`,
        `One-time codes for unverified accounts are written to ${config.outboxPath}`,
        `Chrome extension: load unpacked from ${config.extensionDir}${existsSync(config.extensionDir) ? '' : '  (not built yet: npm run build)'}`,
        existsSync(config.portalDist) ? '' : `The portal is not built yet (${config.portalDist}): run npm run build`,
      ]
        .filter((line, index) => index === 0 || line !== '')
        .join('\n'),
    );
  });

  // Students sync every few seconds: keep their connections open well past that, so that the
  // server rarely closes an idle connection just as the browser reuses it (the request then fails
  // with a reset). The headers timeout is kept above it, as is usual with long keep-alives.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  }

  // Keep the rate-limit table small.
  const limiterRepository = createLoginFailureRepository(db.kysely);
  // Assignment files whose upload never finished (a signed URL unused, bytes never saved).
  const studyUploads = createStudyService({ study: createStudyRepository(db.kysely), store: tests.uploadStore, clock: systemClock });
  const pruneTimer = setInterval(() => {
    limiterRepository
      .removeExpired(systemClock.now(), config.loginWindowSeconds * 1000)
      .catch((error: unknown) => logger.warn('Could not prune login failures:', error));
    tests.uploads.pruneAbandoned(systemClock.now()).catch((error: unknown) => logger.warn('Could not prune abandoned uploads:', error));
    studyUploads.pruneAbandoned(systemClock.now()).catch((error: unknown) => logger.warn('Could not prune abandoned assignment uploads:', error));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  // The server owns the deadline: attempts past their deadline and grace are submitted (reason
  // TEST_TIME_OUT) and scored even when no browser is left to do it. One sweep at a time.
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    tests.attempts
      .sweepExpiredAttempts(systemClock.now())
      .catch((error: unknown) => logger.warn('Could not submit expired attempts:', error))
      .finally(() => {
        sweeping = false;
      });
  };
  const sweepTimer = config.sweepIntervalSeconds > 0 ? setInterval(sweep, config.sweepIntervalSeconds * 1000) : undefined;
  sweepTimer?.unref();
  sweep();

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal} received, shutting down...`);
    clearInterval(pruneTimer);
    clearInterval(reconcileTimer);
    if (sweepTimer) clearInterval(sweepTimer);
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(() => {
      Promise.allSettled([liveHub?.close(), livePresence?.close()])
        .then(() => db.destroy())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error('Could not close the database:', error);
          process.exit(1);
        });
    });
    // Idle keep-alive connections would otherwise hold close() open.
    if ('closeIdleConnections' in server && typeof server.closeIdleConnections === 'function') server.closeIdleConnections();
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

import { Hono } from 'hono';
import type { HealthReply, LivenessReply, ReadinessReply } from '@invigil/shared/api/common';
import type { AppDatabase } from '../db';
import { pingDatabase } from '../db';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { pendingMigrations } from '../migrations/migrate';

/** One dependency of readiness: resolves when ready; rejects (or throws) with why not. */
export type ReadinessCheck = () => Promise<void>;

export interface HealthRoutesDeps {
  db: AppDatabase;
  version: string;
  clock: Clock;
  startedAt: number;
  logger: Logger;
  /** More checks by name (main.ts: redis, s3, shutdown), beside the database and its migrations. */
  readiness?: Record<string, ReadinessCheck>;
}

/** A check that takes longer than this counts as failed: a load balancer should not wait on it. */
const CHECK_TIMEOUT_MS = 2000;

async function within(check: ReadinessCheck, ms: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([check(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: ok with the database kind, or 503 when the database does not answer (kept as it
 * was). GET /health/live: liveness, the process alone. GET /health/ready: readiness, every
 * dependency (deploy/README.md).
 */
export function healthRoutes({ db, version, clock, startedAt, logger, readiness = {} }: HealthRoutesDeps) {
  const routes = new Hono();
  const uptimeSeconds = () => Math.max(0, Math.round((clock.now() - startedAt) / 1000));
  routes.get('/health', async (c) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      logger.error('Health check: the database does not answer.', error);
      throw new AppError('unavailable', 'The database is not available.');
    }
    const reply: HealthReply = { status: 'ok', database: db.kind, version, uptimeSeconds: uptimeSeconds() };
    return c.json(reply);
  });

  routes.get('/health/live', (c) => c.json({ status: 'ok', pid: process.pid, uptimeSeconds: uptimeSeconds() } satisfies LivenessReply, 200, { 'Cache-Control': 'no-store' }));

  let migrationsApplied = false;
  const checks: Record<string, ReadinessCheck> = {
    database: () => pingDatabase(db),
    migrations: async () => {
      // Once applied they stay applied (the schema only moves forward): asked until then only.
      if (migrationsApplied) return;
      const pending = await pendingMigrations(db.kysely);
      if (pending.length > 0) throw new Error(`not applied: ${pending.join(', ')} (run npm run migrate)`);
      migrationsApplied = true;
    },
    ...readiness,
  };
  // Logged when it changes, not on every poll: a balancer asking ten times a second while the
  // process warms up (decision 0050) would otherwise fill the log with the same line.
  let lastLogged = 'ready';
  routes.get('/health/ready', async (c) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => within(checks[name] as ReadinessCheck, CHECK_TIMEOUT_MS)));
    const reply: ReadinessReply = { status: results.every((result) => result === 'ok') ? 'ready' : 'not ready', checks: Object.fromEntries(names.map((name, index) => [name, results[index] as string])) };
    const state = reply.status === 'ready' ? 'ready' : JSON.stringify(reply.checks);
    if (state !== lastLogged) {
      if (reply.status === 'ready') logger.info('Ready again.');
      else logger.warn('Not ready:', state);
      lastLogged = state;
    }
    return c.json(reply, reply.status === 'ready' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return routes;
}

import { Hono } from 'hono';
import type { HealthReply } from '@invigil/shared/api/common';
import type { AppDatabase } from '../db';
import { pingDatabase } from '../db';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';

export interface HealthRoutesDeps {
  db: AppDatabase;
  version: string;
  clock: Clock;
  startedAt: number;
  logger: Logger;
}

/** GET /health: ok with the database kind, or 503 when the database does not answer. */
export function healthRoutes({ db, version, clock, startedAt, logger }: HealthRoutesDeps) {
  const routes = new Hono();
  routes.get('/health', async (c) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      logger.error('Health check: the database does not answer.', error);
      throw new AppError('unavailable', 'The database is not available.');
    }
    const reply: HealthReply = {
      status: 'ok',
      database: db.kind,
      version,
      uptimeSeconds: Math.max(0, Math.round((clock.now() - startedAt) / 1000)),
    };
    return c.json(reply);
  });
  return routes;
}

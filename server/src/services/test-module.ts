import type { Config } from '../config';
import type { AppDatabase } from '../db';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createTestRepository } from '../repositories/test-repository';
import { createAttemptService } from './attempt-service';
import { createPaperCache } from './paper-cache';
import { createTestService } from './test-service';

export interface TestModuleDeps {
  db: AppDatabase;
  config: Pick<Config, 'graceSeconds'>;
  clock: Clock;
  logger: Logger;
}

/** The timed-test services, built once and shared by the routes and the deadline sweeper. */
export function createTestModule({ db, config, clock, logger }: TestModuleDeps) {
  const papers = createPaperCache(createTestRepository(db.kysely));
  const graceMs = config.graceSeconds * 1000;
  return {
    papers,
    catalog: createTestService({ db: db.kysely, papers, clock, graceMs }),
    attempts: createAttemptService({ db: db.kysely, dbKind: db.kind, papers, clock, logger, graceMs }),
  };
}

export type TestModule = ReturnType<typeof createTestModule>;

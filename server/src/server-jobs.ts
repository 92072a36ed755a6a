import type { Config } from './platform/config';
import type { AppDatabase } from './platform/db';
import type { Clock } from './platform/lib/clock';
import type { Logger } from './platform/lib/logger';
import { pruneLoginFailures } from './modules/auth/auth-module';
import type { PaymentModule } from './modules/fees/fees-module';
import type { PeriodicJob } from './platform/jobs/periodic-jobs';
import { createPeriodicJobs } from './platform/jobs/periodic-jobs';
import { createStudy } from './modules/study/study-module';
import type { TestModule } from './modules/exam/exam-module';

const PRUNE_INTERVAL_MS = 10 * 60 * 1000;
/** The periodic reconcile looks for due orders every minute; each order backs off on its own (decision 0053). */
const RECONCILE_INTERVAL_MS = 60 * 1000;

export interface ServerJobsDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger: Logger;
  tests: TestModule;
  payments: PaymentModule;
  owner?: string;
}

/** The server's periodic work, each job run once across every process sharing the database (decision 0039). */
export function serverJobs({ db, config, clock, logger, tests, payments }: Omit<ServerJobsDeps, 'owner'>): PeriodicJob[] {
  // Assignment files whose upload never finished (a signed URL unused, bytes never saved).
  const studyUploads = createStudy({ db, store: tests.uploadStore, clock });
  const jobs: PeriodicJob[] = [
    // Payments the gateway took while the servers were down (or whose reply and webhook were lost)
    // are applied at start, with no lease to wait for (a crashed process's would hold it a minute;
    // each order's check is claimed instead, decision 0053); later, open orders as their checks
    // fall due, backing off per order.
    { name: 'payments-reconcile-start', intervalMs: 0, onlyAtStartWithoutLease: true, run: () => payments.service.reconcileOpenOrders('start') },
    { name: 'payments-reconcile', intervalMs: RECONCILE_INTERVAL_MS, run: () => payments.service.reconcileOpenOrders('due') },
    {
      name: 'prune',
      intervalMs: PRUNE_INTERVAL_MS,
      run: async (now) => {
        // Keep the rate-limit table small; drop uploads whose signed URL was never used.
        await Promise.allSettled([
          pruneLoginFailures(db.kysely, now, config.loginWindowSeconds * 1000).catch((error: unknown) => logger.warn('Could not prune login failures:', error)),
          tests.uploads.pruneAbandoned(now).catch((error: unknown) => logger.warn('Could not prune abandoned uploads:', error)),
          studyUploads.pruneAbandoned(now).catch((error: unknown) => logger.warn('Could not prune abandoned assignment uploads:', error)),
        ]);
      },
    },
  ];
  // The server owns the deadline: attempts past their deadline and grace are submitted (reason
  // TEST_TIME_OUT) and scored even when no browser is left to do it.
  if (config.sweepIntervalSeconds > 0) {
    jobs.push({ name: 'deadline-sweep', intervalMs: config.sweepIntervalSeconds * 1000, runAtStart: true, run: (now) => tests.attempts.sweepExpiredAttempts(now) });
  }
  return jobs;
}

export function createServerJobs(deps: ServerJobsDeps) {
  return createPeriodicJobs({ db: deps.db.kysely, clock: deps.clock, logger: deps.logger, jobs: serverJobs(deps), ...(deps.owner ? { owner: deps.owner } : {}) });
}

import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from './platform/lib/logger';
import { migrateToLatest } from './platform/migrations/migrate';
import { fakeClock, useTestApp } from './test-support/test-app';
import { useTestDatabases } from './test-support/test-db';
import { createPaymentModule } from './modules/fees/fees-module';
import type { PeriodicJob } from './platform/jobs/periodic-jobs';
import { createPeriodicJobs } from './platform/jobs/periodic-jobs';
import { createServerJobs } from './server-jobs';

const databases = useTestDatabases();
const makeApp = useTestApp();

/** Two server processes' job runners on one database (each its own owner, as two processes have). */
async function twoProcesses(job: Omit<PeriodicJob, 'run'>, run: PeriodicJob['run']) {
  const db = await databases.fresh();
  await migrateToLatest(db.kysely);
  const clock = fakeClock();
  const make = (owner: string) => createPeriodicJobs({ db: db.kysely, clock, logger: silentLogger, owner, leaseMs: 30_000, jobs: [{ ...job, run }] });
  return { clock, a: make('A'), b: make('B') };
}

describe('periodic jobs across processes (decision 0039)', () => {
  it('run a job once, not once per process, and again once its interval has passed', async () => {
    const run = vi.fn(() => Promise.resolve());
    const { clock, a, b } = await twoProcesses({ name: 'sweep', intervalMs: 15_000 }, run);
    const [ranA, ranB] = await Promise.all([a.tickAll(), b.tickAll()]);
    expect([...ranA, ...ranB]).toEqual(['sweep']);
    expect(run).toHaveBeenCalledTimes(1);
    // Neither runs it again within the interval...
    clock.advance(10_000);
    expect([...(await a.tickAll()), ...(await b.tickAll())]).toEqual([]);
    // ...and one of them does after it.
    clock.advance(5_000);
    expect([...(await b.tickAll()), ...(await a.tickAll())]).toEqual(['sweep']);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('do not start a run while another process is still running the job, and take over from a process that died mid-run', async () => {
    const finishers: (() => void)[] = [];
    const run = vi.fn(() => new Promise<void>((resolve) => void finishers.push(resolve)));
    const { clock, a, b } = await twoProcesses({ name: 'sweep', intervalMs: 5_000 }, run);
    const running = a.tickAll();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    // Past the interval but within the lease: A is still at it.
    clock.advance(20_000);
    expect(await b.tickAll()).toEqual([]);
    // A died without renewing: after the lease, B takes the job.
    clock.advance(10_000);
    const taken = b.tickAll();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    for (const finish of finishers) finish();
    expect(await taken).toEqual(['sweep']);
    await running;
  });

  it('the server sweeps expired attempts in one process of two', async () => {
    const t = await makeApp({ sweepIntervalSeconds: 15 });
    const sweep = vi.spyOn(t.tests.attempts, 'sweepExpiredAttempts');
    const payments = createPaymentModule({ db: t.db, config: t.config, clock: t.clock, logger: t.logger });
    const reconcile = vi.spyOn(payments.service, 'reconcileOpenOrders');
    const processOf = (owner: string) => createServerJobs({ db: t.db, config: t.config, clock: t.clock, logger: t.logger, tests: t.tests, payments, owner });
    const [a, b] = [processOf('A'), processOf('B')];
    const ran = [...(await a.tickAll('deadline-sweep')), ...(await b.tickAll('deadline-sweep'))];
    expect(ran).toEqual(['deadline-sweep']);
    expect(sweep).toHaveBeenCalledTimes(1);
    // Both start at once after a deploy: each reconciles at start with no lease to wait for (a dead
    // process's would hold it a minute); each order's check is claimed, so each is asked about once
    // (payment-service.test.ts). The periodic reconcile runs in one of them.
    await Promise.all([a.tickAll('payments-reconcile-start'), b.tickAll('payments-reconcile-start')]);
    expect(reconcile.mock.calls).toEqual([['start'], ['start']]);
    await Promise.all([a.tickAll('payments-reconcile'), b.tickAll('payments-reconcile')]);
    expect(reconcile.mock.calls.slice(2)).toEqual([['due']]);
    await Promise.all([a.stop(), b.stop()]);
  });
});

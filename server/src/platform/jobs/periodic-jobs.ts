import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';

/** A name for this process in job_locks: which host and pid last ran a job. */
export const processOwner = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Leases on named jobs in the job_locks table (migration 0014, decision 0039). One upsert takes a
 * lease only when it has lapsed, so of several processes asking at once exactly one gets it, on
 * SQLite and on PostgreSQL alike.
 */
export function createJobLocks(db: Kysely<Database>, owner: string) {
  return {
    /** Takes `name` until `now + leaseMs` when nobody holds it past `now`; true when taken. */
    async tryAcquire(name: string, now: number, leaseMs: number): Promise<boolean> {
      const result = await db
        .insertInto('job_locks')
        .values({ name, owner, lease_until: now + leaseMs, last_run_at: null })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ owner: sql.ref('excluded.owner'), lease_until: sql.ref('excluded.lease_until') })
            .where('job_locks.lease_until', '<=', now),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Extends a lease this process still holds (a long run); false when another took it meanwhile. */
    async renew(name: string, until: number): Promise<boolean> {
      const result = await db.updateTable('job_locks').set({ lease_until: until }).where('name', '=', name).where('owner', '=', owner).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives `name` up now (a short lease around one piece of work, not a periodic job). */
    async release(name: string): Promise<void> {
      await db.deleteFrom('job_locks').where('name', '=', name).where('owner', '=', owner).execute();
    },

    /** After a run: nobody runs the job again before `nextAt`. */
    async finish(name: string, ranAt: number, nextAt: number): Promise<void> {
      await db.updateTable('job_locks').set({ lease_until: nextAt, last_run_at: ranAt }).where('name', '=', name).where('owner', '=', owner).execute();
    },
  };
}

export type JobLocks = ReturnType<typeof createJobLocks>;

/** How long a short lease (withLease) is held at most: a crashed holder frees it after this. */
export const SHORT_LEASE_MS = 30_000;
const SHORT_LEASE_POLL_MS = 50;

/**
 * Runs `work` while holding the lease `name` across every process (job_locks), waiting up to
 * SHORT_LEASE_MS for another holder; throws `busy()` if it is still held then. For a check and an
 * insert that must not interleave with the same pair in another request (two presses at once).
 */
export async function withLease<T>(locks: JobLocks, name: string, work: () => Promise<T>, busy: () => Error): Promise<T> {
  for (let waitedMs = 0; !(await locks.tryAcquire(name, Date.now(), SHORT_LEASE_MS)); waitedMs += SHORT_LEASE_POLL_MS) {
    if (waitedMs >= SHORT_LEASE_MS) throw busy();
    await new Promise((resolve) => setTimeout(resolve, SHORT_LEASE_POLL_MS));
  }
  try {
    return await work();
  } finally {
    await locks.release(name);
  }
}

export interface PeriodicJob {
  name: string;
  /** How often the job runs across all processes together. */
  intervalMs: number;
  /** Try at start too (else first after one interval). */
  runAtStart?: boolean;
  /**
   * Run once at this process's start, outside any lease, and never again (`intervalMs` unused): for
   * work that must not wait for a dead process's lease and is safe to run in several processes at
   * once (decision 0053: the start-up reconcile claims each order itself).
   */
  onlyAtStartWithoutLease?: boolean;
  run(now: number): Promise<unknown>;
}

export interface PeriodicJobsOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  jobs: PeriodicJob[];
  owner?: string;
  /** How long a run holds its job without renewing (a crashed process's job is free again after it). */
  leaseMs?: number;
}

export const JOB_LEASE_MS = 60_000;

/**
 * Runs each job every `intervalMs` in whichever process takes its lease first, so N processes
 * run it once, not N times. While a run lasts, its lease is renewed every third of `leaseMs`;
 * after it, the lease is kept until the next run is due (less a little, for timer jitter).
 */
export function createPeriodicJobs({ db, clock, logger, jobs, owner = processOwner(), leaseMs = JOB_LEASE_MS }: PeriodicJobsOptions) {
  const locks = createJobLocks(db, owner);
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Map<string, Promise<boolean>>();
  let stopped = false;

  async function runOnce(job: PeriodicJob): Promise<boolean> {
    const startedAt = clock.now();
    if (!(await locks.tryAcquire(job.name, startedAt, leaseMs))) return false;
    const renewal = setInterval(() => {
      locks.renew(job.name, clock.now() + leaseMs).catch((error: unknown) => logger.warn(`Could not renew the lease of job ${job.name}:`, error));
    }, Math.max(1000, Math.floor(leaseMs / 3)));
    renewal.unref();
    try {
      await job.run(startedAt);
    } catch (error) {
      logger.warn(`Job ${job.name} failed:`, error);
    } finally {
      clearInterval(renewal);
    }
    const jitter = Math.min(1000, Math.floor(job.intervalMs / 10));
    await locks.finish(job.name, startedAt, startedAt + job.intervalMs - jitter);
    return true;
  }

  /** A run of a start-only job: no lease. */
  async function runUnleased(job: PeriodicJob): Promise<boolean> {
    try {
      await job.run(clock.now());
    } catch (error) {
      logger.warn(`Job ${job.name} failed:`, error);
    }
    return true;
  }

  /** One attempt at `job` now; true when this process ran it. A run still going here is not started twice. */
  function tick(job: PeriodicJob): Promise<boolean> {
    const current = running.get(job.name);
    if (current || stopped) return Promise.resolve(false);
    const run = (job.onlyAtStartWithoutLease ? runUnleased(job) : runOnce(job))
      .catch((error: unknown) => {
        logger.warn(`Could not take the lease of job ${job.name}:`, error);
        return false;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  return {
    owner,
    start(): void {
      for (const job of jobs) {
        if (job.onlyAtStartWithoutLease) {
          void tick(job);
          continue;
        }
        const timer = setInterval(() => void tick(job), job.intervalMs);
        timer.unref();
        timers.push(timer);
        if (job.runAtStart) void tick(job);
      }
    },

    /** Tries every job (or the named one) once now; the names of those this process ran. */
    async tickAll(name?: string): Promise<string[]> {
      const chosen = jobs.filter((job) => name === undefined || job.name === name);
      const ran = await Promise.all(chosen.map((job) => tick(job)));
      return chosen.filter((_, index) => ran[index]).map((job) => job.name);
    },

    /** No new runs; waits for the ones going (so the database is not closed under them). */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type PeriodicJobs = ReturnType<typeof createPeriodicJobs>;

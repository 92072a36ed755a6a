import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RosterJob } from '@invigil/shared/api/staff-students';
import type { Database } from '../../platform/db';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { confirmRoster } from './roster-upload';
import { strengthenProvisionalPasswords } from './roster-writer';

/** A finished job's reply is kept this long for the screen to read. */
const KEEP_MS = 60 * 60 * 1000;

/**
 * Confirmed uploads written in the background (issue 28): the POST answers at once with a job id,
 * the screen polls it for its progress bar. Jobs live in this process's memory (an upload's
 * progress is worth nothing after a restart; the rows already written stay). After each write the
 * provisional passwords are strengthened, one pass at a time (decision 0055).
 */
export function createRosterJobs({ db, clock, logger }: { db: Kysely<Database>; clock: Clock; logger: Logger }) {
  const jobs = new Map<string, RosterJob & { finishedAt?: number }>();
  let strengthening: Promise<unknown> = Promise.resolve();

  const prune = (): void => {
    const now = clock.now();
    for (const [id, job] of jobs) if (job.finishedAt !== undefined && now - job.finishedAt > KEEP_MS) jobs.delete(id);
  };

  /** Queues a strengthening pass (the given users, or every provisional hash left). */
  function strengthen(userIds?: readonly string[]): Promise<unknown> {
    strengthening = strengthening
      .then(() => strengthenProvisionalPasswords(db, userIds ? { userIds } : {}))
      .then((count) => {
        if (count > 0) logger.info(`Strengthened ${count} provisional student passwords (decision 0055).`);
      })
      .catch((error: unknown) => logger.warn(`Strengthening provisional passwords stopped: ${error instanceof Error ? error.message : String(error)}`));
    return strengthening;
  }

  return {
    strengthen,
    /** Resolves once the queued strengthening passes are over (tests). */
    idle: () => strengthening,

    start(data: Uint8Array): RosterJob {
      prune();
      const job: RosterJob & { finishedAt?: number } = { id: randomBytes(12).toString('hex'), phase: 'check', done: 0, total: 0 };
      jobs.set(job.id, job);
      void confirmRoster(db, data, {
        now: clock.now(),
        onProgress: (progress) => Object.assign(job, progress),
      })
        .then((result) => {
          if (!result.ok) Object.assign(job, { phase: 'failed', message: result.message });
          else {
            Object.assign(job, { phase: 'done', summary: result.summary, failures: result.failures, done: job.total });
            if (result.provisionalUserIds.length > 0) void strengthen(result.provisionalUserIds);
          }
        })
        .catch((error: unknown) => {
          logger.error('Student upload failed', error);
          Object.assign(job, { phase: 'failed', message: 'The upload stopped on a server error; the rows written so far are kept. Upload the file again to finish.' });
        })
        .finally(() => (job.finishedAt = clock.now()));
      return { ...job };
    },

    get(id: string): RosterJob | undefined {
      const job = jobs.get(id);
      if (!job) return undefined;
      const { finishedAt: _finished, ...reply } = job;
      return reply;
    },
  };
}

export type RosterJobs = ReturnType<typeof createRosterJobs>;

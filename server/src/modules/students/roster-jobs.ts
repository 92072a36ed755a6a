import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RosterJob } from '@invigil/shared/api/staff-students';
import type { Database } from '../../platform/db';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { auditHandled, recordAudit } from '../audit/audit-module';
import type { AuditActor } from '../audit/audit-module';
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

    /**
     * Starts writing a confirmed upload. Its audit entry (issue 30) is ONE for the whole upload,
     * with its counts, recorded when the job ends (done or failed), not one per row.
     */
    start(data: Uint8Array, actor: AuditActor): RosterJob {
      prune();
      const job: RosterJob & { finishedAt?: number } = { id: randomBytes(12).toString('hex'), phase: 'check', done: 0, total: 0 };
      jobs.set(job.id, job);
      auditHandled();
      /** The job's end: recorded in the audit log first, then shown (a poller seeing it done finds its entry). */
      const finish = async (end: Partial<RosterJob>): Promise<void> => {
        const summary = end.summary
          ? `Uploaded students: ${end.summary.created} added, ${end.summary.updated} updated, ${end.summary.unchanged} unchanged, ${end.summary.failed} failed`
          : `A student upload failed: ${end.message ?? 'no rows written'}`;
        const after = { phase: end.phase, bytes: data.byteLength, ...(end.summary ? { counts: end.summary } : {}), ...(end.message ? { message: end.message } : {}) };
        try {
          await recordAudit(db, { actor, action: 'student.upload', entityType: 'roster_upload', entityId: job.id, summary, before: null, after }, clock.now());
        } catch (error) {
          // The rows are written; a lost entry is logged loudly rather than failing the upload.
          logger.error('audit.write_failed', { request: 'student upload', error: error instanceof Error ? error.message : String(error) });
        }
        Object.assign(job, end);
      };
      void confirmRoster(db, data, {
        now: clock.now(),
        onProgress: (progress) => Object.assign(job, progress),
      })
        .then(async (result) => {
          if (!result.ok) await finish({ phase: 'failed', message: result.message });
          else {
            await finish({ phase: 'done', summary: result.summary, failures: result.failures, done: job.total });
            if (result.provisionalUserIds.length > 0) void strengthen(result.provisionalUserIds);
          }
        })
        .catch(async (error: unknown) => {
          logger.error('Student upload failed', error);
          await finish({ phase: 'failed', message: 'The upload stopped on a server error; the rows written so far are kept. Upload the file again to finish.' });
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

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  ProctorEventSource,
  ProctorEventsReply,
  ProctorEventsRequest,
  ProctorTimelineReply,
  ProctorTokenReply,
  SnapshotForm,
  SnapshotReply,
} from '@invigil/shared/api/proctor';
import { MAX_EVENTS_PER_ATTEMPT, MAX_SNAPSHOT_BYTES, MAX_SNAPSHOTS_PER_ATTEMPT, PROCTOR_MESSAGES } from '@invigil/shared/api/proctor';
import { TEST_MESSAGES } from '@invigil/shared/api/tests';
import { isPastGrace } from '@invigil/shared/domain/exam-clock';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { createExamDirectory } from '../exam/exam-module';
import type { AttemptRecord } from '../exam/exam-module';
import { createProctorRepository } from './proctor-repository';
import type { ProctorEventRecord, ProctorVia } from './proctor-repository';
import type { UserRecord } from '../auth/auth-module';
import { createProctorTokens } from './proctor-token';
import { createAttemptDecisions, studentDecisionOf } from '../proctoring-review/proctoring-review-module';
import { imageTypeOf, UploadTooLargeError } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';

export interface ProctorServiceDeps {
  db: Kysely<Database>;
  store: UploadStore;
  clock: Clock;
  graceMs: number;
  /** The server secret; proctor tokens are signed with a key derived from it. */
  secret: string;
  /** Told of newly stored events (the live console shows flags as they arrive, issue 12). */
  onStored?: (attempt: AttemptRecord, events: readonly ProctorEventRecord[]) => void;
}

/** Whose attempt a report is for, and which credential delivered it. */
export interface Reporter {
  attempt: AttemptRecord;
  via: ProctorVia;
}

/**
 * The proctoring event trail (decision 0011): proctor tokens, events, snapshots, and the
 * student's timeline after submission.
 */
export function createProctorService({ db, store, clock, graceMs, secret, onStored }: ProctorServiceDeps) {
  const exam = createExamDirectory(db);
  const trail = createProctorRepository(db);
  const tokens = createProctorTokens(secret, clock);
  const decisions = createAttemptDecisions(db);

  const isRunning = (attempt: AttemptRecord, now: number): boolean => attempt.submittedAt === null && !isPastGrace(attempt.deadlineMs, graceMs, now);
  /** After submission (or the deadline, if it came first) and the grace. */
  const isLate = (attempt: AttemptRecord, now: number): boolean => isPastGrace(Math.min(attempt.submittedAt ?? Infinity, attempt.deadlineMs), graceMs, now);

  async function attemptOf(user: UserRecord, testId: string): Promise<AttemptRecord> {
    const found = await exam.findVisibleWithAttempt(user.id, testId);
    if (!found) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    if (!found.attempt) throw new AppError('forbidden', TEST_MESSAGES.notStarted);
    return found.attempt;
  }

  return {
    /** A signed-in student reports for their own attempt of `testId`. */
    async reporterForStudent(user: UserRecord, testId: string): Promise<Reporter> {
      return { attempt: await attemptOf(user, testId), via: 'student' };
    },

    /** 401 unless the proctor token is genuine and unexpired (its test and attempt are checked later). */
    checkToken(token: string): void {
      if (!tokens.verify(token)) throw new AppError('unauthorized', PROCTOR_MESSAGES.tokenInvalid);
    },

    /** The extension reports with a proctor token: genuine, unexpired, for this test's attempt. */
    async reporterForToken(token: string, testId: string): Promise<Reporter> {
      const claims = tokens.verify(token);
      if (!claims) throw new AppError('unauthorized', PROCTOR_MESSAGES.tokenInvalid);
      if (claims.testId !== testId) throw new AppError('forbidden', PROCTOR_MESSAGES.tokenOtherTest);
      const attempt = await exam.findAttemptById(claims.attemptId);
      if (!attempt || attempt.userId !== claims.userId || attempt.testId !== claims.testId) throw new AppError('unauthorized', PROCTOR_MESSAGES.tokenInvalid);
      return { attempt, via: 'proctor-token' };
    },

    /** POST /proctor/token: for the running attempt, valid until its deadline and grace. */
    async issueToken(user: UserRecord, testId: string): Promise<ProctorTokenReply> {
      const attempt = await attemptOf(user, testId);
      if (!isRunning(attempt, clock.now())) throw new AppError('forbidden', PROCTOR_MESSAGES.notRunning);
      const expiresAt = attempt.deadlineMs + graceMs;
      return { token: tokens.issue({ attemptId: attempt.id, userId: attempt.userId, testId: attempt.testId, expiresAt }), expires_at: expiresAt };
    },

    /**
     * POST /proctor/events: stores the events not stored yet. Each event's time is moved onto the
     * server's clock by the request's own offset (arrival - sent_at) and never after its arrival.
     * That offset carries the request's own network delay, so a slow request could put an event
     * after one its source saw later and sent in a faster request: a source's later event is never
     * placed before the latest one stored from it.
     */
    async record({ attempt, via }: Reporter, request: ProctorEventsRequest): Promise<ProctorEventsReply> {
      const now = clock.now();
      const summary = await trail.trailSummary(attempt.id);
      if (summary.count >= MAX_EVENTS_PER_ATTEMPT) throw new AppError('too_many_requests', PROCTOR_MESSAGES.tooManyEvents);
      const offset = now - request.sent_at;
      const late = isLate(attempt, now);
      const unique = new Map<string, ProctorEventRecord>();
      const latest = summary.latest;
      // Evidence is one of this attempt's own snapshots: a name of anyone else's stored file would
      // hand the proctor a signed link to it. Such a name is dropped, the event kept.
      const ownSnapshots = request.events.some((event) => event.evidence !== undefined) ? await trail.snapshotKeysOf(attempt.id) : new Set<string>();
      for (const event of [...request.events].sort((a, b) => a.at - b.at)) {
        if (unique.has(event.id)) continue;
        const before = latest.get(event.source);
        let at = Math.max(0, Math.min(event.at + offset, now));
        if (before && event.at >= before.clientAt) at = Math.min(Math.max(at, before.at), now);
        latest.set(event.source, { clientAt: Math.max(event.at, before?.clientAt ?? 0), at: Math.max(at, before?.at ?? 0) });
        unique.set(event.id, {
          attemptId: attempt.id,
          eventId: event.id,
          kind: event.kind,
          source: event.source,
          via,
          clientAt: event.at,
          at,
          receivedAt: now,
          detail: event.detail ?? null,
          evidence: event.evidence !== undefined && ownSnapshots.has(event.evidence) ? event.evidence : null,
          late,
        });
      }
      const storedIds = await trail.insertEvents([...unique.values()]);
      const stored = storedIds.size;
      if (stored > 0) onStored?.(attempt, [...unique.values()].filter((event) => storedIds.has(event.eventId)));
      return { stored, duplicates: request.events.length - stored, late: late ? stored : 0 };
    },

    /** /snapUpload and /saveAIImage: keeps a snapshot while the attempt runs; events may name it. */
    async saveSnapshot({ attempt, via }: Reporter, bytes: Buffer, form: SnapshotForm): Promise<SnapshotReply> {
      const now = clock.now();
      if (!isRunning(attempt, now)) throw new AppError('forbidden', PROCTOR_MESSAGES.notRunning);
      if (bytes.length > MAX_SNAPSHOT_BYTES) throw new AppError('payload_too_large', PROCTOR_MESSAGES.snapshotTooLarge);
      const type = imageTypeOf(bytes.subarray(0, 16));
      if (!type) throw new AppError('unprocessable', PROCTOR_MESSAGES.snapshotNotImage);
      if ((await trail.countSnapshots(attempt.id)) >= MAX_SNAPSHOTS_PER_ATTEMPT) throw new AppError('too_many_requests', PROCTOR_MESSAGES.tooManySnapshots);
      const fileKey = `${randomBytes(16).toString('hex')}.${type}`;
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, type, (async function* () {
          yield bytes;
        })(), MAX_SNAPSHOT_BYTES);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', PROCTOR_MESSAGES.snapshotTooLarge);
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', PROCTOR_MESSAGES.snapshotNotImage);
      const source: ProctorEventSource = form.source ?? (via === 'proctor-token' ? 'extension' : 'page');
      try {
        await trail.insertSnapshot({ fileKey, attemptId: attempt.id, reason: form.reason ?? null, source, size: written.size, createdAt: now });
      } catch (error) {
        await store.remove(fileKey);
        throw error;
      }
      return { fileName: fileKey, message: PROCTOR_MESSAGES.snapshotSaved };
    },

    /** GET /proctor/events/{testId}: the student's own timeline, once the attempt is submitted. */
    async timeline(user: UserRecord, testId: string): Promise<ProctorTimelineReply> {
      const attempt = await attemptOf(user, testId);
      if (attempt.submittedAt === null) throw new AppError('forbidden', PROCTOR_MESSAGES.timelineAfterSubmit);
      const now = clock.now();
      const [events, snapshots, verdicts, decided] = await Promise.all([trail.eventsOf(attempt.id), trail.snapshotKeysOf(attempt.id), trail.verdictsOf(attempt.id), decisions.decisionsOf([attempt.id])]);
      return {
        test_id: attempt.testId,
        started_at: attempt.startedAt,
        submitted_at: attempt.submittedAt,
        events: events.map((event) => ({
          id: event.eventId,
          kind: event.kind,
          source: event.source,
          at: event.at,
          client_at: event.clientAt,
          received_at: event.receivedAt,
          detail: event.detail,
          // Only a snapshot of this very attempt: an event cannot point at anyone else's file.
          evidence_url: event.evidence !== null && snapshots.has(event.evidence) ? store.getUrl(event.evidence, now) : null,
          late: event.late,
          // The reviewer's verdict and note (issue 29): the student sees why a flag was confirmed.
          verdict: verdicts.get(event.eventId) ?? null,
        })),
        snapshots: snapshots.size,
        decision: studentDecisionOf(decided.get(attempt.id)),
      };
    },
  };
}

export type ProctorService = ReturnType<typeof createProctorService>;

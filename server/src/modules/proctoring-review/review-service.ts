import type { Kysely } from 'kysely';
import { decisionNotification, REVIEW_MESSAGES, REVIEW_PAGE_SIZE } from '@invigil/shared/api/staff-review';
import type {
  AttemptDecisionReply,
  AttemptReviewReply,
  FlagVerdictReply,
  ReviewEntry,
  ReviewQueueQuery,
  ReviewQueueReply,
  ReviewTestsReply,
} from '@invigil/shared/api/staff-review';
import { PROCTOR_KIND_CLASS } from '@invigil/shared/api/proctor';
import type { AttemptDecisionKind, FlagVerdict } from '@invigil/shared/api/staff-review';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { UploadStore } from '../../platform/storage/upload-store';
import { recordAudit } from '../audit/audit-module';
import { pushNotified, type PushService } from '../notifications/notifications-module';
import type { ProctorTrail } from '../proctoring/proctoring-module';
import type { StaffRecord } from '../staff/staff-module';
import { coverageOf } from './review-coverage';
import { createReviewRepository } from './review-repository';
import type { ReviewAttempt, ReviewScope } from './review-repository';

export interface ReviewServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  store: Pick<UploadStore, 'getUrl'>;
  /** The proctoring module's trail (passed in: that module reads the decisions, so no import cycle). */
  trail: Pick<ProctorTrail, 'eventsOf'>;
  /** Pushes the decision's notification to the student's subscribed browsers (none in tests). */
  push?: Pick<PushService, 'sendNotifications'> | null;
}

/** Admins review every test; proctors the tests they proctor (the route lets no one else in). */
const scopeOf = (staff: StaffRecord): ReviewScope => (staff.role === 'admin' ? { kind: 'all' } : { kind: 'proctor', staffId: staff.id });

/** The proctoring review (decision 0061): the queue, an attempt's trail, verdicts and decisions. */
export function createReviewService({ db, clock, store, trail, push = null }: ReviewServiceDeps) {
  const repo = createReviewRepository(db);

  /** The attempt if the reviewer may see it: 404 for none, 403 for a test they do not proctor. */
  async function attemptFor(staff: StaffRecord, attemptId: string): Promise<ReviewAttempt> {
    const attempt = await repo.attempt(attemptId);
    if (!attempt) throw new AppError('not_found', REVIEW_MESSAGES.attemptNotFound);
    if (staff.role !== 'admin' && !(await repo.isProctorOf(staff.id, attempt.testId))) throw new AppError('forbidden', REVIEW_MESSAGES.notYourTest);
    return attempt;
  }

  return {
    async queue(staff: StaffRecord, query: ReviewQueueQuery): Promise<ReviewQueueReply> {
      const scope = scopeOf(staff);
      if (query.test !== undefined && scope.kind === 'proctor' && !(await repo.isProctorOf(staff.id, query.test))) throw new AppError('forbidden', REVIEW_MESSAGES.notYourTest);
      const { items, total } = await repo.queue(scope, { ...(query.test === undefined ? {} : { testId: query.test }), state: query.state }, (query.page - 1) * REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE);
      return {
        items: items.map((row) => ({
          attempt_id: row.attemptId,
          test_id: row.testId,
          test_name: row.testName,
          student_name: row.studentName,
          reg_no: row.regNo,
          started_at: row.startedAt,
          submitted_at: row.submittedAt,
          flags: row.flags,
          cleared: row.cleared,
          confirmed: row.confirmed,
          decision: row.decision,
        })),
        total,
        page: query.page,
        page_size: REVIEW_PAGE_SIZE,
      };
    },

    async tests(staff: StaffRecord): Promise<ReviewTestsReply> {
      return { tests: await repo.testsOf(scopeOf(staff)) };
    },

    async attempt(staff: StaffRecord, attemptId: string): Promise<AttemptReviewReply> {
      const attempt = await attemptFor(staff, attemptId);
      const now = clock.now();
      const [events, snapshots, commands, chat, verdicts, decision, next] = await Promise.all([
        trail.eventsOf(attempt.id),
        repo.snapshotsOf(attempt.id),
        repo.commandsOf(attempt.id),
        repo.chatOf(attempt.testId, attempt.userId),
        repo.verdictsOf(attempt.id),
        repo.decisionOf(attempt.id),
        repo.nextNeedingLook(scopeOf(staff), attempt.testId, attempt.id),
      ]);
      const until = Math.min(attempt.submittedAt ?? now, attempt.deadlineMs, now);
      const coverage = coverageOf(events, Math.max(until, attempt.startedAt));
      const ownSnapshots = new Set(snapshots.map((snapshot) => snapshot.fileKey));
      const named = new Set(events.flatMap((event) => (event.evidence === null ? [] : [event.evidence])));
      const entries: ReviewEntry[] = [
        ...events.map((event): ReviewEntry => {
          const verdict = verdicts.get(event.eventId);
          return {
            type: 'event',
            id: event.eventId,
            at: event.at,
            kind: event.kind,
            source: event.source,
            detail: event.detail,
            // Only a snapshot of this very attempt (as the student's timeline): a signed, short-lived link.
            evidence_url: event.evidence !== null && ownSnapshots.has(event.evidence) ? store.getUrl(event.evidence, now) : null,
            late: event.late,
            gap_ms: event.kind === 'DISCONNECTED' ? (coverage.gaps.get(event.eventId) ?? null) : null,
            verdict: verdict ? { verdict: verdict.verdict, note: verdict.note, reviewer_name: verdict.reviewerName, reviewed_at: verdict.reviewedAt } : null,
          };
        }),
        ...commands.map((command): ReviewEntry => ({
          type: 'command',
          id: command.id,
          at: command.sent_at,
          command: command.type,
          reason: command.reason,
          minutes: command.et,
          by: command.proctor_name,
          delivered_at: command.delivered_at,
          applied_at: command.applied_at,
        })),
        ...chat.map((message): ReviewEntry => ({ type: 'chat', id: message.id, at: message.sent_at, author: message.author, by: message.proctor_name, body: message.body })),
        ...snapshots
          .filter((snapshot) => !named.has(snapshot.fileKey))
          .map((snapshot): ReviewEntry => ({
            type: 'snapshot',
            id: snapshot.fileKey,
            at: snapshot.createdAt,
            reason: snapshot.reason,
            source: snapshot.source === 'extension' ? 'extension' : 'page',
            evidence_url: store.getUrl(snapshot.fileKey, now),
          })),
      ];
      // Stable: the trail's own order first for equal times.
      const order = new Map(entries.map((entry, index) => [entry, index]));
      entries.sort((a, b) => a.at - b.at || (order.get(a) ?? 0) - (order.get(b) ?? 0));
      return {
        attempt: {
          id: attempt.id,
          test_id: attempt.testId,
          test_name: attempt.testName,
          student_name: attempt.studentName,
          reg_no: attempt.regNo,
          started_at: attempt.startedAt,
          deadline_ms: attempt.deadlineMs,
          submitted_at: attempt.submittedAt,
          submit_reason: attempt.submitReason,
        },
        decision: decision ? { decision: decision.decision, reason: decision.reason, reviewer_name: decision.reviewerName, decided_at: decision.decidedAt } : null,
        flags: events.filter((event) => PROCTOR_KIND_CLASS[event.kind] === 'flag').length,
        entries,
        coverage: coverage.rows,
        disconnected_ms: coverage.disconnectedMs,
        next_attempt_id: next,
      };
    },

    async setVerdict(staff: StaffRecord, attemptId: string, eventId: string, verdict: FlagVerdict, note: string): Promise<FlagVerdictReply> {
      const attempt = await attemptFor(staff, attemptId);
      const kind = await repo.eventKind(attempt.id, eventId);
      if (kind === undefined) throw new AppError('not_found', REVIEW_MESSAGES.eventNotFound);
      if ((PROCTOR_KIND_CLASS as Record<string, string>)[kind] !== 'flag') throw new AppError('unprocessable', REVIEW_MESSAGES.notAFlag);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const inTrx = createReviewRepository(trx);
        const before = await inTrx.verdictOf(attempt.id, eventId);
        await inTrx.setVerdict(attempt.id, eventId, verdict, note, staff.id, now);
        const summary = `Marked a ${kind} flag of ${attempt.studentName} (${attempt.regNo}) in "${attempt.testName}" as ${verdict}${note ? `: ${note}` : ''}`;
        await recordAudit(trx, { actor: staff, action: 'flag.verdict', entityType: 'attempt', entityId: attempt.id, summary, before: before ? { eventId, kind, ...before } : null, after: { eventId, kind, verdict, note } }, now);
      });
      return { event_id: eventId, verdict: { verdict, note, reviewer_name: staff.name, reviewed_at: now } };
    },

    async setDecision(staff: StaffRecord, attemptId: string, decision: AttemptDecisionKind, reason: string): Promise<AttemptDecisionReply> {
      const attempt = await attemptFor(staff, attemptId);
      if (attempt.submittedAt === null) throw new AppError('conflict', REVIEW_MESSAGES.notSubmitted);
      const now = clock.now();
      const words: Record<AttemptDecisionKind, string> = { no_concern: 'no concern', under_review: 'under review', void: 'void' };
      const notified = await repo.setDecision(attempt.id, decision, reason, staff.id, now, { userId: attempt.userId, ...decisionNotification(attempt.testName, decision, reason) }, async (trx, before) => {
        const summary = `Decided ${attempt.studentName}'s (${attempt.regNo}) attempt at "${attempt.testName}": ${words[decision]}${before ? ` (was ${words[before.decision]})` : ''}: ${reason}`;
        await recordAudit(trx, { actor: staff, action: 'attempt.decide', entityType: 'attempt', entityId: attempt.id, summary, before, after: { decision, reason } }, now);
      });
      pushNotified(push, notified);
      return { attempt_id: attempt.id, decision: { decision, reason: reason, reviewer_name: staff.name, decided_at: now } };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;

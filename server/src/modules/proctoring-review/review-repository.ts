import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { FLAG_KINDS } from '@invigil/shared/api/staff-review';
import type { AttemptDecisionKind, FlagVerdict, ReviewState } from '@invigil/shared/api/staff-review';
import type { Database } from '../../platform/db';
import { notifyStudents } from '../notifications/notifications-module';

/** Whose queue: every test (an admin), or the tests a proctor proctors (proctor_tests). */
export type ReviewScope = { kind: 'all' } | { kind: 'proctor'; staffId: string };

export interface QueueRow {
  attemptId: string;
  testId: string;
  testName: string;
  studentName: string;
  regNo: string;
  startedAt: number;
  submittedAt: number | null;
  flags: number;
  cleared: number;
  confirmed: number;
  decision: AttemptDecisionKind | null;
}

export interface ReviewAttempt {
  id: string;
  testId: string;
  testName: string;
  userId: string;
  studentName: string;
  regNo: string;
  startedAt: number;
  deadlineMs: number;
  submittedAt: number | null;
  submitReason: string | null;
}

const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The review's reads and writes. The queue is one query: each attempt in scope with its flag
 * count and verdict counts as correlated counts (proctor_events' and flag_reviews' primary keys
 * start with attempt_id), sorted by need in an outer query.
 */
export function createReviewRepository(db: Kysely<Database>) {
  /** The attempts in scope with their counts (not yet sorted or filtered by state). */
  const counted = (scope: ReviewScope, testId: string | undefined) => {
    let query = db
      .selectFrom('attempts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('tests as t', 't.id', 'a.test_id')
      .leftJoin('attempt_reviews as ar', 'ar.attempt_id', 'a.id')
      .select((eb) => [
        'a.id as attempt_id',
        'a.test_id as test_id',
        't.name as test_name',
        'u.name as student_name',
        'u.reg_no as reg_no',
        'a.started_at as started_at',
        'a.submitted_at as submitted_at',
        'ar.decision as decision',
        eb
          .selectFrom('proctor_events as e')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('e.attempt_id', '=', 'a.id')
          .where('e.kind', 'in', FLAG_KINDS)
          .as('flags'),
        eb
          .selectFrom('flag_reviews as fc')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('fc.attempt_id', '=', 'a.id')
          .where('fc.verdict', '=', 'cleared')
          .as('cleared'),
        eb
          .selectFrom('flag_reviews as ff')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('ff.attempt_id', '=', 'a.id')
          .where('ff.verdict', '=', 'confirmed')
          .as('confirmed'),
      ]);
    if (scope.kind === 'proctor') query = query.where('a.test_id', 'in', db.selectFrom('proctor_tests').select('proctor_tests.test_id').where('proctor_tests.proctor_id', '=', scope.staffId));
    if (testId !== undefined) query = query.where('a.test_id', '=', testId);
    return db.selectFrom(query.as('q'));
  };

  /**
   * Need, most first: 0 confirmed flags on an attempt not yet decided, 1 under review, 2 undecided
   * with flags, 3 the rest (decided, or nothing flagged).
   */
  const bucket = sql<number>`case when q.decision in ('no_concern', 'void') then 3 when q.confirmed > 0 then 0 when q.decision = 'under_review' then 1 when q.flags > 0 then 2 else 3 end`;

  const inState = <Q extends ReturnType<typeof counted>>(query: Q, state: ReviewState): Q => {
    if (state === 'needs_look') return query.where((eb) => eb.and([eb('q.decision', 'is', null), eb('q.flags', '>', 0)])) as Q;
    if (state === 'under_review') return query.where('q.decision', '=', 'under_review') as Q;
    if (state === 'decided') return query.where('q.decision', 'in', ['no_concern', 'void']) as Q;
    return query;
  };

  const toRow = (row: Record<string, unknown>): QueueRow => ({
    attemptId: String(row['attempt_id']),
    testId: String(row['test_id']),
    testName: String(row['test_name']),
    studentName: String(row['student_name']),
    regNo: String(row['reg_no']),
    startedAt: num(row['started_at']),
    submittedAt: numOrNull(row['submitted_at']),
    flags: num(row['flags']),
    cleared: num(row['cleared']),
    confirmed: num(row['confirmed']),
    decision: (row['decision'] as AttemptDecisionKind | null) ?? null,
  });

  return {
    async queue(scope: ReviewScope, filter: { testId?: string; state: ReviewState }, offset: number, limit: number): Promise<{ items: QueueRow[]; total: number }> {
      const base = inState(counted(scope, filter.testId), filter.state);
      const [rows, total] = await Promise.all([
        base
          .selectAll('q')
          .orderBy(bucket)
          .orderBy(sql`q.flags - q.cleared`, 'desc')
          .orderBy('q.flags', 'desc')
          .orderBy('q.submitted_at')
          .orderBy('q.attempt_id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { items: rows.map((row) => toRow(row as Record<string, unknown>)), total: num(total?.n) };
    },

    /** The first attempt of the test that needs a look, other than `exceptId`. */
    async nextNeedingLook(scope: ReviewScope, testId: string, exceptId: string): Promise<string | null> {
      const row = await inState(counted(scope, testId), 'needs_look')
        .select('q.attempt_id')
        .where('q.attempt_id', '!=', exceptId)
        .orderBy(bucket)
        .orderBy(sql`q.flags - q.cleared`, 'desc')
        .orderBy('q.flags', 'desc')
        .orderBy('q.submitted_at')
        .orderBy('q.attempt_id')
        .limit(1)
        .executeTakeFirst();
      return row ? String(row.attempt_id) : null;
    },

    /** The tests a reviewer may filter by: every test with an attempt, or a proctor's tests. */
    async testsOf(scope: ReviewScope): Promise<{ id: string; name: string }[]> {
      let query = db.selectFrom('tests').select(['tests.id', 'tests.name']);
      query =
        scope.kind === 'proctor'
          ? query.where('tests.id', 'in', db.selectFrom('proctor_tests').select('proctor_tests.test_id').where('proctor_tests.proctor_id', '=', scope.staffId))
          : query.where('tests.id', 'in', db.selectFrom('attempts').select('attempts.test_id'));
      return query.orderBy('tests.name').orderBy('tests.id').execute();
    },

    async isProctorOf(staffId: string, testId: string): Promise<boolean> {
      return (await db.selectFrom('proctor_tests').select('test_id').where('proctor_id', '=', staffId).where('test_id', '=', testId).executeTakeFirst()) !== undefined;
    },

    async attempt(attemptId: string): Promise<ReviewAttempt | undefined> {
      const row = await db
        .selectFrom('attempts as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .innerJoin('tests as t', 't.id', 'a.test_id')
        .select(['a.id', 'a.test_id', 't.name as test_name', 'a.user_id', 'u.name as student_name', 'u.reg_no', 'a.started_at', 'a.deadline_ms', 'a.submitted_at', 'a.submit_reason'])
        .where('a.id', '=', attemptId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        testId: row.test_id,
        testName: row.test_name,
        userId: row.user_id,
        studentName: row.student_name,
        regNo: row.reg_no,
        startedAt: num(row.started_at),
        deadlineMs: num(row.deadline_ms),
        submittedAt: numOrNull(row.submitted_at),
        submitReason: row.submit_reason,
      };
    },

    async snapshotsOf(attemptId: string) {
      const rows = await db.selectFrom('proctor_snapshots').select(['file_key', 'reason', 'source', 'created_at']).where('attempt_id', '=', attemptId).orderBy('created_at').orderBy('file_key').execute();
      return rows.map((row) => ({ fileKey: row.file_key, reason: row.reason, source: row.source, createdAt: num(row.created_at) }));
    },

    async commandsOf(attemptId: string) {
      const rows = await db.selectFrom('proctor_commands').selectAll().where('attempt_id', '=', attemptId).orderBy('sent_at').orderBy('id').execute();
      return rows.map((row) => ({ ...row, sent_at: num(row.sent_at), delivered_at: numOrNull(row.delivered_at), applied_at: numOrNull(row.applied_at), et: numOrNull(row.et) }));
    },

    async chatOf(testId: string, userId: string) {
      const rows = await db.selectFrom('chat_messages').selectAll().where('test_id', '=', testId).where('user_id', '=', userId).orderBy('sent_at').orderBy('id').execute();
      return rows.map((row) => ({ ...row, sent_at: num(row.sent_at) }));
    },

    /** Verdicts by event id, with the reviewer's name. */
    async verdictsOf(attemptId: string) {
      const rows = await db
        .selectFrom('flag_reviews as f')
        .leftJoin('staff_accounts as s', 's.id', 'f.reviewer_id')
        .select(['f.event_id', 'f.verdict', 'f.note', 'f.reviewed_at', 's.name as reviewer_name'])
        .where('f.attempt_id', '=', attemptId)
        .execute();
      return new Map(rows.map((row) => [row.event_id, { verdict: row.verdict as FlagVerdict, note: row.note, reviewerName: row.reviewer_name ?? null, reviewedAt: num(row.reviewed_at) }]));
    },

    async decisionOf(attemptId: string) {
      const row = await db
        .selectFrom('attempt_reviews as r')
        .leftJoin('staff_accounts as s', 's.id', 'r.reviewer_id')
        .select(['r.decision', 'r.reason', 'r.decided_at', 's.name as reviewer_name'])
        .where('r.attempt_id', '=', attemptId)
        .executeTakeFirst();
      return row ? { decision: row.decision as AttemptDecisionKind, reason: row.reason, decidedAt: num(row.decided_at), reviewerName: row.reviewer_name ?? null } : null;
    },

    async eventKind(attemptId: string, eventId: string): Promise<string | undefined> {
      return (await db.selectFrom('proctor_events').select('kind').where('attempt_id', '=', attemptId).where('event_id', '=', eventId).executeTakeFirst())?.kind;
    },

    async verdictOf(attemptId: string, eventId: string): Promise<{ verdict: FlagVerdict; note: string } | undefined> {
      const row = await db.selectFrom('flag_reviews').select(['verdict', 'note']).where('attempt_id', '=', attemptId).where('event_id', '=', eventId).executeTakeFirst();
      return row && { verdict: row.verdict as FlagVerdict, note: row.note };
    },

    async setVerdict(attemptId: string, eventId: string, verdict: FlagVerdict, note: string, reviewerId: string, at: number): Promise<void> {
      await db
        .insertInto('flag_reviews')
        .values({ attempt_id: attemptId, event_id: eventId, verdict, note, reviewer_id: reviewerId, reviewed_at: at })
        .onConflict((conflict) => conflict.columns(['attempt_id', 'event_id']).doUpdateSet({ verdict, note, reviewer_id: reviewerId, reviewed_at: at }))
        .execute();
    },

    /** Writes the decision and, in the same transaction, the student's notification; returns the notification's ids (to push once committed). */
    async setDecision(
      attemptId: string,
      decision: AttemptDecisionKind,
      reason: string,
      reviewerId: string,
      at: number,
      notification: { userId: string; title: string; content: string },
      /** The audit entry, written in the same transaction with the decision before (issue 30). */
      audit?: (trx: Kysely<Database>, before: { decision: AttemptDecisionKind; reason: string } | null) => Promise<void>,
    ): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('attempt_reviews').select(['decision', 'reason']).where('attempt_id', '=', attemptId).executeTakeFirst();
        await trx
          .insertInto('attempt_reviews')
          .values({ attempt_id: attemptId, decision, reason, reviewer_id: reviewerId, decided_at: at })
          .onConflict((conflict) => conflict.column('attempt_id').doUpdateSet({ decision, reason, reviewer_id: reviewerId, decided_at: at }))
          .execute();
        await audit?.(trx, before ? { decision: before.decision as AttemptDecisionKind, reason: before.reason } : null);
        // One notification addressed to the student, in the same transaction (its text escaped as HTML).
        return notifyStudents(trx, [notification.userId], { title: notification.title, content: notification.content }, at);
      });
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;

import type { InsertObject, Kysely, Selectable } from 'kysely';
import type { AnswerValue, QuestionUpdate, SubmitReason } from '@invigil/shared/api/attempt-sync';
import { answerValueSchema, submitReasonSchema } from '@invigil/shared/api/attempt-sync';
import type { Device, Result, TestType } from '@invigil/shared/api/tests';
import { resultSchema, reviewRuleSchema, testTypeSchema } from '@invigil/shared/api/tests';
import type { ReviewReleaseInput } from '@invigil/shared/domain/review-release';
import type { AnswersTable, AttemptsTable, Database } from '../../platform/db';
import { preparedQuery } from '../../platform/lib/prepared-query';
import { TEST_RECORD_COLUMNS, toTestRecord, visibleToUser } from './test-repository';
import type { TestRecord } from './test-repository';

export interface Extension {
  minutes: number;
  at: number;
}

export interface AttemptRecord {
  id: string;
  userId: string;
  testId: string;
  testVersion: number;
  startedAt: number;
  /** Start + duration + extensions. */
  deadlineMs: number;
  extensions: Extension[];
  submittedAt: number | null;
  submitReason: SubmitReason | null;
  late: boolean;
  lastQn: number;
  devices: Device[];
  mpCharged: number;
  remark: string | null;
  updatedAt: number;
  /** Set while a proctor has paused it: time does not run. */
  pausedAt: number | null;
}

export interface AnswerRecord {
  qn: number;
  late: boolean;
  rev: number;
  ua: AnswerValue;
  ats: number | null;
  mts: number | null;
  vts: number | null;
  s: number;
  r: string | null;
  clientAt: number | null;
  updatedAt: number;
}

/** A row of GET /test/myresults or of a ranking: a submitted attempt with its result. */
export interface SubmittedAttempt {
  attemptId: string;
  userId: string;
  userName: string;
  testId: string;
  testName: string;
  testType: TestType;
  chapters: string;
  startedAt: number;
  submittedAt: number;
  result: Result | null;
  /** The test's review release rule (decision 0051). */
  release: ReviewReleaseInput;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const toNumberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function parseResult(raw: string | null): Result | null {
  return resultSchema.safeParse(parseJson(raw)).data ?? null;
}

function toAttemptRecord(row: Omit<Selectable<AttemptsTable>, 'result'>): AttemptRecord {
  const extensions = parseJson(row.extensions);
  const devices = parseJson(row.devices);
  return {
    id: row.id,
    userId: row.user_id,
    testId: row.test_id,
    testVersion: Number(row.test_version),
    startedAt: Number(row.started_at),
    deadlineMs: Number(row.deadline_ms),
    extensions: Array.isArray(extensions) ? (extensions as Extension[]) : [],
    submittedAt: toNumberOrNull(row.submitted_at),
    submitReason: submitReasonSchema.safeParse(row.submit_reason).data ?? null,
    late: Number(row.late) === 1,
    lastQn: Number(row.last_qn),
    devices: Array.isArray(devices) ? (devices as Device[]) : [],
    mpCharged: Number(row.mp_charged),
    remark: row.remark,
    updatedAt: Number(row.updated_at),
    pausedAt: toNumberOrNull(row.paused_at),
  };
}

function toAnswerRecord(row: Selectable<AnswersTable>): AnswerRecord {
  return {
    qn: Number(row.qn),
    late: Number(row.late) === 1,
    rev: Number(row.rev),
    ua: answerValueSchema.safeParse(parseJson(row.ua)).data ?? null,
    ats: toNumberOrNull(row.ats),
    mts: toNumberOrNull(row.mts),
    vts: toNumberOrNull(row.vts),
    s: Number(row.s),
    r: row.r,
    clientAt: toNumberOrNull(row.client_at),
    updatedAt: Number(row.updated_at),
  };
}

const ATTEMPT_COLUMNS = [
  'attempts.id',
  'attempts.user_id',
  'attempts.test_id',
  'attempts.test_version',
  'attempts.started_at',
  'attempts.deadline_ms',
  'attempts.extensions',
  'attempts.submitted_at',
  'attempts.submit_reason',
  'attempts.late',
  'attempts.last_qn',
  'attempts.devices',
  'attempts.mp_charged',
  'attempts.remark',
  'attempts.updated_at',
  'attempts.paused_at',
] as const;

/** The attempt's columns renamed `a_*`, to sit next to a test's in one row. */
const ATTEMPT_COLUMNS_ALIASED = [
  'attempts.id as a_id',
  'attempts.user_id as a_user_id',
  'attempts.test_id as a_test_id',
  'attempts.test_version as a_test_version',
  'attempts.started_at as a_started_at',
  'attempts.deadline_ms as a_deadline_ms',
  'attempts.extensions as a_extensions',
  'attempts.submitted_at as a_submitted_at',
  'attempts.submit_reason as a_submit_reason',
  'attempts.late as a_late',
  'attempts.last_qn as a_last_qn',
  'attempts.devices as a_devices',
  'attempts.mp_charged as a_mp_charged',
  'attempts.remark as a_remark',
  'attempts.updated_at as a_updated_at',
  'attempts.paused_at as a_paused_at',
] as const;

type AliasedAttemptRow = { [K in keyof Omit<AttemptsTable, 'result'> as `a_${K}`]: AttemptsTable[K] | null };

/** The attempt of an `a_*` row, or undefined when the left join found none. */
function aliasedAttempt(row: AliasedAttemptRow): AttemptRecord | undefined {
  if (row.a_id === null) return undefined;
  return toAttemptRecord({
    id: row.a_id,
    user_id: row.a_user_id as string,
    test_id: row.a_test_id as string,
    test_version: row.a_test_version as number,
    started_at: row.a_started_at as number,
    deadline_ms: row.a_deadline_ms as number,
    extensions: row.a_extensions as string,
    submitted_at: row.a_submitted_at,
    submit_reason: row.a_submit_reason,
    late: row.a_late as 0 | 1,
    last_qn: row.a_last_qn as number,
    devices: row.a_devices as string,
    mp_charged: row.a_mp_charged as number,
    remark: row.a_remark,
    updated_at: row.a_updated_at as number,
    paused_at: row.a_paused_at,
  });
}

/** The test (if the student may see it) and the student's attempt at it, in one read. */
const visibleWithAttemptQuery = preparedQuery(['userId', 'testId'], (db: Kysely<Database>, p) =>
  db
    .selectFrom('tests')
    .leftJoin('attempts', (join) => join.onRef('attempts.test_id', '=', 'tests.id').on('attempts.user_id', '=', p.userId))
    .select(TEST_RECORD_COLUMNS)
    .select(ATTEMPT_COLUMNS_ALIASED)
    .where((eb) => visibleToUser(eb, p.userId))
    .where('tests.id', '=', p.testId),
);

/**
 * What a sync or submit needs, in one read: the test's question count and part-wise timing (if
 * the student may see it), the attempt, and the highest rev stored for it.
 */
const syncTargetQuery = preparedQuery(['userId', 'testId'], (db: Kysely<Database>, p) =>
  db
    .selectFrom('tests')
    .leftJoin('attempts', (join) => join.onRef('attempts.test_id', '=', 'tests.id').on('attempts.user_id', '=', p.userId))
    .select(['tests.id as t_id', 'tests.noq as t_noq', 'tests.version as t_version', 'tests.partwise_timing as t_partwise_timing'])
    .select(ATTEMPT_COLUMNS_ALIASED)
    .select((eb) => eb.selectFrom('answers').select((inner) => inner.fn.max('answers.rev').as('rev')).whereRef('answers.attempt_id', '=', 'attempts.id').as('max_rev'))
    .where((eb) => visibleToUser(eb, p.userId))
    .where('tests.id', '=', p.testId),
);

const findQuery = preparedQuery(['userId', 'testId'], (db: Kysely<Database>, p) =>
  db.selectFrom('attempts').select(ATTEMPT_COLUMNS).where('user_id', '=', p.userId).where('test_id', '=', p.testId),
);

/**
 * syncTargetQuery's read on PostgreSQL, taking the attempt's row lock for the rest of the
 * transaction in the same statement (a lock and then a read were two round trips on every sync
 * with answers). No row when the test is not visible or not started.
 */
const lockedSyncTargetQuery = preparedQuery(['userId', 'testId'], (db: Kysely<Database>, p) =>
  db
    .selectFrom('attempts')
    .innerJoin('tests', 'tests.id', 'attempts.test_id')
    .select(['tests.id as t_id', 'tests.noq as t_noq', 'tests.version as t_version', 'tests.partwise_timing as t_partwise_timing'])
    .select(ATTEMPT_COLUMNS_ALIASED)
    .select((eb) => eb.selectFrom('answers').select((inner) => inner.fn.max('answers.rev').as('rev')).whereRef('answers.attempt_id', '=', 'attempts.id').as('max_rev'))
    .where('attempts.user_id', '=', p.userId)
    .where('attempts.test_id', '=', p.testId)
    .where((eb) => visibleToUser(eb, p.userId))
    .forUpdate(['attempts']),
);

const answersOfQuery = preparedQuery(['attemptId'], (db: Kysely<Database>, p) =>
  db.selectFrom('answers').selectAll().where('attempt_id', '=', p.attemptId).orderBy('qn').orderBy('late'),
);

const setLastQnQuery = preparedQuery(['id', 'lastQn', 'now'], (db: Kysely<Database>, p) =>
  db.updateTable('attempts').set({ last_qn: p.lastQn, updated_at: p.now }).where('id', '=', p.id).where('submitted_at', 'is', null),
);

const insertAttemptQuery = preparedQuery(
  ['id', 'userId', 'testId', 'testVersion', 'startedAt', 'deadlineMs', 'devices', 'mpCharged'],
  (db: Kysely<Database>, p) =>
    db
      .insertInto('attempts')
      .values({
        id: p.id,
        user_id: p.userId,
        test_id: p.testId,
        test_version: p.testVersion,
        started_at: p.startedAt,
        deadline_ms: p.deadlineMs,
        extensions: '[]',
        submitted_at: null,
        submit_reason: null,
        late: 0,
        last_qn: 1,
        devices: p.devices,
        mp_charged: p.mpCharged,
        result: null,
        remark: null,
        updated_at: p.startedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'test_id']).doNothing()),
);

/**
 * Stores an answer unless the row for its question and lateness already has this rev or a
 * higher one: replays and stale updates change nothing. The same portable INSERT ... ON
 * CONFLICT DO UPDATE ... WHERE on SQLite and PostgreSQL.
 */
function upsertAnswerRows(db: Kysely<Database>, rows: InsertObject<Database, 'answers'> | InsertObject<Database, 'answers'>[]) {
  return db
    .insertInto('answers')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['attempt_id', 'qn', 'late'])
        .doUpdateSet((eb) => ({
          rev: eb.ref('excluded.rev'),
          ua: eb.ref('excluded.ua'),
          ats: eb.ref('excluded.ats'),
          mts: eb.ref('excluded.mts'),
          vts: eb.ref('excluded.vts'),
          s: eb.ref('excluded.s'),
          client_at: eb.ref('excluded.client_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .whereRef('answers.rev', '<', 'excluded.rev'),
    );
}

/** The usual sync: one changed question, one prepared statement. */
const upsertOneAnswerQuery = preparedQuery(
  ['attemptId', 'qn', 'late', 'rev', 'ua', 'ats', 'mts', 'vts', 's', 'clientAt', 'now'],
  (db: Kysely<Database>, p) =>
    upsertAnswerRows(db, {
      attempt_id: p.attemptId,
      qn: p.qn,
      late: p.late,
      rev: p.rev,
      ua: p.ua,
      ats: p.ats,
      mts: p.mts,
      vts: p.vts,
      s: p.s,
      r: null,
      client_at: p.clientAt,
      updated_at: p.now,
    }),
);

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

export interface NewAttempt {
  id: string;
  userId: string;
  testId: string;
  testVersion: number;
  startedAt: number;
  deadlineMs: number;
  devices: Device[];
  mpCharged: number;
}

/** The test and attempt of a sync or submit; see `syncTarget`. */
export interface SyncTarget {
  test: Pick<TestRecord, 'id' | 'noq' | 'version' | 'partwiseTiming'>;
  attempt: AttemptRecord | undefined;
  /** The highest rev stored for the attempt before this request's changes; 0 when none. */
  maxRev: number;
}

function toSyncTarget(row: AliasedAttemptRow & { t_id: string; t_noq: number; t_version: number; t_partwise_timing: number; max_rev: number | string | null }): SyncTarget {
  return {
    test: { id: row.t_id, noq: Number(row.t_noq), version: Number(row.t_version), partwiseTiming: Number(row.t_partwise_timing) === 1 },
    attempt: aliasedAttempt(row),
    maxRev: Number(row.max_rev ?? 0),
  };
}

export function createAttemptRepository(db: Kysely<Database>) {
  return {
    async find(userId: string, testId: string): Promise<AttemptRecord | undefined> {
      const row = (await findQuery(db, { userId, testId })).rows[0];
      return row && toAttemptRecord(row);
    },

    /** The test if the student may see it (else undefined), with their attempt if any: one read. */
    async findVisibleWithAttempt(userId: string, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord | undefined } | undefined> {
      const row = (await visibleWithAttemptQuery(db, { userId, testId })).rows[0];
      return row && { test: toTestRecord(row), attempt: aliasedAttempt(row) };
    },

    /**
     * For sync and submit, inside their transaction: the test (if visible), the attempt and its
     * highest stored rev, in one read. On PostgreSQL, call `lock` first.
     */
    async syncTarget(userId: string, testId: string): Promise<SyncTarget | undefined> {
      const row = (await syncTargetQuery(db, { userId, testId })).rows[0];
      return row && toSyncTarget(row);
    },

    /**
     * PostgreSQL, inside a transaction: `syncTarget` for a started attempt, its row locked until
     * the transaction ends; undefined when the test is not visible or not started.
     */
    async lockedSyncTarget(userId: string, testId: string): Promise<(SyncTarget & { attempt: AttemptRecord }) | undefined> {
      const row = (await lockedSyncTargetQuery(db, { userId, testId })).rows[0];
      const target = row && toSyncTarget(row);
      return target?.attempt ? { ...target, attempt: target.attempt } : undefined;
    },

    async findById(id: string): Promise<AttemptRecord | undefined> {
      const row = await db.selectFrom('attempts').select(ATTEMPT_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toAttemptRecord(row);
    },

    async resultOf(id: string): Promise<Result | null> {
      const row = await db.selectFrom('attempts').select('result').where('id', '=', id).executeTakeFirst();
      return parseResult(row?.result ?? null);
    },

    /** Every attempt of a student, by test id. */
    async byTestForUser(userId: string): Promise<Map<string, AttemptRecord>> {
      const rows = await db.selectFrom('attempts').select(ATTEMPT_COLUMNS).where('user_id', '=', userId).execute();
      return new Map(rows.map((row) => [row.test_id, toAttemptRecord(row)]));
    },

    /** Inserts unless the student already has an attempt at this test; true if inserted. */
    /** The attempt as stored, or undefined when the student already had one (two starts at once). */
    async insertIfAbsent(attempt: NewAttempt): Promise<AttemptRecord | undefined> {
      const result = await insertAttemptQuery(db, { ...attempt, devices: JSON.stringify(attempt.devices) });
      if (Number(result.numAffectedRows ?? 0) === 0) return undefined;
      // The columns insertAttemptQuery fixes, as toAttemptRecord would read them back.
      return { ...attempt, devices: [...attempt.devices], extensions: [], submittedAt: null, submitReason: null, late: false, lastQn: 1, remark: null, updatedAt: attempt.startedAt, pausedAt: null };
    },

    async setDevices(id: string, devices: readonly Device[], now: number): Promise<void> {
      await db.updateTable('attempts').set({ devices: JSON.stringify(devices), updated_at: now }).where('id', '=', id).execute();
    },

    async setLastQn(id: string, lastQn: number, now: number): Promise<void> {
      await setLastQnQuery(db, { id, lastQn, now });
    },

    /** Marks the attempt submitted unless it already is; true if this call submitted it. */
    async markSubmitted(id: string, submittedAt: number, reason: SubmitReason, late: boolean, lastQn?: number): Promise<boolean> {
      const result = await db
        .updateTable('attempts')
        .set({ submitted_at: submittedAt, submit_reason: reason, late: late ? 1 : 0, updated_at: submittedAt, ...(lastQn === undefined ? {} : { last_qn: lastQn }) })
        .where('id', '=', id)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setResult(id: string, result: Result): Promise<void> {
      await db.updateTable('attempts').set({ result: JSON.stringify(result) }).where('id', '=', id).execute();
    },

    /** Ids of unsubmitted attempts whose deadline is before `cutoff`, oldest deadline first. */
    async expiredIds(cutoff: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('attempts')
        .select('id')
        .where('submitted_at', 'is', null)
        // A paused attempt's time does not run: RESUME moves its deadline.
        .where('paused_at', 'is', null)
        .where('deadline_ms', '<', cutoff)
        .orderBy('deadline_ms')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Submitted attempts of a student with their test, latest submission first. */
    async submittedForUser(userId: string, offset: number, limit: number): Promise<SubmittedAttempt[]> {
      const rows = await db
        .selectFrom('attempts')
        .innerJoin('tests', 'tests.id', 'attempts.test_id')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .select(['attempts.id', 'attempts.user_id', 'users.name as user_name', 'attempts.test_id', 'tests.name as test_name', 'tests.type as test_type', 'tests.chapters', 'attempts.started_at', 'attempts.submitted_at', 'attempts.result', ...RELEASE_COLUMNS])
        .where('attempts.user_id', '=', userId)
        .where('attempts.submitted_at', 'is not', null)
        .orderBy('attempts.submitted_at', 'desc')
        .orderBy('attempts.id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map(toSubmitted);
    },

    /** Every submitted attempt of a test, with the student's name. */
    async submittedForTest(testId: string): Promise<SubmittedAttempt[]> {
      const rows = await db
        .selectFrom('attempts')
        .innerJoin('tests', 'tests.id', 'attempts.test_id')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .select(['attempts.id', 'attempts.user_id', 'users.name as user_name', 'attempts.test_id', 'tests.name as test_name', 'tests.type as test_type', 'tests.chapters', 'attempts.started_at', 'attempts.submitted_at', 'attempts.result', ...RELEASE_COLUMNS])
        .where('attempts.test_id', '=', testId)
        .where('attempts.submitted_at', 'is not', null)
        .execute();
      return rows.map(toSubmitted);
    },

    /**
     * The attempts of a test not submitted yet: the latest deadline among them and whether one is
     * paused (its clock stands still). The review of an 'after_end' test waits for them.
     */
    async unsubmittedOfTest(testId: string): Promise<{ latestDeadline: number | null; paused: boolean }> {
      const row = await db
        .selectFrom('attempts')
        .select((eb) => [eb.fn.max('deadline_ms').as('latest'), eb.fn.max('paused_at').as('paused')])
        .where('test_id', '=', testId)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return { latestDeadline: row?.latest == null ? null : Number(row.latest), paused: row?.paused != null };
    },

    async submittedIdsForTest(testId: string): Promise<string[]> {
      const rows = await db.selectFrom('attempts').select('id').where('test_id', '=', testId).where('submitted_at', 'is not', null).execute();
      return rows.map((row) => row.id);
    },

    // Answers

    async answersOf(attemptId: string): Promise<AnswerRecord[]> {
      const { rows } = await answersOfQuery(db, { attemptId });
      return rows.map(toAnswerRecord);
    },

    /** The highest revision stored for the attempt, on time or late; 0 when none. */
    async maxRev(attemptId: string): Promise<number> {
      const row = await db.selectFrom('answers').select((eb) => eb.fn.max('rev').as('rev')).where('attempt_id', '=', attemptId).executeTakeFirst();
      return Number(row?.rev ?? 0);
    },

    /** On-time revisions of some questions, by question number. */
    async onTimeRevs(attemptId: string, qns: readonly number[]): Promise<Map<number, number>> {
      const revs = new Map<number, number>();
      for (let i = 0; i < qns.length; i += CHUNK) {
        const rows = await db
          .selectFrom('answers')
          .select(['qn', 'rev'])
          .where('attempt_id', '=', attemptId)
          .where('late', '=', 0)
          .where('qn', 'in', qns.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) revs.set(Number(row.qn), Number(row.rev));
      }
      return revs;
    },

    /**
     * Stores question updates, each only if its rev is higher than the one stored for that
     * question and lateness: replays and stale updates change nothing. One statement per chunk,
     * the same INSERT ... ON CONFLICT DO UPDATE ... WHERE on SQLite and PostgreSQL.
     */
    async upsertAnswers(attemptId: string, updates: readonly QuestionUpdate[], late: boolean, now: number): Promise<void> {
      if (updates.length === 1) {
        const [update] = updates as [QuestionUpdate];
        const { qn, rev, ats, mts, vts, s } = update;
        await upsertOneAnswerQuery(db, { attemptId, qn, late: late ? 1 : 0, rev, ua: JSON.stringify(update.ua), ats, mts, vts, s, clientAt: update.at, now });
        return;
      }
      for (let i = 0; i < updates.length; i += CHUNK) {
        const rows = updates.slice(i, i + CHUNK).map((update) => ({
          attempt_id: attemptId,
          qn: update.qn,
          late: late ? (1 as const) : (0 as const),
          rev: update.rev,
          ua: JSON.stringify(update.ua),
          ats: update.ats,
          mts: update.mts,
          vts: update.vts,
          s: update.s,
          r: null,
          client_at: update.at,
          updated_at: now,
        }));
        await upsertAnswerRows(db, rows).execute();
      }
    },

    /** Replaces every answer of an attempt (import of past attempts). */
    async replaceAnswers(attemptId: string, answers: readonly (Omit<AnswerRecord, 'late' | 'clientAt'>)[]): Promise<void> {
      await db.deleteFrom('answers').where('attempt_id', '=', attemptId).execute();
      for (let i = 0; i < answers.length; i += CHUNK) {
        const rows = answers.slice(i, i + CHUNK).map((answer) => ({
          attempt_id: attemptId,
          qn: answer.qn,
          late: 0 as const,
          rev: answer.rev,
          ua: JSON.stringify(answer.ua),
          ats: answer.ats,
          mts: answer.mts,
          vts: answer.vts,
          s: answer.s,
          r: answer.r,
          client_at: null,
          updated_at: answer.updatedAt,
        }));
        if (rows.length > 0) await db.insertInto('answers').values(rows).execute();
      }
    },

    /** Writes a finished attempt from an import: inserted, or the existing one replaced. True if inserted. */
    async upsertImported(attempt: {
      id: string;
      userId: string;
      testId: string;
      testVersion: number;
      startedAt: number;
      deadlineMs: number;
      submittedAt: number;
      reason: SubmitReason;
      remark: string | null;
      lastQn: number;
    }): Promise<{ id: string; inserted: boolean }> {
      const existing = await db.selectFrom('attempts').select('id').where('user_id', '=', attempt.userId).where('test_id', '=', attempt.testId).executeTakeFirst();
      const values = {
        test_version: attempt.testVersion,
        started_at: attempt.startedAt,
        deadline_ms: attempt.deadlineMs,
        submitted_at: attempt.submittedAt,
        submit_reason: attempt.reason,
        late: 0 as const,
        last_qn: attempt.lastQn,
        remark: attempt.remark,
        updated_at: attempt.submittedAt,
      };
      if (existing) {
        await db.updateTable('attempts').set(values).where('id', '=', existing.id).execute();
        return { id: existing.id, inserted: false };
      }
      await db
        .insertInto('attempts')
        .values({ id: attempt.id, user_id: attempt.userId, test_id: attempt.testId, extensions: '[]', devices: '[]', mp_charged: 0, result: null, ...values })
        .execute();
      return { id: attempt.id, inserted: true };
    },
  };
}

/** The test's columns the review release rule reads (decision 0051). */
const RELEASE_COLUMNS = ['tests.ends_at', 'tests.duration_seconds', 'tests.review_rule', 'tests.review_released_at'] as const;

export function toReleaseInput(row: { ends_at: number | string | null; duration_seconds: number | string; review_rule: string | null; review_released_at: number | string | null }): ReviewReleaseInput {
  return {
    rule: reviewRuleSchema.safeParse(row.review_rule).data ?? null,
    endsAt: toNumberOrNull(row.ends_at),
    durationSeconds: Number(row.duration_seconds),
    releasedAt: toNumberOrNull(row.review_released_at),
  };
}

function toSubmitted(row: {
  id: string;
  user_id: string;
  user_name: string;
  test_id: string;
  test_name: string;
  test_type: string;
  chapters: string;
  started_at: number;
  submitted_at: number | null;
  result: string | null;
  ends_at: number | null;
  duration_seconds: number;
  review_rule: string | null;
  review_released_at: number | null;
}): SubmittedAttempt {
  return {
    attemptId: row.id,
    userId: row.user_id,
    userName: row.user_name,
    testId: row.test_id,
    testName: row.test_name,
    testType: testTypeSchema.safeParse(row.test_type).data ?? 'live',
    chapters: row.chapters,
    startedAt: Number(row.started_at),
    submittedAt: Number(row.submitted_at),
    result: parseResult(row.result),
    release: toReleaseInput(row),
  };
}

export type AttemptRepository = ReturnType<typeof createAttemptRepository>;

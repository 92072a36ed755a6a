import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { QuestionUpdate, SubmitRequest, SubmitResponse, SyncReply, SyncRequest } from '@invigil/shared/api/attempt-sync';
import { ALREADY_SUBMITTED_MESSAGE, ALREADY_SUBMITTED_TYPE } from '@invigil/shared/api/attempt-sync';
import type {
  AlreadySubmittedReply,
  AnswerSheetReply,
  RankingReply,
  StartReply,
  StartRequest,
  TestInReply,
  TestOutReply,
} from '@invigil/shared/api/tests';
import { TEST_MESSAGES } from '@invigil/shared/api/tests';
import { examDeadlineMs, isPastGrace, timeLeftSeconds } from '@invigil/shared/domain/exam-clock';
import { isPartChangeOnTime } from '@invigil/shared/domain/partwise-timing';
import { rankResults } from '@invigil/shared/domain/ranking';
import { API_PREFIX } from '@invigil/shared/api/http';
import type { Database, DatabaseKind } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { newObjectId } from '../../platform/lib/object-id';
import { verifyPassword } from '../../platform/lib/password';
import { createAttemptRepository } from './attempt-repository';
import { createGradeRepository, gradeMarks } from './grade-repository';
import type { AttemptRecord, AttemptRepository, SyncTarget } from './attempt-repository';
import { createTestRepository } from './test-repository';
import type { TestRecord } from './test-repository';
import { createMeritPoints } from '../auth/auth-module';
import type { UserRecord } from '../auth/auth-module';
import type { CachedPaper, PaperCache, SealedPaper } from './paper-cache';
import { createPartLayoutCache, partOfQuestion } from './part-layout';
import { computeResult, parseStoredKey } from './scoring';
import { applyGrades, reviewTestData, sealedPaperHandedOut, sealedPaperUrl, testData, testStatus, userData } from './test-views';
import { createReviewRelease, releaseInputOf, withheldUserData } from './review-release';
import type { UploadService } from './upload-service';
import { createAttemptDecisions, studentDecisionOf } from '../proctoring-review/proctoring-review-module';

export interface AttemptServiceDeps {
  db: Kysely<Database>;
  papers: PaperCache;
  clock: Clock;
  logger: Logger;
  dbKind: DatabaseKind;
  /** Changes arriving up to this long after the deadline are still on time. */
  graceMs: number;
  /** The attempt's uploaded files, listed in its replies. */
  uploads: Pick<UploadService, 'listsOf'>;
  /** Keys the opaque per-test tokens that stand for classmates in a ranking (decision 0051). */
  rankTokenSecret: string;
}

/** How long after a start the same start may come again on a test that cannot be resumed (isStartRetry). */
const START_RETRY_WINDOW_MS = 60_000;
const testNotFound = () => new AppError('not_found', TEST_MESSAGES.testNotFound);
const notStarted = () => new AppError('forbidden', TEST_MESSAGES.notStarted);
const notSubmitted = () => new AppError('forbidden', TEST_MESSAGES.notSubmitted);
const alreadySubmitted = (): AlreadySubmittedReply => ({ type: ALREADY_SUBMITTED_TYPE, message: ALREADY_SUBMITTED_MESSAGE });

export const paperUrl = (testId: string, version: number): string => `${API_PREFIX}/test/paper/${encodeURIComponent(testId)}/${version}`;
export const roomNo = (testId: string): string => `invigil-${testId}`;

/** The attempt's clock: stopped at the pause while a proctor has paused it (issue 12). */
const clockOf = (attempt: Pick<AttemptRecord, 'pausedAt'>, now: number): number => Math.min(attempt.pausedAt ?? now, now);
/** Said only when true: a proctor's PROCTOR_TERMINATE submitted the attempt. */
const terminatedReply = (attempt: Pick<AttemptRecord, 'submitReason'>): { terminated_by_proctor?: true } => (attempt.submitReason === 'PROCTOR_TERMINATE' ? { terminated_by_proctor: true } : {});
const pausedReply = (attempt: Pick<AttemptRecord, 'pausedAt' | 'submittedAt'>): { paused?: true } => (attempt.pausedAt !== null && attempt.submittedAt === null ? { paused: true } : {});

/** The highest rev among an attempt's answers, on time or late; 0 when none. */
const maxRevOf = (answers: readonly { rev: number }[]): number => answers.reduce((max, answer) => Math.max(max, answer.rev), 0);

/** Several updates of one question in a request: the highest rev stands for them all. */
function latestPerQuestion(updates: readonly QuestionUpdate[]): QuestionUpdate[] {
  const byQn = new Map<number, QuestionUpdate>();
  for (const update of updates) {
    const current = byQn.get(update.qn);
    if (!current || update.rev > current.rev) byQn.set(update.qn, update);
  }
  return [...byQn.values()];
}

/**
 * The attempt: start, in (paper + saved state), sync, submit, and the deadline sweeper; then
 * the answer sheet, test-out and ranking of a submitted attempt. The server's clock decides:
 * the deadline is start + duration (+ extensions), time left always comes from it, and changes
 * that arrive after the deadline's grace are kept but marked late and never scored. Under
 * part-wise timing the same holds per part: a change to a part that is not open (beyond the same
 * grace after it closed) is kept late, whatever the portal let through.
 */
export function createAttemptService(deps: AttemptServiceDeps) {
  const { db, dbKind, papers, clock, logger, graceMs, uploads, rankTokenSecret } = deps;
  const release = createReviewRelease({ db, graceMs });
  /** A classmate's row in a ranking: a token stable for this test, never their id or e-mail. */
  const rankToken = (testId: string, userId: string): string =>
    `r-${createHmac('sha256', rankTokenSecret).update(`rank|${testId}|${userId}`).digest('base64url').slice(0, 16)}`;
  const tests = createTestRepository(db);
  const attempts = createAttemptRepository(db);
  /** The proctoring review's decisions (issue 29): a void attempt has no score for its student, nor a rank. */
  const decisions = createAttemptDecisions(db);
  const grades = createGradeRepository(db);
  const partLayouts = createPartLayoutCache();

  /** The test if the student may see it (else 404), with their attempt if any: one read. */
  async function visibleTest(user: UserRecord, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord | undefined }> {
    const found = await attempts.findVisibleWithAttempt(user.id, testId);
    if (!found) throw testNotFound();
    return found;
  }

  async function paperOf(test: TestRecord): Promise<CachedPaper> {
    const paper = await papers.get(test.id, test.version);
    // Re-imported between reading the test and its paper: read both again.
    if (!paper) {
      const fresh = await tests.findById(test.id);
      const retry = fresh && (await papers.get(fresh.id, fresh.version));
      if (!retry) throw testNotFound();
      return retry;
    }
    return paper;
  }

  /**
   * Under part-wise timing, the questions of `updates` whose part was not open when they reached
   * the server (its clock, from the attempt's start): a part not yet open, or one closed for
   * longer than the grace the overall deadline gets. Read inside the caller's transaction.
   */
  async function closedPartQns(
    trx: Kysely<Database>,
    target: { test: Pick<TestRecord, 'id' | 'version' | 'partwiseTiming'>; attempt: AttemptRecord },
    updates: readonly QuestionUpdate[],
    now: number,
  ): Promise<Set<number>> {
    const closed = new Set<number>();
    const { test, attempt } = target;
    if (!test.partwiseTiming || updates.length === 0) return closed;
    const layout = await partLayouts.get(test.id, test.version, async () => {
      const stored = await createTestRepository(trx).paperOf(test.id);
      return stored?.version === test.version ? stored.paper : undefined;
    });
    if (!layout) return closed;
    for (const update of updates) {
      const part = partOfQuestion(layout, update.qn);
      if (part >= 0 && !isPartChangeOnTime(layout.schedule, part, now - attempt.startedAt, graceMs)) closed.add(update.qn);
    }
    return closed;
  }

  /**
   * Stores updates, on time or late, inside the attempt's transaction: all late when `late` (past
   * the deadline's grace, or submitted), else late only those of `closedQns` (their part was
   * closed), kept the same way and never scored. A late update for a question whose on-time state
   * already has that rev (a replay) is not stored again. Returns the acknowledged rev: the highest
   * rev stored for the attempt once these are in. Each update is either stored (its row now has
   * its rev) or meets a row whose rev is at least as high (a replay, a stale update, or a late
   * replay of the on-time rev), and `maxRevBefore` was read in this transaction, under the
   * attempt's lock: so the highest stored rev is the larger of `maxRevBefore` and the updates'
   * revs, without reading it again.
   */
  async function applyUpdates(
    repo: AttemptRepository,
    target: { test: Pick<TestRecord, 'noq'>; attempt: AttemptRecord; maxRev: number },
    updates: readonly QuestionUpdate[],
    late: boolean,
    now: number,
    closedQns: ReadonlySet<number> = new Set(),
  ): Promise<number> {
    const { test, attempt } = target;
    const outside = updates.find((update) => update.qn > test.noq);
    if (outside) {
      const message = `Question ${outside.qn} is not in this test.`;
      throw new AppError('unprocessable', message, { issues: [{ path: 'updates', message }] });
    }
    const latest = latestPerQuestion(updates);
    const onTimeUpdates = late ? [] : latest.filter((update) => !closedQns.has(update.qn));
    let lateUpdates = late ? latest : latest.filter((update) => closedQns.has(update.qn));
    if (lateUpdates.length > 0) {
      const onTime = await repo.onTimeRevs(attempt.id, lateUpdates.map((update) => update.qn));
      lateUpdates = lateUpdates.filter((update) => update.rev > (onTime.get(update.qn) ?? 0));
    }
    if (onTimeUpdates.length > 0) await repo.upsertAnswers(attempt.id, onTimeUpdates, false, now);
    if (lateUpdates.length > 0) await repo.upsertAnswers(attempt.id, lateUpdates, true, now);
    return [...onTimeUpdates, ...lateUpdates].reduce((max, update) => Math.max(max, update.rev), target.maxRev);
  }

  /** The reply's list of questions kept late because their part was closed, when there are any. */
  const closedPartReply = (closed: ReadonlySet<number>): { closed_part_qns?: number[] } =>
    closed.size > 0 ? { closed_part_qns: [...closed].sort((a, b) => a - b) } : {};

  /** Submits and scores inside a transaction; false when someone else submitted it first. */
  async function submitAttempt(
    trx: Kysely<Database>,
    test: Pick<TestRecord, 'id'>,
    attempt: AttemptRecord,
    reason: SubmitRequest['terminated'],
    late: boolean,
    now: number,
    lastQn?: number,
  ): Promise<boolean> {
    const repo = createAttemptRepository(trx);
    if (!(await repo.markSubmitted(attempt.id, now, reason, late, lastQn))) return false;
    const rawKey = await createTestRepository(trx).answerKeyOf(test.id);
    const key = parseStoredKey(rawKey ?? '{}');
    // Grades are normally imported after submission; read them anyway so no result ever ignores a stored grade.
    const graded = gradeMarks(await createGradeRepository(trx).gradesOf(attempt.id));
    const result = computeResult(key, await repo.answersOf(attempt.id), { startedAt: attempt.startedAt, deadlineMs: attempt.deadlineMs, submittedAt: now }, graded);
    await repo.setResult(attempt.id, result);
    return true;
  }

  /**
   * The test (404 unless visible), the student's attempt (403 unless started) and its highest
   * stored rev, read inside a transaction that then owns the attempt: on PostgreSQL the row is
   * locked by the read itself (SELECT ... FOR UPDATE), so a sync, a submit and the sweeper never
   * interleave; SQLite runs one transaction at a time anyway. One read when started.
   */
  async function lockedTarget(repo: AttemptRepository, userId: string, testId: string): Promise<SyncTarget & { attempt: AttemptRecord }> {
    if (dbKind === 'postgres') {
      const locked = await repo.lockedSyncTarget(userId, testId);
      if (locked) return locked;
    }
    // SQLite; or, on PostgreSQL, which error: the test is not visible (404) or not started (403).
    const target = await repo.syncTarget(userId, testId);
    if (!target) throw testNotFound();
    const { attempt } = target;
    if (!attempt) throw notStarted();
    if (dbKind !== 'postgres') return { ...target, attempt };
    // Started between the two reads: lock it now.
    const locked = await repo.lockedSyncTarget(userId, testId);
    if (!locked) throw notStarted();
    return locked;
  }

  async function submittedAttempt(user: UserRecord, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord & { submittedAt: number } }> {
    const { test, attempt } = await visibleTest(user, testId);
    if (!attempt) throw notStarted();
    if (attempt.submittedAt === null) throw notSubmitted();
    return { test, attempt: { ...attempt, submittedAt: attempt.submittedAt } };
  }

  /**
   * A start whose reply was lost (a network drop) is sent again by the page: on a test that cannot
   * be resumed, it would have locked the student out of an attempt whose clock runs. Within
   * START_RETRY_WINDOW_MS of the start, before any answer was stored, the same attempt is given
   * back: the page could not have left and come back with anything in that time.
   */
  async function isStartRetry(attempt: AttemptRecord, now: number): Promise<boolean> {
    if (now - attempt.startedAt > START_RETRY_WINDOW_MS) return false;
    return (await attempts.maxRev(attempt.id)) === 0;
  }

  /**
   * What GET /test/in gives for an unsubmitted attempt. An attempt this very start created has no
   * answers or uploads yet: two reads fewer in the exam's opening seconds (issue 14).
   */
  async function enteredReply(test: TestRecord, attempt: AttemptRecord, embedPaper: boolean, justStarted: boolean): Promise<TestInReply> {
    const now = clock.now();
    const [paper, answers, files] = await Promise.all([
      paperOf(test),
      justStarted ? [] : attempts.answersOf(attempt.id),
      justStarted ? { byQuestion: new Map(), overall: { iu: [], pu: [] } } : uploads.listsOf(attempt.id, now),
    ]);
    const ackedRev = maxRevOf(answers);
    const status = testStatus(test, attempt, now, graceMs);
    return {
      ...(embedPaper ? { testData: testData(paper.paper, status) } : {}),
      test: { _id: test.id, ...status },
      userData: userData(attempt, answers, null, ackedRev, now, files),
      instructions: test.instruction,
      testConfig: test.config,
      paper: { version: paper.version, url: paperUrl(test.id, paper.version), sealed_url: sealedPaperUrl(test.id, paper.version), key: paper.sealKey },
    };
  }

  /** GET /test/in for the student's attempt as stored (see `enter`). */
  async function enterAttempt(user: UserRecord, testId: string, embedPaper: boolean): Promise<TestInReply | AlreadySubmittedReply> {
    const { test, attempt } = await visibleTest(user, testId);
    if (!attempt) throw notStarted();
    if (attempt.submittedAt !== null) return alreadySubmitted();
    return enteredReply(test, attempt, embedPaper, false);
  }

  /** The start (see `start`), with the test and the attempt it created, if it created one. */
  async function beginAttempt(user: UserRecord, request: StartRequest): Promise<{ reply: StartReply | AlreadySubmittedReply; test?: TestRecord; created?: AttemptRecord }> {
    const now = clock.now();
    const { test, attempt: existing } = await visibleTest(user, request.id);
    const devices = request.devices ?? [];
    if (existing?.submittedAt != null) return { reply: alreadySubmitted() };
    if (existing) {
      if (!test.allowResume && !(await isStartRetry(existing, now))) throw new AppError('forbidden', TEST_MESSAGES.resumeNotAllowed);
      if (devices.length > 0) await attempts.setDevices(existing.id, devices, now);
      return { reply: { test_id: test.id, room_no: roomNo(test.id), error: null, resumed: true, deadline: existing.deadlineMs, meritpoints: user.meritpoints } };
    }

    if (test.activationAt !== null && now < test.activationAt) throw new AppError('forbidden', TEST_MESSAGES.notOpenYet);
    if (test.endsAt !== null && now >= test.endsAt) throw new AppError('forbidden', TEST_MESSAGES.ended);
    if (test.accessCodeHash !== null) {
      const code = request.access_code?.trim() ?? '';
      if (code === '') {
        throw new AppError('unprocessable', TEST_MESSAGES.accessCodeRequired, { issues: [{ path: 'access_code', message: TEST_MESSAGES.accessCodeRequired }] });
      }
      if (!(await verifyPassword(code, test.accessCodeHash))) {
        throw new AppError('unprocessable', TEST_MESSAGES.accessCodeWrong, { issues: [{ path: 'access_code', message: TEST_MESSAGES.accessCodeWrong }] });
      }
    }

    try {
      const outcome = await db.transaction().execute(async (trx) => {
        const repo = createAttemptRepository(trx);
        const deadlineMs = examDeadlineMs(now, test.durationSeconds / 60);
        const created = await repo.insertIfAbsent({
          id: newObjectId(now),
          userId: user.id,
          testId: test.id,
          testVersion: test.version,
          startedAt: now,
          deadlineMs,
          devices,
          mpCharged: test.mpCost,
        });
        const meritPoints = createMeritPoints(trx, logger);
        if (!created) {
          // Two starts at once: the other one created it.
          const other = await repo.find(user.id, test.id);
          return { resumed: true, deadline: other?.deadlineMs ?? deadlineMs, meritpoints: await meritPoints.balanceOf(user.id), created: undefined };
        }
        // A free test changes no balance: the one read with the sign-in check of this request.
        const balance = test.mpCost > 0 ? await meritPoints.deduct(user.id, test.mpCost) : user.meritpoints;
        if (balance === undefined) {
          const have = await meritPoints.balanceOf(user.id);
          throw new AppError('forbidden', TEST_MESSAGES.notEnoughMeritPoints(test.mpCost, have));
        }
        return { resumed: false, deadline: deadlineMs, meritpoints: balance, created };
      });
      // Warm the paper (parse and compress) while the portal waits the 0.5 s before /test/in.
      void papers.get(test.id, test.version).then((paper) => paper?.encoded()).catch(() => {});
      const { created, ...reply } = outcome;
      return { reply: { test_id: test.id, room_no: roomNo(test.id), error: null, ...reply }, test, ...(created ? { created } : {}) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error(`Could not start test ${test.id} for user ${user.id}:`, error);
      throw new AppError('internal', TEST_MESSAGES.startFailed);
    }
  }

  return {
    /**
     * POST /test/start. An unfinished attempt is resumed as it is (clock kept, nothing charged
     * again, no code asked again). A new one needs the test open, the access code if any and
     * enough merit points; it is created, and mp_cost taken, in one transaction.
     */
    async start(user: UserRecord, request: StartRequest): Promise<StartReply | AlreadySubmittedReply> {
      return (await beginAttempt(user, request)).reply;
    },

    /**
     * POST /test/start with `enter` (decision 0044): the start, then what GET /test/in gives. An
     * attempt this start created is entered as it was written: no second read of the test and the
     * attempt in the exam's opening seconds (issue 14).
     */
    async startAndEnter(user: UserRecord, request: StartRequest): Promise<{ started: StartReply | AlreadySubmittedReply; entered?: TestInReply | AlreadySubmittedReply }> {
      const { reply, test, created } = await beginAttempt(user, request);
      if ('type' in reply) return { started: reply };
      if (test && created) return { started: reply, entered: await enteredReply(test, created, false, true) };
      return { started: reply, entered: await enterAttempt(user, request.id, false) };
    },

    /**
     * GET /test/in/{id}: the paper (no keys) and the saved state, time left from the server's
     * clock. Type 100 once submitted.
     */
    enter: enterAttempt,

    /**
     * GET /test/sealed-paper/{id}/{version}: the sealed paper for a student the test is assigned to,
     * from SEALED_PAPER_LEAD_MS before it opens until it ends; its key comes only with the start.
     */
    async sealedPaperFor(user: UserRecord, testId: string, version: number): Promise<SealedPaper> {
      const { test } = await visibleTest(user, testId);
      if (version !== test.version) throw new AppError('not_found', 'This version of the paper is no longer served; reload the test.');
      if (!sealedPaperHandedOut(test, clock.now())) throw new AppError('forbidden', TEST_MESSAGES.sealedPaperNotYet);
      return (await paperOf(test)).sealed();
    },

    /** The cached paper for GET /test/paper/{id}/{version}: only once the student has started. */
    async paperFor(user: UserRecord, testId: string, version: number): Promise<CachedPaper> {
      const { test, attempt } = await visibleTest(user, testId);
      if (!attempt) throw notStarted();
      if (version !== test.version) throw new AppError('not_found', 'This version of the paper is no longer served; reload the test.');
      return paperOf(test);
    },

    /** POST /test/sync (attempt-sync.ts). */
    async sync(user: UserRecord, request: SyncRequest): Promise<SyncReply> {
      const now = clock.now();
      if (request.updates.length === 0) {
        // A ping: nothing to store, so one read answers it (no transaction, no lock), unless the
        // student moved to another question, which is written below like any sync.
        const target = await attempts.syncTarget(user.id, request.id);
        if (!target) throw testNotFound();
        const { test, attempt, maxRev } = target;
        if (!attempt) throw notStarted();
        const submitted = attempt.submittedAt !== null;
        const late = submitted || isPastGrace(attempt.deadlineMs, graceMs, clockOf(attempt, now));
        if (late || attempt.lastQn === Math.min(request.qn, test.noq)) {
          return { success: true, acked_rev: maxRev, time_left: submitted ? 0 : timeLeftSeconds(attempt.deadlineMs, clockOf(attempt, now)), late, submitted, ...terminatedReply(attempt), ...pausedReply(attempt) };
        }
      }
      return db.transaction().execute(async (trx): Promise<SyncReply> => {
        const repo = createAttemptRepository(trx);
        const target = await lockedTarget(repo, user.id, request.id);
        const { test, attempt } = target;
        const submitted = attempt.submittedAt !== null;
        const late = submitted || isPastGrace(attempt.deadlineMs, graceMs, clockOf(attempt, now));
        const closed = late ? new Set<number>() : await closedPartQns(trx, target, request.updates, now);
        const ackedRev = await applyUpdates(repo, target, request.updates, late, now, closed);
        if (!late && attempt.lastQn !== Math.min(request.qn, test.noq)) await repo.setLastQn(attempt.id, Math.min(request.qn, test.noq), now);
        return { success: true, acked_rev: ackedRev, time_left: submitted ? 0 : timeLeftSeconds(attempt.deadlineMs, clockOf(attempt, now)), late, submitted, ...closedPartReply(closed), ...terminatedReply(attempt), ...pausedReply(attempt) };
      });
    },

    /** POST /test/submit: the last updates, then submission and scoring, at most once. */
    async submit(user: UserRecord, request: SubmitRequest): Promise<SubmitResponse> {
      const now = clock.now();
      return db.transaction().execute(async (trx): Promise<SubmitResponse> => {
        const repo = createAttemptRepository(trx);
        const target = await lockedTarget(repo, user.id, request.id);
        const { test, attempt } = target;
        if (attempt.submittedAt !== null) {
          const acked = await applyUpdates(repo, target, request.updates, true, now);
          return { type: ALREADY_SUBMITTED_TYPE, message: ALREADY_SUBMITTED_MESSAGE, acked_rev: acked, ...terminatedReply(attempt) };
        }
        const late = isPastGrace(attempt.deadlineMs, graceMs, now);
        const closed = late ? new Set<number>() : await closedPartQns(trx, target, request.updates, now);
        const acked = await applyUpdates(repo, target, request.updates, late, now, closed);
        const lastQn = request.qn === undefined ? undefined : Math.min(request.qn, test.noq);
        // A proctor's terminate is submitted by the server before the command reaches the browser
        // (submitByServer), so a browser claiming it on a running attempt is the student's own submit.
        const reason = request.terminated === 'PROCTOR_TERMINATE' ? 'manual' : request.terminated;
        if (!(await submitAttempt(trx, test, attempt, reason, late, now, lastQn))) {
          return { type: ALREADY_SUBMITTED_TYPE, message: ALREADY_SUBMITTED_MESSAGE, acked_rev: acked };
        }
        return { success: true, message: TEST_MESSAGES.submitted, terminated: reason, acked_rev: acked, late, submitted_at: now, ...closedPartReply(closed) };
      });
    },

    /**
     * Submits, with reason TEST_TIME_OUT, every attempt whose deadline and grace have passed at
     * `now`, and scores it: the browser may be gone. Returns how many it submitted.
     */
    /**
     * Submits and scores one attempt on the server's own authority (a proctor's PROCTOR_TERMINATE):
     * the browser may be gone. False when it was already submitted.
     */
    async submitByServer(attemptId: string, reason: SubmitRequest['terminated'], now: number = clock.now()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (dbKind === 'postgres') await trx.selectFrom('attempts').select('id').where('id', '=', attemptId).forUpdate().execute();
        const attempt = await createAttemptRepository(trx).findById(attemptId);
        if (!attempt || attempt.submittedAt !== null) return false;
        const test = await createTestRepository(trx).findById(attempt.testId);
        if (!test) return false;
        return submitAttempt(trx, test, attempt, reason, isPastGrace(attempt.deadlineMs, graceMs, clockOf(attempt, now)), now);
      });
    },

    async sweepExpiredAttempts(now: number = clock.now()): Promise<number> {
      let submitted = 0;
      for (;;) {
        const ids = await attempts.expiredIds(now - graceMs, 100);
        if (ids.length === 0) break;
        for (const id of ids) {
          const done = await db.transaction().execute(async (trx) => {
            if (dbKind === 'postgres') await trx.selectFrom('attempts').select('id').where('id', '=', id).forUpdate().execute();
            const attempt = await createAttemptRepository(trx).findById(id);
            if (!attempt || attempt.submittedAt !== null) return false;
            const test = await createTestRepository(trx).findById(attempt.testId);
            if (!test) return false;
            return submitAttempt(trx, test, attempt, 'TEST_TIME_OUT', false, now);
          });
          if (done) submitted += 1;
        }
        if (ids.length < 100) break;
      }
      if (submitted > 0) logger.info(`Submitted ${submitted} attempt${submitted === 1 ? '' : 's'} at their deadline.`);
      return submitted;
    },

    /**
     * GET /test/out/{id}: after submission. Once the review is released (decision 0051): keys,
     * solutions (never for HIDE_TEST_REVIEW) and the result; before, only the student's own answers.
     */
    async out(user: UserRecord, testId: string): Promise<TestOutReply> {
      const now = clock.now();
      const { test, attempt } = await submittedAttempt(user, testId);
      const review = await release.statusOf(user, test.id, releaseInputOf(test), attempt.submittedAt, now);
      const status = testStatus(test, attempt, now, graceMs);
      const decision = studentDecisionOf((await decisions.decisionsOf([attempt.id])).get(attempt.id));
      if (!review.released) {
        const [paper, answers, ackedRev, files] = await Promise.all([paperOf(test), attempts.answersOf(attempt.id), attempts.maxRev(attempt.id), uploads.listsOf(attempt.id, now)]);
        return {
          testData: testData(paper.paper, status),
          userData: withheldUserData(userData(attempt, answers, null, ackedRev, now, files)),
          result: null,
          instructions: test.instruction,
          review,
          decision,
        };
      }
      const [paper, rawKey, answers, ackedRev, result, files] = await Promise.all([
        paperOf(test),
        tests.answerKeyOf(test.id),
        attempts.answersOf(attempt.id),
        attempts.maxRev(attempt.id),
        attempts.resultOf(attempt.id),
        uploads.listsOf(attempt.id, now),
      ]);
      const key = parseStoredKey(rawKey ?? '{}');
      const graded = await grades.gradesOf(attempt.id);
      const finalResult = result ?? computeResult(key, answers, attempt, gradeMarks(graded));
      const data = applyGrades(userData(attempt, answers, finalResult, ackedRev, now, files), graded);
      // A void attempt has no score: neither the result nor the marks and remarks are sent.
      const voided = decision?.decision === 'void';
      return {
        testData: review.hidden ? testData(paper.paper, status) : reviewTestData(paper.paper, key.questions, status),
        userData: voided ? withheldUserData(data) : data,
        result: voided ? null : finalResult,
        instructions: test.instruction,
        review,
        decision,
      };
    },

    /** GET /test/answer/{id}: what the student submitted, without keys; the result only once released. */
    async answerSheet(user: UserRecord, testId: string): Promise<AnswerSheetReply> {
      const now = clock.now();
      const { test, attempt } = await submittedAttempt(user, testId);
      const [paper, answers, ackedRev, result, files, review] = await Promise.all([
        paperOf(test),
        attempts.answersOf(attempt.id),
        attempts.maxRev(attempt.id),
        attempts.resultOf(attempt.id),
        uploads.listsOf(attempt.id, now),
        release.statusOf(user, test.id, releaseInputOf(test), attempt.submittedAt, now),
      ]);
      const [graded, decided] = await Promise.all([grades.gradesOf(attempt.id), decisions.decisionsOf([attempt.id])]);
      const data = applyGrades(userData(attempt, answers, result, ackedRev, now, files), graded);
      const voided = decided.get(attempt.id)?.decision === 'void';
      return {
        testData: testData(paper.paper, testStatus(test, attempt, now, graceMs)),
        userData: review.released && !voided ? data : withheldUserData(data),
        instructions: test.instruction,
        review,
      };
    },

    /** GET /test/out/{id}/ranking: live tests only, once the student has submitted. */
    async ranking(user: UserRecord, testId: string): Promise<RankingReply> {
      const { test, attempt } = await submittedAttempt(user, testId);
      const review = await release.statusOf(user, test.id, releaseInputOf(test), attempt.submittedAt, clock.now());
      const when = { released: review.released, reviewOpensAt: review.reviewOpensAt };
      if (test.type !== 'live') return { live: false, ranks: [], ...when };
      if (!review.released) return { live: true, ranks: [], ...when };
      const [rows, voided] = await Promise.all([attempts.submittedForTest(test.id), decisions.voidedIds(test.id)]);
      const ranks = rankResults(
        rows.flatMap((row) =>
          // A void attempt has no score, so no rank: the others close up.
          row.result && !voided.has(row.attemptId)
            ? [
                {
                  // The student's own id on their own row (the portal marks it "You"); a token otherwise.
                  user_id: row.userId === user.id ? user.id : rankToken(test.id, row.userId),
                  name: row.userName,
                  submittedAt: row.submittedAt,
                  result: {
                    scored: row.result.scored,
                    max_marks: row.result.max_marks,
                    percentage: row.result.percentage,
                    accuracy: row.result.accuracy,
                    time_spent: row.result.time_spent,
                  },
                },
              ]
            : [],
        ),
      );
      return { live: true, ranks, ...when };
    },
  };
}

export type AttemptService = ReturnType<typeof createAttemptService>;

import type { Kysely } from 'kysely';
import type {
  Marksheet,
  MarksheetListReply,
  MockTestsReply,
  MyResultsReply,
  QuestionReportRequest,
  ResultRow,
  ReviewStatus,
  TestGetReply,
  TestInstructionReply,
  TestListReply,
} from '@invigil/shared/api/tests';
import { MARKSHEETS_PAGE_SIZE, RESULTS_PAGE_SIZE, TEST_MESSAGES } from '@invigil/shared/api/tests';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import { sanitizeHtml } from '../../platform/lib/sanitize-html';
import { createAttemptRepository } from './attempt-repository';
import type { AttemptRecord, SubmittedAttempt } from './attempt-repository';
import { createMarksheetRepository } from './marksheet-repository';
import { createTestRepository } from './test-repository';
import type { TestRecord } from './test-repository';
import type { UserRecord } from '../auth/auth-module';
import type { PaperCache } from './paper-cache';
import { parseQuestionId } from './test-compiler';
import { listItem, sealedPaperHandedOut, sealedPaperUrl, testInfo, testStatus } from './test-views';
import { createReviewRelease, plainReviewStatus, releaseInputOf } from './review-release';
import { createAttemptDecisions, studentDecisionOf } from '../proctoring-review/proctoring-review-module';
import type { AttemptDecision } from '../proctoring-review/proctoring-review-module';

export interface TestServiceDeps {
  db: Kysely<Database>;
  papers: PaperCache;
  clock: Clock;
  graceMs: number;
}

function chaptersOf(raw: string): { name: string }[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map((name) => ({ name: String(name) })) : [];
  } catch {
    return [];
  }
}

/** A results row: the result only once the review is released (decision 0051). */
function resultRow(row: SubmittedAttempt, review: ReviewStatus, decided?: AttemptDecision): ResultRow[] {
  if (!row.result) return [];
  // The proctoring review's decision (issue 29): a void attempt has no score.
  const decision = studentDecisionOf(decided);
  return [
    {
      _id: row.testId,
      name: row.testName,
      test_created_at: row.startedAt,
      test_submitted_at: row.submittedAt,
      type: row.testType,
      chapters: chaptersOf(row.chapters),
      result: review.released && decision?.decision !== 'void' ? row.result : null,
      review,
      decision,
    },
  ];
}

/** Page numbers are 1-based; anything else reads as the first page. */
export function pageNumber(raw: string | undefined): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * What a student may read about tests before and after taking them (list, detail, instructions,
 * results), question reports and marksheets. A student only ever sees tests open to all or
 * assigned to them, and only their own attempts and marksheets.
 */
export function createTestService(deps: TestServiceDeps) {
  const { db, papers, clock, graceMs } = deps;
  const tests = createTestRepository(db);
  const attempts = createAttemptRepository(db);
  const decisions = createAttemptDecisions(db);
  const marksheets = createMarksheetRepository(db);
  const release = createReviewRelease({ db, graceMs });

  /** The test if the student may see it (else 404), with their attempt if any: one read. */
  async function visibleTest(user: UserRecord, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord | undefined }> {
    const found = await attempts.findVisibleWithAttempt(user.id, testId);
    if (!found) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    return found;
  }

  async function info(test: TestRecord, attempt: AttemptRecord | undefined) {
    const now = clock.now();
    const paper = await papers.get(test.id, test.version);
    if (!paper) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    return testInfo(test, paper.paper, testStatus(test, attempt, now, graceMs));
  }

  /** Open tests first, then upcoming (soonest first), then ended (latest first). */
  function scheduleOrder(a: TestListReply[number], b: TestListReply[number]): number {
    const group = (ms: number) => (ms === 0 ? 0 : ms > 0 ? 1 : 2);
    const byGroup = group(a.time_to_start) - group(b.time_to_start);
    if (byGroup !== 0) return byGroup;
    if (a.time_to_start > 0) return a.time_to_start - b.time_to_start;
    return b.time_to_start - a.time_to_start;
  }

  return {
    /** GET /test/list. */
    async list(user: UserRecord): Promise<TestListReply> {
      const now = clock.now();
      const [visible, mine] = await Promise.all([tests.listVisible(user.id), attempts.byTestForUser(user.id)]);
      return visible.map((test) => listItem(test, mine.get(test.id), now, graceMs, user)).sort(scheduleOrder);
    },

    /** GET /test/mock-tests: the list's tests grouped by series (mock_id), series by name, no series last. */
    async mockTests(user: UserRecord): Promise<MockTestsReply> {
      const now = clock.now();
      const [visible, mine] = await Promise.all([tests.listVisible(user.id), attempts.byTestForUser(user.id)]);
      const bySeries = new Map<string | null, TestListReply>();
      for (const test of visible) {
        const series = bySeries.get(test.mockId) ?? [];
        series.push(listItem(test, mine.get(test.id), now, graceMs, user));
        bySeries.set(test.mockId, series);
      }
      return [...bySeries.entries()]
        .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
        .map(([mock_id, items]) => ({ mock_id, tests: items.sort(scheduleOrder) }));
    },

    /** GET /test/attempted-list: tests the student started, latest first. */
    async attemptedList(user: UserRecord): Promise<TestListReply> {
      const now = clock.now();
      const [visible, mine] = await Promise.all([tests.listVisible(user.id), attempts.byTestForUser(user.id)]);
      return visible
        .filter((test) => mine.has(test.id))
        .map((test) => listItem(test, mine.get(test.id), now, graceMs, user))
        .sort((a, b) => (b.test_created_at ?? 0) - (a.test_created_at ?? 0));
    },

    /** GET /test/get/{id}: the test and the student's results on it. */
    async get(user: UserRecord, testId: string): Promise<TestGetReply> {
      const { test, attempt } = await visibleTest(user, testId);
      const test_ = await info(test, attempt);
      let results: ResultRow[] = [];
      if (attempt?.submittedAt != null) {
        const [result, review, decided] = await Promise.all([
          attempts.resultOf(attempt.id),
          release.statusOf(user, test.id, releaseInputOf(test), attempt.submittedAt, clock.now()),
          decisions.decisionsOf([attempt.id]),
        ]);
        const decision = studentDecisionOf(decided.get(attempt.id));
        if (result) {
          results = [
            {
              _id: test.id,
              name: test.name,
              test_created_at: attempt.startedAt,
              test_submitted_at: attempt.submittedAt,
              type: test.type,
              chapters: test.chapters.map((name) => ({ name })),
              result: review.released && decision?.decision !== 'void' ? result : null,
              review,
              decision,
            },
          ];
        }
      }
      return { test: test_, results };
    },

    /** GET /test/instruction/{id}. */
    async instruction(user: UserRecord, testId: string): Promise<TestInstructionReply> {
      const { test, attempt } = await visibleTest(user, testId);
      const test_ = await info(test, attempt);
      const sealed = !attempt && sealedPaperHandedOut(test, clock.now()) ? { sealed_paper: { version: test.version, url: sealedPaperUrl(test.id, test.version) } } : {};
      return { test: test_, instruction: test.instruction, chapters: test.chapters.map((name) => ({ name })), ...sealed };
    },

    /** GET /test/myresults?page. */
    async myResults(user: UserRecord, page: number): Promise<MyResultsReply> {
      const now = clock.now();
      const rows = await attempts.submittedForUser(user.id, (page - 1) * RESULTS_PAGE_SIZE, RESULTS_PAGE_SIZE);
      const [reviews, decided] = await Promise.all([Promise.all(rows.map((row) => release.statusOf(user, row.testId, row.release, row.submittedAt, now))), decisions.decisionsOf(rows.map((row) => row.attemptId))]);
      return rows.flatMap((row, index) => resultRow(row, reviews[index] ?? plainReviewStatus(user, row.release, row.submittedAt, now, graceMs), decided.get(row.attemptId)));
    },

    /** POST /question/report: a question of a test the student may see. */
    async report(user: UserRecord, request: QuestionReportRequest): Promise<void> {
      const ref = parseQuestionId(request.id);
      const test = ref && (await tests.findVisible(user.id, ref.testId));
      if (!ref || !test || ref.qn > test.noq) {
        throw new AppError('not_found', TEST_MESSAGES.questionNotFound);
      }
      const now = clock.now();
      await marksheets.addQuestionReport({ id: newObjectId(now), userId: user.id, testId: test.id, qn: ref.qn, text: request.text }, now);
    },

    /** GET /marksheets?page. */
    async marksheetList(user: UserRecord, page: number): Promise<MarksheetListReply> {
      const rows = await marksheets.listForUser(user.id, (page - 1) * MARKSHEETS_PAGE_SIZE, MARKSHEETS_PAGE_SIZE);
      return rows.map((row) => ({ _id: row.id, name: row.name, updated_at: row.updatedAt }));
    },

    /** GET /marksheets/{id}: sanitised again on the way out, whatever is stored. */
    async marksheet(user: UserRecord, id: string): Promise<Marksheet> {
      const found = await marksheets.findForUser(user.id, id);
      if (!found) throw new AppError('not_found', TEST_MESSAGES.marksheetNotFound);
      return { _id: found.id, name: found.name, updated_at: found.updatedAt, marksheet: sanitizeHtml(found.html) };
    },

  };
}

export type TestService = ReturnType<typeof createTestService>;

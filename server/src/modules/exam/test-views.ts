import type {
  ReviewQuestion,
  ReviewTestData,
  SavedQuestionState,
  TestData,
  TestInfo,
  TestListItem,
  TestPaper,
  UserData,
  Result,
} from '@invigil/shared/api/tests';
import { API_PREFIX } from '@invigil/shared/api/http';
import { SEALED_PAPER_LEAD_MS } from '@invigil/shared/domain/constants';
import { isPastGrace, timeLeftSeconds } from '@invigil/shared/domain/exam-clock';
import type { AnswerRecord, AttemptRecord } from './attempt-repository';
import type { GradeRecord } from './grade-repository';
import type { TestRecord } from './test-repository';
import type { UserRecord } from '../auth/auth-module';
import { plainReviewStatus, releaseInputOf } from './review-release';
import type { UploadLists } from './upload-service';
import type { AnswerKeyEntry } from './test-compiler';

/** Replies are shaped here, from records: one place that decides what a student sees. */

/** ms until the test opens; 0 while open; negative (ms since it ended, at least 1) once ended. */
export function timeToStart(test: TestRecord, now: number): number {
  if (test.activationAt !== null && now < test.activationAt) return test.activationAt - now;
  if (test.endsAt !== null && now >= test.endsAt) return Math.min(-1, test.endsAt - now);
  return 0;
}

/**
 * Whether the sealed paper is handed out now (decision 0046): from SEALED_PAPER_LEAD_MS before the
 * opening until the test ends. Without its key, which comes only with a start, it tells nothing.
 */
export function sealedPaperHandedOut(test: TestRecord, now: number): boolean {
  const ms = timeToStart(test, now);
  return ms >= 0 && ms <= SEALED_PAPER_LEAD_MS;
}

/** The sealed copy of a version, handed out before the start (decision 0046). */
export const sealedPaperUrl = (testId: string, version: number): string => `${API_PREFIX}/test/sealed-paper/${encodeURIComponent(testId)}/${version}`;

export function isResumeable(test: TestRecord, attempt: AttemptRecord | undefined, now: number, graceMs: number): boolean {
  // A paused attempt's clock stands still (issue 12).
  return attempt !== undefined && attempt.submittedAt === null && test.allowResume && !isPastGrace(attempt.deadlineMs, graceMs, Math.min(attempt.pausedAt ?? now, now));
}

export type TestStatus = Pick<
  TestData,
  'config' | 'mp_cost' | 'time_to_start' | 'activation_date' | 'ends_at' | 'access_code' | 'attempted' | 'resumeable' | 'SKIP_PREPARE'
>;

export function testStatus(test: TestRecord, attempt: AttemptRecord | undefined, now: number, graceMs: number): TestStatus {
  return {
    config: test.config,
    mp_cost: test.mpCost,
    time_to_start: timeToStart(test, now),
    activation_date: test.activationAt,
    ends_at: test.endsAt,
    access_code: test.accessCodeHash !== null,
    attempted: attempt !== undefined,
    resumeable: isResumeable(test, attempt, now, graceMs),
    SKIP_PREPARE: test.skipPrepare,
  };
}

export function listItem(test: TestRecord, attempt: AttemptRecord | undefined, now: number, graceMs: number, user: Pick<UserRecord, 'config'>): TestListItem {
  const status = testStatus(test, attempt, now, graceMs);
  return {
    _id: test.id,
    name: test.name,
    description: test.description,
    SKIP_PREPARE: status.SKIP_PREPARE,
    resumeable: status.resumeable,
    attempted: status.attempted,
    time_to_start: status.time_to_start,
    test_created_at: attempt?.startedAt ?? null,
    test_submitted_at: attempt?.submittedAt ?? null,
    type: test.type,
    mp_cost: test.mpCost,
    access_code: status.access_code,
    duration: test.durationSeconds / 60,
    activation_date: test.activationAt,
    ends_at: test.endsAt,
    // From the test alone: the result and review pages ask the server, which has the last word.
    review: attempt?.submittedAt != null ? plainReviewStatus(user, releaseInputOf(test), attempt.submittedAt, now, graceMs) : null,
  };
}

/** The test's structure and status, without a single question. */
export function testInfo(test: TestRecord, paper: TestPaper, status: TestStatus): TestInfo {
  const { parts, ...format } = paper.format;
  return {
    _id: test.id,
    name: paper.name,
    description: paper.description,
    type: paper.type,
    mock_id: paper.mock_id,
    format: {
      ...format,
      parts: parts.map(({ sections, ...part }) => ({ ...part, sections: sections.map(({ questions: _questions, ...section }) => section) })),
    },
    attachments: paper.attachments,
    ...status,
  };
}

export function testData(paper: TestPaper, status: TestStatus): TestData {
  return { ...paper, ...status };
}

/** The paper with each question's key and solution: only ever for a submitted attempt. */
export function reviewTestData(paper: TestPaper, key: readonly AnswerKeyEntry[], status: TestStatus): ReviewTestData {
  const byQn = new Map(key.map((entry) => [entry.qn, entry]));
  return {
    ...paper,
    ...status,
    format: {
      ...paper.format,
      parts: paper.format.parts.map((part) => ({
        ...part,
        sections: part.sections.map((section) => ({
          ...section,
          questions: section.questions.map(
            (question): ReviewQuestion => ({
              ...question,
              answer: byQn.get(question.qn)?.answer ?? null,
              solution: byQn.get(question.qn)?.solution ?? null,
              // A question dropped after the test (issue 29) says so in the review.
              ...((byQn.get(question.qn) as { dropped?: boolean } | undefined)?.dropped === true ? { dropped: true } : {}),
            }),
          ),
        })),
      })),
    },
  };
}

/**
 * Per question, the latest state the server holds (on time, or a later late change), with the
 * teacher's remark, which lives on the on-time row.
 */
export function savedStates(answers: readonly AnswerRecord[], uploads: UploadLists['byQuestion'] = new Map()): SavedQuestionState[] {
  const byQn = new Map<number, { onTime?: AnswerRecord; late?: AnswerRecord }>();
  for (const answer of answers) {
    const entry = byQn.get(answer.qn) ?? {};
    if (answer.late) entry.late = answer;
    else entry.onTime = answer;
    byQn.set(answer.qn, entry);
  }
  // A question may have files before its first answer change reaches the server.
  for (const qn of uploads.keys()) if (!byQn.has(qn)) byQn.set(qn, {});
  return [...byQn.entries()]
    .sort(([a], [b]) => a - b)
    .map(([qn, { onTime, late }]) => {
      const files = uploads.get(qn) ?? { iu: [], vu: [], au: [] };
      const row = late && (!onTime || late.rev > onTime.rev) ? late : (onTime ?? late);
      if (!row) return { qn, ua: null, ats: null, mts: null, vts: null, s: 0, ...files, r: null, rev: 0, late: false };
      return { qn, ua: row.ua, ats: row.ats, mts: row.mts, vts: row.vts, s: row.s, ...files, r: onTime?.r ?? null, rev: row.rev, late: row.late };
    });
}

export function userData(
  attempt: AttemptRecord,
  answers: readonly AnswerRecord[],
  result: Result | null,
  ackedRev: number,
  now: number,
  uploads?: UploadLists,
): UserData {
  return {
    _id: attempt.id,
    mock_id: attempt.testId,
    test_data: savedStates(answers, uploads?.byQuestion),
    timeLeft: attempt.submittedAt === null ? timeLeftSeconds(attempt.deadlineMs, Math.min(attempt.pausedAt ?? now, now)) : 0,
    last_qn: attempt.lastQn,
    iu: uploads?.overall.iu ?? [],
    pu: uploads?.overall.pu ?? [],
    remark: attempt.remark,
    result,
    test_created_at: attempt.startedAt,
    test_submitted_at: attempt.submittedAt,
    terminated: attempt.submitReason,
    deadline: attempt.deadlineMs,
    server_time: now,
    acked_rev: ackedRev,
  };
}

/**
 * A submitted attempt's states with the teachers' grades: `graded` marks, and the grade's remark
 * in place of an older one. A question graded without any answer the server holds (answered on
 * paper or in an uploaded sheet) gets a blank state, so its grade and remark still show.
 */
export function applyGrades(data: UserData, grades: readonly GradeRecord[]): UserData {
  if (grades.length === 0) return data;
  const byQn = new Map(grades.map((grade) => [grade.qn, grade]));
  const present = new Set(data.test_data.map((state) => state.qn));
  const blanks: AnswerRecord[] = grades
    .filter((grade) => !present.has(grade.qn))
    .map((grade) => ({ qn: grade.qn, late: false, rev: 0, ua: null, ats: null, mts: null, vts: null, s: 0, r: null, clientAt: null, updatedAt: grade.gradedAt }));
  const test_data = [...data.test_data, ...savedStates(blanks)]
    .sort((a, b) => a.qn - b.qn)
    .map((state) => {
      const grade = byQn.get(state.qn);
      return grade ? { ...state, graded: grade.marks, r: grade.remark ?? state.r } : state;
    });
  return { ...data, test_data };
}

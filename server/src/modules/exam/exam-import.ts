import type { Kysely } from 'kysely';
import type { ImportFile, ImportGrade, ImportSummary, ImportTest } from '@invigil/shared/api/test-import';
import { gradedStudentLabel, gradeMarksProblem } from '@invigil/shared/api/test-import';
import { isAnswered, normaliseAnswer } from '@invigil/shared/domain/answer-state';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/lib/logger';
import { newObjectId } from '../../platform/lib/object-id';
import { hashPassword, verifyPassword } from '../../platform/lib/password';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { sanitizeHtml } from '../../platform/lib/sanitize-html';
import { normaliseEmail, normaliseRegNo } from '../auth/auth-module';
import { createAttemptRepository } from './attempt-repository';
import type { AnswerRecord } from './attempt-repository';
import { createGradeRepository, gradeMarks } from './grade-repository';
import { createMarksheetRepository } from './marksheet-repository';
import { computeResult, parseStoredKey } from './scoring';
import type { StoredKey } from './scoring';
import { compileTest, serialisePaper } from './test-compiler';
import { createTestRepository } from './test-repository';
import type { TestRecord, TestRepository, TestRow } from './test-repository';

/**
 * The exam's sections of an import (shared/src/api/test-import.ts), inside the import's one
 * transaction: `checkExamReferences` finds the students, tests and attempts neither the file nor
 * the database holds (before any write); `writeExamSections` writes the tests (a changed paper is a
 * new version, a changed key scores the submitted attempts again), review releases, marksheets,
 * past attempts (scored now) and teachers' grades (the attempt scored again with them).
 */

/** scrypt cost of access-code hashes: every student checks one at an exam's start (see lib/password.ts). */
export const ACCESS_CODE_COST = 4_096;

const at = (date: string | null): number | null => (date === null ? null : Date.parse(date));

function partNames(test: ImportTest): string[] {
  return test.format.parts.map((part) => part.name);
}

async function loadKey(tests: TestRepository, testId: string): Promise<StoredKey> {
  const raw = await tests.answerKeyOf(testId);
  return raw ? parseStoredKey(raw) : { partNames: [], questions: [] };
}

/** The registration numbers the exam's sections name (by reg_no; graded students may be named by e-mail instead). */
export function examRegNos(file: ImportFile): string[] {
  return [
    ...file.tests.flatMap((test) => test.assigned_to),
    ...file.marksheets.map((marksheet) => marksheet.reg_no),
    ...file.attempts.map((attempt) => attempt.reg_no),
    ...file.grades.flatMap((test) => test.students.flatMap((student) => (student.reg_no === undefined ? [] : [student.reg_no]))),
  ];
}

/** The e-mails graded students are named by. */
export function examEmails(file: ImportFile): string[] {
  return file.grades.flatMap((test) => test.students.flatMap((student) => (student.email === undefined ? [] : [student.email])));
}

interface GradeTarget {
  testId: string;
  regNo: string;
  questions: ImportGrade[];
}

export interface ExamPlan {
  fileTests: Map<string, ImportTest>;
  storedTests: Map<string, TestRecord>;
  /** The grades to write, one entry per student and test. */
  gradeTargets: GradeTarget[];
}

export async function checkExamReferences(
  db: Kysely<Database>,
  file: ImportFile,
  knownRegNo: (regNo: string) => boolean,
  storedUserId: (regNo: string) => string | undefined,
  storedRegNoByEmail: (email: string) => string | undefined,
  issues: ReadableIssue[],
): Promise<ExamPlan> {
  const tests = createTestRepository(db);
  const attempts = createAttemptRepository(db);
  file.tests.forEach((test, index) =>
    test.assigned_to.forEach((regNo, j) => {
      if (!knownRegNo(regNo)) issues.push({ path: `tests.${index}.assigned_to.${j}`, message: `There is no student ${regNo}.` });
    }),
  );
  file.marksheets.forEach((marksheet, index) => {
    if (!knownRegNo(marksheet.reg_no)) issues.push({ path: `marksheets.${index}.reg_no`, message: `There is no student ${marksheet.reg_no}.` });
  });
  const fileTests = new Map(file.tests.map((test) => [test._id, test]));
  const storedTests = new Map<string, TestRecord>();
  for (const id of new Set([
    ...file.tests.map((test) => test._id),
    ...file.attempts.map((attempt) => attempt.test_id),
    ...file.grades.map((grade) => grade.test_id),
    ...file.review_releases.map((release) => release.test_id),
  ])) {
    const record = await tests.findById(id);
    if (record) storedTests.set(id, record);
  }
  file.attempts.forEach((attempt, index) => {
    if (!knownRegNo(attempt.reg_no)) issues.push({ path: `attempts.${index}.reg_no`, message: `There is no student ${attempt.reg_no}.` });
    const test = storedTests.get(attempt.test_id);
    if (!fileTests.has(attempt.test_id) && !test) {
      issues.push({ path: `attempts.${index}.test_id`, message: `There is no test ${attempt.test_id}.` });
    } else if (!fileTests.has(attempt.test_id) && test) {
      attempt.answers.forEach((answer, j) => {
        if (answer.qn > test.noq) issues.push({ path: `attempts.${index}.answers.${j}.qn`, message: `Test ${attempt.test_id} has ${test.noq} questions.` });
      });
    }
  });
  file.review_releases.forEach((release, index) => {
    if (!fileTests.has(release.test_id) && !storedTests.has(release.test_id)) issues.push({ path: `review_releases.${index}.test_id`, message: `There is no test ${release.test_id}.` });
  });
  return { fileTests, storedTests, gradeTargets: await checkGrades() };

  /**
   * Checks the grades against the database before any write: the test, the student (by reg_no
   * or e-mail, in the file or stored), a submitted attempt (stored, or a past attempt in this
   * file), and for a stored test the question numbers and marks against its stored key (a test
   * in the file was checked by the schema). Returns what to write, one entry per student.
   */
  async function checkGrades(): Promise<GradeTarget[]> {
    const targets: GradeTarget[] = [];
    const fileEmails = new Map(file.students.map((student) => [normaliseEmail(student.email), normaliseRegNo(student.reg_no)]));
    const fileAttempts = new Set(file.attempts.map((attempt) => `${attempt.test_id}|${normaliseRegNo(attempt.reg_no)}`));
    const regNoByEmail = (email: string): string | undefined => {
      const inFile = fileEmails.get(normaliseEmail(email));
      if (inFile) return inFile;
      const owner = storedRegNoByEmail(email);
      // A student whose e-mail this file changes is no longer found by the old one.
      if (!owner || file.students.some((student) => normaliseRegNo(student.reg_no) === owner)) return undefined;
      return owner;
    };
    for (const [index, testGrades] of file.grades.entries()) {
      const testId = testGrades.test_id;
      const storedTest = storedTests.get(testId);
      if (!fileTests.has(testId) && !storedTest) {
        issues.push({ path: `grades.${index}.test_id`, message: `There is no test ${testId}.` });
        continue;
      }
      const storedMarks = fileTests.has(testId) ? null : new Map((await loadKey(tests, testId)).questions.map((question) => [question.qn, question]));
      for (const [j, student] of testGrades.students.entries()) {
        const at = `grades.${index}.students.${j}`;
        const regNo = student.reg_no !== undefined ? (knownRegNo(student.reg_no) ? normaliseRegNo(student.reg_no) : undefined) : regNoByEmail(student.email ?? '');
        if (!regNo) {
          const field = student.reg_no !== undefined ? 'reg_no' : 'email';
          issues.push({ path: `${at}.${field}`, message: `There is no student ${gradedStudentLabel(student)}.` });
          continue;
        }
        if (storedMarks) {
          student.questions.forEach((grade, k) => {
            const question = storedMarks.get(grade.qn);
            if (!question) issues.push({ path: `${at}.questions.${k}.qn`, message: `Test ${testId} has ${storedTest?.noq ?? 0} questions.` });
            const problem = gradeMarksProblem(grade.marks, question, grade.qn, testId);
            if (problem) issues.push({ path: `${at}.questions.${k}.marks`, message: problem });
          });
        }
        // Grades belong to a submitted attempt: one imported in this file, or one stored.
        if (!fileAttempts.has(`${testId}|${regNo}`)) {
          const userId = storedUserId(regNo);
          const attempt = userId === undefined ? undefined : await attempts.find(userId, testId);
          if (!attempt || attempt.submittedAt === null) {
            issues.push({ path: at, message: `${gradedStudentLabel(student)} has no submitted attempt at test ${testId}${attempt ? ' yet' : ''}.` });
            continue;
          }
        }
        targets.push({ testId, regNo, questions: student.questions });
      }
    }
    return targets;
  }
}

export type ExamImportSummary = Pick<ImportSummary, 'tests' | 'marksheets' | 'attempts' | 'grades' | 'reviewReleases'>;

/** How the exam's sections are written beyond what the file says (the test editor's publication). */
export interface ExamWriteOptions {
  /**
   * Tests whose stored access code stays when the file gives none (`access_code: null`): the
   * editor never sees a stored code (only its hash), so it keeps it rather than clearing it.
   */
  keepAccessCode?: (testId: string) => boolean;
}

/** Writes the exam's sections (after the students, whose ids `userIdOf` gives). */
export async function writeExamSections(
  db: Kysely<Database>,
  file: ImportFile,
  plan: ExamPlan,
  userIdOf: (regNo: string) => string,
  now: number,
  logger: Logger,
  options: ExamWriteOptions = {},
): Promise<ExamImportSummary> {
  const tests = createTestRepository(db);
  const attempts = createAttemptRepository(db);
  const grades = createGradeRepository(db);
  const marksheets = createMarksheetRepository(db);
  const { fileTests, storedTests, gradeTargets } = plan;
  const summary: ExamImportSummary = {
    tests: { inserted: 0, updated: 0, newVersions: 0 },
    marksheets: { inserted: 0, updated: 0 },
    attempts: { inserted: 0, updated: 0 },
    grades: { inserted: 0, updated: 0 },
    reviewReleases: 0,
  };

  // Tests. Keys that changed mean the submitted attempts are scored again below.
  const rescore = new Map<string, StoredKey>();
  const keys = new Map<string, StoredKey>();
  for (const test of file.tests) {
    const compiled = compileTest(test);
    const existing = storedTests.get(test._id);
    const storedKey: StoredKey = { partNames: partNames(test), questions: compiled.key };
    const keyJson = JSON.stringify(storedKey);
    keys.set(test._id, storedKey);
    // A new test goes on from the last version of a deleted test with its id (migration 0021): versions never repeat.
    const version = existing ? (existing.paperHash === compiled.paperHash ? existing.version : existing.version + 1) : (await tests.retiredVersionOf(test._id)) + 1;
    let accessCodeHash: string | null = null;
    if (test.access_code !== null) {
      accessCodeHash =
        existing?.accessCodeHash && (await verifyPassword(test.access_code, existing.accessCodeHash))
          ? existing.accessCodeHash
          : await hashPassword(test.access_code, ACCESS_CODE_COST);
    } else if (options.keepAccessCode?.(test._id)) {
      accessCodeHash = existing?.accessCodeHash ?? null;
    }
    const row: TestRow = {
      id: test._id,
      name: test.name,
      description: test.description,
      type: test.type,
      mock_id: test.mock_id,
      instruction: test.instruction,
      chapters: JSON.stringify(test.chapters),
      config: JSON.stringify(test.config),
      paper: serialisePaper(compiled.paper, version),
      paper_hash: compiled.paperHash,
      version,
      answer_key: keyJson,
      duration_seconds: compiled.durationSeconds,
      activation_at: at(test.activation_date),
      ends_at: at(test.ends_at),
      access_code_hash: accessCodeHash,
      mp_cost: test.mp_cost,
      shuffle: test.format.sq,
      partwise_timing: test.format.partwise_timing ? 1 : 0,
      partwise_time_gap_seconds: Math.round(test.format.partwise_time_gap * 60),
      skip_prepare: test.skip_prepare ? 1 : 0,
      allow_resume: test.allow_resume ? 1 : 0,
      open_to_all: test.open_to_all ? 1 : 0,
      noq: compiled.noq,
      created_at: existing?.createdAt ?? now,
      updated_at: now,
      // Absent from the file: the stored rule and release time stay (decision 0051).
      review_rule: test.review === undefined ? (existing?.reviewRule ?? null) : test.review,
      review_released_at: test.review_released_at === undefined ? (existing?.reviewReleasedAt ?? null) : at(test.review_released_at),
    };
    if (existing) {
      const oldKey = await tests.answerKeyOf(test._id);
      await tests.update(row);
      summary.tests.updated += 1;
      if (version !== existing.version) summary.tests.newVersions += 1;
      if (oldKey !== keyJson) rescore.set(test._id, storedKey);
    } else {
      await tests.insert(row);
      summary.tests.inserted += 1;
    }
    await tests.replaceAssignments(test._id, [...new Set(test.assigned_to.map(userIdOf))]);
  }

  // The institute's review releases: the rule becomes 'manual', opening at the time given.
  for (const release of file.review_releases) {
    await tests.setReviewRelease(release.test_id, 'manual', at(release.released_at), now);
    summary.reviewReleases += 1;
  }

  // Marksheets.
  for (const marksheet of file.marksheets) {
    const inserted = await marksheets.upsert({ id: marksheet._id, userId: userIdOf(marksheet.reg_no), name: marksheet.name, html: sanitizeHtml(marksheet.html) }, now);
    if (inserted) summary.marksheets.inserted += 1;
    else summary.marksheets.updated += 1;
  }

  // Past attempts, scored now.
  const rescored = new Set<string>();
  for (const attempt of file.attempts) {
    const record = storedTests.get(attempt.test_id);
    const key = keys.get(attempt.test_id) ?? (await loadKey(tests, attempt.test_id));
    const fileTest = fileTests.get(attempt.test_id);
    const durationSeconds = fileTest ? Math.round(fileTest.format.duration * 60) : (record?.durationSeconds ?? 0);
    const version = fileTest ? ((await tests.findById(attempt.test_id))?.version ?? 1) : (record?.version ?? 1);
    const startedAt = Date.parse(attempt.started_at);
    const submittedAt = Date.parse(attempt.submitted_at);
    const deadlineMs = startedAt + durationSeconds * 1000;
    const { id, inserted } = await attempts.upsertImported({
      id: newObjectId(now),
      userId: userIdOf(attempt.reg_no),
      testId: attempt.test_id,
      testVersion: version,
      startedAt,
      deadlineMs,
      submittedAt,
      reason: attempt.terminated,
      remark: attempt.remark,
      lastQn: attempt.answers.at(-1)?.qn ?? 1,
    });
    const qtOf = new Map(key.questions.map((question) => [question.qn, question.qt]));
    const answers: Omit<AnswerRecord, 'late' | 'clientAt'>[] = attempt.answers.map((answer, index) => {
      const ua = normaliseAnswer(answer.ua);
      const qt = qtOf.get(answer.qn) ?? 3;
      return {
        qn: answer.qn,
        rev: index + 1,
        ua,
        ats: isAnswered(qt, ua, {}) ? submittedAt : null,
        mts: answer.marked ? startedAt : null,
        vts: startedAt,
        s: answer.s,
        r: answer.r,
        updatedAt: submittedAt,
      };
    });
    await attempts.replaceAnswers(id, answers);
    const result = computeResult(
      key,
      answers.map((answer) => ({ ...answer, late: false, clientAt: null })),
      { startedAt, deadlineMs, submittedAt },
      gradeMarks(await grades.gradesOf(id)),
    );
    await attempts.setResult(id, result);
    rescored.add(id);
    if (inserted) summary.attempts.inserted += 1;
    else summary.attempts.updated += 1;
  }

  // Teachers' grades: stored, then the attempt is scored again with them.
  for (const target of gradeTargets) {
    const attempt = await attempts.find(userIdOf(target.regNo), target.testId);
    if (!attempt || attempt.submittedAt === null) throw new Error(`No submitted attempt of ${target.regNo} at ${target.testId}`);
    const before = await grades.gradedQns(attempt.id);
    await grades.upsertGrades(attempt.id, target.questions.map((grade) => ({ qn: grade.qn, marks: grade.marks, remark: grade.r })), now);
    for (const grade of target.questions) {
      if (before.has(grade.qn)) summary.grades.updated += 1;
      else summary.grades.inserted += 1;
    }
    const key = keys.get(target.testId) ?? (await loadKey(tests, target.testId));
    const result = computeResult(key, await attempts.answersOf(attempt.id), { ...attempt, submittedAt: attempt.submittedAt }, gradeMarks(await grades.gradesOf(attempt.id)));
    await attempts.setResult(attempt.id, result);
    rescored.add(attempt.id);
  }

  for (const [testId, key] of rescore) {
    for (const attemptId of await attempts.submittedIdsForTest(testId)) {
      if (rescored.has(attemptId)) continue;
      const attempt = await attempts.findById(attemptId);
      if (!attempt || attempt.submittedAt === null) continue;
      const result = computeResult(key, await attempts.answersOf(attemptId), { ...attempt, submittedAt: attempt.submittedAt }, gradeMarks(await grades.gradesOf(attemptId)));
      await attempts.setResult(attemptId, result);
    }
    logger.info(`The key of test ${testId} changed: its submitted attempts were scored again.`);
  }

  return summary;
}

import type { Kysely } from 'kysely';
import type { ImportFile, ImportGrade, ImportSummary, ImportTest } from '@invigil/shared/api/test-import';
import { gradedStudentLabel, gradeMarksProblem, importFileSchema } from '@invigil/shared/api/test-import';
import { isAnswered, normaliseAnswer } from '@invigil/shared/domain/answer-state';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import type { Logger } from '../platform/lib/logger';
import { newObjectId } from '../platform/lib/object-id';
import { hashPassword, verifyPassword } from '../platform/lib/password';
import type { ReadableIssue } from '../platform/lib/readable-issues';
import { readableErrorMap, toReadableIssues } from '../platform/lib/readable-issues';
import { sanitizeHtml } from '../platform/lib/sanitize-html';
import { createAttemptRepository } from '../modules/exam/exam-module';
import type { AnswerRecord } from '../modules/exam/exam-module';
import { createGradeRepository, gradeMarks } from '../modules/exam/exam-module';
import { createMarksheetRepository } from '../modules/exam/exam-module';
import { createTestRepository } from '../modules/exam/exam-module';
import type { TestRecord, TestRow } from '../modules/exam/exam-module';
import { createStudentDirectory, normaliseEmail, normaliseRegNo } from '../modules/auth/auth-module';
import type { UserRecord } from '../modules/auth/auth-module';
import { computeResult, parseStoredKey } from '../modules/exam/exam-module';
import type { StoredKey } from '../modules/exam/exam-module';
import { emptyPortalSummary } from '@invigil/shared/api/portal-import';
import { checkPortalReferences, portalRegNos, writePortalSections } from '../modules/portal/portal-module';
import { emptyCertificateSummary } from '@invigil/shared/api/certificate-import';
import { certificateRegNos, checkCertificateReferences, writeCertificateSections } from '../modules/certificates/certificates-module';
import { emptyQuerySummary } from '@invigil/shared/api/query-import';
import { checkQueryReferences, queryRegNos, writeQuerySections } from '../modules/queries/queries-module';
import { checkStudyReferences, studyRegNos, writeStudySections } from '../modules/study/study-module';
import { emptyFeeSummary } from '@invigil/shared/api/fee-import';
import { checkFeeReferences, feeRegNos, writeFeeSections } from '../modules/fees/fees-module';
import { checkProctorReferences, writeProctorSections } from '../modules/live/live-module';
import { compileTest, serialisePaper } from '../modules/exam/exam-module';
import { initialPasswordChangedAt, passwordChangedAtFor } from '../modules/auth/auth-module';

/** scrypt cost of access-code hashes: every student checks one at an exam's start (see lib/password.ts). */
export const ACCESS_CODE_COST = 4_096;

/** The file did not fit: every problem, with the path of its field. Nothing was written. */
export class ImportError extends Error {
  constructor(readonly issues: ReadableIssue[]) {
    super(`The import file has ${issues.length} problem${issues.length === 1 ? '' : 's'}.`);
    this.name = 'ImportError';
  }
}

/** Validates raw JSON against the import format; throws ImportError with every issue. */
export function parseImportFile(json: unknown): ImportFile {
  const result = importFileSchema.safeParse(json, { error: readableErrorMap });
  if (!result.success) throw new ImportError(toReadableIssues(result.error.issues));
  return result.data;
}

const at = (date: string | null): number | null => (date === null ? null : Date.parse(date));

function partNames(test: ImportTest): string[] {
  return test.format.parts.map((part) => part.name);
}

/**
 * Loads students, tests (with keys and solutions), marksheets, past attempts, teachers' grades
 * and the portal's data (classes, schedules, notifications... see portal-import.ts) in ONE transaction: either all of the file is in, or (on any problem) none of it. Existing
 * records with the same registration number / id are updated; a test whose paper changed gets a
 * new version, and when its key changed its submitted attempts are scored again. Grades re-score
 * the attempts they belong to (rankings are computed from the stored results when read).
 */
export async function importData(db: Kysely<Database>, file: ImportFile, clock: Clock, logger: Logger): Promise<ImportSummary> {
  const now = clock.now();

  // Password hashing is slow on purpose: do it before the transaction, a few at a time.
  const known = new Map((await createStudentDirectory(db, logger).findByRegNos(file.students.map((s) => s.reg_no))).map((user) => [user.regNo, user]));
  const newHashes = new Map<string, string>();
  const withPasswords = file.students.filter((student) => student.password !== undefined);
  for (let i = 0; i < withPasswords.length; i += 8) {
    await Promise.all(
      withPasswords.slice(i, i + 8).map(async (student) => {
        const existing = known.get(normaliseRegNo(student.reg_no));
        const password = student.password ?? '';
        if (existing && (await verifyPassword(password, existing.passwordHash))) return;
        newHashes.set(normaliseRegNo(student.reg_no), await hashPassword(password));
      }),
    );
  }

  // Inside the caller's transaction if there is one (the CLI's --dry-run), else in a new one.
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    const users = createStudentDirectory(trx, logger);
    const tests = createTestRepository(trx);
    const attempts = createAttemptRepository(trx);
    const grades = createGradeRepository(trx);
    const marksheets = createMarksheetRepository(trx);
    const issues: ReadableIssue[] = [];
    const summary: ImportSummary = {
      students: { inserted: 0, updated: 0 },
      tests: { inserted: 0, updated: 0, newVersions: 0 },
      marksheets: { inserted: 0, updated: 0 },
      attempts: { inserted: 0, updated: 0 },
      grades: { inserted: 0, updated: 0 },
      reviewReleases: 0,
      portal: emptyPortalSummary(),
      certificates: emptyCertificateSummary(),
      queries: emptyQuerySummary(),
      study: { inserted: 0, updated: 0 },
      fees: emptyFeeSummary(),
      proctors: { inserted: 0, updated: 0 },
    };

    // References and conflicts with what is already stored, all checked before any write.
    const fileRegNos = new Set(file.students.map((student) => normaliseRegNo(student.reg_no)));
    const referenced = [
      ...file.tests.flatMap((test) => test.assigned_to),
      ...file.marksheets.map((marksheet) => marksheet.reg_no),
      ...file.attempts.map((attempt) => attempt.reg_no),
      ...file.students.map((student) => student.reg_no),
      ...file.grades.flatMap((test) => test.students.flatMap((student) => (student.reg_no === undefined ? [] : [student.reg_no]))),
      ...portalRegNos(file),
      ...certificateRegNos(file),
      ...queryRegNos(file),
      ...studyRegNos(file),
      ...feeRegNos(file),
    ];
    const stored = new Map((await users.findByRegNos(referenced)).map((user) => [user.regNo, user]));
    const gradedEmails = file.grades.flatMap((test) => test.students.flatMap((student) => (student.email === undefined ? [] : [student.email])));
    const byEmail = new Map((await users.findByEmails([...file.students.map((student) => student.email), ...gradedEmails])).map((user) => [user.email, user]));
    for (const user of byEmail.values()) if (!stored.has(user.regNo)) stored.set(user.regNo, user);
    const knownRegNo = (regNo: string) => fileRegNos.has(normaliseRegNo(regNo)) || stored.has(normaliseRegNo(regNo));

    file.students.forEach((student, index) => {
      const regNo = normaliseRegNo(student.reg_no);
      const existing = stored.get(regNo);
      if (!existing && student.password === undefined) {
        issues.push({ path: `students.${index}.password`, message: `Password is required for a new student (${student.reg_no}).` });
      }
      const owner = byEmail.get(normaliseEmail(student.email));
      if (owner && owner.regNo !== regNo && !fileRegNos.has(owner.regNo)) {
        issues.push({ path: `students.${index}.email`, message: `${student.email} already belongs to ${owner.regNo}.` });
      }
    });
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
    const gradeTargets = await checkGrades();
    const portalPlan = await checkPortalReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    const certificatePlan = await checkCertificateReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    const queryPlan = await checkQueryReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    const studyPlan = await checkStudyReferences(trx, file, knownRegNo, issues);
    const feePlan = await checkFeeReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    await checkProctorReferences(trx, file, new Set(fileTests.keys()), issues);
    if (issues.length > 0) throw new ImportError(issues);

    // Students.
    const userIds = new Map<string, string>([...stored.values()].map((user) => [user.regNo, user.id]));
    for (const student of file.students) {
      const regNo = normaliseRegNo(student.reg_no);
      const existing: UserRecord | undefined = stored.get(regNo);
      const hash = newHashes.get(regNo);
      if (existing) {
        await users.updateFromImport(existing.id, {
          email: student.email,
          name: student.name,
          phone: student.phone,
          verified: student.verified,
          ...(student.meritpoints === undefined ? {} : { meritpoints: student.meritpoints }),
          ...(student.config === undefined ? {} : { config: student.config }),
          ...(hash === undefined ? {} : { password: { hash, changedAt: passwordChangedAtFor(existing, now) } }),
        });
        summary.students.updated += 1;
      } else {
        const id = newObjectId(now);
        const inserted = await users.insertIfAbsent({
          id,
          regNo,
          email: student.email,
          name: student.name,
          phone: student.phone,
          passwordHash: hash ?? '',
          meritpoints: student.meritpoints ?? 0,
          avatar: null,
          config: student.config ?? {},
          verified: student.verified,
          passwordChangedAt: initialPasswordChangedAt(now),
          createdAt: now,
        });
        // An e-mail freed by another student later in the same file: refuse the whole file.
        if (!inserted) throw new ImportError([{ path: `students.${file.students.indexOf(student)}.email`, message: `${student.email} is taken.` }]);
        userIds.set(regNo, id);
        summary.students.inserted += 1;
      }
    }
    const userIdOf = (regNo: string): string => {
      const id = userIds.get(normaliseRegNo(regNo));
      if (!id) throw new Error(`No user id for ${regNo}`);
      return id;
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
      const version = existing ? (existing.paperHash === compiled.paperHash ? existing.version : existing.version + 1) : 1;
      let accessCodeHash: string | null = null;
      if (test.access_code !== null) {
        accessCodeHash =
          existing?.accessCodeHash && (await verifyPassword(test.access_code, existing.accessCodeHash))
            ? existing.accessCodeHash
            : await hashPassword(test.access_code, ACCESS_CODE_COST);
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
      const key = keys.get(attempt.test_id) ?? (await loadKey(attempt.test_id));
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
      const key = keys.get(target.testId) ?? (await loadKey(target.testId));
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

    // The portal's data: classes, schedules, notifications, attendance, notes, bookmarks...
    summary.portal = await writePortalSections(trx, file, portalPlan, userIdOf, now);
    summary.certificates = await writeCertificateSections(trx, file, certificatePlan, userIdOf, now);
    summary.queries = await writeQuerySections(trx, file, queryPlan, userIdOf, now);
    summary.study = await writeStudySections(trx, file, studyPlan, userIdOf, now);
    summary.fees = await writeFeeSections(trx, file, feePlan, userIdOf, now);
    summary.proctors = await writeProctorSections(trx, file, now);

    return summary;

    async function loadKey(testId: string): Promise<StoredKey> {
      const raw = await tests.answerKeyOf(testId);
      return raw ? parseStoredKey(raw) : { partNames: [], questions: [] };
    }

    /**
     * Checks the grades against the database before any write: the test, the student (by reg_no
     * or e-mail, in the file or stored), a submitted attempt (stored, or a past attempt in this
     * file), and for a stored test the question numbers and marks against its stored key (a test
     * in the file was checked by the schema). Returns what to write, one entry per student.
     */
    async function checkGrades(): Promise<{ testId: string; regNo: string; questions: ImportGrade[] }[]> {
      const targets: { testId: string; regNo: string; questions: ImportGrade[] }[] = [];
      const fileEmails = new Map(file.students.map((student) => [normaliseEmail(student.email), normaliseRegNo(student.reg_no)]));
      const fileAttempts = new Set(file.attempts.map((attempt) => `${attempt.test_id}|${normaliseRegNo(attempt.reg_no)}`));
      const regNoByEmail = (email: string): string | undefined => {
        const inFile = fileEmails.get(normaliseEmail(email));
        if (inFile) return inFile;
        const owner = byEmail.get(normaliseEmail(email));
        // A student whose e-mail this file changes is no longer found by the old one.
        if (!owner || file.students.some((student) => normaliseRegNo(student.reg_no) === owner.regNo)) return undefined;
        return owner.regNo;
      };
      for (const [index, testGrades] of file.grades.entries()) {
        const testId = testGrades.test_id;
        const storedTest = storedTests.get(testId);
        if (!fileTests.has(testId) && !storedTest) {
          issues.push({ path: `grades.${index}.test_id`, message: `There is no test ${testId}.` });
          continue;
        }
        const storedMarks = fileTests.has(testId) ? null : new Map((await loadKey(testId)).questions.map((question) => [question.qn, question]));
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
            const user = stored.get(regNo);
            const attempt = user && (await attempts.find(user.id, testId));
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
  });
}

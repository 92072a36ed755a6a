import type { Kysely } from 'kysely';
import type { ImportFile, ImportSummary } from '@invigil/shared/api/test-import';
import { importFileSchema } from '@invigil/shared/api/test-import';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import type { Logger } from '../platform/lib/logger';
import { newObjectId } from '../platform/lib/object-id';
import { hashPassword, verifyPassword } from '../platform/lib/password';
import type { ReadableIssue } from '../platform/lib/readable-issues';
import { readableErrorMap, toReadableIssues } from '../platform/lib/readable-issues';
import { checkExamReferences, createExamDirectory, examEmails, examRegNos, writeExamSections } from '../modules/exam/exam-module';
import { createStudentDirectory, normaliseEmail, normaliseRegNo } from '../modules/auth/auth-module';
import type { UserRecord } from '../modules/auth/auth-module';
import { emptyPortalSummary } from '@invigil/shared/api/portal-import';
import { checkPortalReferences, portalRegNos, writePortalSections } from '../modules/portal/portal-module';
import { emptyCertificateSummary } from '@invigil/shared/api/certificate-import';
import { certificateRegNos, checkCertificateReferences, writeCertificateSections } from '../modules/certificates/certificates-module';
import { emptyQuerySummary } from '@invigil/shared/api/query-import';
import { checkQueryReferences, queryRegNos, writeQuerySections } from '../modules/queries/queries-module';
import { checkStudyReferences, studyRegNos, writeStudySections } from '../modules/study/study-module';
import { emptyFeeSummary } from '@invigil/shared/api/fee-import';
import { checkFeeReferences, feeRegNos, writeFeeSections } from '../modules/fees/fees-module';
import { checkStaffImport, writeStaffImport } from '../modules/staff/staff-module';
import { initialPasswordChangedAt, passwordChangedAtFor } from '../modules/auth/auth-module';

/** The file did not fit: every problem, with the path of its field. Nothing was written. */
export class ImportError extends Error {
  constructor(readonly issues: ReadableIssue[]) {
    super(`The import file has ${issues.length} problem${issues.length === 1 ? '' : 's'}.`);
    this.name = 'ImportError';
  }
}

/** Told how a long import is going: students' passwords hashed, then students written (of `total`). */
export type ImportProgress = (step: 'passwords' | 'students', done: number, total: number) => void;

/** Validates raw JSON against the import format; throws ImportError with every issue. */
export function parseImportFile(json: unknown): ImportFile {
  const result = importFileSchema.safeParse(json, { error: readableErrorMap });
  if (!result.success) throw new ImportError(toReadableIssues(result.error.issues));
  return result.data;
}

/**
 * Loads students, tests (with keys and solutions), marksheets, past attempts, teachers' grades
 * and the portal's data (classes, schedules, notifications... see portal-import.ts) in ONE transaction: either all of the file is in, or (on any problem) none of it. Existing
 * records with the same registration number / id are updated; a test whose paper changed gets a
 * new version, and when its key changed its submitted attempts are scored again. Grades re-score
 * the attempts they belong to (rankings are computed from the stored results when read).
 */
export async function importData(db: Kysely<Database>, file: ImportFile, clock: Clock, logger: Logger, { onProgress }: { onProgress?: ImportProgress } = {}): Promise<ImportSummary> {
  const now = clock.now();

  // Password hashing is slow on purpose: do it before the transaction, a few at a time.
  const known = new Map((await createStudentDirectory(db, logger).findByRegNos(file.students.map((s) => s.reg_no))).map((user) => [user.regNo, user]));
  const newHashes = new Map<string, string>();
  const withPasswords = file.students.filter((student) => student.password !== undefined);
  if (withPasswords.length > 0) onProgress?.('passwords', 0, withPasswords.length);
  for (let i = 0; i < withPasswords.length; i += 8) {
    await Promise.all(
      withPasswords.slice(i, i + 8).map(async (student) => {
        const existing = known.get(normaliseRegNo(student.reg_no));
        const password = student.password ?? '';
        if (existing && (await verifyPassword(password, existing.passwordHash))) return;
        newHashes.set(normaliseRegNo(student.reg_no), await hashPassword(password));
      }),
    );
    onProgress?.('passwords', Math.min(i + 8, withPasswords.length), withPasswords.length);
  }

  // Inside the caller's transaction if there is one (the CLI's --dry-run), else in a new one.
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    const users = createStudentDirectory(trx, logger);
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
      ...file.students.map((student) => student.reg_no),
      ...examRegNos(file),
      ...portalRegNos(file),
      ...certificateRegNos(file),
      ...queryRegNos(file),
      ...studyRegNos(file),
      ...feeRegNos(file),
    ];
    const stored = new Map((await users.findByRegNos(referenced)).map((user) => [user.regNo, user]));
    const byEmail = new Map((await users.findByEmails([...file.students.map((student) => student.email), ...examEmails(file)])).map((user) => [user.email, user]));
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
    const examPlan = await checkExamReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, (email) => byEmail.get(normaliseEmail(email))?.regNo, issues);
    const portalPlan = await checkPortalReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    const certificatePlan = await checkCertificateReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    const queryPlan = await checkQueryReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    const studyPlan = await checkStudyReferences(trx, file, knownRegNo, issues);
    const feePlan = await checkFeeReferences(trx, file, knownRegNo, (regNo) => stored.get(normaliseRegNo(regNo))?.id, issues);
    await checkStaffImport(trx, file, new Set(examPlan.fileTests.keys()), (ids) => createExamDirectory(trx).storedTestIds(ids), issues);
    if (issues.length > 0) throw new ImportError(issues);

    // Students.
    const userIds = new Map<string, string>([...stored.values()].map((user) => [user.regNo, user.id]));
    for (const [index, student] of file.students.entries()) {
      if (index % 500 === 0) onProgress?.('students', index, file.students.length);
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
    if (file.students.length > 0) onProgress?.('students', file.students.length, file.students.length);
    const userIdOf = (regNo: string): string => {
      const id = userIds.get(normaliseRegNo(regNo));
      if (!id) throw new Error(`No user id for ${regNo}`);
      return id;
    };

    // Tests, review releases, marksheets, past attempts and teachers' grades (see exam-import.ts).
    Object.assign(summary, await writeExamSections(trx, file, examPlan, userIdOf, now, logger));

    // The portal's data: classes, schedules, notifications, attendance, notes, bookmarks...
    summary.portal = await writePortalSections(trx, file, portalPlan, userIdOf, now);
    summary.certificates = await writeCertificateSections(trx, file, certificatePlan, userIdOf, now);
    summary.queries = await writeQuerySections(trx, file, queryPlan, userIdOf, now);
    summary.study = await writeStudySections(trx, file, studyPlan, userIdOf, now);
    summary.fees = await writeFeeSections(trx, file, feePlan, userIdOf, now);
    summary.proctors = await writeStaffImport(trx, file, now);

    return summary;
  });
}

import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider, MigrationResult } from 'kysely';
import type { Database } from '../db';
import * as createUsers from './0001-create-users';
import * as createLoginFailures from './0002-create-login-failures';
import * as createTests from './0003-create-tests';
import * as createUploads from './0004-create-uploads';
import * as createGrades from './0005-create-grades';
import * as createProctorEvents from './0006-create-proctor-events';
import * as createEndedSessions from './0007-create-ended-sessions';
import * as createPortalRecords from './0008-create-portal-records';
import * as createStudyItems from './0009-create-study-items';
import * as createFeesAndPayments from './0010-create-fees-and-payments';
import * as createQueries from './0011-create-queries';
import * as createCertificates from './0012-create-certificates';
import * as createLiveProctoring from './0013-create-live-proctoring';
import * as createJobLocks from './0014-create-job-locks';
import * as addReviewRelease from './0015-add-review-release';
import * as paymentsRefundsAndChecks from './0016-payments-refunds-and-checks';
import * as createStaff from './0017-create-staff';
import * as studentsStatusAndSearch from './0018-students-status-and-search';
import * as createQuestionBank from './0019-create-question-bank';
import * as createTestDrafts from './0020-create-test-drafts';
import * as createRetiredTestVersions from './0021-create-retired-test-versions';
import * as createGrading from './0022-create-grading';
import * as createQuestionChanges from './0023-create-question-changes';
import * as createProctoringReview from './0024-create-proctoring-review';
import * as createAuditLog from './0025-create-audit-log';
import * as staffCommunications from './0026-staff-communications';
import * as staffTimetableAttendance from './0027-staff-timetable-attendance';
import * as staffFees from './0028-staff-fees';
import * as staffStudy from './0029-staff-study';

/**
 * Every migration, listed in code rather than found by globbing a folder: the server ships as
 * one bundled file. Names sort in the order they must run; never rename or edit a shipped one.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-create-users': createUsers,
  '0002-create-login-failures': createLoginFailures,
  '0003-create-tests': createTests,
  '0004-create-uploads': createUploads,
  '0005-create-grades': createGrades,
  '0006-create-proctor-events': createProctorEvents,
  '0007-create-ended-sessions': createEndedSessions,
  '0008-create-portal-records': createPortalRecords,
  '0009-create-study-items': createStudyItems,
  '0010-create-fees-and-payments': createFeesAndPayments,
  '0011-create-queries': createQueries,
  '0012-create-certificates': createCertificates,
  '0013-create-live-proctoring': createLiveProctoring,
  '0014-create-job-locks': createJobLocks,
  '0015-add-review-release': addReviewRelease,
  '0016-payments-refunds-and-checks': paymentsRefundsAndChecks,
  '0017-create-staff': createStaff,
  '0018-students-status-and-search': studentsStatusAndSearch,
  '0019-create-question-bank': createQuestionBank,
  '0020-create-test-drafts': createTestDrafts,
  '0021-create-retired-test-versions': createRetiredTestVersions,
  '0022-create-grading': createGrading,
  '0023-create-question-changes': createQuestionChanges,
  '0024-create-proctoring-review': createProctoringReview,
  '0025-create-audit-log': createAuditLog,
  '0026-staff-communications': staffCommunications,
  '0027-staff-timetable-attendance': staffTimetableAttendance,
  '0028-staff-fees': staffFees,
  '0029-staff-study': staffStudy,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** Brings the schema up to date; a no-op when it already is. Throws if a migration fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return results;
}

/** Names of the migrations not yet applied (the readiness check; a separate `npm run migrate` may not have run). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

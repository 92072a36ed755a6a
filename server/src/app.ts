import { Hono } from 'hono';
import { API_PREFIX } from '@invigil/shared/api/http';
import { ROSTER_LIMITS } from '@invigil/shared/api/student-roster';
import type { Config } from './platform/config';
import type { AppDatabase } from './platform/db';
import { answerErrors, apiBodyLimit, rootBodyLimit } from './platform/http/app-shell';
import { healthRoutes } from './platform/http/health-routes';
import type { ReadinessCheck } from './platform/http/health-routes';
import { portalRoutes } from './platform/http/portal-routes';
import { requestLog } from './platform/http/request-log';
import { securityHeaders } from './platform/http/security-headers';
import { createJobLocks, processOwner } from './platform/jobs/periodic-jobs';
import type { Clock } from './platform/lib/clock';
import type { Logger } from './platform/lib/logger';
import { consoleLogger, isStructured } from './platform/lib/logger';
import { blobRoutes, PUBLIC_BLOB_PREFIX } from './platform/storage/blob-routes';
import { UPLOAD_PUT_PREFIX } from './platform/storage/upload-store';
import { mountAuth } from './modules/auth/auth-module';
import type { OtpSender } from './modules/auth/auth-module';
import { mountCertificates, staffCertificateUploadLimit } from './modules/certificates/certificates-module';
import { createTestModule, mountExam } from './modules/exam/exam-module';
import type { TestModule } from './modules/exam/exam-module';
import { mountFees, RECEIPT_PUT_PREFIX } from './modules/fees/fees-module';
import type { PaymentModule } from './modules/fees/fees-module';
import { mountLive } from './modules/live/live-module';
import type { LiveHub, PresenceStore } from './modules/live/live-module';
import { createPushService, mountNotifications } from './modules/notifications/notifications-module';
import { AVATAR_PUT_PREFIX, mountPortal } from './modules/portal/portal-module';
import { createProctorTrail, isSnapshotPath, mountProctoring, SNAPSHOT_BODY_LIMIT_BYTES } from './modules/proctoring/proctoring-module';
import { mountQueries, QUERY_PUT_PREFIX } from './modules/queries/queries-module';
import { mountStudy, STUDY_PUT_PREFIX } from './modules/study/study-module';
import { mountStaff } from './modules/staff/staff-module';
import { BANK_IMPORT_BODY_LIMIT, isBankImportPath, mountQuestionBank } from './modules/question-bank/question-bank-module';
import { mountStudents, ROSTER_UPLOAD_PATH } from './modules/students/students-module';
import { mountTestEditor } from './modules/test-editor/test-editor-module';
import { mountGrading } from './modules/grading/grading-module';
import { mountResults } from './modules/results/results-module';
import { mountProctoringReview } from './modules/proctoring-review/proctoring-review-module';
import { auditStaffWrites, mountAudit, recordAudit } from './modules/audit/audit-module';
import { createClassDirectory } from './modules/portal/portal-module';
import { createExamDirectory } from './modules/exam/exam-module';

export { ERROR_MESSAGES } from './platform/http/app-shell';

export interface AppDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger?: Logger;
  /** Defaults to the file outbox in DATA_DIR. */
  otpSender?: OtpSender;
  /** The timed-test services; main.ts passes the ones its deadline sweeper uses. */
  tests?: TestModule;
  /** Online payments (gateway + service); main.ts passes the one it reconciles at start. */
  payments?: PaymentModule;
  /** The live channel's hub (in-process unless given; main.ts gives the Redis one with REDIS_URL). */
  liveHub?: LiveHub;
  /** Where the live channel's presence is kept (this process's memory unless given). */
  livePresence?: PresenceStore;
  /** Readiness checks beyond the database and its migrations (main.ts: Redis, S3, shutting down). */
  readiness?: Record<string, ReadinessCheck>;
  /** Raise every provisional student password left to full cost, in the background (main.ts; decision 0055). */
  strengthenPasswordsAtStart?: boolean;
}

/**
 * The whole HTTP application, without a socket: main.ts serves it, tests call `app.request()`.
 * The database must already be migrated. Each area of the product is a module (decision 0054).
 */
export function buildApp(deps: AppDeps) {
  const { db, config, clock } = deps;
  const logger = deps.logger ?? consoleLogger;
  const app = new Hono();
  const api = new Hono();
  const routes = { api, root: app };
  api.use(
    apiBodyLimit(config.bodyLimitBytes, { isSnapshotPath, limitBytes: SNAPSHOT_BODY_LIMIT_BYTES }, [
      // A roster of students (CSV or XLSX) is larger than any JSON body.
      { matches: (path) => path.startsWith(`${API_PREFIX}${ROSTER_UPLOAD_PATH}`), limitBytes: ROSTER_LIMITS.maxBytes + 64 * 1024 },
      // A question bank import (Moodle XML with its images, GIFT, a spreadsheet): up to 20 MB.
      { matches: isBankImportPath, limitBytes: BANK_IMPORT_BODY_LIMIT },
      // A delivered certificate's PDF (issue 30): up to 10 MB.
      staffCertificateUploadLimit,
    ]),
  );
  const tests = deps.tests ?? createTestModule({ db, config, clock, logger });
  const store = tests.uploadStore;
  // Sign-in first: its menu-page guard stands in front of every API route (decision 0003).
  const { auth, tokens, limiter, endedSessions } = mountAuth(routes, { db, config, clock, logger, otpSender: deps.otpSender, store });
  // Every staff write reaches the audit log (decision 0062): registered before any staff route.
  const auditWrites = auditStaffWrites({ db: db.kysely, clock, logger });
  api.use('/staff/*', auditWrites);
  api.use('/proctor/tests/*', auditWrites);
  api.route('/', healthRoutes({ db, version: config.version, clock, startedAt: clock.now(), logger, ...(deps.readiness ? { readiness: deps.readiness } : {}) }));
  // The live console hears of new flags as they are stored (the live service is built below).
  mountProctoring(routes, { db, config, clock, auth, store, onStored: (attempt, events) => live.publishFlags(attempt, events) });
  // The staff side: one sign-in for admins, teachers and proctors (issue 28).
  const classDirectory = createClassDirectory(db.kysely);
  const staff = mountStaff(routes, { db, config, clock, limiter, endedSessions, directory: { classes: classDirectory.classes, subjects: classDirectory.subjects, tests: createExamDirectory(db.kysely).listTestNames }, recordAudit });
  // The staff's students and classes, and the roster upload (issue 28).
  const students = mountStudents(routes, { db, clock, logger, staff, auth });
  if (deps.strengthenPasswordsAtStart) void students.strengthenPasswords();
  // The question bank: questions stored once, used by many tests; images in the public blob area.
  const bank = mountQuestionBank(routes, { db, clock, staff, blobs: tests.blobs, subjects: classDirectory.subjects });
  // The test editor: drafts, checked, previewed and published through the import's services (decision 0058).
  const testEditor = mountTestEditor(routes, { db, clock, logger, graceMs: config.graceSeconds * 1000, staff, bank, classes: classDirectory.classes, subjects: classDirectory.subjects });
  // After the test (issue 29): grading, results, and the proctoring review.
  mountGrading(routes, { db, clock, logger, staff, testEditor, tests });
  // One push service for what the staff side sends students (a re-key, a decision on an attempt, a notice...).
  const staffPush = createPushService({ db: db.kysely, config, logger });
  mountResults(routes, { db, clock, logger, staff, testEditor, tests, graceMs: config.graceSeconds * 1000, push: staffPush });
  mountProctoringReview(routes, { db, clock, logger, staff, testEditor, tests, trail: createProctorTrail(db.kysely), push: staffPush });
  // The audit log's reading, for admins.
  mountAudit(routes, { db, staff, timeZone: config.timeZone });
  const { live } = mountLive(routes, { db, config, clock, logger, auth, staff, attempts: tests.attempts, store, hub: deps.liveHub, presence: deps.livePresence });
  // Short leases across processes (job_locks) for checks and inserts that presses at once would race.
  const locks = createJobLocks(db.kysely, processOwner());

  // One structured line per request (LOG_REQUESTS; decision 0039), the proxy's request id kept.
  if (config.logRequests && isStructured(logger)) app.use(requestLog(logger));
  app.use(securityHeaders({ jitsiDomain: config.jitsiDomain, storageOrigin: tests.blobs.browserOrigin }));
  app.use(rootBodyLimit(config.bodyLimitBytes, [UPLOAD_PUT_PREFIX, AVATAR_PUT_PREFIX, STUDY_PUT_PREFIX, QUERY_PUT_PREFIX, RECEIPT_PUT_PREFIX]));
  mountExam(routes, { clock, auth, tests });
  mountPortal(routes, { db, config, clock, logger, auth, tokens, store, staff, push: staffPush });
  mountNotifications(routes, { db, config, clock, auth, staff, push: staffPush });
  mountStudy(routes, { db, clock, auth, store, staff, push: staffPush });
  mountQueries(routes, { db, config, clock, auth, store, locks, staff, push: staffPush });
  const { payments } = mountFees(routes, { db, config, clock, logger, auth, store, locks, payments: deps.payments, staff, push: staffPush });
  mountCertificates(routes, { db, config, clock, logger, auth, payments: payments.service, blobs: tests.blobs, staff, push: staffPush });
  app.route(API_PREFIX, api);
  app.get(`${PUBLIC_BLOB_PREFIX}/*`, blobRoutes(tests.blobs));
  app.get('*', portalRoutes(config.portalDist));
  answerErrors(app, logger);
  return app;
}

export type App = ReturnType<typeof buildApp>;

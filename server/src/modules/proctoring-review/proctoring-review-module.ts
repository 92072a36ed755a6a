import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { StaffModule } from '../staff/staff-module';
import type { TestEditorModule } from '../test-editor/test-editor-module';
import type { TestModule } from '../exam/exam-module';
import type { ProctorTrail } from '../proctoring/proctoring-module';
import type { PushService } from '../notifications/notifications-module';
import { reviewRoutes } from './review-routes';
import { createReviewService } from './review-service';

// Proctoring review (issue 29): the trail as a timeline, flag verdicts, attempt decisions, the queue.

export interface ProctoringReviewDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  testEditor: TestEditorModule;
  tests: TestModule;
  /** The proctoring module's trail of events (app.ts: createProctorTrail). */
  trail: ProctorTrail;
  /** The notifications' push service: a decision is pushed to the student as a re-key is. */
  push?: Pick<PushService, 'sendNotifications'> | null;
}

/** The proctoring review (decision 0061): admins every test, proctors the tests they proctor. */
export function mountProctoringReview({ api }: AppRoutes, { db, clock, staff, tests, trail, push = null }: ProctoringReviewDeps): void {
  const review = createReviewService({ db: db.kysely, clock, store: tests.uploadStore, trail, push });
  api.route('/', reviewRoutes({ staffAuth: staff.staffAuth, review }));
}

export { createAttemptDecisions, studentDecisionOf } from './attempt-decisions';
export type { AttemptDecision, AttemptDecisionKind, AttemptDecisions } from './attempt-decisions';

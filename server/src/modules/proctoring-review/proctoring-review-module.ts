import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { StaffModule } from '../staff/staff-module';
import type { TestEditorModule } from '../test-editor/test-editor-module';
import type { TestModule } from '../exam/exam-module';

// Proctoring review (issue 29): the trail as a timeline, flag verdicts, attempt decisions, the queue.

export interface ProctoringReviewDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  testEditor: TestEditorModule;
  tests: TestModule;
}

export function mountProctoringReview(_routes: AppRoutes, _deps: ProctoringReviewDeps): void {
  // Filled in by issue 29's proctoring review work.
}

export { createAttemptDecisions } from './attempt-decisions';
export type { AttemptDecision, AttemptDecisionKind, AttemptDecisions } from './attempt-decisions';

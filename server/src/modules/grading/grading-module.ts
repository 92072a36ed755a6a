import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { StaffModule } from '../staff/staff-module';
import type { TestEditorModule } from '../test-editor/test-editor-module';
import type { TestModule } from '../exam/exam-module';

// Grading (issue 29): the grading queue, rubrics, regrades and the question reports' queue.

export interface GradingDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  testEditor: TestEditorModule;
  tests: TestModule;
}

export function mountGrading(_routes: AppRoutes, _deps: GradingDeps): void {
  // Filled in by issue 29's grading work.
}

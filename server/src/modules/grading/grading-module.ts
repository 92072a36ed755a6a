import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { StaffModule } from '../staff/staff-module';
import type { TestEditorModule } from '../test-editor/test-editor-module';
import type { TestModule } from '../exam/exam-module';
import { createGradingRepository } from './grading-repository';
import { gradingRoutes } from './grading-routes';
import { createGradingService } from './grading-service';

// Grading (issue 29; decision 0059): the grading queue, rubrics, regrades and the question reports' queue.

export interface GradingDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  testEditor: TestEditorModule;
  tests: TestModule;
}

export function mountGrading({ api }: AppRoutes, { db, clock, logger, staff, testEditor, tests }: GradingDeps): void {
  const grading = createGradingService({ db, clock, logger, repo: createGradingRepository(db.kysely), editor: testEditor.editor, tests });
  api.route('/', gradingRoutes({ staffAuth: staff.staffAuth, grading, scopeOf: (record) => staff.scopeOf(record) }));
}

import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { StaffModule } from '../staff/staff-module';
import type { TestEditorModule } from '../test-editor/test-editor-module';
import type { TestModule } from '../exam/exam-module';

// Results (issue 29): results tables and exports, item analysis, re-key and drop, marksheets, review release.

export interface ResultsDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  testEditor: TestEditorModule;
  tests: TestModule;
}

export function mountResults(_routes: AppRoutes, _deps: ResultsDeps): void {
  // Filled in by issue 29's results work.
}

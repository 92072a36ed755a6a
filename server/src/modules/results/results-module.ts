import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { PushService } from '../notifications/notifications-module';
import type { StaffModule } from '../staff/staff-module';
import type { TestEditorModule } from '../test-editor/test-editor-module';
import type { TestModule } from '../exam/exam-module';
import { resultsRoutes } from './results-routes';
import { createResultsService } from './results-service';

/** The CSV writer (byte order mark; formula-like cells made safe), for other areas' exports (fees, issue 30). */
export { toCsv } from './results-export';

// Results (issue 29, decision 0060): results tables and exports, item analysis, re-key and drop,
// marksheets, review release. Under /api/staff/results and /api/staff/student-results.

export interface ResultsDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  testEditor: TestEditorModule;
  tests: TestModule;
  /** The deadline's grace (config.graceSeconds) in ms: the review's 'after_end' opening. */
  graceMs?: number;
  /** Pushes the notifications of a re-key (null: none). */
  push?: Pick<PushService, 'sendNotifications'> | null;
}

export function mountResults({ api }: AppRoutes, { db, clock, logger, staff, testEditor, graceMs = 0, push = null }: ResultsDeps): void {
  const results = createResultsService({ db, clock, logger, editor: testEditor.editor, graceMs, push });
  api.route('/', resultsRoutes({ staffAuth: staff.staffAuth, results, scopeOf: (record) => staff.scopeOf(record) }));
}

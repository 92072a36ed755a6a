import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import { UPLOAD_GET_PREFIX, UPLOAD_PUT_PREFIX } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import type { TestModule } from './test-module';
import { testRoutes } from './test-routes';
import { uploadGetHandler, uploadPutHandler, uploadRoutes } from './upload-routes';

// The exam module's public face (decision 0054): what others may use of it. The attempt and test
// repositories are still read directly by proctoring, live and the import (issue 27 leaves them).
export { createTestModule } from './test-module';
export type { TestModule } from './test-module';
export type { AttemptService } from './attempt-service';
export { unsealPaperJson } from './paper-seal';
export { createAttemptRepository } from './attempt-repository';
export type { AnswerRecord, AttemptRecord } from './attempt-repository';
export { createGradeRepository, gradeMarks } from './grade-repository';
export { createMarksheetRepository } from './marksheet-repository';
export { createTestRepository } from './test-repository';
export type { TestRecord, TestRow } from './test-repository';
export { computeResult, parseStoredKey } from './scoring';
export type { StoredKey } from './scoring';
export { compileTest, serialisePaper } from './test-compiler';
export { UPLOAD_ERRORS } from './upload-service';

export interface ExamDeps {
  clock: Clock;
  auth: AuthService;
  /** The timed-test services (made by createTestModule; main.ts passes the ones its deadline sweeper uses). */
  tests: TestModule;
}

/** Tests, attempts, papers, results, marksheets and review release (API), and answer-sheet uploads (signed PUT and GET). */
export function mountExam({ api, root }: AppRoutes, { clock, auth, tests }: ExamDeps): void {
  api.route('/', testRoutes({ auth, tests }));
  api.route('/', uploadRoutes({ auth, uploads: tests.uploads }));
  root.put(`${UPLOAD_PUT_PREFIX}/:file`, uploadPutHandler(tests.uploads));
  root.get(`${UPLOAD_GET_PREFIX}/:file`, uploadGetHandler(tests.uploadStore, clock));
}

import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import { UPLOAD_GET_PREFIX, UPLOAD_PUT_PREFIX } from '../../platform/storage/upload-store';
import type { AuthService } from '../auth/auth-module';
import type { TestModule } from './test-module';
import { testRoutes } from './test-routes';
import { uploadGetHandler, uploadPutHandler, uploadRoutes } from './upload-routes';

// The exam module's public face (decision 0054): what others may use of it. Proctoring and the live
// console read tests and attempts through the ExamDirectory; the import writes the exam's sections
// through exam-import.ts.
export { createTestModule } from './test-module';
export type { TestModule } from './test-module';
export type { AttemptService } from './attempt-service';
export { unsealPaperJson } from './paper-seal';
export type { AttemptRecord } from './attempt-repository';
export type { TestRecord } from './test-repository';
export { createExamDirectory } from './exam-directory';
export type { ExamDirectory } from './exam-directory';
export { checkExamReferences, examEmails, examRegNos, writeExamSections } from './exam-import';
export type { ExamImportSummary, ExamPlan, ExamWriteOptions } from './exam-import';
// The staff's test editor (decision 0058): a stored test as it opens it, attempt counts, the
// publication of one test through the import's services, and the paper as students would get it.
export { attemptCounts, deleteUnstartedTest, firstVersionOf, publishedTestFacts, publishImportTest, storedTestSource } from './exam-editor';
export type { PublishedTestFacts, PublishResult, StoredTestSource } from './exam-editor';
export { compileTest } from './test-compiler';
export { rescoreAttempts } from './attempt-rescore';
// Grading (issue 29): grades with who gave them and their history, and the stored key.
export { attemptGrades, parseRubricItems, sameGrade, storeGrades } from './grade-repository';
export type { GradeInput, GradeRecord } from './grade-repository';
export { parseStoredKey } from './scoring';
export { producedMarksheets } from './marksheet-repository';
export type { AnswerKeyEntry, CompiledTest } from './test-compiler';
export type { StoredKey } from './scoring';
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

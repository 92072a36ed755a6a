import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen-props';

export interface StaffRoute {
  path: string;
  /** The page title (and the screen's heading). */
  title: string;
  screen: ComponentType<ScreenProps>;
}

const QuestionEditor = lazy(() => import('../staff-bank/question-editor-page'));

/**
 * The staff side's pages (issue 28). They live here, in the staff chunk, not in the portal's route
 * table: the student's entry carries one '/staff/*?' route for all of them, so no student route's
 * JavaScript grows as the staff side does. More specific paths first.
 */
export const STAFF_ROUTES: readonly StaffRoute[] = [
  { path: '/staff/login', title: 'Staff Login', screen: lazy(() => import('../staff-auth/staff-login-page')) },
  { path: '/staff', title: 'Staff Home', screen: lazy(() => import('../staff-home/staff-home-page')) },
  { path: '/staff/accounts', title: 'Staff', screen: lazy(() => import('../staff-accounts/staff-accounts-page')) },
  { path: '/staff/students', title: 'Students', screen: lazy(() => import('../staff-students/staff-students-page')) },
  // Before /staff/students/:id, which would take it.
  { path: '/staff/students/upload', title: 'Upload students', screen: lazy(() => import('../staff-students/staff-upload-page')) },
  { path: '/staff/students/:id', title: 'Student', screen: lazy(() => import('../staff-students/staff-student-page')) },
  { path: '/staff/classes', title: 'Classes', screen: lazy(() => import('../staff-classes/staff-classes-page')) },
  // The question bank (admin, teacher): list, import, and the question editor with its preview.
  { path: '/staff/bank', title: 'Question bank', screen: lazy(() => import('../staff-bank/bank-page')) },
  { path: '/staff/bank/import', title: 'Import questions', screen: lazy(() => import('../staff-bank/import-page')) },
  { path: '/staff/bank/new', title: 'Question', screen: QuestionEditor },
  { path: '/staff/bank/:id', title: 'Question', screen: QuestionEditor },
  // The test editor's Preview as a student (before /staff/tests/:id, which would take it).
  { path: '/staff/tests/:id/preview', title: 'Preview as a student', screen: lazy(() => import('../staff-test-preview/staff-test-preview-page')) },
  // Tests (admin, teacher): the list, a new draft (before :id, which would take it), and the editor.
  { path: '/staff/tests', title: 'Tests', screen: lazy(() => import('../staff-tests/tests-page')) },
  { path: '/staff/tests/new', title: 'New test', screen: lazy(() => import('../staff-tests/new-test-page')) },
  { path: '/staff/tests/:id', title: 'Test', screen: lazy(() => import('../staff-tests/test-editor-page')) },
  // Grading (admin, teacher): tests with answers to grade, the question reports, one test's queue.
  { path: '/staff/grading', title: 'Grading', screen: lazy(() => import('../staff-grading/grading-page')) },
  { path: '/staff/grading/reports', title: 'Question reports', screen: lazy(() => import('../staff-grading/question-reports-page')) },
  // An assignment's or home work's submissions, graded in the same screen as answers (issue 30; before :testId).
  { path: '/staff/grading/assignments/:id', title: 'Grade submissions', screen: lazy(() => import('../staff-grading/grade-submissions-page')) },
  { path: '/staff/grading/:testId', title: 'Grade answers', screen: lazy(() => import('../staff-grading/grading-queue-page')) },
  // Results (admin, teacher): tests, one student's tests (before :testId), one test's results.
  { path: '/staff/results', title: 'Results', screen: lazy(() => import('../staff-results/results-page')) },
  { path: '/staff/results/students/:id', title: 'Student results', screen: lazy(() => import('../staff-results/student-results-page')) },
  { path: '/staff/results/:testId', title: 'Test results', screen: lazy(() => import('../staff-results/test-results-page')) },
  // Proctoring review (admin, proctor): the queue of attempts, one attempt's trail and decision.
  { path: '/staff/review', title: 'Proctoring review', screen: lazy(() => import('../staff-review/review-queue-page')) },
  { path: '/staff/review/:attemptId', title: 'Attempt review', screen: lazy(() => import('../staff-review/attempt-review-page')) },
  // Issue 30, the everyday institute. Timetable and attendance (admin, teacher: their classes).
  { path: '/staff/timetable', title: 'Timetable', screen: lazy(() => import('../staff-timetable/timetable-page')) },
  { path: '/staff/attendance', title: 'Attendance', screen: lazy(() => import('../staff-attendance/attendance-page')) },
  // Study material, home work, assignments and video lectures (admin, teacher): the list, a new item (before :id), one item with its submissions.
  { path: '/staff/study', title: 'Study material', screen: lazy(() => import('../staff-study/study-page')) },
  { path: '/staff/study/new', title: 'New study item', screen: lazy(() => import('../staff-study/study-item-page')) },
  { path: '/staff/study/:id', title: 'Study item', screen: lazy(() => import('../staff-study/study-item-page')) },
  // Notices and notifications (admin, teacher): what was sent with its reads, and the composer.
  { path: '/staff/notices', title: 'Notices', screen: lazy(() => import('../staff-notices/notices-page')) },
  { path: '/staff/notices/new', title: 'Compose a notice', screen: lazy(() => import('../staff-notices/compose-notice-page')) },
  // Students' queries (admin, teacher): the inbox and one query's thread.
  { path: '/staff/queries', title: 'Queries', screen: lazy(() => import('../staff-queries/queries-page')) },
  { path: '/staff/queries/:id', title: 'Query', screen: lazy(() => import('../staff-queries/query-page')) },
  // Fees (admin): fee heads and students' fees, receipts to verify, online payments and reconciliation.
  { path: '/staff/fees', title: 'Fees', screen: lazy(() => import('../staff-fees/fees-page')) },
  { path: '/staff/fees/receipts', title: 'Receipts to verify', screen: lazy(() => import('../staff-fees/receipts-page')) },
  { path: '/staff/fees/payments', title: 'Online payments', screen: lazy(() => import('../staff-fees/payments-page')) },
  // Certificate requests (admin): deliver the PDF or reject with a refund owed.
  { path: '/staff/certificates', title: 'Certificates', screen: lazy(() => import('../staff-certificates/certificates-page')) },
  // The audit log (admin): every staff write.
  { path: '/staff/audit', title: 'Audit log', screen: lazy(() => import('../staff-audit/audit-page')) },
];

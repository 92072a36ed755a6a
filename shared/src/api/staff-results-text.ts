/**
 * The words and constants of results in the staff console (shared/api/staff-results.ts), without
 * zod, so the portal's staff screens take them without the server's schemas (and without pulling
 * the full zod into a chunk the student's routes share).
 */

export const REKEY_REASON_MAX = 500;
export const REASON_REQUIRED_MESSAGE = 'Give a reason: students are told why their score changed.';

export const RESULTS_TESTS_PAGE_SIZE = 20;
export const ATTEMPTS_PAGE_SIZE = 50;

export const ATTEMPT_STATUSES = ['submitted', 'late', 'terminated', 'running', 'under_review', 'void'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const ATTEMPT_STATUS_LABELS: Record<AttemptStatus, string> = {
  submitted: 'Submitted',
  late: 'Submitted late',
  terminated: 'Terminated',
  running: 'Running',
  under_review: 'Under review',
  void: 'Void',
};

export const ATTEMPT_SORTS = ['rank', 'name', 'reg_no', 'class', 'score', 'time', 'flags', 'status', 'correct', 'wrong'] as const;
export type AttemptSort = (typeof ATTEMPT_SORTS)[number];

export const QUESTION_CHANGE_KINDS = ['rekey', 'drop', 'restore'] as const;
export type QuestionChangeKind = (typeof QUESTION_CHANGE_KINDS)[number];
export const QUESTION_CHANGE_LABELS: Record<QuestionChangeKind, string> = { rekey: 'Re-keyed', drop: 'Dropped', restore: 'Restored' };

/** The words the screens and the server share. */
export const RESULTS_MESSAGES = {
  notFound: 'There is no such test.',
  notYours: 'This test is not one of yours or your classes\'.',
  studentNotFound: 'There is no such student.',
  questionNotFound: (qn: number) => `The test has no question ${qn}.`,
  subjectiveRekey: 'A question graded by a teacher has no key to change: grade it instead.',
  notChoice: (labels: string) => `The key is one or more of the options ${labels}.`,
  singleOne: 'This question takes exactly one option.',
  numericKey: 'A numerical key is a number (2.5) or a range (2.4..2.6).',
  sameKey: 'That is the key already.',
  alreadyDropped: 'The question is dropped already.',
  notDropped: 'The question is not dropped.',
  droppedRekey: 'Restore the question before changing its key.',
  marksheetNotFound: 'There is no such marksheet of this test.',
  noCounted: 'No submitted attempts to produce marksheets from.',
  reason: REASON_REQUIRED_MESSAGE,
  notifyTitle: (test: string) => `Your score in ${test} changed`,
  notifyRekey: (test: string, qn: number, reason: string) => `The key of question ${qn} of ${test} was corrected and your attempt was scored again. Reason: ${reason}`,
  notifyDrop: (test: string, qn: number, reason: string) => `Question ${qn} of ${test} was dropped: it no longer counts for anyone. Reason: ${reason}`,
  notifyRestore: (test: string, qn: number, reason: string) => `Question ${qn} of ${test} counts again. Reason: ${reason}`,
} as const;

/** The CSV/XLSX header of the attempts export (before the parts' columns). */
export const ATTEMPT_EXPORT_HEADER = ['Rank', 'Name', 'Reg no', 'Class', 'Status', 'Score', 'Max marks', 'Percent', 'Correct', 'Wrong', 'Partial', 'Skipped', 'Pending', 'Time taken (s)', 'Flags', 'Submitted at'] as const;

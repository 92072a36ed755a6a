/**
 * The words and constants of the audit log (shared/api/staff-audit.ts), without zod, for the
 * portal's staff screen.
 */

export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  badDate: 'A date is written yyyy-MM-dd.',
  badRange: 'The "from" date is after the "to" date.',
  empty: 'No change matches these filters.',
  emptyLog: 'No staff member has changed anything yet.',
} as const;

/** The kinds of record the log names, in words (any other kind is shown as it is stored). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  accounts: 'Staff account',
  students: 'Student',
  classes: 'Class',
  bank: 'Bank question',
  tests: 'Test',
  grading: 'Grading',
  results: 'Results',
  review: 'Proctoring review',
  proctor: 'Live console',
  // The entries the areas' services record themselves (issue 30).
  staff_account: 'Staff account',
  student: 'Student',
  class: 'Class',
  roster_upload: 'Student upload',
  bank_question: 'Bank question',
  bank_import: 'Question import',
  test: 'Test',
  attempt: 'Attempt',
  question: 'Question',
  question_report: 'Question report',
};

export const auditEntityLabel = (type: string): string => AUDIT_ENTITY_LABELS[type] ?? type.replace(/[_-]+/g, ' ').replace(/^./, (first) => first.toUpperCase());

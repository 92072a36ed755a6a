/**
 * The words and constants of the staff's students and classes (shared/api/staff-students.ts),
 * without zod, so the portal's staff screens take them without the server's schemas.
 */

export const STUDENT_PAGE_SIZE = 25;
export const STUDENT_STATUSES = ['active', 'disabled', 'unverified'] as const;
export type StudentStatusName = (typeof STUDENT_STATUSES)[number];
export const STUDENT_STATUS_LABELS: Record<StudentStatusName, string> = { active: 'Active', disabled: 'Disabled', unverified: 'Unverified' };

/** The class filter's value for students in no class. */
export const NO_CLASS = 'none';

export const ROSTER_JOB_PHASES = ['check', 'hash', 'write', 'done', 'failed'] as const;
export type RosterJobPhase = (typeof ROSTER_JOB_PHASES)[number];

/** What each phase is called beside the progress bar. */
export const ROSTER_PHASE_LABELS: Record<RosterJobPhase, string> = {
  check: 'Checking the rows again',
  hash: 'Preparing passwords',
  write: 'Writing students',
  done: 'Done',
  failed: 'Stopped',
};

/** The user config flags a staff member switches per student (userConfigSchema holds any). */
export const TEST_REVIEW_FLAGS = [
  { key: 'HIDE_TEST_REVIEW', label: 'Hide test review (answers and solutions)', defaultOn: false },
  { key: 'SKIP_PREPARE', label: 'Skip the preparation step before a test', defaultOn: false },
  { key: 'ALLOW_CHANGE_PASSWORD', label: 'May change their password', defaultOn: false },
] as const;

export const STUDENT_MESSAGES = {
  notFound: 'No such student.',
  regNoTaken: 'A student with this registration number already exists.',
  emailTaken: 'A student with this email already exists.',
  noClass: 'No such class.',
  classNameTaken: 'A class with this name already exists.',
  teacherReadOnly: 'Only an admin can change students and classes.',
  noFile: 'Choose a CSV or XLSX file to upload.',
  noJob: 'No such upload (it finished more than an hour ago, or the server restarted).',
  codeSent: (email: string) => `A one-time code was sent to ${email}. The student confirms it at their next sign-in.`,
} as const;

import { z } from 'zod';
import type { ReviewRule } from '../domain/review-release';
import type { KeyAnswer } from './tests';
import type { AttemptStatus, QuestionChangeKind } from './staff-results-text';
import { ATTEMPT_SORTS, ATTEMPT_STATUSES, REASON_REQUIRED_MESSAGE, REKEY_REASON_MAX } from './staff-results-text';

export * from './staff-results-text';

/**
 * Results in the staff console (issue 29, decision 0060). Admins: every test; teachers: the tests
 * the test editor lets them open (theirs, or published to one of their classes); proctors 403;
 * a student's token 401. A void attempt (proctoring review) has no score and is left out of
 * ranks, averages, exported scores, item analysis and marksheets.
 *
 *   GET  /api/staff/results                                   ?q&page -> ResultsTestListReply
 *   GET  /api/staff/results/{testId}/attempts                 attemptQuerySchema -> AttemptTableReply
 *   GET  /api/staff/results/{testId}/attempts.csv             the whole filtered, sorted table (no page)
 *   GET  /api/staff/results/{testId}/attempts.xlsx            the same as a workbook
 *   GET  /api/staff/results/{testId}/items                    ItemAnalysisReply
 *   POST /api/staff/results/{testId}/questions/{qn}/rekey     rekeyRequestSchema -> QuestionChangeReply
 *   POST /api/staff/results/{testId}/questions/{qn}/drop      reasonRequestSchema -> QuestionChangeReply
 *   POST /api/staff/results/{testId}/questions/{qn}/restore   reasonRequestSchema -> QuestionChangeReply
 *   GET  /api/staff/results/{testId}/changes                  QuestionChangesReply
 *   GET  /api/staff/results/{testId}/marksheets               MarksheetsReply
 *   POST /api/staff/results/{testId}/marksheets               {} -> ProduceMarksheetsReply (producing again replaces)
 *   GET  /api/staff/results/{testId}/marksheets/{id}          MarksheetPreviewReply
 *   GET  /api/staff/results/{testId}/release                  ReleaseStateReply
 *   PUT  /api/staff/results/{testId}/release                  releaseRequestSchema -> ReleaseStateReply
 *   GET  /api/staff/student-results/{userId}                  StudentResultsReply
 */

const trimmed = (max: number) => z.string().trim().max(max);

export const resultsTestListQuerySchema = z.strictObject({
  q: trimmed(100).default(''),
  page: z.coerce.number().int().min(1, 'The page is 1 or more.').max(100_000).default(1),
});
export type ResultsTestListQuery = z.infer<typeof resultsTestListQuerySchema>;

export const attemptQuerySchema = z.strictObject({
  q: trimmed(100).default(''),
  status: z.enum(ATTEMPT_STATUSES, { message: `The status is one of ${ATTEMPT_STATUSES.join(', ')}.` }).or(z.literal('')).default(''),
  class: trimmed(100).default(''),
  sort: z.enum(ATTEMPT_SORTS, { message: `The sort is one of ${ATTEMPT_SORTS.join(', ')}.` }).default('rank'),
  dir: z.enum(['asc', 'desc'], { message: 'The direction is asc or desc.' }).default('asc'),
  page: z.coerce.number().int().min(1, 'The page is 1 or more.').max(100_000).default(1),
});
export type AttemptQuery = z.infer<typeof attemptQuerySchema>;

export interface ReviewState {
  /** The rule that applies (the default when none is stored). */
  rule: ReviewRule;
  /** The stored rule; null: the default. */
  stored_rule: ReviewRule | null;
  /** Under 'manual': the release time (ms) or null (not released). */
  released_at: number | null;
  /** When reviews open for an attempt submitted at the test's end, null: not set (manual). */
  opens_at: number | null;
  /** True when the review is open now for attempts submitted by now. */
  open: boolean;
}

export interface ResultsTestItem {
  id: string;
  name: string;
  max_marks: number;
  questions: number;
  ends_at: number | null;
  submitted: number;
  running: number;
  void: number;
  /** Mean percentage of the counted (non-void, submitted) attempts; null with none. */
  average: number | null;
  /** Submitted attempts with answers still to grade. */
  pending_grading: number;
  review: ReviewState;
}
export interface ResultsTestListReply {
  items: ResultsTestItem[];
  total: number;
  page: number;
  page_size: number;
}

export interface AttemptPart {
  name: string;
  scored: number;
  max_marks: number;
}

export interface AttemptRow {
  attempt_id: string;
  user_id: string;
  name: string;
  reg_no: string;
  class_name: string | null;
  status: AttemptStatus;
  /** Null for a void or running attempt. */
  scored: number | null;
  max_marks: number | null;
  percentage: number | null;
  parts: AttemptPart[];
  correct: number;
  wrong: number;
  partial: number;
  skipped: number;
  pending: number;
  /** Seconds; null while running. */
  time_spent: number | null;
  flags: number;
  /** Null for a void or running attempt. */
  rank: number | null;
  submitted_at: number | null;
}

export interface AttemptTableReply {
  test: { id: string; name: string; max_marks: number; part_names: string[] };
  rows: AttemptRow[];
  total: number;
  page: number;
  page_size: number;
  classes: { id: string; name: string }[];
  /** Over the counted attempts of the whole test (not the filter). */
  summary: { counted: number; average: number | null; highest: number | null; lowest: number | null };
}

export interface OptionStat {
  label: string;
  count: number;
  /** Of the counted attempts, %. */
  percent: number;
  /** How many of the top third chose it. */
  top_count: number;
  is_key: boolean;
}

export interface ItemStat {
  qn: number;
  qt: number;
  /** Short plain text of the question. */
  text: string;
  part: string;
  pm: number;
  nm: number;
  answer: KeyAnswer;
  dropped: boolean;
  /** Attempts counted (submitted, not void). */
  attempts: number;
  answered: number;
  /** Mean marks / pm, %; null when nobody is counted. */
  facility: number | null;
  /** Pearson correlation of the question's marks with the rest of the test, -1..1 (2 decimals); null when it cannot be computed. */
  discrimination: number | null;
  /** Choice questions: every option with counts; [] otherwise. */
  options: OptionStat[];
  /** A distractor was chosen more often than the key by the top third. */
  key_suspect: boolean;
  changed: boolean;
}

export interface ItemAnalysisReply {
  test: { id: string; name: string };
  counted: number;
  /** How many attempts form the top third. */
  top_third: number;
  items: ItemStat[];
}

const reasonSchema = z
  .string({ message: REASON_REQUIRED_MESSAGE })
  .trim()
  .min(1, REASON_REQUIRED_MESSAGE)
  .max(REKEY_REASON_MAX, `The reason is at most ${REKEY_REASON_MAX} characters.`);

export const rekeyRequestSchema = z.strictObject({
  answer: z.union([z.string().trim().min(1, 'Give the new key.').max(100), z.array(z.string().trim().min(1).max(10)).min(1, 'Choose at least one option.').max(26)]),
  reason: reasonSchema,
});
export type RekeyRequest = z.infer<typeof rekeyRequestSchema>;

export const reasonRequestSchema = z.strictObject({ reason: reasonSchema });
export type ReasonRequest = z.infer<typeof reasonRequestSchema>;

export interface QuestionChange {
  id: string;
  qn: number;
  kind: QuestionChangeKind;
  before: string;
  after: string;
  reason: string;
  by: string | null;
  rescored: number;
  at: number;
}
export interface QuestionChangesReply {
  items: QuestionChange[];
}
export interface QuestionChangeReply {
  change: QuestionChange;
  notified: number;
}

export interface MarksheetItem {
  id: string;
  user_id: string;
  name: string;
  student: string;
  reg_no: string;
  updated_at: number;
}
export interface MarksheetsReply {
  items: MarksheetItem[];
}
export interface ProduceMarksheetsReply {
  produced: number;
  replaced: number;
  items: MarksheetItem[];
}
export interface MarksheetPreviewReply {
  id: string;
  name: string;
  html: string;
}

export const releaseRequestSchema = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({ mode: z.literal('now') }),
    z.strictObject({ mode: z.literal('at'), at: z.iso.datetime({ offset: true, message: 'The time looks like 2025-03-01T09:00:00+05:30.' }) }),
    z.strictObject({ mode: z.literal('rule'), rule: z.enum(['after_end', 'on_submit']).nullable().default(null) }),
  ],
  { message: 'The release is "now", "at" a time, or back to the "rule".' },
);
export type ReleaseRequest = z.infer<typeof releaseRequestSchema>;

export interface ReleaseStateReply {
  review: ReviewState;
  ends_at: number | null;
  duration_seconds: number;
}

export interface StudentTestResult {
  test_id: string;
  test_name: string;
  status: AttemptStatus;
  scored: number | null;
  max_marks: number | null;
  percentage: number | null;
  rank: number | null;
  of: number;
  submitted_at: number | null;
}
export interface StudentResultsReply {
  student: { id: string; name: string; reg_no: string; class_name: string | null };
  items: StudentTestResult[];
}


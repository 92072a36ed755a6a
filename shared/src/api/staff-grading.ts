import { z } from 'zod';
import type { answerValueSchema } from './attempt-sync';
import type { keyAnswerSchema, questionTypeSchema } from './tests';

/**
 * Grading in the staff console (issue 29; decision 0059). Admins grade every test; a teacher the
 * tests the test editor lets them open (theirs, or published to one of their classes). Proctors
 * get 403, students 401. Answers are anonymous ("Answer 12") unless `names=1` is asked for.
 *
 *   GET  /api/staff/grading/tests                                   GradingTestsReply: tests with what waits
 *   GET  /api/staff/grading/tests/{testId}                          GradingTestReply: gradeable questions, counts, rubrics
 *   GET  /api/staff/grading/tests/{testId}/queue?qn=&filter=&names= gradingQueueQuerySchema -> GradingQueueReply
 *   GET  /api/staff/grading/tests/{testId}/answers/{attemptId}/{qn}?names=
 *                                                                   GradingAnswerReply: question, key, answer, files, grade, history
 *   PUT  /api/staff/grading/tests/{testId}/answers/{attemptId}/{qn}/grade
 *                                                                   gradeRequestSchema -> GradingAnswerReply (409 over a newer grade)
 *   PUT  /api/staff/grading/tests/{testId}/answers/{attemptId}/{qn}/second-look
 *                                                                   secondLookRequestSchema -> SecondLookReply
 *   PUT  /api/staff/grading/tests/{testId}/rubrics/{qn}             rubricRequestSchema -> RubricReply
 *   GET  /api/staff/grading/reports?status=                         reportsQuerySchema -> QuestionReportsReply
 *   POST /api/staff/grading/reports/{id}/resolve                    resolveReportRequestSchema -> QuestionReportItem
 *
 * A grade writes the grade and a history row in one transaction and scores the attempt again at
 * once. The remark the student sees is the applied rubric items' texts, one a line, then the free
 * comment. Sending the same grade again adds nothing (no second history row).
 */

export const GRADING_MESSAGES = {
  noSuchTest: 'There is no such test.',
  notYours: 'This test is not one of your classes or yours.',
  noSuchAnswer: 'There is no such answer to grade: the attempt is not submitted or the question is not graded by hand.',
  noSuchQuestion: 'There is no such question to grade in this test.',
  halfMarks: 'Marks must be a multiple of 0.5 (half marks are allowed).',
  outOfRange: (min: number, max: number) => `Marks must be between ${min} and ${max} for this question.`,
  unknownRubricItem: 'A rubric item applied is not in this question’s rubric any more: reload the answer.',
  gradedMeanwhile: (name: string) => `${name} graded this answer after you opened it. Their grade is shown now; save again to replace it.`,
  duplicateRubricIds: 'Each rubric item needs its own id.',
  noSuchReport: 'There is no such question report.',
  alreadyResolved: 'This report was already resolved.',
  saved: 'Grade saved.',
  resolved: 'Report resolved.',
  rubricSaved: 'Rubric saved.',
} as const;

/** Who graded, when it was imported (no staff account). */
export const IMPORTED_GRADER = 'Imported grades';

export const GRADING_FILTERS = ['ungraded', 'second_look', 'all'] as const;
export type GradingFilter = (typeof GRADING_FILTERS)[number];

export const RUBRIC_MAX_ITEMS = 20;
export const REMARK_MAX = 4000;

const namesFlag = z
  .union([z.literal('0'), z.literal('1'), z.literal('')])
  .optional()
  .transform((value) => value === '1');

export const gradingQueueQuerySchema = z.strictObject({
  /** A question number; absent or empty for every question. */
  qn: z
    .string()
    .regex(/^\d{0,5}$/, 'qn must be a question number.')
    .optional()
    .transform((value) => (value ? Number(value) : null)),
  filter: z.enum(GRADING_FILTERS).default('ungraded'),
  names: namesFlag,
});
export type GradingQueueQuery = z.infer<typeof gradingQueueQuerySchema>;

export const gradingNamesQuerySchema = z.strictObject({ names: namesFlag });

export const rubricItemSchema = z.strictObject({
  id: z.string().trim().min(1).max(40),
  /** Points added (negative: taken away), in half marks. */
  points: z
    .number()
    .min(-1000)
    .max(1000)
    .refine((value) => Number.isInteger(value * 2), GRADING_MESSAGES.halfMarks),
  text: z.string().trim().min(1, 'A rubric item needs its text.').max(500),
});
export type RubricItem = z.infer<typeof rubricItemSchema>;

export const rubricRequestSchema = z.strictObject({
  items: z
    .array(rubricItemSchema)
    .max(RUBRIC_MAX_ITEMS)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, GRADING_MESSAGES.duplicateRubricIds),
});
export type RubricRequest = z.infer<typeof rubricRequestSchema>;

export const gradeRequestSchema = z.strictObject({
  marks: z.number().finite().refine((value) => Number.isInteger(value * 2), GRADING_MESSAGES.halfMarks),
  rubric_items: z.array(z.string().min(1).max(40)).max(RUBRIC_MAX_ITEMS).default([]),
  comment: z.string().max(REMARK_MAX).default(''),
  /** graded_at of the grade the teacher saw; null when there was none. */
  base_graded_at: z.number().int().nullable(),
});
export type GradeRequest = z.input<typeof gradeRequestSchema>;

export const secondLookRequestSchema = z.strictObject({ on: z.boolean() });
export const REPORT_STATUSES = ['open', 'resolved', 'all'] as const;
export const reportsQuerySchema = z.strictObject({ status: z.enum(REPORT_STATUSES).default('open') });
export const resolveReportRequestSchema = z.strictObject({ note: z.string().trim().min(1, 'Say what was done about the report.').max(2000) });

export interface GradingTestItem {
  id: string;
  name: string;
  /** Gradeable answers: subjective, or answered and still pending. */
  answers: number;
  to_grade: number;
  graded: number;
  second_looks: number;
  open_reports: number;
}
export interface GradingTestsReply {
  tests: GradingTestItem[];
  open_reports: number;
}

export interface GradingQuestionItem {
  qn: number;
  /** The number as displayed. */
  qnf: string;
  qt: z.infer<typeof questionTypeSchema>;
  pm: number;
  nm: number;
  /** The question's text without markup, shortened. */
  excerpt: string;
  answers: number;
  graded: number;
  second_looks: number;
  rubric: RubricItem[];
}
export interface GradingTestReply {
  test: { id: string; name: string };
  questions: GradingQuestionItem[];
  open_reports: number;
}

export interface StudentName {
  name: string;
  reg_no: string;
}

export interface GradingQueueEntry {
  attempt_id: string;
  qn: number;
  qnf: string;
  /** "Answer 12": the same number for one attempt across its questions. */
  label: string;
  graded: boolean;
  marks: number | null;
  second_look: boolean;
  /** Only when names were asked for. */
  student: StudentName | null;
}
export interface GradingQueueReply {
  entries: GradingQueueEntry[];
  /** Of the question (or every question), whatever the filter. */
  total: number;
  graded: number;
}

export interface GradeView {
  marks: number;
  rubric_items: string[];
  /** The free comment (the remark without the rubric items' lines). */
  comment: string;
  /** What the student sees. */
  remark: string | null;
  graded_by: string;
  graded_at: number;
}

export interface GradeHistoryItem {
  marks: number;
  rubric_items: string[];
  remark: string | null;
  graded_by: string;
  graded_at: number;
}

export interface AnswerFiles {
  /** Photos for this question. */
  images: string[];
  audio: string[];
  video: string[];
  /** Whole-attempt answer sheets (question 0). */
  sheet_images: string[];
  sheet_pdfs: string[];
}

export interface GradingAnswerReply {
  attempt_id: string;
  label: string;
  student: StudentName | null;
  question: {
    qn: number;
    qnf: string;
    qt: z.infer<typeof questionTypeSchema>;
    pm: number;
    nm: number;
    /** HTML. */
    text: string;
    extra: string | null;
    options: string[];
  };
  /** Lowest and highest marks a grade may give. */
  range: { min: number; max: number };
  model_answer: z.infer<typeof keyAnswerSchema>;
  /** HTML or null. */
  solution: string | null;
  typed: z.infer<typeof answerValueSchema>;
  files: AnswerFiles;
  grade: GradeView | null;
  history: GradeHistoryItem[];
  second_look: boolean;
  rubric: RubricItem[];
  /** The attempt's total after the last grade. */
  total: { scored: number; max_marks: number } | null;
}

export interface SecondLookReply {
  second_look: boolean;
}
export interface RubricReply {
  qn: number;
  items: RubricItem[];
}

export interface QuestionReportItem {
  id: string;
  test_id: string;
  test_name: string;
  qn: number;
  /** The question's text without markup, shortened. */
  excerpt: string;
  student: StudentName;
  text: string;
  created_at: number;
  status: 'open' | 'resolved';
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: number | null;
}
export interface QuestionReportsReply {
  reports: QuestionReportItem[];
}

/** The remark a student sees: the applied rubric items' texts, one a line, then the free comment. */
export function composeRemark(itemTexts: readonly string[], comment: string): string | null {
  const lines = [...itemTexts.map((text) => text.trim()), comment.trim()].filter((line) => line.length > 0);
  return lines.length === 0 ? null : lines.join('\n');
}

/** The free comment back out of a remark composed from these item texts (the whole remark when it was not). */
export function commentOf(remark: string | null, itemTexts: readonly string[]): string {
  if (!remark) return '';
  const prefix = itemTexts.map((text) => text.trim()).filter((text) => text.length > 0);
  if (prefix.length === 0) return remark;
  const head = prefix.join('\n');
  if (remark === head) return '';
  return remark.startsWith(`${head}\n`) ? remark.slice(head.length + 1) : remark;
}

/** Marks from the applied rubric items, held within the question's range. */
export function rubricMarks(items: readonly RubricItem[], applied: readonly string[], range: { min: number; max: number }): number {
  const chosen = new Set(applied);
  const sum = items.filter((item) => chosen.has(item.id)).reduce((total, item) => total + item.points, 0);
  return Math.min(range.max, Math.max(range.min, sum));
}

/** Marks a grade may give for a question: from minus the negative marks to the full marks. */
export function marksRange(pm: number, nm: number): { min: number; max: number } {
  return { min: -Math.abs(nm) || 0, max: pm };
}

/** Why marks do not fit the question, or null. */
export function marksProblem(marks: number, range: { min: number; max: number }): string | null {
  if (!Number.isFinite(marks) || !Number.isInteger(marks * 2)) return GRADING_MESSAGES.halfMarks;
  if (marks < range.min || marks > range.max) return GRADING_MESSAGES.outOfRange(range.min, range.max);
  return null;
}

import { z } from 'zod';
import type { answerValueSchema } from './attempt-sync';
import type { keyAnswerSchema, questionTypeSchema } from './tests';
import { GRADING_FILTERS, GRADING_MESSAGES } from './staff-grading-text';
import type { RubricItem } from './staff-grading-text';

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

export { commentOf, composeRemark, GRADING_FILTERS, GRADING_MESSAGES, IMPORTED_GRADER, marksProblem, marksRange, rubricMarks } from './staff-grading-text';
export type { GradingFilter } from './staff-grading-text';

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
export type { RubricItem };

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

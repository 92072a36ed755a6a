import { proctorSectionsShape } from './live-proctor-import';
import { z } from 'zod';
import { optionLabels } from '../domain/question';
import { parseNumericKey } from '../domain/scoring';
import { userConfigSchema } from './auth';
import { answerValueSchema, submitReasonSchema } from './attempt-sync';
import type { PortalSummary } from './portal-import';
import { checkPortalSections, portalSectionsShape } from './portal-import';
import type { CertificateImportSummary } from './certificate-import';
import { certificateSectionsShape, checkCertificateSections } from './certificate-import';
import type { QuerySummary } from './query-import';
import { checkQuerySections, querySectionsShape } from './query-import';
import { checkStudySections, studySectionsShape } from './study-import';
import type { FeeImportSummary } from './fee-import';
import { checkFeeSections, feeSectionsShape } from './fee-import';
import {
  attachmentSchema,
  difficultySchema,
  optionLabelSchema,
  questionTypeSchema,
  reviewRuleSchema,
  shuffleModeSchema,
  testConfigSchema,
  testTypeSchema,
} from './tests';

/**
 * The import file of `npm run import -- FILE.json` (docs/import-format.md): students, tests with
 * their answer keys and solutions, marksheets, past attempts and grades, and the portal's data
 * (portal-import.ts). Every field that can be computed
 * (question numbers, counts, max marks, part time windows) is computed by the server; the file
 * holds only what a person writes. Objects are strict, so a misspelt field is reported rather
 * than silently ignored. Checks that need more than one field (an answer among the options, the
 * part durations adding up...) are in `importFileSchema`'s refinements, with the path of the field.
 */

export const IMPORT_VERSION = 1;

/** Ids of tests and marksheets: they appear in URLs. */
export const importIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'An id is 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.');

/** An ISO 8601 date-time with a zone, e.g. "2025-03-01T09:00:00+05:30" or "2025-03-01T03:30:00Z". */
export const importDateSchema = z.iso.datetime({ offset: true, message: 'A date-time looks like 2025-03-01T09:00:00+05:30 (with Z or an offset).' });

const html = (max = 200_000) => z.string().max(max);

export type Issue = { path: (string | number)[]; message: string };

function report(issues: readonly Issue[], ctx: z.RefinementCtx): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const importStudentSchema = z.strictObject({
  reg_no: z.string().trim().min(1).max(64),
  email: z.email({ error: (issue) => (issue.input === undefined ? undefined : 'Email is not a valid e-mail address.') }).max(254),
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(32).default(''),
  /** Required for a new student; when given for an existing one, it replaces the password. */
  password: z.string().min(6, 'Password must be at least 6 characters.').max(200).optional(),
  /** Replaces the balance when given; a new student without it starts at 0. */
  meritpoints: z.number().int().nonnegative().optional(),
  config: userConfigSchema.optional(),
  /** False: the student confirms the account with a one-time code at first sign-in. */
  verified: z.boolean().default(true),
});
export type ImportStudent = z.infer<typeof importStudentSchema>;

/**
 * Key of a question. Types 3, 5, 7: one option label ("B"). Type 4: a non-empty list (["A","C"]).
 * Type 6: a number, a decimal as text ("2.5") or an inclusive range ("2.4..2.6"). Types 1 and 8:
 * null (scored by a teacher, not automatically).
 */
export const importAnswerSchema = z.union([z.string().max(100), z.array(z.string().max(8)).max(26), z.number(), z.null()]);

export const importQuestionSchema = z.strictObject({
  qt: questionTypeSchema,
  /** The number as displayed; defaults to the question number. */
  qnf: z.string().max(20).optional(),
  pm: z.number().nonnegative().max(1_000),
  /** Marks taken away for a wrong answer (positive). */
  nm: z.number().nonnegative().max(1_000).default(0),
  /** Number of options; defaults to the number of options given (or 4 for a choice question without option text). */
  noo: z.number().int().min(0).max(26).optional(),
  so: z.boolean().default(false),
  text: html(),
  options: z.record(optionLabelSchema, html(100_000)).default({}),
  answer: importAnswerSchema.default(null),
  solution: html().nullable().default(null),
  extra: html().nullable().default(null),
  pdf: z.string().max(2_000).nullable().default(null),
  pdf_images: z.array(z.string().max(2_000)).max(100).default([]),
  difficulty: difficultySchema.nullable().default(null),
  subject_id: z.string().max(64).nullable().default(null),
  attachments: z.array(attachmentSchema).max(50).default([]),
});
export type ImportQuestion = z.infer<typeof importQuestionSchema>;

export const importSectionSchema = z.strictObject({
  name: z.string().max(200),
  instruction: html().default(''),
  sq: z.boolean().default(false),
  so: z.boolean().default(false),
  /** Options are answered by tapping sub-labels a..z (option labels are then lowercase). */
  tap: z.boolean().default(false),
  questions: z.array(importQuestionSchema).min(1, 'A section needs at least one question.').max(1_000),
}).superRefine((section, ctx) => {
  const issues: Issue[] = [];
  section.questions.forEach((question, index) => checkQuestion(question, section.tap, ['questions', index], issues));
  report(issues, ctx);
});

export const importPartSchema = z.strictObject({
  name: z.string().max(200),
  instruction: html().default(''),
  sq: z.boolean().default(false),
  so: z.boolean().default(false),
  /** Minutes; required for every part under part-wise timing, ignored otherwise. */
  duration: z.number().positive().max(24 * 60).optional(),
  sections: z.array(importSectionSchema).min(1, 'A part needs at least one section.').max(100),
});

export const importTestSchema = z.strictObject({
  _id: importIdSchema,
  name: z.string().trim().min(1).max(300),
  description: z.string().max(5_000).default(''),
  type: testTypeSchema.default('live'),
  mock_id: z.string().max(64).nullable().default(null),
  /** HTML shown on the instruction page. */
  instruction: html().default(''),
  chapters: z.array(z.string().max(200)).max(200).default([]),
  config: testConfigSchema.default({}),
  format: z.strictObject({
    /** Minutes. Under part-wise timing: the part durations plus the gaps between parts. */
    duration: z.number().positive().max(7 * 24 * 60),
    partwise_timing: z.boolean().default(false),
    /** Minutes of rest between parts. */
    partwise_time_gap: z.number().nonnegative().max(24 * 60).default(0),
    sq: shuffleModeSchema.default('none'),
    parts: z.array(importPartSchema).min(1, 'A test needs at least one part.').max(50),
  }),
  attachments: z.array(attachmentSchema).max(50).default([]),
  /** When the test opens and ends; null for always. */
  activation_date: importDateSchema.nullable().default(null),
  ends_at: importDateSchema.nullable().default(null),
  /** Stored hashed; students must type it to start. */
  access_code: z.string().trim().min(1).max(100).nullable().default(null),
  mp_cost: z.number().int().nonnegative().max(1_000_000).default(0),
  /** The test skips the device check. */
  skip_prepare: z.boolean().default(false),
  /** An unfinished attempt may be resumed (after a reload or on another device). */
  allow_resume: z.boolean().default(true),
  /** Every student sees the test; otherwise only those in assigned_to. */
  open_to_all: z.boolean().default(false),
  /** Registration numbers. Replaces the earlier list on re-import. */
  assigned_to: z.array(z.string().trim().min(1).max(64)).max(100_000).default([]),
  /**
   * When the review (keys, solutions, result, ranking) is released (decision 0051): 'after_end',
   * 'on_submit' or 'manual'; null for the default (after the end with `ends_at`, else on
   * submission). Absent on re-import: the stored rule stays.
   */
  review: reviewRuleSchema.nullable().optional(),
  /** Under 'manual': when the institute releases the review; null: not yet. Absent: the stored time stays. */
  review_released_at: importDateSchema.nullable().optional(),
}).superRefine((test, ctx) => {
  const issues: Issue[] = [];
  checkTest(test, [], issues);
  report(issues, ctx);
});
export type ImportTest = z.infer<typeof importTestSchema>;

export const importMarksheetSchema = z.strictObject({
  _id: importIdSchema,
  reg_no: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(300),
  /** HTML; sanitised on import and again when served. */
  html: html(1_000_000),
});
export type ImportMarksheet = z.infer<typeof importMarksheetSchema>;

/** A finished attempt from elsewhere (a paper test, an earlier system): scored on import. */
export const importAttemptSchema = z.strictObject({
  test_id: importIdSchema,
  reg_no: z.string().trim().min(1).max(64),
  started_at: importDateSchema,
  submitted_at: importDateSchema,
  terminated: submitReasonSchema.default('manual'),
  answers: z
    .array(
      z.strictObject({
        qn: z.number().int().positive(),
        ua: answerValueSchema,
        /** Seconds spent on the question. */
        s: z.number().int().nonnegative().default(0),
        marked: z.boolean().default(false),
        /** The teacher's remark on this question. */
        r: z.string().max(5_000).nullable().default(null),
      }),
    )
    .max(10_000)
    .default([]),
  /** The teacher's remark on the whole test. */
  remark: z.string().max(5_000).nullable().default(null),
});
export type ImportAttempt = z.infer<typeof importAttemptSchema>;

/** A teacher's grade of one question: marks within [-nm, pm], with at most 2 decimals. */
export const importGradeSchema = z.strictObject({
  qn: z.number().int().positive().max(10_000),
  marks: z
    .number()
    .min(-1_000)
    .max(1_000)
    // Stored in hundredths (an integer column on both databases), like the 2-decimal results.
    .refine((marks) => Math.abs(marks * 100 - Math.round(marks * 100)) < 1e-6, 'Marks have at most 2 decimals.'),
  /** The teacher's remark on this question, shown in the review; replaces an earlier one. */
  r: z.string().max(5_000).nullable().default(null),
});
export type ImportGrade = z.infer<typeof importGradeSchema>;

/** One student's grades at one test: the student by registration number or by e-mail. */
export const importStudentGradesSchema = z
  .strictObject({
    reg_no: z.string().trim().min(1).max(64).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    questions: z.array(importGradeSchema).min(1, 'Grade at least one question.').max(10_000),
  })
  .superRefine((grades, ctx) => {
    if ((grades.reg_no === undefined) === (grades.email === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['reg_no'], message: 'Name the student by reg_no or by email (one of them).' });
    }
  });
export type ImportStudentGrades = z.infer<typeof importStudentGradesSchema>;

/** Teachers' grades of one test's submitted attempts (subjective answers, answer sheets). */
export const importTestGradesSchema = z.strictObject({
  test_id: importIdSchema,
  students: z.array(importStudentGradesSchema).min(1, 'List at least one student.').max(100_000),
});
export type ImportTestGrades = z.infer<typeof importTestGradesSchema>;

/**
 * The institute releases (or withdraws) a test's review (decision 0051): the test's rule becomes
 * 'manual' and its review opens at `released_at` (null: closed until released again). For a test
 * of this file or one already stored, without sending the test again.
 */
export const importReviewReleaseSchema = z.strictObject({
  test_id: importIdSchema,
  released_at: importDateSchema.nullable(),
});
export type ImportReviewRelease = z.infer<typeof importReviewReleaseSchema>;

/** How a student of `grades` is named in messages: the reg_no or the e-mail given. */
export function gradedStudentLabel(grades: Pick<ImportStudentGrades, 'reg_no' | 'email'>): string {
  return grades.reg_no ?? grades.email ?? '';
}

/** The marks of each question of a test in the file, by question number (index qn - 1). */
export function importQuestionMarks(test: ImportTest): { pm: number; nm: number }[] {
  return test.format.parts.flatMap((part) => part.sections.flatMap((section) => section.questions.map((question) => ({ pm: question.pm, nm: question.nm }))));
}

/**
 * The problem with a grade's marks for a question worth `pm` with `nm` taken away for a wrong
 * answer, or null. A grade outside [-nm, pm] is refused rather than clamped: it is a typo.
 */
export function gradeMarksProblem(marks: number, question: { pm: number; nm: number } | undefined, qn: number, testId: string): string | null {
  if (!question) return null;
  const low = -Math.abs(question.nm);
  if (marks < low || marks > question.pm) return `Marks must be between ${low} and ${question.pm} for question ${qn} of ${testId}, not ${marks}.`;
  return null;
}

/** The option labels of a question: A.. (a.. in a tap section), `noo` of them (none for 0). */
export function importOptionLabels(noo: number, tap: boolean): string[] {
  return noo >= 1 ? optionLabels(noo, tap) : [];
}

/** How many options a question has: `noo`, else the options given, else 4 for a choice question. */
export function importOptionCount(question: Pick<ImportQuestion, 'qt' | 'noo' | 'options'>): number {
  if (question.noo !== undefined) return question.noo;
  const given = Object.keys(question.options).length;
  if (given > 0) return given;
  return [3, 4, 5, 7].includes(question.qt) ? 4 : 0;
}


/** The per-question checks of a section (options among the labels, a key that fits the type), pushed to `issues`. */
export function checkQuestion(question: ImportQuestion, tap: boolean, path: (string | number)[], issues: Issue[]): void {
  const noo = importOptionCount(question);
  const labels = importOptionLabels(noo, tap);
  const choice = [3, 4, 5, 7].includes(question.qt);
  const maxOptions = tap ? 26 : 10;
  if (noo > maxOptions) issues.push({ path: [...path, 'noo'], message: `At most ${maxOptions} options${tap ? ' in a tap section' : ''}.` });
  if (choice && noo < 2) issues.push({ path: [...path, 'noo'], message: 'A choice question needs at least 2 options.' });
  for (const label of Object.keys(question.options)) {
    if (!labels.includes(label)) {
      issues.push({ path: [...path, 'options', label], message: `Option ${label} is not one of ${labels.join(', ') || '(none)'}${tap ? ' (tap sections use a..z)' : ''}.` });
    }
  }
  const answer = question.answer;
  const at = [...path, 'answer'];
  switch (question.qt) {
    case 3:
    case 5:
    case 7:
      if (typeof answer !== 'string') issues.push({ path: at, message: 'The answer of a single-choice question is one option label, e.g. "B".' });
      else if (!labels.includes(answer)) issues.push({ path: at, message: `The answer "${answer}" is not one of the options ${labels.join(', ')}.` });
      break;
    case 4:
      if (!Array.isArray(answer) || answer.length === 0) {
        issues.push({ path: at, message: 'The answer of a multiple-choice question is a non-empty list of option labels, e.g. ["A", "C"].' });
      } else {
        answer.forEach((label, index) => {
          if (!labels.includes(label)) issues.push({ path: [...at, index], message: `The answer "${label}" is not one of the options ${labels.join(', ')}.` });
        });
        if (new Set(answer).size !== answer.length) issues.push({ path: at, message: 'The answer lists an option twice.' });
      }
      break;
    case 6:
      if (typeof answer === 'number') {
        if (!Number.isFinite(answer)) issues.push({ path: at, message: 'The answer of a numerical question must be a finite number.' });
      } else if (typeof answer !== 'string' || parseNumericKey(answer) === null) {
        issues.push({ path: at, message: 'The answer of a numerical question is a number, e.g. 2.5, or a range "2.4..2.6".' });
      }
      break;
    case 1:
    case 8:
      if (answer !== null) issues.push({ path: at, message: 'A subjective question has no answer key (null); put a model answer in "solution".' });
      break;
  }
}

function checkTest(test: ImportTest, path: (string | number)[], issues: Issue[]): void {
  const { format } = test;
  if (test.review === 'after_end' && test.ends_at === null) {
    issues.push({ path: [...path, 'review'], message: 'A test without ends_at never ends: use "on_submit" or "manual", or give ends_at.' });
  }
  if (test.review_released_at != null && test.review !== 'manual') {
    issues.push({ path: [...path, 'review_released_at'], message: 'review_released_at needs "review": "manual" (or use review_releases to release a stored test).' });
  }
  if (test.activation_date && test.ends_at && Date.parse(test.ends_at) <= Date.parse(test.activation_date)) {
    issues.push({ path: [...path, 'ends_at'], message: 'The test must end after it opens (ends_at after activation_date).' });
  }
  if (format.partwise_timing) {
    let total = 0;
    format.parts.forEach((part, index) => {
      if (part.duration === undefined) issues.push({ path: [...path, 'format', 'parts', index, 'duration'], message: 'Under part-wise timing every part needs a duration (minutes).' });
      else total += part.duration;
    });
    const expected = total + format.partwise_time_gap * (format.parts.length - 1);
    if (format.parts.every((part) => part.duration !== undefined) && Math.abs(expected - format.duration) > 1e-9) {
      issues.push({
        path: [...path, 'format', 'duration'],
        message: `Under part-wise timing the duration must be the part durations plus the gaps: ${expected} minutes, not ${format.duration}.`,
      });
    }
  }
  const seconds = format.duration * 60;
  if (!Number.isInteger(Math.round(seconds * 1000) / 1000)) issues.push({ path: [...path, 'format', 'duration'], message: 'The duration must be a whole number of seconds.' });
  if (questionCount(test) > 10_000) issues.push({ path: [...path, 'format', 'parts'], message: 'A test has at most 10000 questions.' });
  const assigned = new Set<string>();
  test.assigned_to.forEach((regNo, index) => {
    const key = regNo.toUpperCase();
    if (assigned.has(key)) issues.push({ path: [...path, 'assigned_to', index], message: `${regNo} is listed twice.` });
    assigned.add(key);
  });
}

function questionCount(test: ImportTest): number {
  return test.format.parts.reduce((sum, part) => sum + part.sections.reduce((inner, section) => inner + section.questions.length, 0), 0);
}

function duplicates<T>(items: readonly T[], key: (item: T) => string, path: (index: number) => (string | number)[], what: (item: T) => string, issues: Issue[]): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) issues.push({ path: path(index), message: `${what(item)} appears twice in the file.` });
    seen.add(k);
  });
}

export const importFileSchema = z
  .strictObject({
    /** The format version: 1. */
    version: z.literal(IMPORT_VERSION, { message: `version must be ${IMPORT_VERSION}.` }),
    students: z.array(importStudentSchema).max(100_000).default([]),
    tests: z.array(importTestSchema).max(10_000).default([]),
    marksheets: z.array(importMarksheetSchema).max(100_000).default([]),
    attempts: z.array(importAttemptSchema).max(100_000).default([]),
    grades: z.array(importTestGradesSchema).max(10_000).default([]),
    review_releases: z.array(importReviewReleaseSchema).max(10_000).default([]),
    // The portal's data: classes, schedules, notifications, attendance... (portal-import.ts).
    ...portalSectionsShape,
    // Certificate types, paid requests, and the action "deliver a certificate" (certificate-import.ts).
    ...certificateSectionsShape,
    // Support queries: types and sub types, queries, the institute's replies and closings (query-import.ts).
    ...querySectionsShape,
    // Study material, homework, assignments and video lectures (study-import.ts).
    ...studySectionsShape,
    // Fee heads, students' fees, payment methods, and the action "confirm a receipt" (fee-import.ts).
    ...feeSectionsShape,
    // Proctor accounts and the tests each watches (live-proctor-import.ts).
    ...proctorSectionsShape,
  })
  .superRefine((file, ctx) => {
    const issues: Issue[] = [];
    duplicates(file.students, (s) => s.reg_no.toUpperCase(), (i) => ['students', i, 'reg_no'], (s) => `Registration number ${s.reg_no}`, issues);
    duplicates(file.students, (s) => s.email.toLowerCase(), (i) => ['students', i, 'email'], (s) => `E-mail ${s.email}`, issues);
    duplicates(file.tests, (t) => t._id, (i) => ['tests', i, '_id'], (t) => `Test ${t._id}`, issues);
    duplicates(file.marksheets, (m) => m._id, (i) => ['marksheets', i, '_id'], (m) => `Marksheet ${m._id}`, issues);
    duplicates(file.attempts, (a) => `${a.test_id}|${a.reg_no.toUpperCase()}`, (i) => ['attempts', i], (a) => `The attempt of ${a.reg_no} at ${a.test_id}`, issues);
    const testsById = new Map(file.tests.map((test) => [test._id, test]));
    file.attempts.forEach((attempt, index) => {
      if (Date.parse(attempt.submitted_at) < Date.parse(attempt.started_at)) {
        issues.push({ path: ['attempts', index, 'submitted_at'], message: 'submitted_at must not be before started_at.' });
      }
      const test = testsById.get(attempt.test_id);
      const noq = test ? questionCount(test) : Infinity;
      const seen = new Set<number>();
      attempt.answers.forEach((answer, j) => {
        if (answer.qn > noq) issues.push({ path: ['attempts', index, 'answers', j, 'qn'], message: `Test ${attempt.test_id} has ${noq} questions.` });
        if (seen.has(answer.qn)) issues.push({ path: ['attempts', index, 'answers', j, 'qn'], message: `Question ${answer.qn} is answered twice.` });
        seen.add(answer.qn);
      });
    });
    duplicates(file.grades, (g) => g.test_id, (i) => ['grades', i, 'test_id'], (g) => `Grades of test ${g.test_id}`, issues);
    duplicates(file.review_releases, (r) => r.test_id, (i) => ['review_releases', i, 'test_id'], (r) => `The review release of test ${r.test_id}`, issues);
    file.grades.forEach((testGrades, index) => {
      const test = testsById.get(testGrades.test_id);
      const marks = test ? importQuestionMarks(test) : null;
      const students = new Set<string>();
      testGrades.students.forEach((student, j) => {
        const at = ['grades', index, 'students', j];
        const who = student.reg_no !== undefined ? `reg:${student.reg_no.toUpperCase()}` : `email:${(student.email ?? '').toLowerCase()}`;
        if (students.has(who)) issues.push({ path: at, message: `${gradedStudentLabel(student)} is graded twice for ${testGrades.test_id}.` });
        students.add(who);
        const qns = new Set<number>();
        student.questions.forEach((grade, k) => {
          const gradeAt = [...at, 'questions', k];
          if (qns.has(grade.qn)) issues.push({ path: [...gradeAt, 'qn'], message: `Question ${grade.qn} is graded twice.` });
          qns.add(grade.qn);
          // Tests already stored are checked by the import against their stored key.
          if (!marks) return;
          if (grade.qn > marks.length) {
            issues.push({ path: [...gradeAt, 'qn'], message: `Test ${testGrades.test_id} has ${marks.length} questions.` });
            return;
          }
          const problem = gradeMarksProblem(grade.marks, marks[grade.qn - 1], grade.qn, testGrades.test_id);
          if (problem) issues.push({ path: [...gradeAt, 'marks'], message: problem });
        });
      });
    });
    checkPortalSections(file, issues);
    checkCertificateSections(file, issues);
    checkQuerySections(file, issues);
    checkStudySections(file, issues);
    checkFeeSections(file, issues);
    report(issues, ctx);
  });
export type ImportFile = z.infer<typeof importFileSchema>;
export type ImportFileInput = z.input<typeof importFileSchema>;

/** What `npm run import` did, per kind: inserted and updated counts. */
export interface ImportSummary {
  students: { inserted: number; updated: number };
  tests: { inserted: number; updated: number; newVersions: number };
  marksheets: { inserted: number; updated: number };
  attempts: { inserted: number; updated: number };
  /** Graded questions: newly graded, and regraded (an earlier grade replaced). */
  grades: { inserted: number; updated: number };
  /** Tests whose review release time the file set (review_releases). */
  reviewReleases: number;
  /** The portal's sections (classes, schedules, notifications, attendance...). */
  portal: PortalSummary;
  /** Certificate types, requests and deliveries (certificate-import.ts). */
  certificates: CertificateImportSummary;
  /** Support queries' sections (query-import.ts). */
  queries: QuerySummary;
  /** Study items (study-import.ts). */
  study: { inserted: number; updated: number };
  /** Fees' sections (fee-import.ts). */
  fees: FeeImportSummary;
  /** Proctor accounts (live-proctor-import.ts). */
  proctors: { inserted: number; updated: number };
}

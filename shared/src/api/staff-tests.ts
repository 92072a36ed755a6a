import { z } from 'zod';
import type { TestConfig, TestPaper } from './tests';
import { attachmentSchema, reviewRuleSchema, shuffleModeSchema, testConfigSchema, testTypeSchema } from './tests';
import { importDateSchema, importIdSchema, importQuestionSchema } from './test-import';
import { answerValueSchema } from './attempt-sync';

/**
 * The staff's test editor (issue 28): a test is written as a draft, checked, previewed as a
 * student sees it, and published. Publishing goes through the JSON import's own services and
 * checks (one test of an import file), so a test built in the browser and one imported by
 * `npm run import` are the same thing. Roles: admin (every test), teacher (tests they made or
 * that are assigned to one of their classes; they assign only their classes and those classes'
 * students); proctors and students get 403/401.
 *
 *   GET    /api/staff/tests?q=&status=&page=      testListQuerySchema -> TestListReply
 *   POST   /api/staff/tests                       testCreateRequestSchema -> TestEditorReply (201; 409 id taken)
 *   GET    /api/staff/tests/{id}                  TestEditorReply (a test never edited here: made from the stored test)
 *   PUT    /api/staff/tests/{id}                  testSaveRequestSchema -> TestEditorReply (409 when someone saved meanwhile)
 *   POST   /api/staff/tests/{id}/publish          testPublishRequestSchema -> TestPublishReply
 *                                                 (422 with issues; 409 when students are writing it and the paper changed)
 *   DELETE /api/staff/tests/{id}/draft            discards unpublished changes of a published test -> TestEditorReply
 *   DELETE /api/staff/tests/{id}                  a test nobody has started (draft or published) -> 204; 409 otherwise
 *   POST   /api/staff/tests/{id}/duplicate        testDuplicateRequestSchema -> TestEditorReply (201), a new draft
 *   GET    /api/staff/tests/{id}/preview          TestPreviewReply: the draft's paper as students would get it (422 with issues)
 *   POST   /api/staff/tests/{id}/preview/score    testPreviewScoreRequestSchema -> TestPreviewScoreReply (nothing stored)
 *
 * The draft is the import format's test (docs/import-format.md) with what a browser edits around
 * it: questions carry where they came from in the bank, the test is assigned to classes as well
 * as students, and it names its proctors. A draft may be incomplete (an empty section, a missing
 * key): saving keeps it and lists what stops publishing (`issues`), with a path into the draft.
 */

export const TEST_LIST_PAGE_SIZE = 25;

export const TEST_EDITOR_MESSAGES = {
  notFound: 'There is no such test.',
  notYours: 'This test is not one of your classes or yours.',
  classNotYours: 'You may assign a test only to your classes.',
  studentNotYours: 'You may assign a test only to students of your classes.',
  idTaken: 'A test with this id already exists.',
  savedMeanwhile: 'Someone else saved this test meanwhile. Reload it to see their changes; yours are not saved.',
  cannotPublish: 'The test cannot be published yet: fix the problems listed.',
  nothingToDiscard: 'This test has no unpublished changes.',
  neverPublished: 'This test has never been published: delete it instead.',
  startedCannotDelete: 'Students have started this test, so it cannot be deleted.',
  unknownClass: 'There is no such class.',
  unknownStudent: 'There is no student with this registration number.',
  unknownProctor: 'There is no such proctor.',
  unknownBankQuestion: 'This question is no longer in the bank.',
} as const;

/** Refused publication while students write the test (the count is filled in). */
export const writingNowMessage = (count: number): string =>
  `${count} student${count === 1 ? ' is' : 's are'} writing this test now, so its paper cannot change under them. Publish the paper's changes after they submit; changes that leave the paper as it is (schedule, assignment, proctors, settings) can be published now.`;

/** Refused structural change once students have submitted (the count is filled in). */
export const submittedStructureMessage = (count: number): string =>
  `${count} student${count === 1 ? ' has' : 's have'} submitted this paper, so questions cannot be added, removed, moved or change type. Corrections of text, options, keys and marks are published and the submitted attempts scored again; duplicate the test to make a different paper.`;

/** Where a question of the draft came from: a bank question at one version (null: written in the test). */
export const bankRefSchema = z.strictObject({
  id: z.string().min(1).max(64),
  version: z.number().int().positive(),
});
export type BankRef = z.infer<typeof bankRefSchema>;

/** One question of the draft: the import's question, and its bank origin. */
export const draftQuestionSchema = z.strictObject({
  bank: bankRefSchema.nullable().default(null),
  question: importQuestionSchema,
});
export type DraftQuestion = z.infer<typeof draftQuestionSchema>;

const html = z.string().max(200_000);

export const draftSectionSchema = z.strictObject({
  name: z.string().max(200),
  instruction: html.default(''),
  sq: z.boolean().default(false),
  so: z.boolean().default(false),
  tap: z.boolean().default(false),
  questions: z.array(draftQuestionSchema).max(1_000).default([]),
});
export type DraftSection = z.infer<typeof draftSectionSchema>;

export const draftPartSchema = z.strictObject({
  name: z.string().max(200),
  instruction: html.default(''),
  sq: z.boolean().default(false),
  so: z.boolean().default(false),
  /** Minutes; used under part-wise timing. */
  duration: z.number().positive().max(24 * 60).nullable().default(null),
  sections: z.array(draftSectionSchema).max(100).default([]),
});
export type DraftPart = z.infer<typeof draftPartSchema>;

/**
 * The editor's test. Field names follow the import format where it has them (flattened: the
 * format's duration, timing and shuffle sit at the top).
 */
export const testDraftSchema = z.strictObject({
  /** The test's id (in its URLs): fixed once created. */
  id: importIdSchema,
  name: z.string().trim().min(1, 'Give the test a name.').max(300),
  description: z.string().max(5_000).default(''),
  type: testTypeSchema.default('live'),
  instruction: html.default(''),
  chapters: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
  config: testConfigSchema.default({}),
  /** Minutes. Under part-wise timing: the part durations plus the gaps between parts. */
  duration: z.number().positive().max(7 * 24 * 60),
  partwise_timing: z.boolean().default(false),
  /** Minutes of rest between parts. */
  partwise_time_gap: z.number().nonnegative().max(24 * 60).default(0),
  sq: shuffleModeSchema.default('none'),
  parts: z.array(draftPartSchema).max(50).default([]),
  attachments: z.array(attachmentSchema).max(50).default([]),
  activation_date: importDateSchema.nullable().default(null),
  ends_at: importDateSchema.nullable().default(null),
  /**
   * The access code students type to start, as the exam cell announces it (drafts are staff-only;
   * students' side stores only its hash). Null: no code, unless `keep_access_code`.
   */
  access_code: z.string().trim().min(1).max(100).nullable().default(null),
  /** A test imported with a code the editor never saw: keep the stored code while access_code is null. */
  keep_access_code: z.boolean().default(false),
  mp_cost: z.number().int().nonnegative().max(1_000_000).default(0),
  skip_prepare: z.boolean().default(false),
  allow_resume: z.boolean().default(true),
  open_to_all: z.boolean().default(false),
  /** Class ids: every student of these classes (as they are when a student opens the list). */
  classes: z.array(z.string().min(1).max(64)).max(1_000).default([]),
  /** Registration numbers, beside the classes. */
  students: z.array(z.string().trim().min(1).max(64)).max(100_000).default([]),
  /** Staff ids of the proctors who watch it in the live console. */
  proctors: z.array(z.string().min(1).max(64)).max(1_000).default([]),
  /** The review's release rule (decision 0051); null: the default. */
  review: reviewRuleSchema.nullable().default(null),
  review_released_at: importDateSchema.nullable().default(null),
});
export type TestDraft = z.infer<typeof testDraftSchema>;
export type TestDraftInput = z.input<typeof testDraftSchema>;

export const TEST_STATUSES = ['draft', 'published', 'changed'] as const;
export type TestEditorStatus = (typeof TEST_STATUSES)[number];
/** On screen: never published; published as saved; published, with changes not yet published. */
export const TEST_STATUS_LABELS: Record<TestEditorStatus, string> = { draft: 'Draft', published: 'Published', changed: 'Unpublished changes' };

export const testListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).default(''),
  status: z.enum(TEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TestListQuery = z.infer<typeof testListQuerySchema>;

export interface TestListItem {
  id: string;
  name: string;
  status: TestEditorStatus;
  /** Of the draft (what the editor shows). */
  questions: number;
  max_marks: number;
  duration: number;
  activation_at: number | null;
  ends_at: number | null;
  classes: { id: string; name: string }[];
  students: number;
  open_to_all: boolean;
  /** Of the published test. */
  attempts: { running: number; submitted: number };
  updated_at: number;
}

export interface TestListReply {
  items: TestListItem[];
  total: number;
  page: number;
  page_size: number;
}

export const testCreateRequestSchema = z.strictObject({ draft: testDraftSchema });
export const testSaveRequestSchema = z.strictObject({
  draft: testDraftSchema,
  /** The `updated_at` of the draft this edit started from: a save over someone else's is refused (409). */
  base_updated_at: z.number().int().nonnegative(),
});
export const testPublishRequestSchema = z.strictObject({
  /** As for a save: publish exactly the draft the person looked at. */
  base_updated_at: z.number().int().nonnegative(),
});
export const testDuplicateRequestSchema = z.strictObject({ id: importIdSchema, name: z.string().trim().min(1).max(300) });

/** A problem that stops publishing, with its path in the draft (e.g. "parts.0.sections.1.questions.2.question.answer": a question's own fields sit under `question`). */
export interface DraftIssue {
  path: string;
  message: string;
}

/** What the editor's pickers offer (within the asker's scope). */
export interface TestEditorOptions {
  classes: { id: string; name: string }[];
  proctors: { id: string; name: string; email: string }[];
  subjects: { id: string; name: string }[];
}

export interface TestEditorReply {
  /** As the editor edits it: MathML from TeX is given back as TeX (\( \), \[ \]). */
  draft: TestDraft;
  status: TestEditorStatus;
  updated_at: number;
  /** Null before the first publication. */
  published: { version: number; at: number } | null;
  /** What stops publishing; empty when it can be published. */
  issues: DraftIssue[];
  attempts: { running: number; submitted: number };
  /** Whether the published test has an access code (its text is known only when set here). */
  access_code_set: boolean;
  /** Students named in the draft's `students`, as the list shows them. */
  student_names: { reg_no: string; name: string }[];
  options: TestEditorOptions;
}

export interface TestPublishReply {
  editor: TestEditorReply;
  /** True when the paper changed: later starts get the new version. */
  new_version: boolean;
  /** Submitted attempts scored again (a changed key or marks). */
  rescored: number;
}

/** The paper as a student would get it, and what the test screen needs beside it. */
export interface TestPreviewReply {
  paper: TestPaper;
  config: TestConfig;
  /** HTML of the instruction page. */
  instructions: string;
  /** Seconds. */
  duration: number;
}

export const testPreviewScoreRequestSchema = z.strictObject({
  answers: z
    .array(z.strictObject({ qn: z.number().int().positive().max(10_000), ua: answerValueSchema }))
    .max(10_000),
});

export interface TestPreviewScoreReply {
  score: number;
  max_marks: number;
  /** Per question: the marks the answer would get (null: a subjective question, graded by a teacher). */
  questions: { qn: number; marks: number | null; correct: boolean | null; answer: string | string[] | null }[];
}

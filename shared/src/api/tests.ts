import { z } from 'zod';
import { ACCESS_CODE_REQUIRED_MESSAGE, REPORT_EMPTY_MESSAGE, REPORT_MAX_CHARS, REPORT_TOO_LONG_MESSAGE, SEALED_PAPER_LEAD_MS } from '../domain/constants';
import { REVIEW_RULES } from '../domain/review-release';
import { ALREADY_SUBMITTED_MESSAGE, ALREADY_SUBMITTED_TYPE, answerValueSchema, submitReasonSchema } from './attempt-sync';
import { studentDecisionSchema } from './attempt-decision';

/**
 * The timed-test calls of spec section 7 (list, get, instruction, start, in, out, ranking, answer
 * sheet, results, question report, marksheets), with field names as the spec writes them.
 * The answer-sync calls (POST /test/sync, POST /test/submit) are in attempt-sync.ts.
 *
 * Times are milliseconds since the Unix epoch (numbers) unless a field says otherwise:
 * `format.duration` and `partwise_time_gap` are minutes, `timeLeft`, `time_lefts`, `time_lefte`
 * and `s` are seconds, `time_to_start` is milliseconds relative to now.
 *
 * Keys and solutions: the PAPER (what a student gets before submitting) has no `answer` and no
 * `solution` field at all; its question schema is strict, so a reply carrying either does not
 * parse. Only the test-out reply (after submission) uses `reviewQuestionSchema`, which adds them,
 * and only once the review is released (`reviewStatusSchema`, decision 0051).
 */

/** 'chapter': a Chapter Test, a practice test on some chapters (docs/decisions/0008-chapter-tests.md). */
export const TEST_TYPES = ['live', 'aio-pdf', 'third-party', 'chapter'] as const;
export const testTypeSchema = z.enum(TEST_TYPES);
export type TestType = z.infer<typeof testTypeSchema>;

/** format.sq: which questions are shuffled (spec section 9: none, section, part, all). */
export const SHUFFLE_MODES = ['none', 'section', 'part', 'all'] as const;
export const shuffleModeSchema = z.enum(SHUFFLE_MODES);
export type ShuffleMode = z.infer<typeof shuffleModeSchema>;

/** 1 and 8 subjective, 3 MCQ single, 4 MCQ multi, 5 paragraph, 6 numerical, 7 single choice. */
export const questionTypeSchema = z.literal([1, 3, 4, 5, 6, 7, 8]);

/** Option labels: 'A'..'J', or 'a'..'z' in a 'tap' section. */
export const optionLabelSchema = z.string().regex(/^[A-Ja-z]$/, 'An option label is one letter, A to J (a to z in a tap section).');
export const optionsSchema = z.record(optionLabelSchema, z.string().max(100_000));
export type Options = z.infer<typeof optionsSchema>;

/** Test config: CDN, BUCKET and the flags of spec section 6 (PROCTOR_TYPE, DETECT_MULTIFACE...). */
export const testConfigSchema = z.record(z.string().max(100), z.union([z.boolean(), z.number(), z.string().max(2_000)]));
export type TestConfig = z.infer<typeof testConfigSchema>;

export const attachmentSchema = z.object({
  /** 'pdf', 'image', 'video', 'audio', 'link'... */
  type: z.string().min(1).max(40),
  src: z.string().min(1).max(2_000),
  name: z.string().max(300),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const difficultySchema = z.literal([1, 2, 3]);

/** The question fields every student may see. Kept as a plain shape so the review schema can add to it. */
const paperQuestionShape = {
  /** `${test id}.q${qn}`: what POST /question/report takes as `id`. */
  _id: z.string(),
  /** Question number in paper order, 1-based, across all parts. */
  qn: z.number().int().positive(),
  /** The number as displayed (e.g. "12" or "2.a"). */
  qnf: z.string(),
  qt: questionTypeSchema,
  /** Marks for a correct answer. */
  pm: z.number(),
  /** Marks taken away for a wrong answer (a positive number; 0 for none). */
  nm: z.number(),
  /** Part and section index, 0-based. */
  pi: z.number().int().nonnegative(),
  si: z.number().int().nonnegative(),
  /** Number of options (choice questions); 0 for others. */
  noo: z.number().int().nonnegative(),
  /** Shuffle this question's options (seeded by qn and user id, see shared/domain/shuffle.ts). */
  so: z.boolean(),
  /** HTML. */
  text: z.string(),
  options: optionsSchema,
  /** Comprehension / passage HTML shared by a group of questions, or null. */
  extra: z.string().nullable(),
  /** A PDF of the question, or null. */
  pdf: z.string().nullable(),
  pdf_images: z.array(z.string()),
  difficulty: difficultySchema.nullable(),
  subject_id: z.string().nullable(),
  attachments: z.array(attachmentSchema),
};

/** A question of the paper: strict, so `answer` or `solution` can never ride along. */
export const paperQuestionSchema = z.strictObject(paperQuestionShape);
export type PaperQuestion = z.infer<typeof paperQuestionSchema>;

/**
 * The key of a question: an option label ('A') for types 3, 5, 7; several (['A','C']) for type 4;
 * a decimal ("2.5") or an inclusive range ("2.4..2.6") for type 6; null for subjective types.
 */
export const keyAnswerSchema = z.union([z.string(), z.array(z.string()), z.null()]);
export type KeyAnswer = z.infer<typeof keyAnswerSchema>;

/**
 * A question in the test-out (review) reply, after submission: the paper question plus key and
 * solution, both absent until the review is released and always for a student whose config hides
 * the review (HIDE_TEST_REVIEW; decision 0051).
 */
export const reviewQuestionSchema = z.strictObject({
  ...paperQuestionShape,
  answer: keyAnswerSchema.optional(),
  solution: z.string().nullable().optional(),
  /** Dropped after the test (issue 29): it counts for nobody. Absent: counted. */
  dropped: z.boolean().optional(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

const sectionShape = {
  name: z.string(),
  instruction: z.string(),
  noq: z.number().int().nonnegative(),
  /** Shuffle the questions of this section. */
  sq: z.boolean(),
  /** Shuffle the options of this section's questions. */
  so: z.boolean(),
  /** Options are tapped by sub-label a..z. */
  tap: z.boolean(),
};

const partShape = {
  name: z.string(),
  /** First and last question number of the part. */
  fqn: z.number().int().nonnegative(),
  lqn: z.number().int().nonnegative(),
  noq: z.number().int().nonnegative(),
  instruction: z.string(),
  sq: z.boolean(),
  so: z.boolean(),
  /**
   * Part-wise timing: the overall countdown (seconds left) at which this part starts and ends,
   * so the part lasts time_lefts - time_lefte seconds (shared/domain/partwise-timing.ts). Null
   * without part-wise timing.
   */
  time_lefts: z.number().int().nonnegative().nullable(),
  time_lefte: z.number().int().nonnegative().nullable(),
};

const formatShape = {
  /** Minutes. */
  duration: z.number().positive(),
  max_marks: z.number(),
  noq: z.number().int().nonnegative(),
  partwise_timing: z.boolean(),
  /** Minutes of rest between parts under part-wise timing. */
  partwise_time_gap: z.number().nonnegative(),
  sq: shuffleModeSchema,
};

export const paperSectionSchema = z.object({ ...sectionShape, questions: z.array(paperQuestionSchema) });
export const paperPartSchema = z.object({ ...partShape, sections: z.array(paperSectionSchema) });
export const paperFormatSchema = z.object({ ...formatShape, parts: z.array(paperPartSchema) });
export type PaperFormat = z.infer<typeof paperFormatSchema>;

/**
 * The paper: the same bytes for every student of a test version, without keys or solutions.
 * Served precompressed with an ETag at GET /test/paper/{id}/{version}; also embedded as the
 * core of `testData` in GET /test/in.
 */
export const testPaperSchema = z.object({
  _id: z.string(),
  /** Grows by one whenever the paper of the test changes. */
  version: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  type: testTypeSchema,
  mock_id: z.string().nullable(),
  format: paperFormatSchema,
  attachments: z.array(attachmentSchema),
});
export type TestPaper = z.infer<typeof testPaperSchema>;

/** What a student may know about a test, beyond its paper, at any time. */
const testStatusShape = {
  config: testConfigSchema,
  /** Merit points charged once, at the first start. */
  mp_cost: z.number().int().nonnegative(),
  /** ms until the test opens; 0 while open; negative (ms since it ended) once ended. */
  time_to_start: z.number().int(),
  /** When the test opens and ends (ms), null for always. */
  activation_date: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  /** True when an access code is needed to start (the code itself never leaves the server). */
  access_code: z.boolean(),
  /** The student has started (or finished) this test. */
  attempted: z.boolean(),
  /** The student has an unfinished attempt that may be resumed. */
  resumeable: z.boolean(),
  /** The test skips the device check. */
  SKIP_PREPARE: z.boolean(),
};

/** testData of GET /test/in and GET /test/answer: the paper plus the test's status for this student. */
export const testDataSchema = testPaperSchema.extend(testStatusShape);
export type TestData = z.infer<typeof testDataSchema>;

/** testData of GET /test/out: as testData, but every question carries its key and solution. */
export const reviewTestDataSchema = testDataSchema.extend({
  format: z.object({
    ...formatShape,
    parts: z.array(z.object({ ...partShape, sections: z.array(z.object({ ...sectionShape, questions: z.array(reviewQuestionSchema) })) })),
  }),
});
export type ReviewTestData = z.infer<typeof reviewTestDataSchema>;

/** The structure of a test without any question, for the list, detail and instruction pages. */
export const testInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: testTypeSchema,
  mock_id: z.string().nullable(),
  format: z.object({
    ...formatShape,
    parts: z.array(z.object({ ...partShape, sections: z.array(z.object(sectionShape)) })),
  }),
  attachments: z.array(attachmentSchema),
  ...testStatusShape,
});
export type TestInfo = z.infer<typeof testInfoSchema>;

export const reviewRuleSchema = z.enum(REVIEW_RULES);

/**
 * Whether a submitted attempt's review (keys, solutions, correctness, result, ranking) is
 * released, and when it opens (decision 0051). Until `released`, replies carry the student's own
 * answers but no key, solution, result or rank.
 */
export const reviewStatusSchema = z.object({
  released: z.boolean(),
  /** When the review opens or opened (ms); null: when the institute releases it. */
  reviewOpensAt: z.number().int().nullable(),
  rule: reviewRuleSchema,
  /** The student's config hides the review (HIDE_TEST_REVIEW): keys and solutions never come. */
  hidden: z.boolean(),
});
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** GET /test/list?q={timestamp} and GET /test/attempted-list: an array of these. */
export const testListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  SKIP_PREPARE: z.boolean(),
  resumeable: z.boolean(),
  attempted: z.boolean(),
  /** ms until the test opens; 0 while open; negative (ms since it ended) once ended. */
  time_to_start: z.number().int(),
  /** When the student started / submitted it, null when not (yet). */
  test_created_at: z.number().int().nullable(),
  test_submitted_at: z.number().int().nullable(),
  // Beyond the spec's list, for the card and the start dialog:
  type: testTypeSchema,
  mp_cost: z.number().int().nonnegative(),
  access_code: z.boolean(),
  /** Minutes. */
  duration: z.number(),
  activation_date: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  /** Once submitted: when its review opens (from the test's rule); null before submission. */
  review: reviewStatusSchema.nullable(),
});
export type TestListItem = z.infer<typeof testListItemSchema>;
export const testListReplySchema = z.array(testListItemSchema);
export type TestListReply = z.infer<typeof testListReplySchema>;

/**
 * GET /test/mock-tests: the student's tests (the /test/list items) grouped by series, the tests'
 * `mock_id`: the series in name order, then the tests in no series (`mock_id` null).
 */
export const mockTestSeriesSchema = z.object({ mock_id: z.string().nullable(), tests: z.array(testListItemSchema) });
export type MockTestSeries = z.infer<typeof mockTestSeriesSchema>;
export const mockTestsReplySchema = z.array(mockTestSeriesSchema);
export type MockTestsReply = z.infer<typeof mockTestsReplySchema>;

/**
 * Statistics of the whole attempt or of one part, as shared/domain/scoring.ts computes them.
 * Percentages 0-100 and ratios with 2 decimals; times in seconds.
 */
export const scoreStatsSchema = z.object({
  scored: z.number(),
  max_marks: z.number(),
  /** scored / max_marks, %. */
  percentage: z.number(),
  attempted: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  wrong: z.number().int().nonnegative(),
  /** Multi-correct strict subsets and part-marked subjective answers. */
  partial: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** Subjective answers not graded yet (and answers without a usable key). */
  pending: z.number().int().nonnegative(),
  /** correct / attempted, %. */
  accuracy: z.number(),
  /** attempted / total, %. */
  attempt_rate: z.number(),
  /** Seconds per attempted question. */
  avg_speed: z.number(),
  time_spent: z.number(),
  time_per_question: z.number(),
});
export type ScoreStats = z.infer<typeof scoreStatsSchema>;

/** What a rank row shows of another student's result. */
export const rankResultSchema = scoreStatsSchema.pick({ scored: true, max_marks: true, percentage: true, accuracy: true, time_spent: true });
export type RankResult = z.infer<typeof rankResultSchema>;

/** [rank, name, user_id, result] as the spec writes it (shared/domain/ranking.ts RankRow). */
export const rankSchema = z.tuple([z.number().int().positive(), z.string(), z.string(), rankResultSchema]);
export type Rank = z.infer<typeof rankSchema>;

export const partResultSchema = scoreStatsSchema.extend({ pi: z.number().int().nonnegative(), name: z.string() });
export type PartResult = z.infer<typeof partResultSchema>;

export const resultSchema = scoreStatsSchema.extend({
  partResults: z.array(partResultSchema),
  /** Filled by GET /test/out/{id}/ranking, never stored with the result. */
  ranks: z.array(rankSchema).optional(),
});
export type Result = z.infer<typeof resultSchema>;

/** One question's saved state (userData.test_data). */
export const questionStateSchema = z.object({
  qn: z.number().int().positive(),
  ua: answerValueSchema,
  ats: z.number().int().nullable(),
  mts: z.number().int().nullable(),
  vts: z.number().int().nullable(),
  s: z.number().int().nonnegative(),
  /** Uploaded answer images, videos and audio: signed URLs for the owner (uploads.ts). */
  iu: z.array(z.string()),
  vu: z.array(z.string()),
  au: z.array(z.string()),
  /** The teacher's remark on this question, or null. */
  r: z.string().nullable(),
  /**
   * The teacher's grade (marks) of this question once graded, else null or absent: it decides a
   * subjective or otherwise pending question (shared/domain/scoring.ts `gradedMarks`).
   */
  graded: z.number().nullable().optional(),
  /** The revision of the last change the server holds (attempt-sync.ts). */
  rev: z.number().int().nonnegative(),
  /** True when this state arrived after the deadline and its grace (kept, not scored). */
  late: z.boolean(),
});
export type SavedQuestionState = z.infer<typeof questionStateSchema>;

/** The student's attempt (userData). */
export const userDataSchema = z.object({
  /** The attempt id. */
  _id: z.string(),
  /** The test id. */
  mock_id: z.string(),
  test_data: z.array(questionStateSchema),
  /** Seconds left, from the server's clock. */
  timeLeft: z.number().int().nonnegative(),
  /** The question to resume at. */
  last_qn: z.number().int().positive(),
  /** Attempt-wide uploaded images and PDFs. */
  iu: z.array(z.string()),
  pu: z.array(z.string()),
  /** The teacher's remark on the whole test, or null. */
  remark: z.string().nullable(),
  /** Present once submitted. */
  result: resultSchema.nullable(),
  /** Started at (ms). */
  test_created_at: z.number().int(),
  test_submitted_at: z.number().int().nullable(),
  terminated: submitReasonSchema.nullable(),
  /** The deadline (ms, extensions included) and the server's time when this reply was made. */
  deadline: z.number().int(),
  server_time: z.number().int(),
  /** The highest revision the server holds: journal entries up to it are acknowledged. */
  acked_rev: z.number().int().nonnegative(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const chapterSchema = z.object({ name: z.string() });

/** Reply type 100 (GET /test/in, POST /test/start, POST /test/submit): already submitted. */
export const alreadySubmittedReplySchema = z.object({ type: z.literal(ALREADY_SUBMITTED_TYPE), message: z.literal(ALREADY_SUBMITTED_MESSAGE) });
export type AlreadySubmittedReply = z.infer<typeof alreadySubmittedReplySchema>;

/** Where the cached, precompressed paper of the current version is. */
export const paperRefSchema = z.object({
  version: z.number().int().positive(),
  /** GET this (with the access token); send If-None-Match with its ETag to get 304. */
  url: z.string(),
  /**
   * With a started attempt: the sealed copy of this version handed out before the start, and the
   * key that opens it (decision 0046). A browser holding that copy needs no paper request.
   */
  sealed_url: z.optional(z.string()),
  key: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))),
});
export type PaperRef = z.infer<typeof paperRefSchema>;

/**
 * Where the sealed paper is (GET /test/instruction, from SEALED_PAPER_LEAD_MS before the opening):
 * AES-256-GCM over the gzipped paper, `iv | ciphertext | tag`; its key comes only with the start.
 */
export const sealedPaperRefSchema = z.object({ version: z.number().int().positive(), url: z.string() });
export type SealedPaperRef = z.infer<typeof sealedPaperRefSchema>;

/**
 * GET /test/in/{id}?ts=time[&embed=0]. testData embeds the paper unless embed=0, when the portal
 * takes the paper from `paper.url` (cached, ETag) and merges it with `test`.
 */
export const testInReplySchema = z.object({
  testData: testDataSchema.optional(),
  /** The test's status for this student (testData without the paper); always present. */
  test: testDataSchema.omit({ format: true, attachments: true, name: true, description: true, type: true, mock_id: true, version: true }),
  userData: userDataSchema,
  instructions: z.string(),
  testConfig: testConfigSchema,
  paper: paperRefSchema,
});
export type TestInReply = z.infer<typeof testInReplySchema>;
export const testInResponseSchema = z.union([alreadySubmittedReplySchema, testInReplySchema]);
export type TestInResponse = z.infer<typeof testInResponseSchema>;

/** The proctoring review's decision on an attempt, as its student sees it (issue 29). */
export { studentDecisionSchema } from './attempt-decision';
export type { StudentDecision } from './attempt-decision';

/** GET /test/get/{id}: the test and this student's results on it. */
export const resultRowSchema = z.object({
  /** The test id. */
  _id: z.string(),
  name: z.string(),
  /** Started at (ms). */
  test_created_at: z.number().int(),
  test_submitted_at: z.number().int().nullable(),
  /** The test's type: a 'chapter' test lists its chapters in the results list. */
  type: testTypeSchema,
  chapters: z.array(chapterSchema),
  /** Null until the review is released (decision 0051): 'Result will be declared soon.' */
  result: resultSchema.nullable(),
  review: reviewStatusSchema,
  /** The proctoring review's decision (issue 29); absent or null without one. Void: `result` is null. */
  decision: studentDecisionSchema.nullable().optional(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

export const testGetReplySchema = z.object({ test: testInfoSchema, results: z.array(resultRowSchema) });
export type TestGetReply = z.infer<typeof testGetReplySchema>;

/** GET /test/instruction/{id}?resume=true. `instruction` is HTML. */
export const testInstructionReplySchema = z.object({
  test: testInfoSchema,
  instruction: z.string(),
  chapters: z.array(chapterSchema),
  /** The sealed paper to fetch while the student reads, when it is handed out (decision 0046). */
  sealed_paper: z.optional(sealedPaperRefSchema),
});
export type TestInstructionReply = z.infer<typeof testInstructionReplySchema>;

/** A camera or microphone the device check saw (spec section 3, Device). */
export const deviceSchema = z.object({
  deviceId: z.string().max(300),
  /** 'videoinput', 'audioinput'... */
  type: z.string().max(40),
  active: z.boolean(),
  label: z.string().max(300),
});
export type Device = z.infer<typeof deviceSchema>;

export const startRequestSchema = z.object({
  id: z.string().trim().min(1, 'Test id is required.').max(64),
  devices: z.array(deviceSchema).max(20).default([]),
  access_code: z.string().max(200).optional(),
  resume: z.boolean().optional(),
  /**
   * Ours: also enter the test in the same call, the reply carrying what GET /test/in?embed=0 would
   * (`entered`), so that Start costs one request fewer at an exam's opening minute (decision 0044).
   */
  enter: z.boolean().optional(),
});
export type StartRequest = z.input<typeof startRequestSchema>;

/** POST /test/start. */
export const startReplySchema = z.object({
  test_id: z.string(),
  /** The proctoring room of this test. */
  room_no: z.string(),
  error: z.null(),
  /** True when an unfinished attempt was resumed (its clock kept running). */
  resumed: z.boolean(),
  /** The deadline (ms, extensions included). */
  deadline: z.number().int(),
  /** The student's merit points after any charge. */
  meritpoints: z.number().int(),
  /** With `enter`: the attempt as GET /test/in?embed=0 returns it. */
  entered: testInReplySchema.optional(),
});
export type StartReply = z.infer<typeof startReplySchema>;
export const startResponseSchema = z.union([alreadySubmittedReplySchema, startReplySchema]);
export type StartResponse = z.infer<typeof startResponseSchema>;

/**
 * GET /test/out/{id}: after submission only. Once `review.released`, questions carry `answer` and
 * `solution` (never for `review.hidden`) and `result` is the score; before, the student's own
 * answers only: no key, solution, result, grade or remark (decision 0051).
 */
export const testOutReplySchema = z.object({
  testData: reviewTestDataSchema,
  userData: userDataSchema,
  result: resultSchema.nullable(),
  instructions: z.string(),
  review: reviewStatusSchema,
  /** The proctoring review's decision (issue 29); absent or null without one. Void: `result` is null. */
  decision: studentDecisionSchema.nullable().optional(),
});
export type TestOutReply = z.infer<typeof testOutReplySchema>;

/**
 * GET /test/out/{id}/ranking. Empty (live: false) for tests that are not live, and empty until the
 * review is released (`released` false). In a rank row `user_id` is the student's own id on their
 * own row and an opaque per-test token on everyone else's (decision 0051).
 */
export const rankingReplySchema = z.object({ live: z.boolean(), ranks: z.array(rankSchema), released: z.boolean(), reviewOpensAt: z.number().int().nullable() });
export type RankingReply = z.infer<typeof rankingReplySchema>;

/** GET /test/answer/{id}: the answer sheet (no keys), after submission; no result, grade or remark until the review is released. */
export const answerSheetReplySchema = z.object({ testData: testDataSchema, userData: userDataSchema, instructions: z.string(), review: reviewStatusSchema });
export type AnswerSheetReply = z.infer<typeof answerSheetReplySchema>;

/** GET /test/myresults?page (1-based): 10 rows a page, the latest submission first. */
export const RESULTS_PAGE_SIZE = 10;
export const myResultsReplySchema = z.array(resultRowSchema);
export type MyResultsReply = z.infer<typeof myResultsReplySchema>;

/** POST /question/report. `id` is the question's `_id` (`${test id}.q${qn}`). */
export const questionReportRequestSchema = z.object({
  id: z.string().trim().min(1, 'Question id is required.').max(200),
  text: z.string().trim().min(1, REPORT_EMPTY_MESSAGE).max(REPORT_MAX_CHARS, REPORT_TOO_LONG_MESSAGE),
});
export type QuestionReportRequest = z.infer<typeof questionReportRequestSchema>;

/** GET /marksheets?page: 10 a page, newest first, without the HTML. */
export const MARKSHEETS_PAGE_SIZE = 10;
export const marksheetListItemSchema = z.object({ _id: z.string(), name: z.string(), updated_at: z.number().int() });
export const marksheetListReplySchema = z.array(marksheetListItemSchema);
export type MarksheetListReply = z.infer<typeof marksheetListReplySchema>;

/** GET /marksheets/{id}: `marksheet` is sanitised HTML (no scripts, handlers, styles or foreign URLs). */
export const marksheetSchema = marksheetListItemSchema.extend({ marksheet: z.string() });
export type Marksheet = z.infer<typeof marksheetSchema>;

/** Messages the server sends as they are (spec sections 5 and 8 where it fixes the words). */
export const TEST_MESSAGES = {
  testNotFound: 'Test not found!',
  accessCodeRequired: ACCESS_CODE_REQUIRED_MESSAGE,
  accessCodeWrong: 'The access code is wrong.',
  startFailed: 'There was something wrong while creating test!',
  notOpenYet: 'This test has not started yet.',
  ended: 'This test has ended.',
  resumeNotAllowed: 'This test cannot be resumed.',
  notEnoughMeritPoints: (cost: number, have: number) => `This test costs ${cost} merit points; you have ${have}.`,
  notStarted: 'Please start the test first.',
  sealedPaperNotYet: `The paper is handed out ${SEALED_PAPER_LEAD_MS / 60_000} minutes before the test opens.`,
  notSubmitted: 'The test is not submitted yet.',
  alreadySubmitted: 'Test already submitted.',
  submitted: 'Your test has been submitted successfully.',
  questionNotFound: 'Question not found.',
  reported: 'Question reported. Thanks!',
  marksheetNotFound: 'No data found!',
} as const;

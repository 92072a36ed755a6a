import { z } from 'zod';
import { ALREADY_SUBMITTED_MESSAGE, ALREADY_SUBMITTED_TYPE } from './http';

/**
 * The answer-sync contract (POST /test/sync, and the `updates` of POST /test/submit).
 *
 * Never lose an answer: the portal writes every change to a local journal before sending it and
 * replays unsent changes in order until the server acknowledges them. To make replays safe, each
 * question update carries `rev`, a revision that grows with every change the student makes in
 * this attempt (across all questions). The server keeps, per question, the update with the
 * highest rev it has seen and ignores older or repeated ones, so a sync may be sent any number of
 * times, in any order, and the result is the same. Only changed questions travel; never the
 * question text, options or answer key.
 */

/** A student's answer: an option label ('A'), several ('A','C'), a number as typed, or text. */
export const answerValueSchema = z.union([z.string().max(20_000), z.array(z.string().max(8)).max(26), z.null()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

const epochMs = z.number().int().nonnegative();

export const questionUpdateSchema = z.object({
  /** Question number in the paper (1-based). */
  qn: z.number().int().positive().max(10_000),
  /** Client revision of this change, unique and increasing within the attempt. */
  rev: z.number().int().positive(),
  /** The answer (null: cleared or never given). */
  ua: answerValueSchema,
  /** When the answer was set (ms since epoch), null when unanswered (spec: "answered time"). */
  ats: epochMs.nullable(),
  /** When the question was marked for review, null when not marked. */
  mts: epochMs.nullable(),
  /** When the question was first visited, null when never. */
  vts: epochMs.nullable(),
  /** Seconds spent on the question so far. */
  s: z.number().int().nonnegative().max(7 * 24 * 3600),
  /** When the student made this change, on the student's clock (ms since epoch). */
  at: epochMs,
});
export type QuestionUpdate = z.infer<typeof questionUpdateSchema>;

export const syncRequestSchema = z.object({
  /** The test id. */
  id: z.string().min(1).max(64),
  updates: z.array(questionUpdateSchema).max(1_000),
  /** The question the student is on, for resuming there. */
  qn: z.number().int().positive().max(10_000),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

const closedPartQnsSchema = z.array(z.number().int().positive()).optional();

export const syncReplySchema = z.object({
  success: z.literal(true),
  /** The highest rev the server holds for this attempt: the journal drops entries up to it. */
  acked_rev: z.number().int().nonnegative(),
  /** Seconds left, from the server's clock (deadline minus now, never below 0). */
  time_left: z.number().int().nonnegative(),
  /** True when these changes arrived after the deadline and its grace: kept, but marked late. */
  late: z.boolean(),
  /** True once the attempt is submitted (by the student, or by the server at the deadline). */
  submitted: z.boolean(),
  /** True when a proctor's PROCTOR_TERMINATE submitted it (the page says so, not 'Test already submitted.'). */
  terminated_by_proctor: z.boolean().optional(),
  /**
   * Under part-wise timing: questions whose change arrived while their part was not open (not yet
   * open, or closed for longer than the grace). Kept and acknowledged like late changes, but never
   * scored. Absent when there are none.
   */
  closed_part_qns: closedPartQnsSchema,
  /** True while a proctor has paused the attempt (issue 12): time_left does not run. Absent otherwise. */
  paused: z.boolean().optional(),
});
export type SyncReply = z.infer<typeof syncReplySchema>;

/** The submit reasons of the spec (section 4), plus manual. */
export const submitReasonSchema = z.enum(['manual', 'TEST_TIME_OUT', 'BLUR_TIME_OUT', 'BLUR_ALLOWED_COUNT', 'PROCTOR_TERMINATE']);
export type SubmitReason = z.infer<typeof submitReasonSchema>;

export const submitRequestSchema = z.object({
  id: z.string().min(1).max(64),
  updates: z.array(questionUpdateSchema).max(10_000),
  terminated: submitReasonSchema,
  qn: z.number().int().positive().max(10_000).optional(),
  /** When the portal decided to submit, on the student's clock: lets a late delivery prove intent. */
  submitted_at: epochMs.optional(),
});
export type SubmitRequest = z.infer<typeof submitRequestSchema>;

// Kept in http.ts (no schema library) so pages that only check the reply stay small.
export { ALREADY_SUBMITTED_MESSAGE, ALREADY_SUBMITTED_TYPE } from './http';

/** POST /test/submit, the first time: the attempt is now submitted and scored. */
export const submitReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  terminated: submitReasonSchema,
  /** As in the sync reply: the journal drops entries up to it. */
  acked_rev: z.number().int().nonnegative(),
  /** True when the submit (and its updates) arrived after the deadline and its grace. */
  late: z.boolean(),
  submitted_at: epochMs,
  /** As in the sync reply: changes to a part that was not open, kept late and not scored. */
  closed_part_qns: closedPartQnsSchema,
});
export type SubmitReply = z.infer<typeof submitReplySchema>;

/**
 * POST /test/submit when the attempt was already submitted (by an earlier submit or by the server
 * at the deadline): its updates are still kept, marked late, and acknowledged.
 */
export const alreadySubmittedSubmitReplySchema = z.object({
  type: z.literal(ALREADY_SUBMITTED_TYPE),
  message: z.literal(ALREADY_SUBMITTED_MESSAGE),
  acked_rev: z.number().int().nonnegative(),
  /** As in the sync reply. */
  terminated_by_proctor: z.boolean().optional(),
});
export type AlreadySubmittedSubmitReply = z.infer<typeof alreadySubmittedSubmitReplySchema>;

export const submitResponseSchema = z.union([submitReplySchema, alreadySubmittedSubmitReplySchema]);
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

import { z } from 'zod';
import { PROCTOR_KIND_CLASS } from './proctor-kinds';
import type { ProctorEventKind } from './proctor-kinds';
import { proctorDetailSchema, proctorEventKindSchema, proctorEventSourceSchema } from './proctor-event';
import { ATTEMPT_DECISIONS, FLAG_VERDICTS, MAX_NOTE, REVIEW_MESSAGES, REVIEW_STATES } from './staff-review-text';

/**
 * The proctoring review (issue 29, decision 0061): after a test, a reviewer reads each attempt's
 * trail as a timeline, marks each flag cleared or confirmed, and decides on the attempt: no
 * concern, under review, or void (a void attempt has no score: every reader of results leaves it
 * out, and the stored result is kept, so un-voiding restores it). Reviewers are admins (every
 * test) and proctors (the tests they proctor, proctor_tests); a teacher gets 403, a student's
 * token 401.
 *
 *   GET  /api/staff/review?test=&state=&page=             reviewQueueQuerySchema -> ReviewQueueReply
 *   GET  /api/staff/review/tests                          -> ReviewTestsReply (the tests in scope, for the filter)
 *   GET  /api/staff/review/attempts/{id}                  -> AttemptReviewReply (the trail as a timeline)
 *   PUT  /api/staff/review/attempts/{id}/flags/{eventId}  flagVerdictRequestSchema -> FlagVerdictReply
 *   PUT  /api/staff/review/attempts/{id}/decision         attemptDecisionRequestSchema -> AttemptDecisionReply
 */

export * from './staff-review-text';

export const flagVerdictSchema = z.enum(FLAG_VERDICTS, { message: 'A verdict is cleared or confirmed.' });
export const attemptDecisionKindSchema = z.enum(ATTEMPT_DECISIONS, { message: 'A decision is no_concern, under_review or void.' });
export const reviewStateSchema = z.enum(REVIEW_STATES, { message: 'A state is needs_look, under_review, decided or all.' });

/** The kinds that take a verdict (PROCTOR_KIND_CLASS 'flag'). */
export const FLAG_KINDS = (Object.keys(PROCTOR_KIND_CLASS) as ProctorEventKind[]).filter((kind) => PROCTOR_KIND_CLASS[kind] === 'flag');

const page = z.coerce.number({ message: 'page is a number.' }).int().min(1).max(100_000).default(1);
const testIdText = z.string().min(1).max(64);

export const reviewQueueQuerySchema = z.object({
  test: testIdText.optional(),
  state: reviewStateSchema.default('needs_look'),
  page,
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

export const reviewQueueRowSchema = z.object({
  attempt_id: z.string(),
  test_id: z.string(),
  test_name: z.string(),
  student_name: z.string(),
  reg_no: z.string(),
  started_at: z.number().int(),
  submitted_at: z.number().int().nullable(),
  flags: z.number().int().nonnegative(),
  cleared: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  decision: attemptDecisionKindSchema.nullable(),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRowSchema>;

export const reviewQueueReplySchema = z.object({ items: z.array(reviewQueueRowSchema), total: z.number().int().nonnegative(), page: z.number().int(), page_size: z.number().int() });
export type ReviewQueueReply = z.infer<typeof reviewQueueReplySchema>;

export const reviewTestsReplySchema = z.object({ tests: z.array(z.object({ id: z.string(), name: z.string() })) });
export type ReviewTestsReply = z.infer<typeof reviewTestsReplySchema>;

const note = z.string().trim().max(MAX_NOTE, REVIEW_MESSAGES.noteTooLong);

export const flagVerdictRequestSchema = z
  .strictObject({ verdict: flagVerdictSchema, note: note.default('') })
  .refine((body) => body.verdict !== 'confirmed' || body.note !== '', { message: REVIEW_MESSAGES.noteRequired, path: ['note'] });
export type FlagVerdictRequest = z.input<typeof flagVerdictRequestSchema>;

export const attemptDecisionRequestSchema = z
  .strictObject({ decision: attemptDecisionKindSchema, reason: note.default('') })
  .refine((body) => body.decision === 'no_concern' || body.reason !== '', { message: REVIEW_MESSAGES.reasonRequired, path: ['reason'] });
export type AttemptDecisionRequest = z.input<typeof attemptDecisionRequestSchema>;

export const verdictSchema = z.object({ verdict: flagVerdictSchema, note: z.string(), reviewer_name: z.string().nullable(), reviewed_at: z.number().int() });
export type Verdict = z.infer<typeof verdictSchema>;

export const decisionSchema = z.object({ decision: attemptDecisionKindSchema, reason: z.string(), reviewer_name: z.string().nullable(), decided_at: z.number().int() });
export type Decision = z.infer<typeof decisionSchema>;

/** One line of the trail: a proctoring event, a proctor's command, a chat message, or a snapshot no event names. */
export const reviewEntrySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('event'),
    id: z.string(),
    at: z.number().int(),
    kind: proctorEventKindSchema,
    source: proctorEventSourceSchema,
    detail: z.nullable(proctorDetailSchema),
    /** A signed, short-lived URL of the snapshot (staff). */
    evidence_url: z.string().nullable(),
    late: z.boolean(),
    /** For a DISCONNECTED: how long until the channel was back (null: never, within the attempt). */
    gap_ms: z.number().int().nullable(),
    verdict: verdictSchema.nullable(),
  }),
  z.object({
    type: z.literal('command'),
    id: z.string(),
    at: z.number().int(),
    command: z.string(),
    reason: z.string(),
    minutes: z.number().nullable(),
    by: z.string(),
    delivered_at: z.number().int().nullable(),
    applied_at: z.number().int().nullable(),
  }),
  z.object({ type: z.literal('chat'), id: z.string(), at: z.number().int(), author: z.enum(['student', 'proctor']), by: z.string().nullable(), body: z.string() }),
  z.object({ type: z.literal('snapshot'), id: z.string(), at: z.number().int(), reason: z.string().nullable(), source: proctorEventSourceSchema, evidence_url: z.string() }),
]);
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

/** Which signal was watched, by whom, and how long it was off (from the trail). */
export const coverageRowSchema = z.object({
  signal: z.string(),
  /** Who reported it: 'Extension', 'This page', both, or '' when nothing did. */
  watched_by: z.array(proctorEventSourceSchema),
  /** Flags of this signal. */
  flags: z.number().int().nonnegative(),
  /** How long it was off or away (ms), from its paired events (left/back, stopped/started, lost/back). */
  off_ms: z.number().int().nonnegative(),
  /** A check that said it could not run on the device. */
  unavailable: z.boolean(),
});
export type CoverageRow = z.infer<typeof coverageRowSchema>;

export const attemptReviewReplySchema = z.object({
  attempt: z.object({
    id: z.string(),
    test_id: z.string(),
    test_name: z.string(),
    student_name: z.string(),
    reg_no: z.string(),
    started_at: z.number().int(),
    deadline_ms: z.number().int(),
    submitted_at: z.number().int().nullable(),
    submit_reason: z.string().nullable(),
  }),
  decision: decisionSchema.nullable(),
  flags: z.number().int().nonnegative(),
  entries: z.array(reviewEntrySchema),
  coverage: z.array(coverageRowSchema),
  /** Total time the live channel was lost (ms). */
  disconnected_ms: z.number().int().nonnegative(),
  /** The next attempt of the queue (same test, needs-a-look order) after this one; null at its end. */
  next_attempt_id: z.string().nullable(),
});
export type AttemptReviewReply = z.infer<typeof attemptReviewReplySchema>;

export const flagVerdictReplySchema = z.object({ event_id: z.string(), verdict: verdictSchema });
export type FlagVerdictReply = z.infer<typeof flagVerdictReplySchema>;

export const attemptDecisionReplySchema = z.object({ attempt_id: z.string(), decision: decisionSchema });
export type AttemptDecisionReply = z.infer<typeof attemptDecisionReplySchema>;

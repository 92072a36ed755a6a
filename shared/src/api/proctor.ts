/**
 * The proctoring event trail (issue 4; decision 0011). Whoever watches the student (the paired
 * extension, or the page's own detectors when there is none) reports what it saw; the server
 * keeps every event with its time, kind, source and evidence, and shows the student the whole
 * timeline with the result.
 *
 *   POST /proctor/token              {test_id}                    -> {token, expires_at}     (signed in)
 *   POST /proctor/events             {test_id, sent_at, events[]} -> {stored, duplicates, late}
 *   POST /snapUpload/{testId}/png    form test_id, data, reason?  -> {fileName, message}
 *   POST /saveAIImage/{testId}/png   multipart test_id, image, reason? -> {fileName, message}
 *   GET  /proctor/events/{testId}                                 -> the timeline (after submission)
 *
 * Events and snapshots take either the student's access token (x-access-token) or the proctor
 * token (x-proctor-token): a short-lived token for one running attempt that the portal hands to
 * the extension, so the extension can report by itself even if the page is closed or tampered
 * with. It is not a session: no other call accepts it.
 */

import { z } from 'zod';
import { studentDecisionSchema } from './attempt-decision';
import { proctorDetailSchema, proctorEventKindSchema, proctorEventSchema, proctorEventSourceSchema, reportedEventKindSchema, reporterSourceSchema, snapshotFileNameSchema } from './proctor-event';
import {
  MAX_EVENTS_PER_ATTEMPT,
  MAX_EVENTS_PER_REQUEST,
  MAX_SNAPSHOT_BYTES,
  MAX_SNAPSHOTS_PER_ATTEMPT,
} from './proctor-kinds';

export * from './proctor-kinds';

export {
  proctorDetailSchema,
  proctorEventIdSchema,
  proctorEventKindSchema,
  proctorEventSchema,
  proctorEventSourceSchema,
  reportedEventKindSchema,
  reporterSourceSchema,
  snapshotFileNameSchema,
} from './proctor-event';
export type { ProctorDetail, ProctorEvent } from './proctor-event';

const epochMs = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const testId = z.string().min(1).max(64);

export const proctorTokenRequestSchema = z.object({ test_id: testId });
export type ProctorTokenRequest = z.infer<typeof proctorTokenRequestSchema>;

export const proctorTokenReplySchema = z.object({
  token: z.string(),
  /** ms since the epoch (server clock): the attempt's deadline plus the grace. */
  expires_at: z.number().int(),
});
export type ProctorTokenReply = z.infer<typeof proctorTokenReplySchema>;

export const proctorEventsRequestSchema = z.object({
  test_id: testId,
  /**
   * The reporter's clock when it sent this request. The server shifts each event's `at` by
   * (its own clock on arrival - sent_at), so a student's wrong clock does not move the timeline.
   */
  sent_at: epochMs,
  events: z.array(proctorEventSchema).min(1, 'Send at least one event.').max(MAX_EVENTS_PER_REQUEST, `Send at most ${MAX_EVENTS_PER_REQUEST} events at a time.`),
});
export type ProctorEventsRequest = z.infer<typeof proctorEventsRequestSchema>;

export const proctorEventsReplySchema = z.object({
  /** Events stored by this request. Every event of the request is acknowledged, stored or not. */
  stored: z.number().int().nonnegative(),
  /** Events already stored by an earlier request (replays), ignored. */
  duplicates: z.number().int().nonnegative(),
  /** Of `stored`, those that arrived after submission (or the deadline) and its grace. */
  late: z.number().int().nonnegative(),
});
export type ProctorEventsReply = z.infer<typeof proctorEventsReplySchema>;

/** The text fields of a snapshot upload (the image itself is the form's `data` or `image`). */
export const snapshotFormSchema = z.object({
  test_id: testId,
  /** Why it was taken: NO_FACE, MULTI_FACE, another kind, or IMAGE_PROCTOR for periodic snapshots. */
  reason: z.union([reportedEventKindSchema, z.literal('IMAGE_PROCTOR')]).optional(),
  source: z.optional(reporterSourceSchema),
});
export type SnapshotForm = z.infer<typeof snapshotFormSchema>;

export const snapshotReplySchema = z.object({ fileName: snapshotFileNameSchema, message: z.string() });
export type SnapshotReply = z.infer<typeof snapshotReplySchema>;

export const proctorTimelineEventSchema = z.object({
  id: z.string(),
  kind: proctorEventKindSchema,
  source: proctorEventSourceSchema,
  /** When it happened on the server's clock (the reporter's time, corrected for its clock). */
  at: z.number().int(),
  /** The reporter's own time, as sent. */
  client_at: z.number().int(),
  received_at: z.number().int(),
  detail: z.nullable(proctorDetailSchema),
  /** A signed, short-lived URL of the snapshot, for its owner; null without one. */
  evidence_url: z.string().nullable(),
  /** Arrived after submission (or the deadline) and its grace: kept, marked late. */
  late: z.boolean(),
  /** A reviewer's verdict on this flag and its note (issue 29, decision 0061); absent or null without one. */
  verdict: z.object({ verdict: z.enum(['cleared', 'confirmed']), note: z.string() }).nullable().optional(),
});
export type ProctorTimelineEvent = z.infer<typeof proctorTimelineEventSchema>;

export const proctorTimelineReplySchema = z.object({
  test_id: z.string(),
  started_at: z.number().int(),
  submitted_at: z.number().int(),
  /** Oldest first. */
  events: z.array(proctorTimelineEventSchema),
  /** Snapshots stored for the attempt, with or without an event. */
  snapshots: z.number().int().nonnegative(),
  /** The proctoring review's decision on the attempt (issue 29); absent or null without one. */
  decision: studentDecisionSchema.nullable().optional(),
});
export type ProctorTimelineReply = z.infer<typeof proctorTimelineReplySchema>;

export const PROCTOR_MESSAGES = {
  tokenInvalid: 'The proctoring token is not valid or has expired.',
  tokenOtherTest: 'This proctoring token is for another test.',
  notRunning: 'The test is not running.',
  timelineAfterSubmit: 'The proctoring timeline is shown once the test is submitted.',
  tooManyEvents: `This attempt already has ${MAX_EVENTS_PER_ATTEMPT} proctoring events; no more are kept.`,
  tooManySnapshots: `This attempt already has ${MAX_SNAPSHOTS_PER_ATTEMPT} snapshots; no more are kept.`,
  snapshotRequired: 'An image is required.',
  snapshotNotImage: 'The snapshot must be a WebP, PNG or JPEG image.',
  snapshotTooLarge: `The snapshot is larger than ${Math.round(MAX_SNAPSHOT_BYTES / 1024)} KB.`,
  /** The same words as every call whose body repeats the path's test (server: requireSameTest). */
  snapshotTestMismatch: 'test_id does not match the test in the path.',
  snapshotSaved: 'Snapshot saved.',
} as const;

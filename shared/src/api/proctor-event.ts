import * as z from 'zod/mini';
import { MAX_DETAIL_FIELDS, MAX_DETAIL_TEXT, PROCTOR_EVENT_KINDS, PROCTOR_EVENT_SOURCES, REPORTED_EVENT_KINDS, REPORTER_SOURCES } from './proctor-kinds';

/**
 * One proctoring event as its reporter sends it (see proctor.ts). Written with zod/mini, whose
 * unused parts a bundler leaves out: the portal validates the extension's relayed events with it
 * (protocol/messages.ts) without downloading the whole zod. The server takes the same schemas.
 */

export const proctorEventKindSchema = z.enum(PROCTOR_EVENT_KINDS);
export const proctorEventSourceSchema = z.enum(PROCTOR_EVENT_SOURCES);
/** What a reporter (the extension, the page) may send: never the server's own kinds or sources. */
export const reportedEventKindSchema = z.enum(REPORTED_EVENT_KINDS);
export const reporterSourceSchema = z.enum(REPORTER_SOURCES);

/** Client-generated event ids: replaying an event with the same id stores it once. */
export const proctorEventIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'An event id is 8 to 64 letters, digits, "-" or "_".'));

const epochMs = z.int().check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER));

/** A snapshot's file name as the snapshot calls return it. */
export const snapshotFileNameSchema = z
  .string()
  .check(z.regex(/^[a-z0-9]{8,64}\.(webp|png|jpg)$/, 'The evidence is not a snapshot file name this server gave out.'));

/** Short facts about an event: snake_case names, short text, numbers or booleans. */
const DETAIL_FIELD_NAME = /^[a-z][a-z0-9_]{0,31}$/;
export const proctorDetailSchema = z
  .record(z.string(), z.union([z.string().check(z.maxLength(MAX_DETAIL_TEXT)), z.number(), z.boolean()]))
  .check(
    z.refine((detail) => Object.keys(detail).every((name) => DETAIL_FIELD_NAME.test(name)), 'Detail field names are snake_case, at most 32 characters.'),
    z.refine((detail) => Object.keys(detail).length <= MAX_DETAIL_FIELDS, `A detail has at most ${MAX_DETAIL_FIELDS} fields.`),
  );
export type ProctorDetail = z.infer<typeof proctorDetailSchema>;

export const proctorEventSchema = z.strictObject({
  id: proctorEventIdSchema,
  /** When it happened, ms on the reporter's clock (corrected on the server with `sent_at`). */
  at: epochMs,
  kind: reportedEventKindSchema,
  source: reporterSourceSchema,
  detail: z.optional(proctorDetailSchema),
  /** The file name of a snapshot of this attempt, from /snapUpload or /saveAIImage. */
  evidence: z.optional(snapshotFileNameSchema),
});
export type ProctorEvent = z.infer<typeof proctorEventSchema>;

import * as z from 'zod/mini';
import { proctorEventSchema } from '../api/proctor-event';
import { PROTOCOL_CHANNEL } from './channel';

/**
 * Messages between the portal page and the extension. They travel by window.postMessage to the
 * extension's content-script bridge, which relays them to the background worker and back.
 * Everything that arrives is untrusted: parse it with these schemas before acting on it. They are
 * written with zod/mini, whose unused parts a bundler leaves out, so a test page validates the
 * extension's messages without downloading the whole zod (pairing, on every page, takes none:
 * pair-ack.ts).
 */
export { PROTOCOL_CHANNEL, PROTOCOL_VERSION, randomId } from './channel';

const nonce = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/));
const envelope = { channel: z.literal(PROTOCOL_CHANNEL), id: nonce };

/** Portal -> extension. */
export const pairRequestSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('PAIR_REQUEST'),
  payload: z.object({ protocolVersion: z.int().check(z.positive()), nonce }),
});
export const statusRequestSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('STATUS_REQUEST'),
  payload: z.strictObject({}),
});

/**
 * Extension-assisted proctoring (decision 0014). The page that runs an attempt asks the paired
 * extension to watch tabs, windows and full screen for it: the extension reports its events to the
 * server with the attempt's proctor token and relays them (PROCTOR_EVENT) so the page can warn and
 * submit. `session` is the page's random id for one watch; every answer and relay echoes it.
 */
const testIdField = z.string().check(z.minLength(1), z.maxLength(64));
const epochMs = z.int().check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER));
const durationMs = z.number().check(z.nonnegative(), z.maximum(24 * 3600 * 1000));
const countField = z.int().check(z.nonnegative(), z.maximum(1_000_000));

/** The focus rules of the test (shared/proctor/focus-policy FocusSettings), as the page computed them. */
export const focusSettingsSchema = z.strictObject({
  autoTerminate: z.boolean(),
  fullScreen: z.boolean(),
  mouseOut: z.boolean(),
  allowedCount: countField,
  maxAwayMs: durationMs.check(z.minimum(1)),
  warningOffsetMs: durationMs,
  warningOffsetCount: countField,
});

/**
 * The camera and microphone detectors the page asks the extension to run in its offscreen document
 * (decision 0016): the face check's intervals (shared/proctor/face-policy FaceCheckSettings, as the
 * page computed them; null: no face check) and speech detection. The page's own modules stand down
 * only while the extension reports them `running` (PROCTOR_STATUS `media`).
 */
export const mediaSettingsSchema = z.strictObject({
  face: z.nullable(
    z.strictObject({
      normalIntervalMs: durationMs.check(z.minimum(1000)),
      detectedIntervalMs: durationMs.check(z.minimum(1000)),
      confirmFrames: z.int().check(z.minimum(1), z.maximum(10)),
      confirmGapMs: durationMs,
      /** IMAGE_CAPTURE: a flagged check keeps a snapshot as its evidence (absent: no snapshot). */
      snapshot: z.optional(z.boolean()),
    }),
  ),
  speech: z.boolean(),
  /** The labels of the camera and microphone the student chose on the device check (ids differ per origin; labels do not). */
  camera: z.optional(z.string().check(z.maxLength(300))),
  microphone: z.optional(z.string().check(z.maxLength(300))),
  /** Bumped by a proctor's RELOAD_IMAGE, RELOAD_VIDEO or SELECT_WEBCAM: the detectors start afresh (absent: none yet). */
  restart: z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))),
});
export type MediaSettings = z.infer<typeof mediaSettingsSchema>;

/** What the extension's offscreen detector for one signal is doing. */
export const mediaStateSchema = z.enum(['off', 'starting', 'running', 'unavailable']);
export type MediaState = z.infer<typeof mediaStateSchema>;
export const cameraLabelSchema = z.string().check(z.maxLength(300));
export const mediaStatusSchema = z.strictObject({
  camera: mediaStateSchema,
  microphone: mediaStateSchema,
  /** The label of the camera the running face check opened (the proctor's console shows it). */
  cameraLabel: z.optional(cameraLabelSchema),
});
export type MediaStatus = z.infer<typeof mediaStatusSchema>;

/** A warning of the extension's camera or microphone detectors, for the page to show (null: take it down). */
export const mediaWarningSchema = z.strictObject({
  source: z.enum(['camera', 'camera-unavailable', 'speech']),
  warning: z.nullable(
    z.strictObject({ reason: z.string().check(z.maxLength(40)), title: z.string().check(z.maxLength(100)), text: z.string().check(z.maxLength(500)), overlay: z.boolean() }),
  ),
});
export type MediaWarning = z.infer<typeof mediaWarningSchema>;

export const startProctoringSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('START_PROCTORING'),
  payload: z.strictObject({
    testId: testIdField,
    session: nonce,
    /** The portal's API, on the portal's own origin (`<origin>/api`); the extension checks it. */
    apiBase: z.url().check(z.maxLength(300)),
    proctorToken: z.string().check(z.minLength(1), z.maxLength(2000)),
    /** When the token stops being accepted (ms, server clock). */
    expiresAt: epochMs,
    settings: focusSettingsSchema,
    /** Times away the page already counted for this attempt (the count survives a reload). */
    blurCount: countField,
    /** Camera and microphone detectors for the offscreen document (decision 0016). */
    media: z.optional(mediaSettingsSchema),
  }),
});
const sessionPayload = z.strictObject({ testId: testIdField, session: nonce });
export const stopProctoringSchema = z.object({ ...envelope, direction: z.literal('to-extension'), type: z.literal('STOP_PROCTORING'), payload: sessionPayload });
/** The page's heartbeat; the answer also carries the relays after `after` the page may have missed. */
export const proctorPingSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('PROCTOR_PING'),
  payload: z.strictObject({ testId: testIdField, session: nonce, after: countField }),
});
/**
 * The page opened (open: true) or closed a browser prompt of its own (file chooser, screen picker):
 * Chrome losing the focus to it is not time away, for at most PROMPT_GRACE_MS.
 */
export const proctorPromptSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('PROCTOR_PROMPT'),
  payload: z.strictObject({ testId: testIdField, session: nonce, open: z.boolean() }),
});
/** 'Return to full screen': the extension puts the attempt's window back in full screen. */
export const proctorFullScreenSchema = z.object({ ...envelope, direction: z.literal('to-extension'), type: z.literal('PROCTOR_FULLSCREEN'), payload: sessionPayload });

/**
 * 'Share your screen' on the watched attempt (PROCTOR_TYPE 'screen'): the extension opens Chrome's
 * own picker (chrome.desktopCapture) offering entire screens only, for the attempt's tab, and
 * answers with SCREEN_SHARE_GRANT. The picker waits for the student, so the answer may take minutes.
 */
export const screenShareRequestSchema = z.object({ ...envelope, direction: z.literal('to-extension'), type: z.literal('SCREEN_SHARE_REQUEST'), payload: sessionPayload });

export const toExtensionMessageSchema = z.discriminatedUnion('type', [
  pairRequestSchema,
  statusRequestSchema,
  startProctoringSchema,
  stopProctoringSchema,
  proctorPingSchema,
  proctorFullScreenSchema,
  proctorPromptSchema,
  screenShareRequestSchema,
]);
export type ToExtensionMessage = z.infer<typeof toExtensionMessageSchema>;

/** Extension -> portal. `id` echoes the request it answers. */
export const pairAckSchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('PAIR_ACK'),
  payload: z.object({
    nonce,
    protocolVersion: z.int().check(z.positive()),
    extensionVersion: z.string().check(z.maxLength(32)),
    origin: z.url(),
  }),
});
export const pairRejectSchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('PAIR_REJECT'),
  payload: z.object({ reason: z.string().check(z.maxLength(200)) }),
});
export const statusReplySchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('STATUS'),
  payload: z.object({ paired: z.boolean(), origin: z.nullable(z.string()), extensionVersion: z.string().check(z.maxLength(32)) }),
});

/** A warning of the focus policy (shared/proctor/focus-policy FocusWarning). */
export const focusWarningSchema = z.strictObject({
  reason: z.enum(['BLUR_COUNT', 'BLUR_TIME', 'FULLSCREEN']),
  title: z.string().check(z.maxLength(100)),
  text: z.string().check(z.maxLength(500)),
  submitAt: z.nullable(epochMs),
});

/**
 * What one observation led to: the events (with the ids the extension reports them under, source
 * 'extension'), the warning to show (null: take it down; absent: unchanged) and, at most once, the
 * automatic submission. `seq` counts relays of this watch from 1.
 */
export const proctorRelaySchema = z.strictObject({
  testId: testIdField,
  session: nonce,
  seq: z.int().check(z.positive(), z.maximum(1_000_000)),
  events: z.array(proctorEventSchema).check(z.maxLength(20)),
  warning: z.optional(z.nullable(focusWarningSchema)),
  submit: z.optional(z.enum(['BLUR_ALLOWED_COUNT', 'BLUR_TIME_OUT'])),
  /** Warnings of the offscreen camera and microphone detectors (decision 0016). */
  mediaWarnings: z.optional(z.array(mediaWarningSchema).check(z.maxLength(4))),
});
export type ProctorRelay = z.infer<typeof proctorRelaySchema>;

/** Pushed by the extension to the attempt's tab (its id is its own, it answers no request). */
export const proctorEventMessageSchema = z.object({ ...envelope, direction: z.literal('to-portal'), type: z.literal('PROCTOR_EVENT'), payload: proctorRelaySchema });

/** The answer to START_PROCTORING, STOP_PROCTORING, PROCTOR_PING, PROCTOR_FULLSCREEN and PROCTOR_PROMPT. */
export const proctorStatusSchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('PROCTOR_STATUS'),
  payload: z.strictObject({
    testId: testIdField,
    session: nonce,
    /** True while the extension watches this attempt for this page. */
    watching: z.boolean(),
    /** Why it does not (refused, stopped, unknown session). */
    reason: z.optional(z.string().check(z.maxLength(200))),
    /** The attempt's window is in full screen now. */
    fullScreen: z.boolean(),
    /** Relays after the ping's `after`, oldest first (a push can be lost while a page reloads). */
    missed: z.array(proctorRelaySchema).check(z.maxLength(50)),
    /** The offscreen camera and microphone detectors, when the start asked for them. */
    media: z.optional(mediaStatusSchema),
  }),
});

/**
 * The answer to SCREEN_SHARE_REQUEST. `grant`:
 * - `chosen`: the student picked an entire screen; `streamId` opens it in the attempt's tab, and
 *   only there (getUserMedia with chromeMediaSource 'desktop'), once, within seconds;
 * - `cancelled`: the student closed the picker;
 * - `unavailable`: the extension cannot offer its picker (not watching this attempt for this page,
 *   no screen to offer, no permission); `reason` says why, and the page may use its own picker.
 */
export const screenShareGrantSchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('SCREEN_SHARE_GRANT'),
  payload: z.discriminatedUnion('grant', [
    z.strictObject({ testId: testIdField, session: nonce, grant: z.literal('chosen'), streamId: z.string().check(z.minLength(1), z.maxLength(200)) }),
    z.strictObject({ testId: testIdField, session: nonce, grant: z.literal('cancelled') }),
    z.strictObject({ testId: testIdField, session: nonce, grant: z.literal('unavailable'), reason: z.string().check(z.maxLength(200)) }),
  ]),
});
export type ScreenShareGrant = z.infer<typeof screenShareGrantSchema>;
/** What the extension's picker gave (SCREEN_SHARE_GRANT's payload without its key). */
export type ScreenChoice = { grant: 'chosen'; streamId: string } | { grant: 'cancelled' } | { grant: 'unavailable'; reason: string };
export type ScreenShareRequest = z.infer<typeof screenShareRequestSchema>;

export const toPortalMessageSchema = z.discriminatedUnion('type', [pairAckSchema, pairRejectSchema, statusReplySchema, proctorStatusSchema, proctorEventMessageSchema, screenShareGrantSchema]);
export type ToPortalMessage = z.infer<typeof toPortalMessageSchema>;

export type PairRequest = z.infer<typeof pairRequestSchema>;
export type PairAck = z.infer<typeof pairAckSchema>;
export type StatusRequest = z.infer<typeof statusRequestSchema>;
export type StartProctoring = z.infer<typeof startProctoringSchema>;
export type ProctorStatus = z.infer<typeof proctorStatusSchema>;
export type ProctorEventMessage = z.infer<typeof proctorEventMessageSchema>;
/** The messages of extension-assisted proctoring that a page sends. */
export type ProctorRequest = Extract<ToExtensionMessage, { type: 'START_PROCTORING' | 'STOP_PROCTORING' | 'PROCTOR_PING' | 'PROCTOR_FULLSCREEN' | 'PROCTOR_PROMPT' }>;

const PROCTOR_REQUESTS: ReadonlySet<string> = new Set(['START_PROCTORING', 'STOP_PROCTORING', 'PROCTOR_PING', 'PROCTOR_FULLSCREEN', 'PROCTOR_PROMPT']);

export function isProctorRequest(message: ToExtensionMessage): message is ProctorRequest {
  return PROCTOR_REQUESTS.has(message.type);
}

/** Returns the message when it is a well-formed portal -> extension message, else null. */
export function parseToExtension(data: unknown): ToExtensionMessage | null {
  const parsed = toExtensionMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Returns the message when it is a well-formed extension -> portal message, else null. */
export function parseToPortal(data: unknown): ToPortalMessage | null {
  const parsed = toPortalMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

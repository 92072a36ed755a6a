/**
 * Live proctoring (issue 12): one realtime channel per student's attempt and one per test for its
 * proctors, carrying presence, the status pings, chat, proctor commands and live trail events.
 *
 *   WebSocket  GET /api/live                      first message `hello` (a session token: the student's
 *                                                 or a proctor's); origins checked; then the messages below
 *   HTTP       POST /api/live/ping  (student)     the same status, acks and chat when no WebSocket opens:
 *                                                 the reply carries what is pending; the next ping confirms it
 *   HTTP       POST /api/proctor/login            {email, password} -> {token, proctor}   (the console)
 *   HTTP       GET  /api/proctor/tests            the tests this proctor is assigned to
 *   HTTP       GET  /api/proctor/tests/{id}       the candidates of one test, as the live snapshot
 *   HTTP       GET  /api/proctor/tests/{id}/trail/{uid}  one candidate's full event trail
 *   HTTP       GET  /api/live/chats                 per test of the student: chat on or off and the proctor's unread count
 *   HTTP       GET  /api/live/chat/{testId}       the student's own chat thread of a test (CHAT panel): liveChatThreadSchema
 *   HTTP       POST /api/live/chat/{testId}       {id, m} from the Scheduled Tests' CHAT panel -> {message}
 *   HTTP       POST /api/proctor/tests/{id}/chat     {id, uid, m} when the console's WebSocket cannot open -> {message}
 *   HTTP       POST /api/proctor/tests/{id}/commands proctorCommandRequestSchema, same fallback -> {commands}
 *
 * Commands are delivered at least once and applied once: each has an id chosen by the server; the
 * student's page acknowledges `delivered` when it receives one and `applied` once it has acted; a
 * page that reconnects (or pings) gets every command not yet applied, and ignores ids it has
 * applied already. The server applies what it owns itself, at once: EXTEND_TEST moves the deadline,
 * PAUSE/RESUME move it by the paused time, PROCTOR_TERMINATE submits with that reason even if the
 * browser is gone. Everything a proctor does goes on the attempt's trail with who and why.
 */
// zod/mini: the student's test page parses the live channel's messages with these schemas, and
// classic zod would add about 28 KB gzip to that page (decision 0031's budget).
import * as z from 'zod/mini';

const epochMs = z.int().check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER));
const id = z.string().check(z.minLength(1), z.maxLength(64));

/** Spec section 4, plus the anchors' warning and pause/resume. */
export const PROCTOR_COMMANDS = ['PROCTOR_TERMINATE', 'RELOAD', 'RELOAD_IMAGE', 'RELOAD_VIDEO', 'EXTEND_TEST', 'SELECT_WEBCAM', 'WARN', 'PAUSE', 'RESUME'] as const;
export const proctorCommandTypeSchema = z.enum(PROCTOR_COMMANDS);
export type ProctorCommandType = z.infer<typeof proctorCommandTypeSchema>;

/** sent: stored, not yet seen by the page; delivered: the page has it; applied: the page (or the server) acted on it. */
export const commandStateSchema = z.enum(['sent', 'delivered', 'applied']);
export type CommandState = z.infer<typeof commandStateSchema>;

export const MAX_CHAT_LENGTH = 1_000;
export const MAX_COMMAND_REASON_LENGTH = 500;
/** EXTEND_TEST: whole minutes. */
export const MAX_EXTEND_MINUTES = 600;

/** A command as the student's page receives it. */
export const proctorCommandSchema = z.object({
  id,
  type: proctorCommandTypeSchema,
  tid: id,
  uid: id,
  /** The proctor's reason: shown to the student with WARN and PAUSE, kept on the trail always. */
  reason: z.string().check(z.maxLength(MAX_COMMAND_REASON_LENGTH)),
  /** EXTEND_TEST: minutes added. */
  et: z.optional(z.int().check(z.positive(), z.maximum(MAX_EXTEND_MINUTES))),
  /** SELECT_WEBCAM: the device id to switch to. */
  ed: z.optional(z.string().check(z.maxLength(512))),
  /** Who sent it (the proctor's display name). */
  by: z.string().check(z.maxLength(200)),
  at: epochMs,
  state: commandStateSchema,
});
export type ProctorCommand = z.infer<typeof proctorCommandSchema>;

/** A chat message (spec section 3): teid is null when the student wrote it; un and tn name the sides. */
export const chatMessageSchema = z.object({
  id,
  m: z.string().check(z.maxLength(MAX_CHAT_LENGTH)),
  uid: id,
  tid: id,
  teid: z.nullable(id),
  ts: epochMs,
  /** Read by the other side. */
  r: z.boolean(),
  un: z.optional(z.string().check(z.maxLength(200))),
  tn: z.optional(z.string().check(z.maxLength(200))),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What the student's page reports on each status ping (spec: every PING_INTERVAL ticks). */
export const candidateStatusSchema = z.object({
  /** The question the student is on. */
  qn: z.int().check(z.positive(), z.maximum(10_000)),
  answered: z.int().check(z.nonnegative(), z.maximum(10_000)),
  marked: z.int().check(z.nonnegative(), z.maximum(10_000)),
  /** Changes journaled on the device and not yet acknowledged by the server. */
  unsent: z.int().check(z.nonnegative(), z.maximum(100_000)),
  /** The extension is paired and watching. */
  extension: z.boolean(),
  /** The student's clock when sent: the console shows the offset to the server's. */
  clock: epochMs,
  /** The labels of the student's cameras, for SELECT_WEBCAM (labels, not ids: ids differ per origin). */
  cameras: z.optional(z.array(z.string().check(z.maxLength(300))).check(z.maxLength(10))),
  /** The label of the camera the test's checks use now (null: none open). */
  camera: z.optional(z.nullable(z.string().check(z.maxLength(300)))),
});
export type CandidateStatus = z.infer<typeof candidateStatusSchema>;

export const commandAckSchema = z.object({ id, state: z.enum(['delivered', 'applied']) });
export type CommandAck = z.infer<typeof commandAckSchema>;

/** A chat message from the student's page; its id makes a resend after a drop land once. */
export const studentChatSchema = z.object({ id, m: z.string().check(z.maxLength(MAX_CHAT_LENGTH)) });

// ---------------------------------------------------------------------------------------------
// Student <-> server

export const studentToServerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().check(z.minLength(1), z.maxLength(4_096)), tid: id }),
  z.object({ type: z.literal('status'), status: candidateStatusSchema }),
  z.object({ type: z.literal('ack'), acks: z.array(commandAckSchema).check(z.minLength(1), z.maxLength(100)) }),
  z.object({ type: z.literal('chat'), chat: studentChatSchema }),
  /** The student has read the proctor's messages up to this time. */
  z.object({ type: z.literal('read'), upTo: epochMs }),
]);
export type StudentToServer = z.infer<typeof studentToServerSchema>;

export const serverToStudentSchema = z.discriminatedUnion('type', [
  /** After hello: the server's clock, every command not yet applied, the chat thread. */
  z.object({ type: z.literal('welcome'), serverTime: epochMs, commands: z.array(proctorCommandSchema), chat: z.array(chatMessageSchema), chatDisabled: z.boolean() }),
  z.object({ type: z.literal('command'), command: proctorCommandSchema }),
  z.object({ type: z.literal('chat'), message: chatMessageSchema }),
  /** The server's deadline moved (EXTEND_TEST, PAUSE, RESUME): the page's timer follows. */
  z.object({ type: z.literal('deadline'), time_left: z.int().check(z.nonnegative()), paused: z.boolean() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerToStudent = z.infer<typeof serverToStudentSchema>;

/** POST /live/ping: the WebSocket's messages over HTTP. */
export const livePingRequestSchema = z.object({
  tid: id,
  status: candidateStatusSchema,
  acks: z._default(z.array(commandAckSchema).check(z.maxLength(100)), []),
  chat: z._default(z.array(studentChatSchema).check(z.maxLength(20)), []),
  /** The newest chat message the page has (ts): the reply carries those after it. */
  chatSince: z._default(epochMs, 0),
  /** The proctor's messages up to this ts are read (the socket's `read`, for a page on the ping). */
  read: z.optional(epochMs),
});
export type LivePingRequest = z.input<typeof livePingRequestSchema>;

export const livePingReplySchema = z.object({
  serverTime: epochMs,
  commands: z.array(proctorCommandSchema),
  chat: z.array(chatMessageSchema),
  time_left: z.int().check(z.nonnegative()),
  paused: z.boolean(),
});
export type LivePingReply = z.infer<typeof livePingReplySchema>;

// ---------------------------------------------------------------------------------------------
// Proctor <-> server

export const proctorCommandRequestSchema = z.object({
  type: proctorCommandTypeSchema,
  uids: z.array(id).check(z.minLength(1), z.maxLength(1_000)),
  reason: z.string().check(z.trim(), z.minLength(1, 'Give a reason: it goes on the trail.'), z.maxLength(MAX_COMMAND_REASON_LENGTH)),
  et: z.optional(z.int().check(z.positive(), z.maximum(MAX_EXTEND_MINUTES))),
  ed: z.optional(z.string().check(z.maxLength(512))),
});
export type ProctorCommandRequest = z.infer<typeof proctorCommandRequestSchema>;

export const proctorToServerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().check(z.minLength(1), z.maxLength(4_096)), tid: id }),
  /** uid null: to every candidate of the test. */
  z.object({ type: z.literal('chat'), id, uid: z.nullable(id), m: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_CHAT_LENGTH)) }),
  z.object({ type: z.literal('command'), command: proctorCommandRequestSchema }),
]);
export type ProctorToServer = z.infer<typeof proctorToServerSchema>;

/** One candidate as the console shows it. */
export const liveCandidateSchema = z.object({
  uid: id,
  name: z.string(),
  reg_no: z.string(),
  /** not-started, running, paused, submitted. */
  phase: z.enum(['not-started', 'running', 'paused', 'submitted']),
  online: z.boolean(),
  /** When the channel dropped (null while connected or never connected). */
  disconnectedSince: z.nullable(epochMs),
  /** How the page reaches us: websocket, http (ping fallback) or none yet. */
  via: z.enum(['websocket', 'http', 'none']),
  time_left: z.nullable(z.int().check(z.nonnegative())),
  status: z.nullable(candidateStatusSchema),
  /** The student's clock minus the server's at the last status (ms). */
  clockOffsetMs: z.nullable(z.int()),
  flags: z.int().check(z.nonnegative()),
  lastFlag: z.nullable(z.object({ kind: z.string(), at: epochMs, evidence: z.nullable(z.string()) })),
  /** A link to the latest snapshot when the test takes them. */
  snapshotUrl: z.nullable(z.string()),
  unreadChat: z.int().check(z.nonnegative()),
  /** Chat is off for this candidate in this test (DISABLE_CHAT, the spec's default): the console offers none, the server refuses one. */
  chatDisabled: z.boolean(),
});
export type LiveCandidate = z.infer<typeof liveCandidateSchema>;

export const serverToProctorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), serverTime: epochMs, candidates: z.array(liveCandidateSchema), commands: z.array(proctorCommandSchema), chat: z.array(chatMessageSchema) }),
  z.object({ type: z.literal('candidate'), candidate: liveCandidateSchema }),
  z.object({ type: z.literal('chat'), message: chatMessageSchema }),
  z.object({ type: z.literal('command'), command: proctorCommandSchema }),
  z.object({ type: z.literal('flag'), uid: id, kind: z.string(), at: epochMs, evidence: z.nullable(z.string()) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerToProctor = z.infer<typeof serverToProctorSchema>;

// ---------------------------------------------------------------------------------------------
// HTTP replies (the console's calls and the CHAT panel outside a running test)

/** GET /live/chat/{testId}: chatDisabled from the user's and the test's DISABLE_CHAT (default: disabled). */
export const liveChatThreadSchema = z.object({ chatDisabled: z.boolean(), chat: z.array(chatMessageSchema) });
export type LiveChatThread = z.infer<typeof liveChatThreadSchema>;
/** GET /live/chats: for each of the student's tests, whether its chat is on and the proctor's messages not read yet (one call for all the Scheduled Tests cards). */
export const liveChatSummariesSchema = z.object({
  threads: z.array(z.object({ tid: id, chatDisabled: z.boolean(), unread: z.int().check(z.nonnegative()) })),
});
export type LiveChatSummaries = z.infer<typeof liveChatSummariesSchema>;
/** POST /live/chat/{testId}/read: the CHAT panel outside a test read the proctor's messages up to `upTo`. */
export const liveChatReadSchema = z.object({ upTo: epochMs });
export const liveChatSentSchema = z.object({ message: chatMessageSchema });

export const proctorSchema = z.object({ id, name: z.string().check(z.maxLength(200)), email: z.string().check(z.maxLength(320)) });
export type Proctor = z.infer<typeof proctorSchema>;
export const proctorLoginRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const proctorLoginReplySchema = z.object({ token: z.string().check(z.minLength(1)), proctor: proctorSchema });
export type ProctorLoginReply = z.infer<typeof proctorLoginReplySchema>;

/** GET /proctor/tests: one row per assigned test. */
export const proctorTestSchema = z.object({ id, name: z.string(), starts_at: z.nullable(epochMs), ends_at: z.nullable(epochMs), candidates: z.int().check(z.nonnegative()) });
export type ProctorTest = z.infer<typeof proctorTestSchema>;
export const proctorTestsReplySchema = z.array(proctorTestSchema);

/** GET /proctor/tests/{id}: what the WebSocket's welcome carries, for a console without one (polled). */
export const proctorTestSnapshotSchema = z.object({
  test: z.object({ id, name: z.string() }),
  serverTime: epochMs,
  candidates: z.array(liveCandidateSchema),
  commands: z.array(proctorCommandSchema),
  chat: z.array(chatMessageSchema),
});
export type ProctorTestSnapshot = z.infer<typeof proctorTestSnapshotSchema>;

/** GET /proctor/tests/{id}/trail/{uid}: the candidate's events, oldest first. */
export const trailEntrySchema = z.object({ at: epochMs, kind: z.string(), detail: z.nullable(z.string()), evidence: z.nullable(z.string()), by: z.nullable(z.string()) });
export type TrailEntry = z.infer<typeof trailEntrySchema>;
export const proctorTrailReplySchema = z.object({ uid: id, name: z.string(), entries: z.array(trailEntrySchema) });
export type ProctorTrailReply = z.infer<typeof proctorTrailReplySchema>;
export const proctorCommandsSentSchema = z.object({ commands: z.array(proctorCommandSchema) });

/** POST /proctor/tests/{id}/chat: the WebSocket's chat message over HTTP (uid null: every candidate). */
export const proctorChatRequestSchema = z.object({ id, uid: z.nullable(id), m: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_CHAT_LENGTH)) });
export type ProctorChatRequest = z.infer<typeof proctorChatRequestSchema>;
export const proctorChatSentSchema = z.object({ messages: z.array(chatMessageSchema) });
/** POST /proctor/tests/{id}/read: the proctor has read a candidate's messages up to a time. */
export const proctorReadRequestSchema = z.object({ uid: id, upTo: epochMs });

const flagValue = (value: unknown): boolean | undefined => {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
};

/**
 * Spec: chat is disabled by default; DISABLE_CHAT in the user's or the test's config decides. On
 * in either: disabled; set off (false, 0) in either and on in neither: enabled; unset: disabled.
 */
export function isChatDisabled(userConfig: Readonly<Record<string, unknown>>, testConfig: Readonly<Record<string, unknown>>): boolean {
  const values = [flagValue(userConfig['DISABLE_CHAT']), flagValue(testConfig['DISABLE_CHAT'])];
  if (values.includes(true)) return true;
  return !values.includes(false);
}

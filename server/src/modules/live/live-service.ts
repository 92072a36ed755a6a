import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CandidateStatus,
  ChatMessage,
  CommandAck,
  LiveCandidate,
  LiveChatSummaries,
  LiveChatThread,
  LivePingReply,
  LivePingRequest,
  ProctorChatRequest,
  ProctorCommand,
  ProctorCommandRequest,
  ProctorTest,
  ProctorTestSnapshot,
  ProctorTrailReply,
  ServerToProctor,
  ServerToStudent,
} from '@invigil/shared/api/live';
import { isChatDisabled, livePingRequestSchema } from '@invigil/shared/api/live';
import { CHAT_NOT_SENT } from '@invigil/shared/api/live-messages';
import { PROCTOR_EVENT_KINDS, PROCTOR_KIND_CLASS } from '@invigil/shared/api/proctor-kinds';
import type { ProctorEventKind } from '@invigil/shared/api/proctor-kinds';
import { TEST_MESSAGES } from '@invigil/shared/api/tests';
import { timeLeftSeconds } from '@invigil/shared/domain/exam-clock';
import { filterProfanity } from '@invigil/shared/domain/profanity';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { createExamDirectory } from '../exam/exam-module';
import type { AttemptRecord } from '../exam/exam-module';
import { createLiveRepository } from './live-repository';
import type { CandidateRecord } from './live-repository';
import { createConsoleTests } from './console-tests';
import type { ProctorAssignments, ProctorTestRecord } from './console-tests';
import type { StaffRecord as ProctorRecord } from '../staff/staff-module';
import { auditHandled, recordAudit } from '../audit/audit-module';
import { createProctorTrail } from '../proctoring/proctoring-module';
import type { TestRecord } from '../exam/exam-module';
import type { UserRecord } from '../auth/auth-module';
import type { AttemptService } from '../exam/exam-module';
import type { LiveHub } from './live-hub';
import { proctorChannel, studentChannel } from './live-hub';
import { createMemoryPresenceStore } from './live-presence';
import type { PresenceState, PresenceStore } from './live-presence';
import type { UploadStore } from '../../platform/storage/upload-store';

export interface LiveServiceDeps {
  db: Kysely<Database>;
  hub: LiveHub;
  /** Where presence is kept: this process's memory unless given (Redis when processes share the channel). */
  presence?: PresenceStore;
  attempts: Pick<AttemptService, 'submitByServer'>;
  /** Which tests each staff member may watch (the staff module's assignments). */
  assignments: ProctorAssignments;
  store: Pick<UploadStore, 'getUrl'>;
  clock: Clock;
  logger: Logger;
}

export type LiveVia = 'websocket' | 'http';

/** A page on the ping fallback counts as online this long after its last ping (3 of the spec's 20 s pings). */
export const HTTP_ONLINE_MS = 60_000;
/**
 * A socket back within this long was a reload or a blip, not a gap worth the trail (decision 0033):
 * the console still shows the candidate offline meanwhile.
 */
export const SOCKET_DROP_GRACE_MS = 15_000;
/** Rows per statement when a message to all is stored (well under SQLite's and PostgreSQL's parameter limits). */
const CHAT_INSERT_CHUNK = 500;
/** The console's welcome carries this much of the test's chat and commands. */
const HISTORY_LIMIT = 1_000;

export const LIVE_MESSAGES = {
  chatDisabled: 'Chat is not enabled for this test.',
  /** A proctor's message to a candidate, or to all, whose chat is off (the student would never see it). */
  chatOffForCandidate: 'Chat is off for this candidate in this test: the message was not sent.',
  chatOffForTest: 'Chat is off for this test: the message was not sent.',
  notAssigned: 'You are not a proctor of this test.',
  candidateNotFound: 'No such candidate in this test.',
  notStarted: 'The candidate has not started the test.',
  submitted: 'The candidate has already submitted the test.',
  extendNeedsMinutes: 'Give the minutes to extend the test by (et).',
  webcamNeedsDevice: 'Give the webcam device id (ed).',
} as const;

const FLAG_KINDS = PROCTOR_EVENT_KINDS.filter((kind) => PROCTOR_KIND_CLASS[kind] === 'flag');

/**
 * Live proctoring (issue 12): presence, status pings, chat, proctor commands and their effects.
 * The server is authoritative: EXTEND_TEST, PAUSE, RESUME and PROCTOR_TERMINATE act on the
 * attempt here, at once, whether a browser is connected or not; the page only follows. Every
 * proctor action and every gap of a running attempt's channel goes on its trail.
 */
export function createLiveService({ db, hub, presence = createMemoryPresenceStore(), attempts: attemptService, assignments, store, clock, logger }: LiveServiceDeps) {
  const live = createLiveRepository(db);
  const exam = createExamDirectory(db);
  const proctors = createConsoleTests(db, assignments);
  const trail = createProctorTrail(db);
  // The drop-grace timers of this process's sockets; whichever process's timer fires claims the drop in the store.
  const dropTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const timerKey = (testId: string, userId: string) => `${testId}\u0000${userId}`;
  const clearDropTimer = (testId: string, userId: string) => {
    const key = timerKey(testId, userId);
    clearTimeout(dropTimers.get(key));
    dropTimers.delete(key);
  };
  const isOnline = (p: PresenceState, now: number) => p.sockets > 0 || (p.lastHttpAt !== null && now - p.lastHttpAt <= HTTP_ONLINE_MS);

  const toStudents = (testId: string, userId: string, message: ServerToStudent) => hub.publish(studentChannel(testId, userId), message);
  const toProctors = (testId: string, message: ServerToProctor) => hub.publish(proctorChannel(testId), message);

  async function studentTarget(user: UserRecord, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord | undefined }> {
    const found = await exam.findVisibleWithAttempt(user.id, testId);
    if (!found) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    return found;
  }

  async function assignedTest(proctor: ProctorRecord, testId: string): Promise<ProctorTestRecord> {
    const test = await proctors.assignedTest(proctor.id, testId);
    // 404, not 403: another test's existence is none of this proctor's business.
    if (!test) throw new AppError('not_found', LIVE_MESSAGES.notAssigned);
    return test;
  }

  const isRunning = (attempt: { submittedAt: number | null } | null | undefined): attempt is { submittedAt: null } & NonNullable<typeof attempt> => !!attempt && attempt.submittedAt === null;

  async function writeTrail(attemptId: string, kind: ProctorEventKind, source: 'proctor' | 'server', detail: Record<string, string | number | boolean>, at: number): Promise<void> {
    const now = clock.now();
    await trail.insertEvents([
      { attemptId, eventId: `live-${randomUUID()}`, kind, source, via: source, clientAt: at, at, receivedAt: now, detail, evidence: null, late: false },
    ]);
  }

  function timeLeftOf(attempt: { deadlineMs: number; pausedAt: number | null; submittedAt: number | null }, now: number): number {
    if (attempt.submittedAt !== null) return 0;
    return timeLeftSeconds(attempt.deadlineMs, Math.min(attempt.pausedAt ?? now, now));
  }

  async function candidateView(testId: string, testConfig: Record<string, unknown>, candidate: CandidateRecord, extras?: { flags?: Map<string, { count: number; last: LiveCandidate['lastFlag'] }>; snapshots?: Map<string, string>; unread?: Map<string, number>; presence?: Map<string, PresenceState> }): Promise<LiveCandidate> {
    const now = clock.now();
    const attempt = candidate.attempt;
    const flags = extras?.flags ?? (await live.flagsOf(testId, FLAG_KINDS, candidate.userId));
    const snapshots = extras?.snapshots ?? (await live.latestSnapshotsOf(testId, candidate.userId));
    const unread = extras?.unread ?? (await live.unreadByStudent(testId, candidate.userId));
    const p = extras?.presence ? extras.presence.get(candidate.userId) : await presence.get(testId, candidate.userId);
    const online = p ? isOnline(p, now) : false;
    const flag = attempt ? flags.get(attempt.id) : undefined;
    const snapshot = attempt ? snapshots.get(attempt.id) : undefined;
    return {
      uid: candidate.userId,
      name: candidate.name,
      reg_no: candidate.regNo,
      phase: !attempt ? 'not-started' : attempt.submittedAt !== null ? 'submitted' : attempt.pausedAt !== null ? 'paused' : 'running',
      online,
      disconnectedSince: online || !p ? null : (p.disconnectedSince ?? p.lastHttpAt),
      via: p?.via ?? 'none',
      time_left: attempt ? timeLeftOf(attempt, now) : null,
      status: p?.status ?? null,
      clockOffsetMs: p?.clockOffsetMs ?? null,
      flags: flag?.count ?? 0,
      // The evidence is a stored snapshot's key: the console gets a signed link to it.
      lastFlag: flag?.last ? { ...flag.last, evidence: flag.last.evidence === null ? null : store.getUrl(flag.last.evidence, now) } : null,
      snapshotUrl: snapshot ? store.getUrl(snapshot, now) : null,
      unreadChat: unread.get(candidate.userId) ?? 0,
      chatDisabled: isChatDisabled(candidate.config, testConfig),
    };
  }

  /** Tells the test's proctors how a candidate is now. Never fails its caller. */
  async function publishCandidate(testId: string, userId: string): Promise<void> {
    try {
      const test = await exam.findTest(testId);
      if (!test) return;
      const candidate = await live.candidateOf(testId, test.openToAll, userId);
      if (candidate) toProctors(testId, { type: 'candidate', candidate: await candidateView(testId, test.config, candidate) });
    } catch (error) {
      logger.warn(`Could not publish candidate ${userId} of test ${testId}:`, error);
    }
  }

  /** A socket drop that outlasted the grace goes on a running attempt's trail, dated when it began. */
  async function recordSocketDrop(testId: string, userId: string): Promise<void> {
    dropTimers.delete(timerKey(testId, userId));
    try {
      // Once across processes: a socket back anywhere, or another process's claim, leaves null.
      const since = await presence.claimDrop(testId, userId);
      if (since === null) return;
      const attempt = await exam.findAttempt(userId, testId);
      if (isRunning(attempt)) await writeTrail(attempt.id, 'DISCONNECTED', 'server', { via: 'websocket' }, since);
    } catch (error) {
      logger.warn(`Could not put the drop of ${userId} in test ${testId} on the trail:`, error);
    }
  }

  /** The student's page is back (or here for the first time): a gap of a running attempt goes on the trail. */
  async function markPresent(testId: string, userId: string, attempt: AttemptRecord | undefined, via: LiveVia): Promise<void> {
    const now = clock.now();
    clearDropTimer(testId, userId);
    const p = await presence.arrive(testId, userId, via, now);
    const wasOnline = p ? isOnline(p, now) : false;
    const socketDrop = p?.disconnectedSince ?? null;
    const since = socketDrop ?? (p && p.lastHttpAt !== null && !wasOnline ? p.lastHttpAt : null);
    const dropWritten = p?.dropWritten ?? false;
    // A socket back within the grace was a reload: nothing on the trail. An HTTP page's drop is
    // only seen now (its pings stopped for HTTP_ONLINE_MS), dated at its last ping.
    const worthTheTrail = socketDrop === null || dropWritten || now - socketDrop >= SOCKET_DROP_GRACE_MS;
    if (!wasOnline && since !== null && isRunning(attempt) && worthTheTrail) {
      if (!dropWritten) await writeTrail(attempt.id, 'DISCONNECTED', 'server', { via: socketDrop === null ? 'http' : 'websocket' }, since);
      await writeTrail(attempt.id, 'RECONNECTED', 'server', { via, away_ms: now - since }, now);
    }
    if (!wasOnline) void publishCandidate(testId, userId);
  }

  function deadlineMessage(attempt: { deadlineMs: number; pausedAt: number | null; submittedAt: number | null }): ServerToStudent {
    return { type: 'deadline', time_left: timeLeftOf(attempt, clock.now()), paused: attempt.pausedAt !== null && attempt.submittedAt === null };
  }

  async function storeStudentChat(user: UserRecord, test: TestRecord, chat: { id: string; m: string }): Promise<ChatMessage> {
    if (isChatDisabled(user.config, test.config)) throw new AppError('forbidden', LIVE_MESSAGES.chatDisabled);
    const body = filterProfanity(chat.m.trim());
    if (body === '') throw new AppError('unprocessable', CHAT_NOT_SENT, { issues: [{ path: 'm', message: CHAT_NOT_SENT }] });
    const stored = await live.insertChat([
      { test_id: test.id, user_id: user.id, id: chat.id, author: 'student', proctor_id: null, proctor_name: null, body, sent_at: clock.now(), read_at: null },
    ]);
    const message = await live.findChat(test.id, user.id, chat.id);
    if (!message || message.teid !== null) throw new AppError('unprocessable', CHAT_NOT_SENT);
    if (stored.length > 0) {
      const withName = { ...message, un: user.name };
      toStudents(test.id, user.id, { type: 'chat', message: withName });
      toProctors(test.id, { type: 'chat', message: withName });
      void publishCandidate(test.id, user.id);
    }
    return message;
  }

  async function applyAcks(testId: string, userId: string, attempt: AttemptRecord | undefined, acks: readonly CommandAck[]): Promise<void> {
    if (!attempt) return;
    const now = clock.now();
    for (const ack of acks) {
      const command = await live.ack(attempt.id, ack.id, ack.state, now);
      if (command) toProctors(testId, { type: 'command', command });
    }
    void userId;
  }

  async function recordStatus(testId: string, userId: string, status: CandidateStatus): Promise<void> {
    await presence.setStatus(testId, userId, status, Math.round(status.clock - clock.now()));
  }

  /** Applies a command's server-owned effect at once; the trail gets who and why. */
  /** A proctor's command in words, for the audit log: 'Paused Asha Verma (DEMO001) in "Physics mock": <reason>'. */
  function commandSummary(request: ProctorCommandRequest, who: string, testName: string): string {
    const where = `${who} in "${testName}"`;
    const words: Record<ProctorCommandRequest['type'], string> = {
      PROCTOR_TERMINATE: `Terminated the test of ${where}`,
      RELOAD: `Reloaded the test page of ${where}`,
      RELOAD_IMAGE: `Restarted the camera snapshots of ${where}`,
      RELOAD_VIDEO: `Restarted the video of ${where}`,
      EXTEND_TEST: `Gave ${request.et ?? 0} more minute${request.et === 1 ? '' : 's'} to ${where}`,
      SELECT_WEBCAM: `Switched the camera of ${where}`,
      WARN: `Warned ${where}`,
      PAUSE: `Paused the test of ${where}`,
      RESUME: `Resumed the test of ${where}`,
    };
    return `${words[request.type]}${request.reason.trim() ? `: ${request.reason.trim()}` : ''}`;
  }

  async function applyCommand(proctor: ProctorRecord, test: ProctorTestRecord, candidate: CandidateRecord, request: ProctorCommandRequest): Promise<ProctorCommand> {
    const now = clock.now();
    const attempt = candidate.attempt;
    if (!attempt) throw new AppError('conflict', LIVE_MESSAGES.notStarted);
    if (attempt.submittedAt !== null) throw new AppError('conflict', LIVE_MESSAGES.submitted);
    const row = {
      id: randomUUID(),
      attempt_id: attempt.id,
      test_id: test.id,
      user_id: candidate.userId,
      type: request.type,
      reason: request.reason,
      et: request.type === 'EXTEND_TEST' ? (request.et ?? null) : null,
      ed: request.type === 'SELECT_WEBCAM' ? (request.ed ?? null) : null,
      proctor_id: proctor.id,
      proctor_name: proctor.name,
      sent_at: now,
      delivered_at: null,
      applied_at: null,
    };
    if (request.type === 'EXTEND_TEST') await live.extendDeadline(attempt.id, request.et ?? 0, now);
    if (request.type === 'PAUSE') await live.pause(attempt.id, now);
    if (request.type === 'RESUME') await live.resume(attempt.id, now);
    await live.insertCommand(row);
    await writeTrail(
      attempt.id,
      'PROCTOR_ACTION',
      'proctor',
      {
        command: request.type,
        reason: request.reason.slice(0, 200),
        by: proctor.name.slice(0, 200),
        ...(row.et === null ? {} : { minutes: row.et }),
        ...(row.ed === null ? {} : { device: row.ed.slice(0, 200) }),
      },
      now,
    );
    if (request.type === 'PROCTOR_TERMINATE') await attemptService.submitByServer(attempt.id, 'PROCTOR_TERMINATE', now);
    const command = (await live.pendingCommands(attempt.id)).find((pending) => pending.id === row.id);
    if (!command) throw new AppError('internal', 'The command was not stored.');
    // One entry per candidate's command (the writes above are the attempt service's and the trail's, each its own).
    await recordAudit(
      db,
      {
        actor: proctor,
        action: 'proctor.command',
        entityType: 'attempt',
        entityId: attempt.id,
        summary: commandSummary(request, `${candidate.name} (${candidate.regNo})`, test.name),
        before: { testId: test.id, deadlineMs: attempt.deadlineMs, paused: attempt.pausedAt !== null },
        after: { command: request.type, reason: request.reason, ...(row.et === null ? {} : { minutes: row.et }), ...(row.ed === null ? {} : { device: row.ed }) },
      },
      now,
    );
    toStudents(test.id, candidate.userId, { type: 'command', command });
    if (request.type === 'EXTEND_TEST' || request.type === 'PAUSE' || request.type === 'RESUME') {
      const fresh = await exam.findAttemptById(attempt.id);
      if (fresh) toStudents(test.id, candidate.userId, deadlineMessage(fresh));
    }
    toProctors(test.id, { type: 'command', command });
    void publishCandidate(test.id, candidate.userId);
    return command;
  }

  return {
    // -------------------------------------------------------------------------------- students

    /** A student's WebSocket said hello: the test must be theirs. Returns the welcome and what follows it. */
    async connectStudent(user: UserRecord, testId: string): Promise<ServerToStudent[]> {
      const { test, attempt } = await studentTarget(user, testId);
      await markPresent(testId, user.id, attempt, 'websocket');
      const welcome: ServerToStudent = {
        type: 'welcome',
        serverTime: clock.now(),
        commands: attempt ? await live.pendingCommands(attempt.id) : [],
        chat: await live.threadOf(testId, user.id),
        chatDisabled: isChatDisabled(user.config, test.config),
      };
      return attempt ? [welcome, deadlineMessage(attempt)] : [welcome];
    },

    /** The student's last socket of this test closed: a fact, dated, on the trail of a running attempt once it outlasts the grace. */
    async disconnectStudent(userId: string, testId: string): Promise<void> {
      const now = clock.now();
      const p = await presence.leave(testId, userId, now);
      // A socket still open (here or on another process): no drop.
      if (p.sockets > 0) return;
      clearDropTimer(testId, userId);
      const timer = setTimeout(() => void recordSocketDrop(testId, userId), SOCKET_DROP_GRACE_MS);
      timer.unref?.();
      dropTimers.set(timerKey(testId, userId), timer);
      void publishCandidate(testId, userId);
    },

    /** A status over the WebSocket: presence, then the commands the page has not even received. */
    async studentStatus(user: UserRecord, testId: string, status: CandidateStatus): Promise<ProctorCommand[]> {
      await recordStatus(testId, user.id, status);
      const attempt = await exam.findAttempt(user.id, testId);
      void publishCandidate(testId, user.id);
      return attempt ? live.pendingCommands(attempt.id, true) : [];
    },

    async studentAcks(user: UserRecord, testId: string, acks: readonly CommandAck[]): Promise<void> {
      await applyAcks(testId, user.id, await exam.findAttempt(user.id, testId), acks);
    },

    async studentChat(user: UserRecord, testId: string, chat: { id: string; m: string }): Promise<ChatMessage> {
      const { test } = await studentTarget(user, testId);
      return storeStudentChat(user, test, chat);
    },

    async studentRead(user: UserRecord, testId: string, upTo: number): Promise<void> {
      await studentTarget(user, testId);
      await live.markRead(testId, user.id, 'proctor', upTo, clock.now());
    },

    /** GET /live/chats: every test the student sees, with its chat on or off and the proctor's unread messages. */
    async chatSummaries(user: UserRecord): Promise<LiveChatSummaries> {
      const [visible, unread] = await Promise.all([exam.listVisibleTests(user.id), live.unreadOfStudent(user.id)]);
      return { threads: visible.map((test) => ({ tid: test.id, chatDisabled: isChatDisabled(user.config, test.config), unread: unread.get(test.id) ?? 0 })) };
    },

    /** GET /live/chat/{testId}: the student's own thread only. */
    async chatThread(user: UserRecord, testId: string): Promise<LiveChatThread> {
      const { test } = await studentTarget(user, testId);
      return { chatDisabled: isChatDisabled(user.config, test.config), chat: await live.threadOf(testId, user.id) };
    },

    /** POST /live/ping: the WebSocket's status, acks and chat over HTTP; the reply carries what is pending. */
    async ping(user: UserRecord, input: LivePingRequest): Promise<LivePingReply> {
      const request = livePingRequestSchema.parse(input);
      const { test, attempt } = await studentTarget(user, request.tid);
      if (!attempt) throw new AppError('forbidden', TEST_MESSAGES.notStarted);
      await markPresent(test.id, user.id, attempt, 'http');
      await recordStatus(test.id, user.id, request.status);
      await applyAcks(test.id, user.id, attempt, request.acks);
      for (const chat of request.chat) await storeStudentChat(user, test, chat);
      if (request.read !== undefined) await live.markRead(test.id, user.id, 'proctor', request.read, clock.now());
      const fresh = (await exam.findAttemptById(attempt.id)) ?? attempt;
      void publishCandidate(test.id, user.id);
      const now = clock.now();
      return {
        serverTime: now,
        commands: await live.pendingCommands(attempt.id),
        chat: await live.threadOf(test.id, user.id, request.chatSince),
        time_left: timeLeftOf(fresh, now),
        paused: fresh.pausedAt !== null && fresh.submittedAt === null,
      };
    },

    // -------------------------------------------------------------------------------- proctors

    async testsOf(proctor: ProctorRecord): Promise<ProctorTest[]> {
      const tests = await proctors.testsOf(proctor.id);
      return Promise.all(
        tests.map(async (test) => ({ id: test.id, name: test.name, starts_at: test.activationAt, ends_at: test.endsAt, candidates: (await live.candidatesOf(test.id, test.openToAll)).length })),
      );
    },

    /** The console's view of one test (the WebSocket's welcome, or GET /proctor/tests/{id}). */
    async snapshot(proctor: ProctorRecord, testId: string): Promise<ProctorTestSnapshot> {
      const test = await assignedTest(proctor, testId);
      const [candidates, flags, snapshots, unread, commands, chat, present] = await Promise.all([
        live.candidatesOf(test.id, test.openToAll),
        live.flagsOf(test.id, FLAG_KINDS),
        live.latestSnapshotsOf(test.id),
        live.unreadByStudent(test.id),
        live.commandsOfTest(test.id, HISTORY_LIMIT),
        live.chatOfTest(test.id, HISTORY_LIMIT),
        presence.ofTest(test.id),
      ]);
      return {
        test: { id: test.id, name: test.name },
        serverTime: clock.now(),
        candidates: await Promise.all(candidates.map((candidate) => candidateView(test.id, test.config, candidate, { flags, snapshots, unread, presence: present }))),
        commands,
        chat,
      };
    },

    /** One candidate's whole trail, with who did what. */
    async trail(proctor: ProctorRecord, testId: string, userId: string): Promise<ProctorTrailReply> {
      const test = await assignedTest(proctor, testId);
      const candidate = await live.candidateOf(test.id, test.openToAll, userId);
      if (!candidate) throw new AppError('not_found', LIVE_MESSAGES.candidateNotFound);
      const events = candidate.attempt ? await trail.eventsOf(candidate.attempt.id) : [];
      const now = clock.now();
      return {
        uid: candidate.userId,
        name: candidate.name,
        entries: events.map((event) => {
          const detail = event.detail ?? {};
          // Only the server writes a proctor's name (writeTrail): a student's or extension's event
          // naming a `by` is shown as theirs, the name left in the detail.
          const byProctor = event.source === 'proctor' || event.source === 'server';
          const by = byProctor && typeof detail['by'] === 'string' ? detail['by'] : event.source;
          const text = Object.entries(detail)
            .filter(([name]) => !byProctor || name !== 'by')
            .map(([name, value]) => `${name}: ${String(value)}`)
            .join(', ');
          return { at: event.at, kind: event.kind, detail: text === '' ? null : text, evidence: event.evidence === null ? null : store.getUrl(event.evidence, now), by };
        }),
      };
    },

    async proctorChat(proctor: ProctorRecord, testId: string, request: ProctorChatRequest): Promise<ChatMessage[]> {
      const test = await assignedTest(proctor, testId);
      const body = filterProfanity(request.m.trim());
      if (body === '') throw new AppError('unprocessable', CHAT_NOT_SENT, { issues: [{ path: 'm', message: CHAT_NOT_SENT }] });
      // Only to those whose chat is on: a message the student can never see is refused, not stored.
      const chatOn = (candidate: CandidateRecord) => !isChatDisabled(candidate.config, test.config);
      let userIds: string[];
      if (request.uid === null) {
        const candidates = await live.candidatesOf(test.id, test.openToAll);
        userIds = candidates.filter(chatOn).map((candidate) => candidate.userId);
        // Refused only when there are candidates and every one has chat off (none yet: as before).
        if (candidates.length > 0 && userIds.length === 0) throw new AppError('forbidden', LIVE_MESSAGES.chatOffForTest);
      } else {
        const candidate = await live.candidateOf(test.id, test.openToAll, request.uid);
        if (!candidate) throw new AppError('not_found', LIVE_MESSAGES.candidateNotFound);
        if (!chatOn(candidate)) throw new AppError('forbidden', LIVE_MESSAGES.chatOffForCandidate);
        userIds = [candidate.userId];
      }
      const now = clock.now();
      // A message to all is stored in every thread in a few statements, not one per candidate
      // (10,000 candidates: a fan-out in well under a second); a resend of the same id stores nothing again.
      const stored = new Set<string>();
      for (let from = 0; from < userIds.length; from += CHAT_INSERT_CHUNK) {
        const rows = userIds.slice(from, from + CHAT_INSERT_CHUNK).map((userId) => ({ test_id: test.id, user_id: userId, id: request.id, author: 'proctor' as const, proctor_id: proctor.id, proctor_name: proctor.name, body, sent_at: now, read_at: null }));
        for (const userId of await live.insertChat(rows)) stored.add(userId);
        // Between the statements a command sent meanwhile runs whole (its statements chain on
        // promises, as these do, and would otherwise take turns with them until this ends).
        if (from + CHAT_INSERT_CHUNK < userIds.length) await new Promise((resolve) => setImmediate(resolve));
      }
      const found = userIds.length === 1 ? new Map([[userIds[0] as string, await live.findChat(test.id, userIds[0] as string, request.id)]]) : await live.chatsWithId(test.id, request.id);
      const messages: ChatMessage[] = [];
      const pushes: [string, ServerToStudent | ServerToProctor][] = [];
      for (const [index, userId] of userIds.entries()) {
        const message = found.get(userId);
        if (!message) continue;
        messages.push(message);
        if (stored.has(userId)) pushes.push([studentChannel(test.id, userId), { type: 'chat', message }], [proctorChannel(test.id), { type: 'chat', message }]);
        // Thousands of sends, in slices (one Redis message each across processes): other work (a
        // command's round trip) gets the event loop between them.
        if (index % CHAT_INSERT_CHUNK === CHAT_INSERT_CHUNK - 1) {
          hub.publishMany(pushes.splice(0));
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      hub.publishMany(pushes);
      if (stored.size > 0) {
        // One entry for the message: the candidate's attempt (or the candidate) it went to, or the test for everyone.
        const one = request.uid === null ? null : await live.candidateOf(test.id, test.openToAll, request.uid);
        const to = one ? `${one.name} (${one.regNo})` : `everyone (${stored.size} candidate${stored.size === 1 ? '' : 's'})`;
        const excerpt = body.length > 200 ? `${body.slice(0, 197)}...` : body;
        await recordAudit(
          db,
          {
            actor: proctor,
            action: 'proctor.chat',
            entityType: one?.attempt ? 'attempt' : 'test',
            entityId: one?.attempt?.id ?? test.id,
            summary: `Sent a chat message to ${to} in "${test.name}": ${excerpt}`,
            before: null,
            after: { testId: test.id, messageId: request.id, to: request.uid ?? 'everyone', recipients: stored.size, message: body },
          },
          now,
        );
      } else auditHandled(); // A resend of a stored message: nothing new.
      return messages;
    },

    async proctorRead(proctor: ProctorRecord, testId: string, userId: string, upTo: number): Promise<void> {
      await assignedTest(proctor, testId);
      await live.markRead(testId, userId, 'student', upTo, clock.now());
      void publishCandidate(testId, userId);
    },

    /** A command to each candidate named; each one is stored, applied where the server owns it, and pushed. */
    async sendCommands(proctor: ProctorRecord, testId: string, request: ProctorCommandRequest): Promise<ProctorCommand[]> {
      const test = await assignedTest(proctor, testId);
      if (request.type === 'EXTEND_TEST' && request.et === undefined) {
        throw new AppError('unprocessable', LIVE_MESSAGES.extendNeedsMinutes, { issues: [{ path: 'et', message: LIVE_MESSAGES.extendNeedsMinutes }] });
      }
      if (request.type === 'SELECT_WEBCAM' && !request.ed) {
        throw new AppError('unprocessable', LIVE_MESSAGES.webcamNeedsDevice, { issues: [{ path: 'ed', message: LIVE_MESSAGES.webcamNeedsDevice }] });
      }
      const candidates: CandidateRecord[] = [];
      for (const uid of new Set(request.uids)) {
        const candidate = await live.candidateOf(test.id, test.openToAll, uid);
        if (!candidate) throw new AppError('not_found', LIVE_MESSAGES.candidateNotFound);
        candidates.push(candidate);
      }
      // One candidate: their refusal is the reply; several: those who can take it get it.
      if (candidates.length === 1) return [await applyCommand(proctor, test, candidates[0] as CandidateRecord, request)];
      const sent: ProctorCommand[] = [];
      for (const candidate of candidates) {
        if (!isRunning(candidate.attempt)) continue;
        sent.push(await applyCommand(proctor, test, candidate, request));
      }
      return sent;
    },

    /** For the proctor's socket: the test must be theirs. */
    assignedTest,

    /** New flags from the trail's reporters, for the console as they arrive. */
    publishFlags(attempt: Pick<AttemptRecord, 'testId' | 'userId'>, events: readonly { kind: ProctorEventKind; at: number; evidence: string | null }[]): void {
      for (const event of events) {
        if (PROCTOR_KIND_CLASS[event.kind] !== 'flag') continue;
        toProctors(attempt.testId, { type: 'flag', uid: attempt.userId, kind: event.kind, at: event.at, evidence: event.evidence === null ? null : store.getUrl(event.evidence, clock.now()) });
      }
      if (events.length > 0) void publishCandidate(attempt.testId, attempt.userId);
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;

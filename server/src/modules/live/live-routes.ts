import { Hono } from 'hono';
import type { Context } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import type { WSContext } from 'hono/ws';
import type { WebSocket as RawWebSocket } from 'ws';
import { z } from 'zod';
import type { ChatMessage, LiveChatSummaries, LiveChatThread, LivePingReply, ServerToProctor, ServerToStudent } from '@invigil/shared/api/live';
import { liveChatReadSchema, livePingRequestSchema, proctorToServerSchema, studentChatSchema, studentToServerSchema } from '@invigil/shared/api/live';
import { AUTH_MESSAGES } from '@invigil/shared/api/auth';
import { AppError } from '../../platform/lib/app-error';
import type { Logger } from '../../platform/lib/logger';
import { requireAuth } from '../auth/auth-module';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffRecord as ProctorRecord } from '../staff/staff-module';
import type { UserRecord } from '../auth/auth-module';
import type { AuthService } from '../auth/auth-module';
import type { LiveHub } from './live-hub';
import { proctorChannel, studentChannel } from './live-hub';
import type { LiveService } from './live-service';

export interface LiveRoutesDeps {
  auth: AuthService;
  proctorAuth: StaffAuth;
  live: LiveService;
  hub: LiveHub;
  logger: Logger;
  /** Origins besides the server's own that may open the socket (ADMIN_ORIGIN). */
  allowedOrigins: readonly string[];
  /** The first message must come this soon (tests shorten it). */
  helloTimeoutMs?: number;
  heartbeatMs?: number;
}

export const LIVE_SOCKET_MESSAGES = {
  helloFirst: 'Say hello first, with a session token.',
  notJson: 'A message is one JSON object.',
  originRefused: 'This origin may not open the live channel.',
  unexpected: 'Something went wrong!',
  tooMany: 'Too many messages: slow down.',
} as const;

const MAX_MESSAGE_CHARS = 16 * 1024;
/** A page pings every 20 s; more than this many messages in one window is a runaway client, whose excess is dropped. */
const MAX_MESSAGES_PER_WINDOW = 60;
const MESSAGE_WINDOW_MS = 10_000;
const helloSchema = z.object({ type: z.literal('hello'), token: z.string().min(1).max(4_096), tid: z.string().min(1).max(64) });
const testIdParam = z.string().min(1).max(64);

/**
 * Browsers send Origin on every WebSocket: it must be this server's own (the Host it was asked
 * for) or an allowed one, so another site cannot open a student's channel with their session.
 * No Origin: not a browser (a test client, the bench), whose token alone decides.
 */
function originAllowed(c: Context, allowed: readonly string[]): boolean {
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.host === c.req.header('host') || allowed.includes(url.origin);
}

/** The live channel (issue 12): GET /live (WebSocket), POST /live/ping, the student's chat thread. */
export function liveRoutes({ auth, proctorAuth, live, hub, logger, allowedOrigins, helloTimeoutMs = 10_000, heartbeatMs = 30_000 }: LiveRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/live', async (c, next) => {
    if (!originAllowed(c, allowedOrigins)) return c.json({ message: LIVE_SOCKET_MESSAGES.originRefused }, 403);
    return next();
  });

  routes.get(
    '/live',
    upgradeWebSocket(() => {
      let student: { user: UserRecord; testId: string; token: string } | undefined;
      let proctor: { proctor: ProctorRecord; testId: string; token: string } | undefined;
      let saidHello = false;
      let unsubscribe: (() => void) | undefined;
      let helloTimer: ReturnType<typeof setTimeout> | undefined;
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let closed = false;
      // Messages are handled one after another, in the order they came.
      let queue: Promise<void> = Promise.resolve();
      let windowStartedAt = 0;
      let messagesInWindow = 0;

      const send = (ws: WSContext, message: ServerToStudent | ServerToProctor | unknown) => {
        if (!closed && ws.readyState === 1) ws.send(JSON.stringify(message));
      };
      const sendError = (ws: WSContext, message: string) => send(ws, { type: 'error', message });

      /** A message that failed: its reason when it is the client's, else logged. */
      function failed(ws: WSContext, error: unknown): void {
        if (error instanceof AppError) return sendError(ws, error.message);
        logger.error('Live channel message failed:', error);
        sendError(ws, LIVE_SOCKET_MESSAGES.unexpected);
      }

      function endSession(ws: WSContext): void {
        sendError(ws, AUTH_MESSAGES.loginRequired);
        ws.close(1008, 'unauthorized');
      }

      /** A hello that cannot be served (a test not theirs): the reason, then the socket closes. */
      function refuse(ws: WSContext, error: unknown): void {
        if (!(error instanceof AppError)) logger.error('Live channel hello failed:', error);
        sendError(ws, error instanceof AppError ? error.message : LIVE_SOCKET_MESSAGES.unexpected);
        ws.close(1008, 'refused');
      }

      async function hello(ws: WSContext, data: unknown): Promise<void> {
        const parsed = helloSchema.safeParse(data);
        if (!parsed.success) {
          sendError(ws, LIVE_SOCKET_MESSAGES.helloFirst);
          ws.close(1008, 'hello expected');
          return;
        }
        const { token, tid } = parsed.data;
        const user = await auth.userForToken(token).catch(() => undefined);
        if (user) {
          // Subscribed first, so nothing published while the welcome is read is lost.
          const stopListening = hub.subscribe(studentChannel(tid, user.id), (message) => send(ws, message));
          let welcome: ServerToStudent[];
          try {
            await hub.ready();
            welcome = await live.connectStudent(user, tid);
          } catch (error) {
            stopListening();
            return refuse(ws, error);
          }
          saidHello = true;
          student = { user, testId: tid, token };
          unsubscribe = stopListening;
          if (closed) {
            // Closed while the hello was served: its close found no student to account for.
            stopListening();
            void live.disconnectStudent(user.id, tid).catch((error: unknown) => logger.warn('Could not record a disconnection:', error));
            return;
          }
          for (const message of welcome) send(ws, message);
          return;
        }
        const found = await proctorAuth.staffForToken(token).catch(() => undefined);
        if (!found) {
          sendError(ws, AUTH_MESSAGES.loginRequired);
          ws.close(1008, 'unauthorized');
          return;
        }
        try {
          await live.assignedTest(found, tid);
        } catch (error) {
          return refuse(ws, error);
        }
        saidHello = true;
        proctor = { proctor: found, testId: tid, token };
        if (closed) return;
        unsubscribe = hub.subscribe(proctorChannel(tid), (message) => send(ws, message));
        await hub.ready();
        const snapshot = await live.snapshot(found, tid);
        send(ws, { type: 'welcome', serverTime: snapshot.serverTime, candidates: snapshot.candidates, commands: snapshot.commands, chat: snapshot.chat });
      }

      async function handle(ws: WSContext, raw: unknown): Promise<void> {
        if (typeof raw !== 'string' || raw.length > MAX_MESSAGE_CHARS) return sendError(ws, LIVE_SOCKET_MESSAGES.notJson);
        let data: unknown;
        try {
          data = JSON.parse(raw);
        } catch {
          return sendError(ws, LIVE_SOCKET_MESSAGES.notJson);
        }
        if (!saidHello) {
          clearTimeout(helloTimer);
          return hello(ws, data);
        }
        if (student) {
          // The session is checked again on every message: a logout or a password change ends the channel too.
          const user = await auth.userForToken(student.token).catch(() => undefined);
          if (!user) return endSession(ws);
          const { testId } = student;
          const message = checkedBody(studentToServerSchema, data);
          if (message.type === 'status') for (const command of await live.studentStatus(user, testId, message.status)) send(ws, { type: 'command', command });
          else if (message.type === 'ack') await live.studentAcks(user, testId, message.acks);
          else if (message.type === 'chat') await live.studentChat(user, testId, message.chat);
          else if (message.type === 'read') await live.studentRead(user, testId, message.upTo);
          else sendError(ws, 'Already said hello.');
          return;
        }
        if (proctor) {
          const who = await proctorAuth.staffForToken(proctor.token).catch(() => undefined);
          if (!who) return endSession(ws);
          const { testId } = proctor;
          const message = checkedBody(proctorToServerSchema, data);
          // A message to all reaches thousands of pages: the console's next messages (a command) do not wait for it.
          if (message.type === 'chat') void live.proctorChat(who, testId, { id: message.id, uid: message.uid, m: message.m }).catch((error: unknown) => failed(ws, error));
          else if (message.type === 'command') await live.sendCommands(who, testId, message.command);
          else sendError(ws, 'Already said hello.');
        }
      }

      return {
        onOpen(_event, ws) {
          helloTimer = setTimeout(() => {
            if (!saidHello) {
              sendError(ws, LIVE_SOCKET_MESSAGES.helloFirst);
              ws.close(1008, 'hello expected');
            }
          }, helloTimeoutMs);
          // A dead peer (a laptop closed, a proxy gone) answers no ping: it is cut after one interval.
          const socket = ws.raw as RawWebSocket | undefined;
          let alive = true;
          socket?.on('pong', () => void (alive = true));
          heartbeat = setInterval(() => {
            if (!alive) return socket?.terminate();
            alive = false;
            socket?.ping();
          }, heartbeatMs);
        },
        onMessage(event, ws) {
          const now = Date.now();
          if (now - windowStartedAt > MESSAGE_WINDOW_MS) {
            windowStartedAt = now;
            messagesInWindow = 0;
          }
          messagesInWindow += 1;
          if (messagesInWindow > MAX_MESSAGES_PER_WINDOW) {
            if (messagesInWindow === MAX_MESSAGES_PER_WINDOW + 1) sendError(ws, LIVE_SOCKET_MESSAGES.tooMany);
            return;
          }
          queue = queue
            .then(() => handle(ws, event.data))
            .catch((error: unknown) => failed(ws, error));
        },
        onClose() {
          closed = true;
          clearTimeout(helloTimer);
          clearInterval(heartbeat);
          unsubscribe?.();
          // At once, not behind the queued messages: the drop is dated now, before any reconnection.
          if (student) void live.disconnectStudent(student.user.id, student.testId).catch((error: unknown) => logger.warn('Could not record a disconnection:', error));
        },
      };
    }),
  );

  routes.post('/live/ping', signedIn, validateJson(livePingRequestSchema), async (c) => c.json((await live.ping(c.get('user'), c.get('body'))) satisfies LivePingReply));

  routes.get('/live/chats', signedIn, async (c) => c.json((await live.chatSummaries(c.get('user'))) satisfies LiveChatSummaries));

  routes.get('/live/chat/:testId', signedIn, async (c) => c.json((await live.chatThread(c.get('user'), checkedBody(testIdParam, c.req.param('testId')))) satisfies LiveChatThread));

  routes.post('/live/chat/:testId/read', signedIn, validateJson(liveChatReadSchema), async (c) => {
    await live.studentRead(c.get('user'), checkedBody(testIdParam, c.req.param('testId')), c.get('body').upTo);
    return c.json({ success: true });
  });

  routes.post('/live/chat/:testId', signedIn, validateJson(studentChatSchema), async (c) => {
    const message = await live.studentChat(c.get('user'), checkedBody(testIdParam, c.req.param('testId')), c.get('body'));
    return c.json({ message } satisfies { message: ChatMessage });
  });

  return routes;
}

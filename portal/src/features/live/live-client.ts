import {
  livePingReplySchema,
  serverToStudentSchema,
  type CandidateStatus,
  type ChatMessage,
  type CommandAck,
  type LivePingRequest,
  type ProctorCommand,
  type StudentToServer,
} from '@invigil/shared/api/live';
import { filterProfanity } from '@invigil/shared/domain/profanity';
import { computed, signal } from '@preact/signals-react';
import type { AppliedCommands } from './applied-commands';
import { parseSocketMessage } from '../../lib/socket-message';
import { newMessageId } from './message-id';

/** How the page reaches the server now: the WebSocket, or the status ping when none opens. */
export type LiveMode = 'connecting' | 'websocket' | 'http';

/** The part of a WebSocket the client uses (a fake in the unit tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export interface LiveClientOptions {
  tid: string;
  token: () => string | null;
  /** The attempt's status now (question, counts, unsent changes). */
  status: () => CandidateStatus;
  applied: AppliedCommands;
  /** Acts on a command; 'applied' is acknowledged once it resolves (WARN: once the student pressed OK). */
  apply: (command: ProctorCommand) => Promise<void> | void;
  /** POST /live/ping (the reply is validated here). */
  ping: (body: LivePingRequest) => Promise<unknown>;
  /** The server's time left moved (EXTEND_TEST, PAUSE, RESUME) or is simply reported. */
  onDeadline?: (timeLeft: number, paused: boolean) => void;
  /** Null: no WebSocket in this browser. */
  openSocket?: ((url: string) => SocketLike) | null;
  url?: string;
  /** Waits before reconnecting after the n-th failure in a row (the last one repeats). */
  reconnectDelaysMs?: readonly number[];
  /** Failures in a row before the status ping carries everything (the socket is still retried). */
  fallbackAfter?: number;
  /** A chat message not confirmed by the server within this is reported as not sent. */
  chatTimeoutMs?: number;
  /** Where the browser says its network is back ('online'); the window by default. */
  networkEvents?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

const DEFAULT_DELAYS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/live`;
}

function defaultSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}


interface PendingChat {
  id: string;
  m: string;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The student's live channel for one running attempt. It keeps a WebSocket open (hello with the
 * session token and the test id) and reconnects with backoff; when the socket cannot be opened or
 * keeps failing (a school proxy), the spec's status ping carries the same status, acks and chat.
 * Every message from the server is validated: it is not trusted. Each command is acted on once
 * (AppliedCommands), acknowledged 'delivered' on receipt and 'applied' after acting.
 */
export class LiveClient {
  readonly mode = signal<LiveMode>('connecting');
  readonly chat = signal<readonly ChatMessage[]>([]);
  /** From the server's welcome; null until it came. */
  readonly chatDisabled = signal<boolean | null>(null);
  /** The newest proctor message the student has seen (ts). */
  readonly readUpTo = signal(0);
  readonly unread = computed(() => this.chat.value.filter((message) => message.teid !== null && message.ts > this.readUpTo.value).length);

  private socket: SocketLike | null = null;
  private welcomed = false;
  private failures = 0;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private acks: CommandAck[] = [];
  private outbox: PendingChat[] = [];
  private readonly inFlight = new Set<string>();
  private pinging: Promise<void> | null = null;
  private pingAgain = false;

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    this.stopped = false;
    this.networkEvents()?.addEventListener('online', this.onNetworkBack);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.networkEvents()?.removeEventListener('online', this.onNetworkBack);
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    for (const pending of this.outbox) clearTimeout(pending.timer);
  }

  /** The attempt's status ping (AttemptSession, every PING_INTERVAL ticks): over the socket, or POST /live/ping. */
  statusPing(): Promise<void> {
    if (this.isLive()) {
      this.send({ type: 'status', status: { ...this.options.status(), clock: Date.now() } });
      return Promise.resolve();
    }
    return this.httpPing();
  }

  /**
   * Sends a chat message (profanity filtered first); resolves once the server holds it, rejects
   * when it could not be sent. An empty message is not sent (false).
   */
  sendChat(text: string): { sent: false } | { sent: true; delivered: Promise<void> } {
    const m = filterProfanity(text.trim());
    if (!m) return { sent: false };
    const id = newMessageId();
    const delivered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.failChat(id), this.options.chatTimeoutMs ?? 10_000);
      this.outbox.push({ id, m, resolve, reject, timer });
    });
    if (this.isLive()) this.send({ type: 'chat', chat: { id, m } });
    else void this.httpPing();
    return { sent: true, delivered };
  }

  /** The chat panel is open: the proctor's messages so far are read. */
  markRead(): void {
    const newest = this.chat.value.reduce((max, message) => (message.teid !== null ? Math.max(max, message.ts) : max), 0);
    if (newest <= this.readUpTo.value) return;
    this.readUpTo.value = newest;
    if (this.isLive()) this.send({ type: 'read', upTo: newest });
  }

  private isLive(): boolean {
    return this.socket !== null && this.welcomed && this.socket.readyState === OPEN;
  }

  private send(message: StudentToServer): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // The socket is closing: onclose reconnects and the ping carries what is queued.
    }
  }

  private networkEvents(): Pick<Window, 'addEventListener' | 'removeEventListener'> | null {
    if (this.options.networkEvents !== undefined) return this.options.networkEvents;
    return typeof window === 'undefined' ? null : window;
  }

  /** The network is back: try the socket now, not after the backoff (up to 30 s) has run out; and ping. */
  private readonly onNetworkBack = (): void => {
    if (this.stopped || this.socket !== null) return;
    clearTimeout(this.reconnectTimer);
    this.connect();
    void this.statusPing();
  };

  private connect(): void {
    if (this.stopped) return;
    const open = this.options.openSocket === undefined ? (typeof WebSocket === 'undefined' ? null : defaultSocket) : this.options.openSocket;
    if (!open) {
      this.mode.value = 'http';
      return;
    }
    let socket: SocketLike;
    try {
      socket = open(this.options.url ?? defaultUrl());
    } catch {
      this.failed();
      return;
    }
    this.socket = socket;
    this.welcomed = false;
    socket.onopen = () => {
      const token = this.options.token();
      if (!token) return socket.close();
      socket.send(JSON.stringify({ type: 'hello', token, tid: this.options.tid } satisfies StudentToServer));
    };
    socket.onmessage = (event) => this.onMessage(event.data);
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.welcomed = false;
      this.failed();
    };
  }

  private failed(): void {
    if (this.stopped) return;
    this.failures += 1;
    if (this.failures >= (this.options.fallbackAfter ?? 2)) this.mode.value = 'http';
    const delays = this.options.reconnectDelaysMs ?? DEFAULT_DELAYS;
    const delay = delays[Math.min(this.failures - 1, delays.length - 1)] ?? 30_000;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private onMessage(data: unknown): void {
    const message = parseSocketMessage(data, serverToStudentSchema);
    if (!message) return;
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        this.failures = 0;
        this.mode.value = 'websocket';
        this.chatDisabled.value = message.chatDisabled;
        this.mergeChat(message.chat);
        // What waited for the socket goes now: acks, then chat not yet confirmed.
        if (this.acks.length > 0) this.flushAcksOverSocket();
        for (const pending of this.outbox) this.send({ type: 'chat', chat: { id: pending.id, m: pending.m } });
        for (const command of message.commands) this.receive(command);
        return;
      case 'command':
        this.receive(message.command);
        return;
      case 'chat':
        this.mergeChat([message.message]);
        return;
      case 'deadline':
        this.options.onDeadline?.(message.time_left, message.paused);
        return;
      case 'error':
        return;
    }
  }

  private mergeChat(messages: readonly ChatMessage[]): void {
    if (messages.length === 0) return;
    const byId = new Map(this.chat.value.map((message) => [message.id, message]));
    for (const message of messages) {
      byId.set(message.id, message);
      const pending = this.outbox.find((each) => each.id === message.id);
      if (pending) this.settleChat(pending, true);
    }
    this.chat.value = [...byId.values()].sort((a, b) => a.ts - b.ts);
  }

  private settleChat(pending: PendingChat, ok: boolean): void {
    clearTimeout(pending.timer);
    this.outbox = this.outbox.filter((each) => each !== pending);
    if (ok) pending.resolve();
    else pending.reject(new Error('not sent'));
  }

  private failChat(id: string): void {
    const pending = this.outbox.find((each) => each.id === id);
    if (pending) this.settleChat(pending, false);
  }

  /** A command from the server: acted on once, whatever the number of deliveries. */
  private receive(command: ProctorCommand): void {
    const { applied } = this.options;
    if (applied.has(command.id)) {
      // Acted on before (an ack lost with a dropped socket or a reload): confirm again.
      this.ack({ id: command.id, state: 'applied' });
      return;
    }
    if (this.inFlight.has(command.id)) return;
    this.inFlight.add(command.id);
    this.ack({ id: command.id, state: 'delivered' });
    Promise.resolve()
      .then(() => this.options.apply(command))
      .then(
        () => {
          applied.add(command.id);
          this.inFlight.delete(command.id);
          this.ack({ id: command.id, state: 'applied' });
        },
        () => {
          // Not applied: the next delivery tries again.
          this.inFlight.delete(command.id);
        },
      );
  }

  private ack(ack: CommandAck): void {
    this.acks = [...this.acks.filter((each) => each.id !== ack.id), ack];
    if (this.isLive()) this.flushAcksOverSocket();
  }

  private flushAcksOverSocket(): void {
    while (this.acks.length > 0) {
      const batch = this.acks.slice(0, 100);
      this.acks = this.acks.slice(100);
      this.send({ type: 'ack', acks: batch });
    }
  }

  /** POST /live/ping with the status, the acks and the chat waiting; the reply's commands and chat are handled as the socket's. */
  private httpPing(): Promise<void> {
    if (this.pinging) {
      this.pingAgain = true;
      return this.pinging;
    }
    this.pinging = this.pingOnce().finally(() => {
      this.pinging = null;
      if (this.pingAgain && !this.stopped) {
        this.pingAgain = false;
        void this.httpPing();
      }
    });
    return this.pinging;
  }

  private async pingOnce(): Promise<void> {
    if (this.stopped) return;
    const acks = this.acks.slice(0, 100);
    const chat = this.outbox.slice(0, 20);
    const chatSince = this.chat.value.reduce((max, message) => Math.max(max, message.ts), 0);
    let json: unknown;
    try {
      json = await this.options.ping({
        tid: this.options.tid,
        status: { ...this.options.status(), clock: Date.now() },
        acks,
        chat: chat.map(({ id, m }) => ({ id, m })),
        chatSince,
        ...(this.readUpTo.value > 0 ? { read: this.readUpTo.value } : {}),
      });
    } catch {
      for (const pending of chat) this.settleChat(pending, false);
      return;
    }
    // The server has them: acks sent are done (an ack added meanwhile for the same id stays).
    this.acks = this.acks.filter((each) => !acks.includes(each));
    for (const pending of chat) if (this.outbox.includes(pending)) this.settleChat(pending, true);
    const parsed = livePingReplySchema.safeParse(json);
    if (!parsed.success) return;
    const reply = parsed.data;
    this.mergeChat(reply.chat);
    this.options.onDeadline?.(reply.time_left, reply.paused);
    for (const command of reply.commands) this.receive(command);
  }
}

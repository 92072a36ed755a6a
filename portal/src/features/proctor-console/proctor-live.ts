import {
  serverToProctorSchema,
  type ChatMessage,
  type LiveCandidate,
  type ProctorCommand,
  type ProctorCommandRequest,
  type ProctorTestSnapshot,
  type ProctorToServer,
} from '@invigil/shared/api/live';
import { signal } from '@preact/signals-react';
import { formatClockTime } from '../../lib/date-time';
import { fetchProctorTest, postProctorChat, postProctorCommand, postProctorRead } from './proctor-console-api';
import { parseSocketMessage } from '../../lib/socket-message';

export type ConsoleMode = 'connecting' | 'websocket' | 'http';

const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** How often the console polls the test's snapshot while it has no WebSocket. */
export const POLL_MS = 3_000;

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The console's live view of one test: a WebSocket as the proctor (hello with the proctor's token),
 * every message validated; when it cannot open or keeps failing, the test's snapshot is polled
 * and chat and commands go over HTTP. Candidates, commands (with their states) and chat are signals.
 */
export class ProctorLive {
  readonly mode = signal<ConsoleMode>('connecting');
  readonly testName = signal('');
  readonly candidates = signal<readonly LiveCandidate[]>([]);
  readonly commands = signal<readonly ProctorCommand[]>([]);
  readonly chat = signal<readonly ChatMessage[]>([]);
  /** The server's clock minus ours (ms), for the presence times. */
  readonly serverOffset = signal(0);
  readonly error = signal<string | null>(null);

  private socket: WebSocket | null = null;
  private welcomed = false;
  private failures = 0;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly testId: string,
    private readonly token: () => string | null,
  ) {}

  start(): void {
    this.stopped = false;
    // The first picture comes over HTTP at once; the socket then keeps it current.
    void this.poll();
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pollTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  async sendChat(uid: string | null, m: string): Promise<void> {
    const text = m.trim();
    if (!text) return;
    const id = newId();
    if (this.live()) {
      this.send({ type: 'chat', id, uid, m: text });
      return;
    }
    this.mergeChat(await postProctorChat(this.testId, { id, uid, m: text }));
  }

  /** The proctor opened a candidate's chat: their messages so far are read (the unread count goes). */
  markRead(uid: string): void {
    const upTo = this.chat.value.reduce((max, message) => (message.uid === uid && message.teid === null ? Math.max(max, message.ts) : max), 0);
    if (upTo === 0) return;
    this.candidates.value = this.candidates.value.map((each) => (each.uid === uid ? { ...each, unreadChat: 0 } : each));
    void postProctorRead(this.testId, uid, upTo).catch(() => undefined);
  }

  async sendCommand(command: ProctorCommandRequest): Promise<void> {
    if (this.live()) {
      this.send({ type: 'command', command });
      return;
    }
    this.mergeCommands(await postProctorCommand(this.testId, command));
  }

  private live(): boolean {
    return this.socket !== null && this.welcomed && this.socket.readyState === WebSocket.OPEN;
  }

  private send(message: ProctorToServer): void {
    this.socket?.send(JSON.stringify(message));
  }

  private connect(): void {
    if (this.stopped) return;
    if (typeof WebSocket === 'undefined') return this.fallBack();
    const { protocol, host } = window.location;
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/live`);
    } catch {
      return this.failed();
    }
    this.socket = socket;
    this.welcomed = false;
    socket.onopen = () => {
      const token = this.token();
      if (!token) return socket.close();
      socket.send(JSON.stringify({ type: 'hello', token, tid: this.testId } satisfies ProctorToServer));
    };
    socket.onmessage = (event: MessageEvent) => this.onMessage(event.data);
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
    if (this.failures >= 2) this.fallBack();
    const delay = RECONNECT_MS[Math.min(this.failures - 1, RECONNECT_MS.length - 1)] ?? 30_000;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private fallBack(): void {
    this.mode.value = 'http';
    if (this.pollTimer === undefined) this.pollTimer = setInterval(() => void this.poll(), POLL_MS);
  }

  private async poll(): Promise<void> {
    try {
      this.applySnapshot(await fetchProctorTest(this.testId));
      this.error.value = null;
    } catch (error) {
      this.error.value = error instanceof Error ? error.message : 'Something went wrong!';
    }
  }

  private applySnapshot(snapshot: Pick<ProctorTestSnapshot, 'serverTime' | 'candidates' | 'commands' | 'chat'> & { test?: { name: string } }): void {
    if (snapshot.test) this.testName.value = snapshot.test.name;
    this.serverOffset.value = snapshot.serverTime - Date.now();
    this.candidates.value = snapshot.candidates;
    this.mergeCommands(snapshot.commands);
    this.mergeChat(snapshot.chat);
  }

  private onMessage(data: unknown): void {
    // No size cap here: a large test's welcome lists every candidate.
    const message = parseSocketMessage(data, serverToProctorSchema, Number.POSITIVE_INFINITY);
    if (!message) return;
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        this.failures = 0;
        this.mode.value = 'websocket';
        clearInterval(this.pollTimer);
        this.pollTimer = undefined;
        this.applySnapshot(message);
        return;
      case 'candidate': {
        const others = this.candidates.value.filter((each) => each.uid !== message.candidate.uid);
        this.candidates.value = [...others, message.candidate];
        return;
      }
      case 'chat':
        this.mergeChat([message.message]);
        return;
      case 'command':
        this.mergeCommands([message.command]);
        return;
      case 'flag':
        this.candidates.value = this.candidates.value.map((each) =>
          each.uid === message.uid ? { ...each, flags: each.flags + 1, lastFlag: { kind: message.kind, at: message.at, evidence: message.evidence } } : each,
        );
        return;
      case 'error':
        this.error.value = message.message;
        return;
    }
  }

  private mergeChat(messages: readonly ChatMessage[]): void {
    if (messages.length === 0) return;
    const byId = new Map(this.chat.value.map((message) => [message.id, message]));
    for (const message of messages) byId.set(message.id, message);
    this.chat.value = [...byId.values()].sort((a, b) => a.ts - b.ts);
  }

  private mergeCommands(commands: readonly ProctorCommand[]): void {
    if (commands.length === 0) return;
    const byId = new Map(this.commands.value.map((command) => [command.id, command]));
    for (const command of commands) byId.set(command.id, command);
    this.commands.value = [...byId.values()].sort((a, b) => b.at - a.at);
  }
}

/** Flagged first, then disconnected, then by name (the console's order). */
export function orderCandidates(candidates: readonly LiveCandidate[]): LiveCandidate[] {
  const rank = (candidate: LiveCandidate) => (candidate.flags > 0 ? 0 : !candidate.online && candidate.phase !== 'submitted' ? 1 : 2);
  return [...candidates].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export type CandidateFilter = 'all' | 'flagged' | 'disconnected';

export function filterCandidates(candidates: readonly LiveCandidate[], filter: CandidateFilter): LiveCandidate[] {
  const ordered = orderCandidates(candidates);
  if (filter === 'flagged') return ordered.filter((candidate) => candidate.flags > 0);
  if (filter === 'disconnected') return ordered.filter((candidate) => !candidate.online && candidate.phase !== 'submitted');
  return ordered;
}

export interface PresenceChip {
  /** What the chip is about, shown before its value ('Connection: Online'). */
  label: 'Test' | 'Connection' | 'Channel' | 'Proctoring';
  text: string;
  /** The tooltip: what the chip means. */
  hint: string;
  badge: string;
}

const CHIP_HINTS = {
  Test: "Where the candidate's test is.",
  Connection: "Whether the candidate's test page reaches the server now.",
  Channel: 'How the test page reaches the server: a live socket (at once) or a status ping every few seconds (a network that blocks sockets).',
  Proctoring: 'What watches the test: the browser extension, or the test page alone.',
} as const;

/**
 * A card's presence chips, each saying what it is about ('Connection: Disconnected since 05:05:56 PM',
 * 'Channel: None', 'Proctoring: Extension'): the channel is named only while the page is connected,
 * so a disconnected candidate never shows a 'Live' beside it.
 */
export function presenceChips(candidate: LiveCandidate): PresenceChip[] {
  const chip = (label: PresenceChip['label'], text: string, badge = 'badge-ghost'): PresenceChip => ({ label, text, hint: CHIP_HINTS[label], badge });
  const chips: PresenceChip[] = [];
  if (candidate.phase === 'submitted') chips.push(chip('Test', 'Submitted'));
  else if (candidate.phase === 'not-started') chips.push(chip('Test', 'Not started'));
  else if (candidate.online) chips.push(chip('Connection', candidate.phase === 'paused' ? 'Online, paused' : 'Online', 'badge-success'));
  else chips.push(chip('Connection', candidate.disconnectedSince !== null ? `Disconnected since ${formatClockTime(candidate.disconnectedSince)}` : 'Not connected', 'badge-warning'));
  const channel = !candidate.online ? 'None' : candidate.via === 'websocket' ? 'Live socket' : candidate.via === 'http' ? 'Status ping' : 'None';
  chips.push(chip('Channel', channel));
  if (candidate.status) chips.push(chip('Proctoring', candidate.status.extension ? 'Extension' : 'In-page'));
  return chips;
}

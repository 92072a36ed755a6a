import type { LivePingRequest, ProctorCommand } from '@invigil/shared/api/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppliedCommands, type KeyValueStore } from './applied-commands';
import { LiveClient, type SocketLike } from './live-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  refuse() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const memory = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
};

const command = (id: string, type: ProctorCommand['type'] = 'EXTEND_TEST'): ProctorCommand => ({
  id, type, tid: 't1', uid: 'u1', reason: 'r', et: type === 'EXTEND_TEST' ? 5 : undefined, by: 'Priya', at: 1, state: 'sent',
});
const status = { qn: 1, answered: 0, marked: 0, unsent: 0, extension: false, clock: 1 };
const welcome = (commands: ProctorCommand[] = []) => ({ type: 'welcome', serverTime: 1, commands, chat: [], chatDisabled: false });
const pingReply = (commands: ProctorCommand[] = [], chat: unknown[] = []) => ({ serverTime: 1, commands, chat, time_left: 600, paused: false });

function setup(store = memory(), ping = vi.fn(async (_body: LivePingRequest): Promise<unknown> => pingReply())) {
  const sockets: FakeSocket[] = [];
  const apply = vi.fn(async (_command: ProctorCommand) => undefined);
  const client = new LiveClient({
    tid: 't1',
    token: () => 'token',
    status: () => status,
    applied: new AppliedCommands('u1', 't1', store),
    apply,
    ping,
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    url: 'ws://x/api/live',
    reconnectDelaysMs: [10, 20],
    fallbackAfter: 2,
    chatTimeoutMs: 1_000,
  });
  return { client, sockets, apply, ping, store };
}

const acksOf = (socket: FakeSocket) => socket.sent.filter((each) => (each as { type: string }).type === 'ack').flatMap((each) => (each as { acks: unknown[] }).acks);

describe('LiveClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says hello with the token and test id, then acks delivered and applied', async () => {
    const { client, sockets, apply } = setup();
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'hello', token: 'token', tid: 't1' });
    socket.receive(welcome([command('c1')]));
    await vi.runOnlyPendingTimersAsync();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(acksOf(socket)).toEqual([{ id: 'c1', state: 'delivered' }, { id: 'c1', state: 'applied' }]);
    expect(client.mode.value).toBe('websocket');
  });

  it('applies a command once however often it is delivered, also after a reload', async () => {
    const store = memory();
    const first = setup(store);
    first.client.start();
    const socket = first.sockets[0] as FakeSocket;
    socket.open();
    socket.receive(welcome([command('c1')]));
    socket.receive({ type: 'command', command: command('c1') });
    await vi.runOnlyPendingTimersAsync();
    socket.receive({ type: 'command', command: command('c1') });
    await vi.runOnlyPendingTimersAsync();
    expect(first.apply).toHaveBeenCalledTimes(1);
    first.client.stop();
    // A new page of the same attempt: the id is remembered on the device, only 'applied' is confirmed again.
    const second = setup(store);
    second.client.start();
    const again = second.sockets[0] as FakeSocket;
    again.open();
    again.receive(welcome([command('c1')]));
    await vi.runOnlyPendingTimersAsync();
    expect(second.apply).not.toHaveBeenCalled();
    expect(acksOf(again)).toEqual([{ id: 'c1', state: 'applied' }]);
  });

  it('ignores messages that do not match the schemas', async () => {
    const { client, sockets, apply } = setup();
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive('not json');
    socket.receive({ type: 'command', command: { ...command('c1'), type: 'FORMAT_DISK' } });
    socket.receive({ type: 'welcome' });
    await vi.runOnlyPendingTimersAsync();
    expect(apply).not.toHaveBeenCalled();
    expect(client.mode.value).toBe('connecting');
  });

  it('falls back to the status ping when the socket keeps failing, and a command arrives through it', async () => {
    const ping = vi.fn(async (_body: LivePingRequest): Promise<unknown> => pingReply([command('c2', 'WARN')]));
    const { client, sockets, apply } = setup(memory(), ping);
    client.start();
    (sockets[0] as FakeSocket).refuse();
    expect(client.mode.value).toBe('connecting');
    await vi.advanceTimersByTimeAsync(10);
    (sockets[1] as FakeSocket).refuse();
    expect(client.mode.value).toBe('http');
    await client.statusPing();
    await vi.runOnlyPendingTimersAsync();
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }));
    // The next ping confirms what the last one brought.
    ping.mockResolvedValue(pingReply());
    await client.statusPing();
    expect(ping.mock.calls[1]?.[0].acks).toEqual([{ id: 'c2', state: 'delivered' }, { id: 'c2', state: 'applied' }].slice(1));
    expect(ping.mock.calls[1]?.[0].status.qn).toBe(1);
    client.stop();
  });

  it('goes back to the socket once it opens again', async () => {
    const { client, sockets } = setup();
    client.start();
    (sockets[0] as FakeSocket).refuse();
    await vi.advanceTimersByTimeAsync(10);
    (sockets[1] as FakeSocket).refuse();
    expect(client.mode.value).toBe('http');
    await vi.advanceTimersByTimeAsync(20);
    const socket = sockets[2] as FakeSocket;
    socket.open();
    socket.receive(welcome());
    expect(client.mode.value).toBe('websocket');
    await client.statusPing();
    expect(socket.sent.at(-1)).toMatchObject({ type: 'status', status: { qn: 1 } });
  });

  it('filters profanity before sending, sends no empty message, and reports a message not confirmed', async () => {
    const { client, sockets } = setup();
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive(welcome());
    expect(client.sendChat('   ')).toEqual({ sent: false });
    const result = client.sendChat('this damn question');
    expect(result.sent).toBe(true);
    const sent = socket.sent.at(-1) as { chat: { id: string; m: string } };
    expect(sent.chat.m).toBe('this _ question');
    socket.receive({ type: 'chat', message: { id: sent.chat.id, m: sent.chat.m, uid: 'u1', tid: 't1', teid: null, ts: 5, r: false } });
    await expect(result.sent ? result.delivered : null).resolves.toBeUndefined();
    const lost = client.sendChat('hello?');
    const failed = expect(lost.sent ? lost.delivered : null).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
  });

  it('tries the socket again the moment the network is back, not after the backoff', async () => {
    const listeners = new Map<string, () => void>();
    const network = { addEventListener: (type: string, listener: () => void) => listeners.set(type, listener), removeEventListener: (type: string) => listeners.delete(type) };
    const { client, sockets, ping } = setup();
    const withNetwork = new LiveClient({
      ...(client as unknown as { options: ConstructorParameters<typeof LiveClient>[0] }).options,
      reconnectDelaysMs: [60_000],
      networkEvents: network as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>,
    });
    withNetwork.start();
    (sockets[0] as FakeSocket).open();
    (sockets[0] as FakeSocket).receive(welcome());
    (sockets[0] as FakeSocket).close();
    expect(sockets).toHaveLength(1);
    listeners.get('online')?.();
    expect(sockets).toHaveLength(2);
    // And the status (with what is pending) goes over HTTP meanwhile.
    await vi.waitFor(() => expect(ping).toHaveBeenCalled());
    withNetwork.stop();
    expect(listeners.has('online')).toBe(false);
  });

  it('counts the proctor messages not read yet', () => {
    const { client, sockets } = setup();
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive(welcome());
    socket.receive({ type: 'chat', message: { id: 'p1', m: 'Hi', uid: 'u1', tid: 't1', teid: 'pr1', ts: 10, r: false } });
    socket.receive({ type: 'chat', message: { id: 's1', m: 'Hello', uid: 'u1', tid: 't1', teid: null, ts: 11, r: false } });
    expect(client.unread.value).toBe(1);
    client.markRead();
    expect(client.unread.value).toBe(0);
    expect(socket.sent.at(-1)).toEqual({ type: 'read', upTo: 10 });
  });

  it('sends chat through the ping when there is no socket', async () => {
    const ping = vi.fn(async (body: LivePingRequest): Promise<unknown> => pingReply([], (body.chat ?? []).map((each) => ({ ...each, uid: 'u1', tid: 't1', teid: null, ts: 3, r: false }))));
    const { client } = setup(memory(), ping);
    const noSocket = new LiveClient({ ...(client as unknown as { options: ConstructorParameters<typeof LiveClient>[0] }).options, openSocket: null });
    noSocket.start();
    expect(noSocket.mode.value).toBe('http');
    const result = noSocket.sendChat('Can I use a calculator?');
    await expect(result.sent ? result.delivered : null).resolves.toBeUndefined();
    expect(noSocket.chat.value.map((each) => each.m)).toEqual(['Can I use a calculator?']);
  });

  it("on the ping, says up to where the proctor's messages are read", async () => {
    const ping = vi.fn(async (_body: LivePingRequest): Promise<unknown> => pingReply([], [{ id: 'p1', m: 'Hi', uid: 'u1', tid: 't1', teid: 'pr1', ts: 10, r: false }]));
    const { client } = setup(memory(), ping);
    const noSocket = new LiveClient({ ...(client as unknown as { options: ConstructorParameters<typeof LiveClient>[0] }).options, openSocket: null });
    noSocket.start();
    await noSocket.statusPing();
    expect(ping.mock.calls.at(-1)?.[0]).not.toHaveProperty('read');
    noSocket.markRead();
    await noSocket.statusPing();
    expect(ping.mock.calls.at(-1)?.[0]).toMatchObject({ read: 10 });
  });
});

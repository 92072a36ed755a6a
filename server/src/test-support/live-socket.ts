import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { afterEach } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

export interface LiveSocket {
  socket: WebSocket;
  closed: Promise<number>;
  send(message: unknown): void;
  /** The next message of that type (taken from the queue), waiting for it up to timeoutMs. */
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The messages of that type received and not taken yet. */
  pending(type: string): Record<string, unknown>[];
}

/**
 * Listening servers and WebSocket clients for live-channel tests, closed after each test.
 * Call at the top of a test file.
 */
export function useLiveSockets() {
  const servers: ServerType[] = [];
  const sockets: WebSocket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** Serves the app (HTTP and the live WebSocket) on a free port; returns the socket's URL. */
  async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<string> {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: new WebSocketServer({ noServer: true }) } });
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/live`;
  }

  async function connect(url: string, headers: Record<string, string> = {}): Promise<LiveSocket> {
    const socket = new WebSocket(url, { headers });
    sockets.push(socket);
    const received: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data: Buffer) => {
      received.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const wake of waiters.splice(0)) wake();
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return {
      socket,
      closed,
      send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
      pending: (type) => received.filter((message) => message['type'] === type),
      async next(type, timeoutMs = 3000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const index = received.findIndex((message) => message['type'] === type);
          if (index >= 0) return received.splice(index, 1)[0] as Record<string, unknown>;
          if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(received)}`);
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            setTimeout(resolve, 50);
          });
        }
      },
    };
  }

  return { listen, connect };
}

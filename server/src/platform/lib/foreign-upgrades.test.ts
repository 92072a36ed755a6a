import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { answerForeignUpgrades } from './foreign-upgrades';

const servers: Array<{ close(callback: () => void): void }> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function startServer() {
  const app = new Hono();
  app.get('/health', (c) => c.json({ ok: true }));
  // A WebSocket route that refuses, as /api/live does without a token.
  app.get('/live', (c) => c.json({ message: 'Sign in first.' }, 401));
  const server = createAdaptorServer({ fetch: app.fetch, websocket: { server: new WebSocketServer({ noServer: true }) } });
  answerForeignUpgrades(server as Server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** The raw reply to `request`, read until the server closes the connection (or 3 s pass: a hang). */
function exchange(port: number, request: string): Promise<{ reply: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let reply = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ reply, closed: false });
    }, 3000);
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ reply, closed: true });
    });
  });
}

describe('answerForeignUpgrades', () => {
  it('serves a GET that asks for h2c as plain HTTP/1.1, and closes the connection', async () => {
    const port = await startServer();
    const { reply, closed } = await exchange(port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n');
    expect(closed).toBe(true);
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(reply).toContain('{"ok":true}');
  });

  it('refuses any other method with a 400 and closes', async () => {
    const port = await startServer();
    const { reply, closed } = await exchange(port, 'POST /health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: foo\r\nContent-Length: 2\r\n\r\n{}');
    expect(closed).toBe(true);
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request/);
  });

  it('still lets the WebSocket handler refuse a handshake with its status', async () => {
    const port = await startServer();
    const { reply, closed } = await exchange(port, 'GET /live HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(closed).toBe(true);
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
  });
});

import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { findRepoRoot } from './platform/config';
import { TEST_DATABASE_URL } from './test-support/test-db';

/**
 * Issue 14: the real process. `npm run migrate` as its own step, a server started with
 * MIGRATE_ON_START=false, JSON logs, and SIGTERM: the request in flight is answered, the live
 * socket is closed with 1012 (the portal reconnects), and the process exits 0.
 */
const root = findRepoRoot();
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Its own database: a temporary SQLite file, or (TEST_DATABASE_URL) a new PostgreSQL database. */
async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (!TEST_DATABASE_URL) return {};
  const name = `invigil_proc_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  void dataDir;
  return { DATABASE_URL: url.toString() };
}

interface Child {
  process: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, env: Record<string, string>, args: string[] = []): Child {
  const child = spawn(tsx, [join(root, 'server', 'src', script), ...args], { cwd: root, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { process: child, output: () => output, exited };
}

async function waitForReady(base: string, child: Child): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`the server exited: ${child.output()}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not ready: ${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the server process', () => {
  it('migrates as a separate step, then on SIGTERM finishes the request in flight, closes live sockets with 1012 and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invigil-process-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'process-test-secret-process-test-secret-0123',
      PORTAL_DIST: join(dataDir, 'no-portal'),
      LOG_FORMAT: 'json',
      LOG_REQUESTS: 'true',
      // On a loaded machine (nice 19 beside busy neighbours) the close handshake can be slow: the
      // forced exit is not what this test is about.
      SHUTDOWN_TIMEOUT_SECONDS: '100',
      // A short warm-up (decision 0050): ready only once it is done.
      WARM_UP_ROUNDS: '30',
      ...(await databaseEnv(dataDir)),
    };

    const migrate = run('cli/migrate.ts', env);
    expect(await migrate.exited, migrate.output()).toBe(0);

    const server = run('main.ts', { ...env, MIGRATE_ON_START: 'false' });
    const base = `http://127.0.0.1:${port}`;
    await waitForReady(base, server);
    expect(server.output()).not.toContain('Migrated');
    expect(server.output()).toContain('Warmed up with 30 starts, syncs and pings on a scratch database');

    // A live socket, open when the signal comes.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    // A sign-in whose body is only half sent when the signal comes.
    const body = JSON.stringify({ phone: 'student@example.edu', password: 'demo1234' });
    const raw = connect(port, '127.0.0.1');
    await new Promise((resolve) => raw.once('connect', resolve));
    let reply = '';
    raw.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    const replied = new Promise<void>((resolve) => raw.once('end', resolve));
    raw.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.process.kill('SIGTERM');
    expect(await socketClosed, server.output()).toBe(1012);
    // No new connections once shutting down...
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
    // ...but the one in flight is answered.
    raw.write(body.slice(10));
    await replied;
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    // The connection is not kept for another request: the process is going.
    expect(reply).toMatch(/\r\nConnection: close\r\n/i);
    expect(reply).toMatch(/"token":"eyJ/);

    expect(await server.exited, server.output()).toBe(0);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line['msg'] === 'request' && line['path'] === '/api/login')).toMatchObject({ level: 'info', method: 'POST', status: 200, pid: expect.any(Number), reqId: expect.any(String), ms: expect.any(Number) });
    expect(lines.at(-1)).toMatchObject({ msg: 'Shut down cleanly.' });
    // The token went to the client, never to the log.
    expect(server.output()).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  }, 120_000);
});

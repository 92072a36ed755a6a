import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { buildApp } from './app';
import type { Config } from './platform/config';
import { createDatabase } from './platform/db';
import type { Clock } from './platform/lib/clock';
import { silentLogger } from './platform/lib/logger';
import { newObjectId } from './platform/lib/object-id';
import { migrateToLatest } from './platform/migrations/migrate';
import { createStudentDirectory } from './modules/auth/auth-module';
import { importData, parseImportFile } from './import/import-service';
import { createTokenService } from './modules/auth/auth-module';

const WARM_UP_TEST_ID = 'warm-up';
const QUESTIONS = 40;
/** One round's requests at a time, then the event loop's turn: real requests are not held up. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface WarmUpResult {
  rounds: number;
  ms: number;
}

/**
 * The exam's hot paths (a start that enters the test, a sync with an answer, a ping) run `rounds`
 * times through a second copy of the app on a scratch in-memory SQLite database, served on a
 * loopback port of its own, then dropped.
 *
 * Why: a process that has not served them yet needs about 2,000 starts before each costs what it
 * does warm (JIT, heap sizing), and at 10:00 sharp those come within two seconds: measured, the
 * first seconds of a 10,000-student spike then queued past the start target in two runs of three,
 * and a warmed process met it in four of four (decision 0050). V8 shares type feedback and
 * optimised code between closures made by the same code, so the real app's routes and services
 * come out warm too. The database driver (better-sqlite3 here; pg with DATABASE_URL) is the one
 * part that stays cold on PostgreSQL.
 */
export async function warmUp(options: { rounds: number; config: Config; clock: Clock; stop?: () => boolean; /** Where its temporary folder goes (the system's by default). */ tmpRoot?: string }): Promise<WarmUpResult> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(options.tmpRoot ?? tmpdir(), 'invigil-warm-up-'));
  const db = createDatabase({ sqlitePath: ':memory:', logger: silentLogger });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let server: ServerType | undefined;
  try {
    const config: Config = {
      ...options.config,
      dataDir,
      sqlitePath: ':memory:',
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      blobDir: join(dataDir, 'blobs'),
      outboxPath: join(dataDir, 'outbox.jsonl'),
      logRequests: false,
    };
    const { clock } = options;
    await migrateToLatest(db.kysely);
    const now = clock.now();
    const question = (n: number) => ({ qt: 3, pm: 4, nm: 1, text: `<p>Question ${n}</p>`, options: { A: 'one', B: 'two', C: 'three', D: 'four' }, answer: 'B', solution: '<p>B</p>' });
    await importData(
      db.kysely,
      parseImportFile({
        version: 1,
        tests: [{ _id: WARM_UP_TEST_ID, name: 'Warm-up', open_to_all: true, format: { duration: 180, parts: [{ name: 'A', sections: [{ name: 'A', questions: Array.from({ length: QUESTIONS }, (_, i) => question(i + 1)) }] }] } }],
      }),
      clock,
      silentLogger,
    );
    // Students straight into the table: nobody signs in with them, so no password is hashed.
    const ids = Array.from({ length: options.rounds }, () => newObjectId(now));
    for (let from = 0; from < ids.length; from += 400) {
      await db.kysely
        .insertInto('users')
        .values(
          ids.slice(from, from + 400).map((id, i) => ({
            id,
            reg_no: `WARMUP${from + i}`,
            email: `warm-up-${from + i}@invalid`,
            name: 'Warm-up',
            phone: '',
            password_hash: 'warm-up: no password',
            meritpoints: 0,
            avatar: null,
            config: '{}',
            verified: 1 as const,
            otp_hash: null,
            otp_expires_at: null,
            password_changed_at: Math.floor(now / 1000) * 1000 - 1000,
            created_at: now,
          })),
        )
        .execute();
    }
    const users = createStudentDirectory(db.kysely, silentLogger);
    const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds, clock);
    const app = buildApp({ db, config, clock, logger: silentLogger });
    // Served over loopback HTTP like the real one: the request and reply adapters warm up too.
    server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' });
    const listening = server;
    await new Promise<void>((resolve, reject) => listening.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
    const port = (listening.address() as AddressInfo).port;
    const post = (path: string, token: string, body: unknown) =>
      new Promise<void>((resolve, reject) => {
        const payload = JSON.stringify(body);
        const request = http.request({ host: '127.0.0.1', port, method: 'POST', path, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-access-token': token } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`warm-up ${path} answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`))));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end(payload);
      });
    for (const [round, id] of ids.entries()) {
      if (options.stop?.()) return { rounds: round, ms: performance.now() - started };
      const user = await users.findById(id);
      if (!user) throw new Error('warm-up: a student was not stored');
      const token = await tokens.issue(user);
      const at = clock.now();
      const qn = 1 + (round % QUESTIONS);
      await post('/api/test/start', token, { id: WARM_UP_TEST_ID, devices: [], enter: true });
      await post('/api/test/sync', token, { id: WARM_UP_TEST_ID, qn, updates: [{ qn, rev: 1, ua: 'B', ats: at, mts: null, vts: at, s: 5, at }] });
      await post('/api/test/sync', token, { id: WARM_UP_TEST_ID, qn, updates: [] });
      await yieldToRequests();
    }
    return { rounds: ids.length, ms: performance.now() - started };
  } finally {
    agent.destroy();
    const closing = server;
    if (closing) await new Promise((resolve) => closing.close(resolve));
    await db.destroy().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

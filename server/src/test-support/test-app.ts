import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import type { App } from '../app';
import { buildApp } from '../app';
import type { Config } from '../platform/config';
import { findRepoRoot, loadConfig } from '../platform/config';
import type { AppDatabase } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import type { Logger } from '../platform/lib/logger';
import { migrateToLatest } from '../platform/migrations/migrate';
import { createStudentDirectory } from '../modules/auth/auth-module';
import type { StudentDirectory } from '../modules/auth/auth-module';
import { seedDemoData } from '../seed/demo-seed';
import { seedDemoPortal } from '../seed/demo-portal';
import { writeDemoCertificateFiles } from '../seed/demo-certificates';
import { seedDemoTests, writeDemoBlobs } from '../seed/demo-tests';
import { seedDemoStaff } from '../seed/demo-staff';
import { createBlobStore } from '../platform/storage/blob-store';
import { createTestModule } from '../modules/exam/exam-module';
import type { TestModule } from '../modules/exam/exam-module';
import { useTestDatabases } from './test-db';

export interface FakeClock extends Clock {
  advance(ms: number): void;
}

export function fakeClock(start = Date.now()): FakeClock {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

export interface RecordingLogger extends Logger {
  errors: unknown[][];
}

function recordingLogger(): RecordingLogger {
  const errors: unknown[][] = [];
  return { info: () => {}, warn: () => {}, error: (...args) => void errors.push(args), errors };
}

export interface OutboxLine {
  to: string;
  reg_no: string;
  otp: string;
  at: string;
}

export interface TestApp {
  app: App;
  db: AppDatabase;
  users: StudentDirectory;
  config: Config;
  clock: FakeClock;
  logger: RecordingLogger;
  /** The timed-test services behind the routes (e.g. `tests.attempts.sweepExpiredAttempts(now)`). */
  tests: TestModule;
  /** The demo students' ids by registration number. */
  userIds: Record<string, string>;
  /** The lines of DATA_DIR/outbox.jsonl. */
  outbox(): OutboxLine[];
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** GET with the token, expecting 200, parsed as JSON. */
  getJson(path: string, token: string): Promise<unknown>;
  /** POST /api/login, expecting a token. */
  token(phone: string, password?: string): Promise<string>;
  /** Replaces a demo student's config in the database (as an institute would; sessions keep their tokens). */
  setConfig(regNo: string, config: Record<string, boolean | number | string>): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * Every call gives a new app on a new, migrated and seeded database, with its own DATA_DIR and a
 * fake clock. Call at the top of a test file.
 */
export function useTestApp(): (overrides?: Partial<Config>) => Promise<TestApp> {
  const databases = useTestDatabases();
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A demo database seeded into `db` with the clock at `clock`: what a fresh seed would give. */
  const seedFor = (config: Config, logger: Logger, blobs: ReturnType<typeof createBlobStore>) => async (db: AppDatabase, clock: FakeClock) => {
    await migrateToLatest(db.kysely);
    if (await seedDemoData(createStudentDirectory(db.kysely, logger), clock)) {
      await seedDemoTests(db.kysely, clock, blobs, logger);
      await seedDemoPortal(db.kysely, clock, config.timeZone, logger);
      await seedDemoStaff(db.kysely, clock);
      await writeDemoCertificateFiles(blobs);
    }
  };
  const newConfig = (overrides: Partial<Config>): Config => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invigil-test-data-'));
    dirs.push(dataDir);
    return {
      ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PORTAL_DIST: join(dataDir, 'portal-dist') }, findRepoRoot()),
      trustProxy: true,
      ...overrides,
    };
  };
  const buildTemplate = (config: Config, logger: Logger, blobs: ReturnType<typeof createBlobStore>) => async (template: AppDatabase) => {
    const seededAt = Date.now();
    await seedFor(config, logger, blobs)(template, fakeClock(seededAt));
    return seededAt;
  };
  // The template (migrations and the demo seed: seconds on a busy PostgreSQL) is built before the
  // file's first test, under this hook's own time limit rather than that test's.
  beforeAll(async () => {
    const config = newConfig({});
    await databases.prepare(`demo ${config.timeZone}`, buildTemplate(config, recordingLogger(), createBlobStore(config)));
  }, 120_000);

  return async (overrides = {}) => {
    const config = newConfig(overrides);
    const logger = recordingLogger();
    const blobs = createBlobStore(config);
    // The demo is seeded once per file (and time zone) into a template, copied for each app, with
    // the app's clock starting when the template was seeded: what a fresh seed would give, without
    // its ~0.1 s (SQLite) or ~0.5 s (PostgreSQL) per app. Its files go into each app's own store.
    // An app on S3 seeds its own, as before.
    const seed = seedFor(config, logger, blobs);
    let db: AppDatabase;
    let clock: FakeClock;
    if (config.s3) {
      db = await databases.fresh();
      clock = fakeClock();
      await seed(db, clock);
    } else {
      const copy = await databases.copyOf(`demo ${config.timeZone}`, buildTemplate(config, logger, blobs));
      db = copy.db;
      clock = fakeClock(copy.built);
      await writeDemoBlobs(blobs);
      await writeDemoCertificateFiles(blobs);
    }
    const users = createStudentDirectory(db.kysely, logger);
    const tests = createTestModule({ db, config, clock, logger, blobs });
    const app = buildApp({ db, config, clock, logger, tests });
    const userIds = Object.fromEntries((await db.kysely.selectFrom('users').select(['id', 'reg_no']).execute()).map((row) => [row.reg_no, row.id]));

    const postJson = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const get = async (path: string, headers: Record<string, string> = {}) => await app.request(path, { headers });

    return {
      app,
      db,
      users,
      config,
      clock,
      logger,
      tests,
      userIds,
      outbox: () => {
        let text = '';
        try {
          text = readFileSync(config.outboxPath, 'utf8');
        } catch {
          return [];
        }
        return text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as OutboxLine);
      },
      postJson,
      get,
      async getJson(path, token) {
        const response = await get(path, { 'x-access-token': token });
        const body: unknown = await response.json();
        if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
        return body;
      },
      async token(phone, password = 'demo1234') {
        const response = await postJson('/api/login', { phone, password });
        const body = (await response.json()) as { token?: string };
        if (response.status !== 200 || !body.token) throw new Error(`login as ${phone} failed: ${response.status} ${JSON.stringify(body)}`);
        return body.token;
      },
      async setConfig(regNo, next) {
        await db.kysely.updateTable('users').set({ config: JSON.stringify(next) }).where('reg_no', '=', regNo).execute();
      },
    };
  };
}

/** Writes a small fake portal build (index.html, a hashed asset with a .br sibling, a favicon). */
export function writeFakePortal(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("portal");');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), 'BROTLI-BYTES');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import type { AppDatabase } from '../platform/db';
import { createDatabase } from '../platform/db';
import { silentLogger } from '../platform/lib/logger';

/** Which database the server tests run on: PostgreSQL when TEST_DATABASE_URL is set, else SQLite files. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL']?.trim() || undefined;
export const TEST_DATABASE_KIND = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

function withDatabase(url: string, database: string, searchPath?: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (searchPath) parsed.searchParams.set('options', `-c search_path=${searchPath}`);
  return parsed.toString();
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Gives every test its own empty database. SQLite: a new file in a temporary folder.
 * PostgreSQL: one database per test file, created through the admin URL in TEST_DATABASE_URL
 * and dropped after the file, with a new schema per test inside it (a schema is much quicker
 * to create than a database). Call at the top of a test file; call `fresh()` inside tests.
 */
export function useTestDatabases(): {
  fresh(): Promise<AppDatabase>;
  copyOf<T>(key: string, build: (db: AppDatabase) => Promise<T>): Promise<{ db: AppDatabase; built: T }>;
  /** Builds the template of `key` now (a file's beforeAll), so no test pays for it in its own timeout. */
  prepare<T>(key: string, build: (db: AppDatabase) => Promise<T>): Promise<void>;
} {
  const cleanups: (() => Promise<void>)[] = [];
  const templates = new Map<string, Promise<{ source: string; built: unknown }>>();
  const templateCleanups: (() => Promise<void>)[] = [];
  let fileDatabase: Promise<{ name: string; admin: pg.Pool }> | undefined;
  let schemaCount = 0;

  afterEach(async () => {
    const pending = cleanups.splice(0).reverse();
    for (const cleanup of pending) await cleanup();
  });

  afterAll(async () => {
    for (const cleanup of templateCleanups.splice(0)) await cleanup();
    if (!fileDatabase || !TEST_DATABASE_URL) return;
    const { name, admin } = await fileDatabase;
    await admin.end();
    const server = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    try {
      await server.query(`drop database if exists ${quote(name)} with (force)`);
    } finally {
      await server.end();
    }
  });

  async function freshPostgres(url: string): Promise<AppDatabase> {
    fileDatabase ??= (async () => {
      const name = `invigil_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const server = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await server.query(`create database ${quote(name)}`);
      } finally {
        await server.end();
      }
      return { name, admin: new pg.Pool({ connectionString: withDatabase(url, name), max: 2 }) };
    })();
    const { name, admin } = await fileDatabase;
    const schema = `t${++schemaCount}_${randomBytes(3).toString('hex')}`;
    await admin.query(`create schema ${quote(schema)}`);
    const db = createDatabase({ databaseUrl: withDatabase(url, name, schema), sqlitePath: '', logger: silentLogger });
    cleanups.push(async () => {
      await db.destroy();
      await admin.query(`drop schema if exists ${quote(schema)} cascade`);
    });
    return db;
  }

  async function freshSqlite(): Promise<AppDatabase> {
    const dir = mkdtempSync(join(tmpdir(), 'invigil-test-db-'));
    const db = createDatabase({ sqlitePath: join(dir, 'test.sqlite'), logger: silentLogger });
    cleanups.push(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });
    return db;
  }

  /**
   * A template per key, built once per test file: a SQLite file, or a PostgreSQL database made
   * only to be copied (CREATE DATABASE ... TEMPLATE needs no one connected to it).
   */
  function template<T>(key: string, build: (db: AppDatabase) => Promise<T>): Promise<{ source: string; built: T }> {
    let made = templates.get(key) as Promise<{ source: string; built: T }> | undefined;
    if (!made) {
      made = (async () => {
        if (TEST_DATABASE_URL) {
          const name = `invigil_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
          await serverQuery(TEST_DATABASE_URL, `create database ${quote(name)}`);
          templateCleanups.push(() => serverQuery(TEST_DATABASE_URL, `drop database if exists ${quote(name)} with (force)`));
          const db = createDatabase({ databaseUrl: withDatabase(TEST_DATABASE_URL, name), sqlitePath: '', logger: silentLogger });
          try {
            return { source: name, built: await build(db) };
          } finally {
            await db.destroy();
          }
        }
        const dir = mkdtempSync(join(tmpdir(), 'invigil-test-tpl-'));
        templateCleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
        const file = join(dir, 'template.sqlite');
        const db = createDatabase({ sqlitePath: file, logger: silentLogger });
        try {
          return { source: file, built: await build(db) };
        } finally {
          // Closing the last connection checkpoints the WAL into the file.
          await db.destroy();
        }
      })();
      templates.set(key, made);
    }
    return made;
  }

  async function copyOf<T>(key: string, build: (db: AppDatabase) => Promise<T>): Promise<{ db: AppDatabase; built: T }> {
    const { source, built } = await template(key, build);
    if (TEST_DATABASE_URL) {
      const url = TEST_DATABASE_URL;
      const name = `invigil_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      // The template's own connections may still be closing: PostgreSQL then says it is in use (55006).
      for (let tries = 1; ; tries += 1) {
        try {
          await serverQuery(url, `create database ${quote(name)} template ${quote(source)}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || tries >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const db = createDatabase({ databaseUrl: withDatabase(url, name), sqlitePath: '', logger: silentLogger });
      cleanups.push(async () => {
        await db.destroy();
        await serverQuery(url, `drop database if exists ${quote(name)} with (force)`);
      });
      return { db, built };
    }
    const dir = mkdtempSync(join(tmpdir(), 'invigil-test-db-'));
    const file = join(dir, 'test.sqlite');
    copyFileSync(source, file);
    if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${file}-wal`);
    const db = createDatabase({ sqlitePath: file, logger: silentLogger });
    cleanups.push(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });
    return { db, built };
  }

  return {
    fresh: () => (TEST_DATABASE_URL ? freshPostgres(TEST_DATABASE_URL) : freshSqlite()),
    copyOf,
    prepare: async (key, build) => {
      await template(key, build);
    },
  };
}

/** One statement on the PostgreSQL server's admin database (create or drop a database). */
async function serverQuery(url: string, statement: string): Promise<void> {
  const server = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await server.query(statement);
  } finally {
    await server.end();
  }
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import type { AppDatabase } from '../db';
import { createDatabase } from '../db';
import { silentLogger } from '../lib/logger';

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
export function useTestDatabases(): { fresh(): Promise<AppDatabase> } {
  const cleanups: (() => Promise<void>)[] = [];
  let fileDatabase: Promise<{ name: string; admin: pg.Pool }> | undefined;
  let schemaCount = 0;

  afterEach(async () => {
    const pending = cleanups.splice(0).reverse();
    for (const cleanup of pending) await cleanup();
  });

  afterAll(async () => {
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

  return { fresh: () => (TEST_DATABASE_URL ? freshPostgres(TEST_DATABASE_URL) : freshSqlite()) };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './db';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('SQLite transactions beside another process (npm run import while the server runs)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a transaction that reads and then writes commits even when another connection wrote in between', async () => {
    dir = mkdtempSync(join(tmpdir(), 'invigil-db-'));
    const path = join(dir, 'invigil.sqlite');
    const db = createDatabase({ sqlitePath: path, logger: quiet });
    await sql`create table counter (n integer not null)`.execute(db.kysely);
    await sql`insert into counter (n) values (0)`.execute(db.kysely);
    const other = new SqliteDatabase(path);
    other.pragma('busy_timeout = 0');
    let otherWrote = false;
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await sql`select n from counter`.execute(trx);
        // Another process writes between our read and our write. With a deferred begin our
        // snapshot would be stale and the write fail at once with "database is locked"
        // (busy_timeout does not apply); a writer's transaction takes the lock first instead.
        try {
          other.prepare('update counter set n = n + 10').run();
          otherWrote = true;
        } catch (error) {
          expect(String(error)).toMatch(/locked|busy/i);
        }
        await sql`update counter set n = n + 1`.execute(trx);
      });
    } finally {
      other.close();
    }
    const rows = await sql<{ n: number }>`select n from counter`.execute(db.kysely);
    expect(rows.rows[0]?.n).toBe(otherWrote ? 11 : 1);
    await db.destroy();
  });
});

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db';

export interface FailureWindow {
  key: string;
  failures: number;
  windowStartedAt: number;
}

/** Failure counters in fixed windows, one row per key; an expired window restarts at the next failure. */
export function createLoginFailureRepository(db: Kysely<Database>) {
  return {
    /** Counters whose window is still open at `now`. */
    async findOpen(keys: string[], now: number, windowMs: number): Promise<FailureWindow[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('login_failures')
        .select(['key', 'failures', 'window_started_at'])
        .where('key', 'in', keys)
        .where('window_started_at', '>', now - windowMs)
        .execute();
      return rows.map((row) => ({ key: row.key, failures: Number(row.failures), windowStartedAt: Number(row.window_started_at) }));
    },

    /** One more failure for `key`, atomically (a single upsert, the same SQL on SQLite and PostgreSQL). */
    async increment(key: string, now: number, windowMs: number): Promise<void> {
      const expired = sql<boolean>`${sql.ref('login_failures.window_started_at')} <= ${now - windowMs}`;
      await db
        .insertInto('login_failures')
        .values({ key, failures: 1, window_started_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`case when ${expired} then 1 else ${sql.ref('login_failures.failures')} + 1 end`,
            window_started_at: sql<number>`case when ${expired} then ${sql.ref('excluded.window_started_at')} else ${sql.ref('login_failures.window_started_at')} end`,
          }),
        )
        .execute();
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },

    /** Drops closed windows; returns how many. */
    async removeExpired(now: number, windowMs: number): Promise<number> {
      const result = await db.deleteFrom('login_failures').where('window_started_at', '<=', now - windowMs).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;

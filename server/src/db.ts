import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { CustomTypesConfig } from 'pg';
import type { Logger } from './lib/logger';

/**
 * Column types as both drivers return them once normalised: booleans are INTEGER 0/1 (SQLite
 * has no boolean and better-sqlite3 refuses to bind JS booleans), timestamps are BIGINT
 * milliseconds returned as JS numbers (pg's int8 parser is replaced below).
 */
export interface UsersTable {
  id: string;
  reg_no: string;
  email: string;
  name: string;
  phone: string;
  password_hash: string;
  meritpoints: number;
  avatar: string | null;
  /** JSON object of config flags. */
  config: string;
  verified: 0 | 1;
  otp_hash: string | null;
  otp_expires_at: number | null;
  password_changed_at: number;
  created_at: number;
}

export interface LoginFailuresTable {
  /** `user:<id>`, `identifier:<text>` or `ip:<address>`. */
  key: string;
  failures: number;
  window_started_at: number;
}

export interface Database {
  users: UsersTable;
  login_failures: LoginFailuresTable;
}

export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppDatabase {
  kysely: Kysely<Database>;
  kind: DatabaseKind;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://...`; unset for SQLite. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  logger: Logger;
}

const INT8_OID = 20;

/** pg returns BIGINT as a string to be safe; ours are millisecond timestamps and counts, well inside 2^53. */
const pgTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as CustomTypesConfig['getTypeParser'],
};

export function createDatabase(options: DatabaseOptions): AppDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, types: pgTypes, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => options.logger.error('PostgreSQL pool error:', error.message));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, kind: 'postgres', destroy: () => kysely.destroy() };
  }

  const sqlite = new SqliteDatabase(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, kind: 'sqlite', destroy: () => kysely.destroy() };
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(db: AppDatabase): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

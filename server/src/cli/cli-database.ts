import { ConfigError, loadConfig } from '../platform/config';
import type { AppDatabase } from '../platform/db';
import { createDatabase } from '../platform/db';
import { createLogger } from '../platform/lib/logger';
import { pendingMigrations } from '../platform/migrations/migrate';

/**
 * Runs `work` on the database the server uses (DATABASE_URL, else DATA_DIR's SQLite file), after
 * checking that its migrations are applied, and closes it. Returns the exit status: 2 for a
 * configuration error, 1 for a database that is not up to date, else what `work` returns.
 */
export async function withMigratedDatabase(work: (db: AppDatabase) => Promise<number>): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error));
    return 2;
  }
  const logger = createLogger({ format: config.logFormat, level: 'warn' });
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, logger });
  try {
    const pending = await pendingMigrations(db.kysely);
    if (pending.length > 0) {
      console.error(`The database is not up to date (pending: ${pending.join(', ')}): run npm run migrate first.`);
      return 1;
    }
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Runs a CLI's main and exits with its status; an unexpected error prints its message and exits 1. */
export function runCli(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

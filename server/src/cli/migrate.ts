// npm run migrate [-- --no-demo]   (built: node server/dist/cli/migrate.js)
//
// Applies the database migrations to the database the server uses (DATABASE_URL, else DATA_DIR's
// SQLite file) and exits: the deploy step before server processes started with
// MIGRATE_ON_START=false (deploy/systemd/invigil-migrate.service). Like a start, it fills an
// empty database with the demo data, unless --no-demo. Exit status 0 when the schema is current.
import { ConfigError, loadConfig } from '../platform/config';
import { createDatabase } from '../platform/db';
import { createLogger } from '../platform/lib/logger';
import { pendingMigrations } from '../platform/migrations/migrate';
import { prepareDatabase } from '../prepare-database';
import { createBlobStore } from '../platform/storage/blob-store';

const USAGE = 'Usage: npm run migrate [-- --no-demo]';

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--no-demo');
  if (unknown.length > 0 || args.includes('--help')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger({ format: config.logFormat, level: config.logLevel });
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, logger });
  try {
    const blobs = createBlobStore(config);
    await blobs.ensureReady();
    const { applied } = await prepareDatabase({ db, config, blobs, logger, seedDemo: !args.includes('--no-demo') });
    const pending = await pendingMigrations(db.kysely);
    if (pending.length > 0) throw new Error(`Migrations still pending: ${pending.join(', ')}`);
    if (applied.length === 0) logger.info('The database schema is up to date.');
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : 'Migration failed:', error instanceof ConfigError ? '' : error);
    process.exit(1);
  },
);

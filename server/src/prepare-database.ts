import type { Config } from './platform/config';
import type { AppDatabase } from './platform/db';
import { systemClock } from './platform/lib/clock';
import type { Logger } from './platform/lib/logger';
import { migrateToLatest } from './platform/migrations/migrate';
import { createStudentDirectory } from './modules/auth/auth-module';
import { writeDemoCertificateFiles } from './seed/demo-certificates';
import { seedDemoStaff } from './seed/demo-staff';
import { seedDemoPortal } from './seed/demo-portal';
import { seedDemoData } from './seed/demo-seed';
import { seedDemoTests } from './seed/demo-tests';
import type { BlobStore } from './platform/storage/blob-store';

/**
 * What a start does to the database before serving: migrations, then (an empty database only)
 * the demo data. The server does it itself unless MIGRATE_ON_START=false; `npm run migrate` does
 * the same as a separate step (deploy/README.md), so both end with the same database.
 */
export async function prepareDatabase({ db, config, blobs, logger, seedDemo = true }: { db: AppDatabase; config: Config; blobs: BlobStore; logger: Logger; seedDemo?: boolean }): Promise<{ applied: string[]; seeded: boolean }> {
  const where = db.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL (DATABASE_URL)';
  const applied = (await migrateToLatest(db.kysely)).filter((result) => result.status === 'Success').map((result) => result.migrationName);
  if (applied.length > 0) logger.info(`Migrated ${where}: ${applied.join(', ')}`);
  if (!seedDemo || !(await seedDemoData(createStudentDirectory(db.kysely, logger), systemClock))) return { applied, seeded: false };
  const seeded = await seedDemoTests(db.kysely, systemClock, blobs, logger);
  await seedDemoPortal(db.kysely, systemClock, config.timeZone, logger);
  await seedDemoStaff(db.kysely, systemClock);
  await writeDemoCertificateFiles(blobs);
  logger.info(`Seeded the demo students, ${seeded.tests.inserted} demo tests, a marksheet and the portal's demo data (class, timetable, attendance, notifications...) and the demo staff.`);
  return { applied, seeded: true };
}

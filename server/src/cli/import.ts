// npm run import -- FILE.json [--dry-run]
//
// Loads students, tests (with keys and solutions), marksheets, past attempts, teachers' grades and
// the portal's data (classes, timetable, notifications, attendance...) from a JSON file in the
// format of docs/import-format.md into the database the server uses (DATA_DIR's SQLite file, or
// DATABASE_URL). All or nothing: any problem, and nothing is
// written. --dry-run checks everything, the database included, then rolls back. New notifications
// are pushed to subscribed browsers after the import commits (never on --dry-run).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PortalSectionName } from '@invigil/shared/api/portal-import';
import { PORTAL_SECTIONS } from '@invigil/shared/api/portal-import';
import type { QuerySectionName } from '@invigil/shared/api/query-import';
import { QUERY_SECTIONS } from '@invigil/shared/api/query-import';
import type { ImportFile, ImportSummary } from '@invigil/shared/api/test-import';
import { ConfigError, loadConfig } from '../platform/config';
import { createDatabase } from '../platform/db';
import { systemClock } from '../platform/lib/clock';
import type { Logger } from '../platform/lib/logger';
import { migrateToLatest } from '../platform/migrations/migrate';
import { ImportError, importData, parseImportFile } from '../import/import-service';
import type { ImportProgress } from '../import/import-service';
import { createPushService } from '../modules/notifications/notifications-module';
import type { PushTransport } from '../modules/notifications/notifications-module';

class DryRunRollback extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

const USAGE = 'Usage: npm run import -- FILE.json [--dry-run]';

/** How each portal section is named in the summary, and what its count counts. */
const PORTAL_LINES: Record<PortalSectionName, string> = {
  subjects: 'subjects',
  classes: 'classes',
  profiles: 'profiles',
  schedules: 'schedules',
  notifications: 'notifications',
  notices: 'notices',
  motivations: 'motivations',
  attendance: 'attendance (days)',
  chapter_notes: 'chapter notes',
  bookmarks: 'bookmarks',
  todos: 'todos',
  purchases: 'purchases',
};

/** How each support queries' section is named in the summary. */
const QUERY_LINES: Record<QuerySectionName, string> = {
  query_types: 'query types',
  queries: 'queries',
  query_replies: 'query replies',
  query_closures: 'queries closed',
};

function describe(summary: ImportSummary, file: ImportFile): string {
  const { students, tests, marksheets, attempts, grades } = summary;
  const line = (label: string, counts: { inserted: number; updated: number }, more = '') => `${`${label}:`.padEnd(19)} ${counts.inserted} added, ${counts.updated} updated${more}`;
  return [
    line('students', students),
    line('tests', tests, ` (${tests.newVersions} with a new paper version)`),
    line('marksheets', marksheets),
    line('attempts', attempts),
    line('grades', grades, ' (their attempts scored again)'),
    // The portal's sections: only those the file holds.
    ...PORTAL_SECTIONS.filter((section) => file[section].length > 0).map((section) => line(PORTAL_LINES[section], summary.portal[section])),
    ...(['certificate_types', 'certificate_requests', 'certificate_deliveries'] as const).filter((section) => file[section].length > 0).map((section) => line(section.replace('_', ' '), summary.certificates[section])),
    ...QUERY_SECTIONS.filter((section) => file[section].length > 0).map((section) => line(QUERY_LINES[section], summary.queries[section], section === 'query_closures' ? ' (updated: closed already)' : '')),
    ...(file.study_items.length > 0 ? [line('study items', summary.study)] : []),
    ...(file.proctors.length > 0 ? [line('proctors', summary.proctors)] : []),
    ...(file.review_releases.length > 0 ? [`${'review releases:'.padEnd(19)} ${summary.reviewReleases} set`] : []),
  ].join('\n');
}

const STEP_LABELS = { passwords: 'Hashing passwords', students: 'Writing students' } as const;

/**
 * A long import says how it is going (10,000 students' passwords take minutes): a line when a step
 * starts and ends, and at most one every 2 s between, on stderr so the summary stays clean.
 */
export function progressLine(out: Pick<Console, 'error'>, now: () => number = Date.now): ImportProgress {
  let lastAt = -Infinity;
  return (step, done, total) => {
    const at = now();
    if (done !== 0 && done !== total && at - lastAt < 2_000) return;
    lastAt = at;
    out.error(`${STEP_LABELS[step]}: ${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} (${Math.floor((done / total) * 100)}%)`);
  };
}

export async function runImport(argv: readonly string[], out: Pick<Console, 'log' | 'error'> = console, env = process.env, pushTransport?: PushTransport): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const files = argv.filter((arg) => arg !== '--dry-run');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    out.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; a relative path is relative to where npm was run.
  const path = resolve(env['INIT_CWD'] ?? process.cwd(), files[0] ?? '');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    out.error(`Cannot read ${path} as JSON: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const logger: Logger = { info: (message) => out.log(message), warn: (message) => out.error(message), error: (message, ...details) => out.error(message, ...details) };
  let file;
  try {
    file = parseImportFile(json);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    printIssues(error, path, out);
    return 1;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    out.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error));
    return 1;
  }
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, logger });
  try {
    await migrateToLatest(db.kysely);
    const summary = await db.kysely
      .transaction()
      .execute(async (trx) => {
        const done = await importData(trx, file, systemClock, logger, { onProgress: progressLine(out) });
        if (dryRun) throw new DryRunRollback(done);
        return done;
      })
      .catch((error: unknown) => {
        if (error instanceof DryRunRollback) return error.summary;
        throw error;
      });
    out.log(`${dryRun ? 'Dry run (nothing written): would import' : 'Imported'} ${path} into ${db.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL (DATABASE_URL)'}:`);
    out.log(describe(summary, file));
    // New notifications go to their audience's subscribed browsers, once they are safely stored.
    const toPush = summary.portal.pushNotificationIds;
    if (!dryRun && toPush.length > 0) {
      try {
        const pushed = await createPushService({ db: db.kysely, config, logger, ...(pushTransport ? { transport: pushTransport } : {}) }).sendNotifications(toPush);
        out.log(
          `${'pushed:'.padEnd(19)} ${toPush.length} new notification${toPush.length === 1 ? '' : 's'}, ${pushed.sent} sent to subscribed browsers` +
            ` (${pushed.removed} subscription${pushed.removed === 1 ? '' : 's'} gone and removed, ${pushed.failed} failed)`,
        );
      } catch (error) {
        // The import is in; only the courtesy of a push failed.
        out.error('The notifications were imported, but pushing them failed:', error instanceof Error ? error.message : error);
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      printIssues(error, path, out);
      return 1;
    }
    out.error('The import failed; nothing was imported:', error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.destroy();
  }
}

function printIssues(error: ImportError, path: string, out: Pick<Console, 'error'>): void {
  out.error(`${path} was refused: ${error.message.replace('The import file has ', '')} Nothing was imported.`);
  for (const issue of error.issues) out.error(`  ${issue.path || '(file)'}: ${issue.message}`);
}

// Run when executed directly (tsx server/src/cli/import.ts), not when imported by a test.
if (process.argv[1] && /cli[\\/]import\.[cm]?[jt]s$/.test(process.argv[1])) {
  runImport(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('The import failed; nothing was imported:', error);
      process.exit(1);
    },
  );
}

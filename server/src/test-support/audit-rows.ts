import { expect } from 'vitest';
import type { AppDatabase } from '../platform/db';
import type { TestApp } from './test-app';

// The audit log's rows as a test reads them (issue 30): before/after parsed, newest last.

export interface AuditTestRow {
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  before: unknown;
  after: unknown;
  request: string;
}

/** Every audit row (optionally only since `sinceAt`, epoch ms), oldest first. */
export async function auditRows(db: AppDatabase, sinceAt = 0): Promise<AuditTestRow[]> {
  const rows = await db.kysely.selectFrom('audit_log').selectAll().where('at', '>=', sinceAt).orderBy('at').orderBy('id').execute();
  return rows.map((row) => ({
    actorName: row.actor_name,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    summary: row.summary,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    request: row.request,
  }));
}

/** How many audit rows there are. */
export async function auditCount(db: AppDatabase): Promise<number> {
  const row = await db.kysely.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs a write (a second later on the test clock) and checks it left exactly one audit row: returns it. */
export async function oneAuditRowOf(t: TestApp, write: () => Promise<unknown>): Promise<AuditTestRow> {
  const before = await auditCount(t.db);
  t.clock.advance(1000);
  await write();
  const rows = await auditRows(t.db, t.clock.now());
  expect(await auditCount(t.db), JSON.stringify(rows)).toBe(before + 1);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Runs refused writes and checks they left no audit row. */
export async function noAuditRowsOf(t: TestApp, writes: () => Promise<unknown>): Promise<void> {
  const before = await auditCount(t.db);
  await writes();
  expect(await auditCount(t.db)).toBe(before);
}

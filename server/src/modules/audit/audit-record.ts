import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { newObjectId } from '../../platform/lib/object-id';
import { auditRequests } from './audit-context';
import { insertAuditRow } from './audit-repository';

/** Who made a change: a staff account as requireStaff gives it. */
export interface AuditActor {
  id: string;
  name: string;
  role: string;
}

/** One staff write, as the service that made it describes it. */
export interface AuditEntry {
  actor: AuditActor;
  /** What was done, area first: 'notice.send', 'timetable.cancel', 'fee.receipt.accept'. */
  action: string;
  /** The record changed: its kind ('notice', 'schedule', 'student_fee', ...) and id. */
  entityType: string;
  entityId: string;
  /** One line an admin reads in the log: 'Cancelled Physics on 2026-12-01 for Class 10 - A'. */
  summary: string;
  /** The record before (null or absent for a creation) and after (null or absent for a deletion): JSON-able. */
  before?: unknown;
  after?: unknown;
}

/** Keys whose values never reach the log (a password, a one-time code, a token). */
const SECRET_KEY = /password|secret|token|otp|hash/i;
export const HIDDEN_VALUE = '(hidden)';
const MAX_JSON = 20_000;

/** The value as the log keeps it: JSON with secrets hidden, cut (and marked) past 20,000 characters. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (key, inner: unknown) => (key && SECRET_KEY.test(key) && inner !== null && inner !== undefined ? HIDDEN_VALUE : inner));
  if (text === undefined) return null;
  return text.length > MAX_JSON ? JSON.stringify({ truncated: true, start: text.slice(0, MAX_JSON) }) : text;
}

/**
 * Records a staff write. Call it with the transaction that makes the change, so the change and
 * its entry are stored together or not at all. Within a staff request it also tells the audit
 * middleware the request is recorded (so it adds no entry of its own).
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, at: number): Promise<void> {
  const context = auditRequests.getStore();
  await insertAuditRow(db, {
    id: newObjectId(at),
    at,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorRole: entry.actor.role,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary.slice(0, 500),
    before: auditJson(entry.before),
    after: auditJson(entry.after),
    request: context?.request ?? '',
  });
  if (context) context.recorded += 1;
}

/**
 * For a staff request whose entry its service takes care of otherwise: a write finished in the
 * background (the roster upload's job records its entry when done), or a write that changed
 * nothing (the same grade saved again). The middleware adds no entry of its own for the request.
 */
export function auditHandled(): void {
  const context = auditRequests.getStore();
  if (context) context.recorded += 1;
}

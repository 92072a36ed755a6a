import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { auditRequests } from './audit-context';
import { recordAudit } from './audit-record';
import type { AuditActor } from './audit-record';

/** Staff requests that change nothing: sign-in and out, previews, exports, upload links, a chat marked read. */
const NOT_WRITES = [
  /^\/api\/staff\/queries\/attachment-url$/,
  /^\/api\/staff\/study\/attachments$/,
  /^\/api\/staff\/log(in|out)$/,
  /^\/api\/proctor\/log(in|out)$/,
  /\/preview(\/score)?$/,
  /^\/api\/staff\/bank\/(export|render)$/,
  /^\/api\/proctor\/tests\/[^/]+\/read$/,
];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a staff request may change a record, and so must be in the audit log. */
export function isStaffWrite(method: string, path: string): boolean {
  return !READS.has(method) && !NOT_WRITES.some((pattern) => pattern.test(path));
}

/** The record a path names: '/api/staff/students/abc/password' is students abc. */
export function entityOfPath(path: string): { type: string; id: string } {
  const parts = path.replace(/^\/api\//, '').split('/').filter(Boolean);
  // staff/<area>/<id>/..., proctor/tests/<id>/...
  const [, area = 'staff', id = ''] = parts;
  return { type: area, id: decodeURIComponent(id) };
}

/**
 * Every successful staff write is in the audit log (decision 0062). A service that records its
 * own entry (recordAudit, with the record before and after) says so through the request's
 * context; for a write no service recorded, this writes one from the request: who, the method
 * and path, and the validated body as "after" (secrets hidden).
 */
export function auditStaffWrites({ db, clock, logger }: { db: Kysely<Database>; clock: Clock; logger: Logger }) {
  return createMiddleware(async (c, next) => {
    if (!isStaffWrite(c.req.method, c.req.path)) return next();
    const context = { request: `${c.req.method} ${c.req.path}`, recorded: 0 };
    await auditRequests.run(context, () => next());
    if (context.recorded > 0 || c.error || c.res.status >= 400) return;
    const read = c.get as (key: string) => unknown;
    const actor = (read('staff') ?? read('proctor')) as AuditActor | undefined;
    if (!actor) return;
    const entity = entityOfPath(c.req.path);
    try {
      const entry = { actor, action: 'request', entityType: entity.type, entityId: entity.id, summary: context.request, after: read('body') };
      await auditRequests.run(context, () => recordAudit(db, entry, clock.now()));
    } catch (error) {
      // The change is made and answered; a lost entry is logged loudly rather than failing it.
      logger.error('audit.write_failed', { request: context.request, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

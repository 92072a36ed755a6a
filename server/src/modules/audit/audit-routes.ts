import { Hono } from 'hono';
import type { AuditReply } from '@invigil/shared/api/staff-audit';
import { AUDIT_PAGE_SIZE, auditQuerySchema } from '@invigil/shared/api/staff-audit';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { checkedBody } from '../../platform/http/validate-json';
import { addDays, dayStartMs } from '../../platform/lib/institute-day';
import type { StaffAuth, StaffEnv } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import { auditFacets, listAuditRows } from './audit-repository';

const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** GET /staff/audit (shared/src/api/staff-audit.ts): admins only. */
export function auditRoutes({ db, staffAuth, timeZone }: { db: Kysely<Database>; staffAuth: StaffAuth; timeZone: string }) {
  const routes = new Hono<StaffEnv>();
  routes.get('/staff/audit', requireStaff(staffAuth, ['admin']), async (c) => {
    const query = checkedBody(auditQuerySchema, c.req.query());
    const [{ rows, total }, facets] = await Promise.all([
      listAuditRows(
        db,
        {
          actorId: query.actor || undefined,
          entityType: query.entity_type || undefined,
          entityId: query.entity_id?.trim() || undefined,
          fromMs: query.from ? dayStartMs(query.from, timeZone) : undefined,
          toMs: query.to ? dayStartMs(addDays(query.to, 1), timeZone) : undefined,
        },
        { offset: (query.page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE },
      ),
      auditFacets(db),
    ]);
    const reply: AuditReply = {
      items: rows.map((row) => ({
        id: row.id,
        at: row.at,
        actor_id: row.actorId,
        actor_name: row.actorName,
        actor_role: row.actorRole,
        action: row.action,
        entity_type: row.entityType,
        entity_id: row.entityId,
        summary: row.summary,
        before: parsed(row.before),
        after: parsed(row.after),
        request: row.request,
      })),
      total,
      page: query.page,
      page_size: AUDIT_PAGE_SIZE,
      actors: facets.actors,
      entity_types: facets.entityTypes,
    };
    return c.json(reply);
  });
  return routes;
}

import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface AuditRow {
  id: string;
  at: number;
  actorId: string;
  actorName: string;
  actorRole: string;
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  before: string | null;
  after: string | null;
  request: string;
}

export async function insertAuditRow(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: row.id,
      at: row.at,
      actor_id: row.actorId,
      actor_name: row.actorName,
      actor_role: row.actorRole,
      action: row.action,
      entity_type: row.entityType,
      entity_id: row.entityId,
      summary: row.summary,
      before: row.before,
      after: row.after,
      request: row.request,
    })
    .execute();
}

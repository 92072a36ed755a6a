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

export interface AuditFilters {
  actorId?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Epoch ms, from included, to excluded. */
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** The log's entries matching the filters, newest first, a page at a time, and how many match. */
export async function listAuditRows(db: Kysely<Database>, filters: AuditFilters, page: { offset: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
  if (filters.entityType) query = query.where('entity_type', '=', filters.entityType);
  if (filters.entityId) query = query.where('entity_id', '=', filters.entityId);
  if (filters.fromMs !== undefined) query = query.where('at', '>=', filters.fromMs);
  if (filters.toMs !== undefined) query = query.where('at', '<', filters.toMs);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'at', 'actor_id', 'actor_name', 'actor_role', 'action', 'entity_type', 'entity_id', 'summary', 'before', 'after', 'request'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actorId: row.actor_id,
      actorName: row.actor_name,
      actorRole: row.actor_role,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      summary: row.summary,
      before: row.before,
      after: row.after,
      request: row.request,
    })),
  };
}

/** Everyone who appears in the log (their latest name and role) and the kinds of record it names. */
export async function auditFacets(db: Kysely<Database>): Promise<{ actors: { id: string; name: string; role: string }[]; entityTypes: string[] }> {
  const [latest, types] = await Promise.all([
    db
      .selectFrom('audit_log as a')
      .select(['a.actor_id', 'a.actor_name', 'a.actor_role'])
      .where('a.at', '=', (eb) => eb.selectFrom('audit_log as b').select((inner) => inner.fn.max('b.at').as('at')).whereRef('b.actor_id', '=', 'a.actor_id'))
      .execute(),
    db.selectFrom('audit_log').select('entity_type').distinct().orderBy('entity_type').execute(),
  ]);
  const actors = new Map<string, { id: string; name: string; role: string }>();
  for (const row of latest) actors.set(row.actor_id, { id: row.actor_id, name: row.actor_name, role: row.actor_role });
  return { actors: [...actors.values()].sort((a, b) => a.name.localeCompare(b.name)), entityTypes: types.map((row) => row.entity_type) };
}

import type { AuditReply } from '@invigil/shared/api/staff-audit';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The audit log's call (shared/api/staff-audit.ts); the reply's outline is checked with zod/mini.
const replySchema = z.looseObject({
  items: z.array(z.looseObject({ id: z.string(), at: z.number(), summary: z.string() })),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  actors: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  entity_types: z.array(z.string()),
});

export interface AuditFilters {
  /** The record's id (typed, so it is the list's search). */
  q: string;
  actor: string;
  entityType: string;
  from: string;
  to: string;
  page: number;
}

export async function fetchAuditLog(filters: AuditFilters, signal?: AbortSignal): Promise<AuditReply> {
  const query: Record<string, string | number> = { page: filters.page };
  if (filters.actor) query['actor'] = filters.actor;
  if (filters.entityType) query['entity_type'] = filters.entityType;
  if (filters.q) query['entity_id'] = filters.q;
  if (filters.from) query['from'] = filters.from;
  if (filters.to) query['to'] = filters.to;
  return (await staffCall(replySchema, '/staff/audit', { query, signal })) as unknown as AuditReply;
}

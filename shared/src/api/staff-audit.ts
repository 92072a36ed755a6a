import { z } from 'zod';
import { AUDIT_MESSAGES } from './staff-audit-text';

// The audit log (issue 30; decision 0062): GET /api/staff/audit, admins only. Every staff write,
// newest first, filtered by the person who made it, the record (kind, and id) and a period.

export * from './staff-audit-text';

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, AUDIT_MESSAGES.badDate);

export const auditQuerySchema = z
  .object({
    actor: z.string().max(64).optional(),
    entity_type: z.string().max(64).optional(),
    entity_id: z.string().max(200).optional(),
    /** Institute days, both included. */
    from: daySchema.optional(),
    to: daySchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: AUDIT_MESSAGES.badRange, path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditItemSchema = z.object({
  id: z.string(),
  at: z.number(),
  actor_id: z.string(),
  actor_name: z.string(),
  actor_role: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  summary: z.string(),
  /** The record before and after, as stored (secrets hidden); null for a creation / deletion, or a write logged from its request. */
  before: z.unknown(),
  after: z.unknown(),
  /** 'POST /api/staff/notices'. */
  request: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditReplySchema = z.object({
  items: z.array(auditItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Who appears in the log (for the Person filter), by name. */
  actors: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
  /** The kinds of record in the log (for the Record filter). */
  entity_types: z.array(z.string()),
});
export type AuditReply = z.infer<typeof auditReplySchema>;

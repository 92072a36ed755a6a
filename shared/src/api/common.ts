import { z } from 'zod';

/** Every error reply of the API has this shape; `message` is shown to the student as is. */
export const errorReplySchema = z.object({
  message: z.string(),
  /** Field paths and their problems, for validation errors (422). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const healthReplySchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthReply = z.infer<typeof healthReplySchema>;

/** GET /api/health/live: the process answers (no dependency is asked; a load balancer or systemd restarts on failure). */
export const livenessReplySchema = z.object({ status: z.literal('ok'), pid: z.number(), uptimeSeconds: z.number() });
export type LivenessReply = z.infer<typeof livenessReplySchema>;

/**
 * GET /api/health/ready: 200 when this process can serve (database reachable, migrations applied,
 * Redis and S3 reachable when configured, not shutting down), else 503 with what is not ready.
 */
export const readinessReplySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  /** Per check: "ok" or why not. */
  checks: z.record(z.string(), z.string()),
});
export type ReadinessReply = z.infer<typeof readinessReplySchema>;

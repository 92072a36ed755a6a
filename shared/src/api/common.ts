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

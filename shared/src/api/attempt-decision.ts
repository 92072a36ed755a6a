import { z } from 'zod';

/**
 * The proctoring review's decision on an attempt, as its student sees it (issue 29, decision
 * 0061). A void attempt has no score: its `result` is null wherever the student reads it. Its own
 * file so the proctoring contract (which the extension loads) need not load the tests contract.
 */
export const studentDecisionSchema = z.object({ decision: z.enum(['no_concern', 'under_review', 'void']), reason: z.string(), decided_at: z.number().int() });
export type StudentDecision = z.infer<typeof studentDecisionSchema>;

import type { AttemptDecisionKind, AttemptDecisionReply, AttemptReviewReply, FlagVerdict, FlagVerdictReply, ReviewQueueReply, ReviewState, ReviewTestsReply } from '@invigil/shared/api/staff-review';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The proctoring review's calls (shared/api/staff-review.ts). Replies are checked for their outline
// with zod/mini (the server's schemas are the full zod); the types come from shared.
const queueSchema = z.looseObject({ items: z.array(z.looseObject({ attempt_id: z.string(), flags: z.number() })), total: z.number(), page: z.number(), page_size: z.number() });
const testsSchema = z.looseObject({ tests: z.array(z.looseObject({ id: z.string(), name: z.string() })) });
const attemptSchema = z.looseObject({
  attempt: z.looseObject({ id: z.string(), test_id: z.string() }),
  entries: z.array(z.looseObject({ type: z.string(), id: z.string(), at: z.number() })),
  coverage: z.array(z.looseObject({ signal: z.string() })),
});
const verdictSchema = z.looseObject({ event_id: z.string(), verdict: z.looseObject({ verdict: z.string() }) });
const decisionSchema = z.looseObject({ attempt_id: z.string(), decision: z.looseObject({ decision: z.string() }) });

export interface ReviewFilters {
  /** The search box is not used here; useStaffList wants it. */
  q: string;
  test: string;
  state: ReviewState;
  page: number;
}

const attemptPath = (id: string) => `/staff/review/attempts/${encodeURIComponent(id)}`;

export async function fetchQueue(filters: ReviewFilters, signal?: AbortSignal): Promise<ReviewQueueReply> {
  const query: Record<string, string | number> = { page: filters.page, state: filters.state };
  if (filters.test) query['test'] = filters.test;
  return (await staffCall(queueSchema, '/staff/review', { query, signal })) as unknown as ReviewQueueReply;
}

export async function fetchReviewTests(signal?: AbortSignal): Promise<ReviewTestsReply> {
  return (await staffCall(testsSchema, '/staff/review/tests', { signal })) as unknown as ReviewTestsReply;
}

export async function fetchAttemptReview(id: string, signal?: AbortSignal): Promise<AttemptReviewReply> {
  return (await staffCall(attemptSchema, attemptPath(id), { signal })) as unknown as AttemptReviewReply;
}

export async function saveVerdict(attemptId: string, eventId: string, verdict: FlagVerdict, note: string): Promise<FlagVerdictReply> {
  return (await staffCall(verdictSchema, `${attemptPath(attemptId)}/flags/${encodeURIComponent(eventId)}`, { method: 'PUT', body: { verdict, note } })) as unknown as FlagVerdictReply;
}

export async function saveDecision(attemptId: string, decision: AttemptDecisionKind, reason: string): Promise<AttemptDecisionReply> {
  return (await staffCall(decisionSchema, `${attemptPath(attemptId)}/decision`, { method: 'PUT', body: { decision, reason } })) as unknown as AttemptDecisionReply;
}

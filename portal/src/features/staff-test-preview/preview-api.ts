import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { TestPreviewReply, TestPreviewScoreReply } from '@invigil/shared/api/staff-tests';
import * as z from 'zod/mini';
import { staffCall } from '../staff-auth/staff-api';

// The preview's two calls (shared/api/staff-tests.ts). Replies are checked for their outline with
// zod/mini (the server's schemas are the full zod); the types come from shared.
const previewSchema = z.looseObject({
  paper: z.looseObject({ name: z.string(), format: z.looseObject({ parts: z.array(z.looseObject({ sections: z.array(z.looseObject({ questions: z.array(z.looseObject({ qn: z.number() })) })) })) }) }),
  config: z.record(z.string(), z.unknown()),
  instructions: z.string(),
  duration: z.number(),
});
const scoreSchema = z.looseObject({
  score: z.number(),
  max_marks: z.number(),
  questions: z.array(z.looseObject({ qn: z.number(), marks: z.nullable(z.number()), correct: z.nullable(z.boolean()) })),
});

const previewPath = (id: string) => `/staff/tests/${encodeURIComponent(id)}/preview`;

/** GET /staff/tests/{id}/preview: the draft's paper as students would get it (422 with the issues that stop it). */
export async function fetchPreview(id: string, signal?: AbortSignal): Promise<TestPreviewReply> {
  return (await staffCall(previewSchema, previewPath(id), { signal })) as unknown as TestPreviewReply;
}

/** POST /staff/tests/{id}/preview/score: what these answers would score, per question with the key. Nothing is stored. */
export async function scorePreview(id: string, answers: { qn: number; ua: AnswerValue }[], signal?: AbortSignal): Promise<TestPreviewScoreReply> {
  return (await staffCall(scoreSchema, `${previewPath(id)}/score`, { method: 'POST', body: { answers }, signal })) as unknown as TestPreviewScoreReply;
}

import type { Result } from '@invigil/shared/api/tests';
import type { QuestionState } from '@invigil/shared/domain/answer-state';
import { scoreAttempt } from '@invigil/shared/domain/scoring';
import type { AnswerRecord } from './attempt-repository';
import type { AnswerKeyEntry } from './test-compiler';

/** The stored answer key of a test (tests.answer_key): everything scoring needs, apart from the paper. */
export interface StoredKey {
  partNames: string[];
  questions: AnswerKeyEntry[];
}

export function parseStoredKey(raw: string): StoredKey {
  const parsed = JSON.parse(raw) as Partial<StoredKey>;
  return { partNames: Array.isArray(parsed.partNames) ? parsed.partNames : [], questions: Array.isArray(parsed.questions) ? parsed.questions : [] };
}

/**
 * The Result of an attempt with shared/domain/scoring.ts: only on-time answers count (a change that
 * came after the deadline's grace is kept, marked late, but never scored). Time spent runs from
 * the start to the submission, at most to the deadline. `grades` are teachers' marks by question
 * number (grades table): they decide subjective and otherwise pending questions.
 */
export function computeResult(
  key: StoredKey,
  answers: readonly AnswerRecord[],
  attempt: { startedAt: number; deadlineMs: number; submittedAt: number },
  grades: Readonly<Record<number, number>> = {},
): Result {
  const states: QuestionState[] = answers
    .filter((answer) => !answer.late)
    .map((answer) => ({ qn: answer.qn, ua: answer.ua, ats: answer.ats, mts: answer.mts, vts: answer.vts, s: answer.s, rev: answer.rev }));
  const result = scoreAttempt(key.questions, states, {
    durationSeconds: (attempt.deadlineMs - attempt.startedAt) / 1000,
    timeSpentSeconds: (Math.min(attempt.submittedAt, attempt.deadlineMs) - attempt.startedAt) / 1000,
    grades,
  });
  return { ...result, partResults: result.partResults.map((part) => ({ ...part, name: key.partNames[part.pi] ?? `Part ${part.pi + 1}` })) };
}

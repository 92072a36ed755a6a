import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { createAttemptRepository } from './attempt-repository';
import { createGradeRepository, gradeMarks } from './grade-repository';
import { computeResult, parseStoredKey, type StoredKey } from './scoring';
import { createTestRepository } from './test-repository';

/**
 * Scores submitted attempts again from what is stored now: the test's key, the on-time answers and
 * the teachers' grades (issue 29: a grade, a re-key or a dropped question). Unsubmitted attempts are
 * left alone: they are scored when they are submitted. Returns how many were scored.
 */
export async function rescoreAttempts(db: Kysely<Database>, testId: string, attemptIds?: readonly string[]): Promise<number> {
  const tests = createTestRepository(db);
  const attempts = createAttemptRepository(db);
  const grades = createGradeRepository(db);
  const rawKey = await tests.answerKeyOf(testId);
  if (rawKey === undefined) return 0;
  const key: StoredKey = parseStoredKey(rawKey);
  const ids = attemptIds ?? (await attempts.submittedIdsForTest(testId));
  let scored = 0;
  for (const id of ids) {
    const attempt = await attempts.findById(id);
    if (!attempt || attempt.testId !== testId || attempt.submittedAt === null) continue;
    const result = computeResult(key, await attempts.answersOf(id), { ...attempt, submittedAt: attempt.submittedAt }, gradeMarks(await grades.gradesOf(id)));
    await attempts.setResult(id, result);
    scored += 1;
  }
  return scored;
}

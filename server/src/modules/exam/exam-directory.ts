import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { createAttemptRepository } from './attempt-repository';
import type { AttemptRecord } from './attempt-repository';
import { createTestRepository } from './test-repository';
import type { TestRecord } from './test-repository';

/**
 * The tests and attempts as proctoring and the live console read them (decision 0054): which
 * tests a student sees, and the student's attempt at one. Every change to an attempt goes through
 * the exam's services (AttemptService).
 */
export interface ExamDirectory {
  /** A test the student may see, with the student's attempt at it (if started); undefined if the student may not see it. */
  findVisibleWithAttempt(userId: string, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord | undefined } | undefined>;
  /** The student's attempt at the test, if started. */
  findAttempt(userId: string, testId: string): Promise<AttemptRecord | undefined>;
  findAttemptById(attemptId: string): Promise<AttemptRecord | undefined>;
  findTest(testId: string): Promise<TestRecord | undefined>;
  /** The tests a student may see (open to all, or assigned to them), newest first. */
  listVisibleTests(userId: string): Promise<TestRecord[]>;
  /** Every test's id and name, by name (what the staff side assigns and picks from). */
  listTestNames(): Promise<{ id: string; name: string }[]>;
  /** Which of these test ids are stored. */
  storedTestIds(ids: readonly string[]): Promise<Set<string>>;
}

export function createExamDirectory(db: Kysely<Database>): ExamDirectory {
  const attempts = createAttemptRepository(db);
  const tests = createTestRepository(db);
  return {
    findVisibleWithAttempt: (userId, testId) => attempts.findVisibleWithAttempt(userId, testId),
    findAttempt: (userId, testId) => attempts.find(userId, testId),
    findAttemptById: (attemptId) => attempts.findById(attemptId),
    findTest: (testId) => tests.findById(testId),
    listVisibleTests: (userId) => tests.listVisible(userId),
    storedTestIds: async (ids) => new Set(ids.length === 0 ? [] : (await db.selectFrom('tests').select('id').where('id', 'in', [...ids]).execute()).map((row) => row.id)),
    listTestNames: () => db.selectFrom('tests').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
  };
}

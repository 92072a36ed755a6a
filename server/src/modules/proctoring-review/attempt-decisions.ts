import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

/** A reviewer's decision on an attempt as a whole (attempt_reviews, migration 0024). */
export type AttemptDecisionKind = 'no_concern' | 'under_review' | 'void';

export interface AttemptDecision {
  decision: AttemptDecisionKind;
  reason: string;
  decidedAt: number;
}

const CHUNK = 500;

/** The decision as its student reads it (shared tests.ts studentDecisionSchema); undefined: none. */
export function studentDecisionOf(decision: AttemptDecision | undefined): { decision: AttemptDecisionKind; reason: string; decided_at: number } | null {
  return decision ? { decision: decision.decision, reason: decision.reason, decided_at: decision.decidedAt } : null;
}

/**
 * Reads the decisions on attempts: what every reader of results needs (a void attempt has no
 * score, so results, exports, item analysis, marksheets and rankings leave it out).
 */
export function createAttemptDecisions(db: Kysely<Database>) {
  return {
    /** The decisions on these attempts, by attempt id (attempts without one are absent). */
    async decisionsOf(attemptIds: readonly string[]): Promise<Map<string, AttemptDecision>> {
      const decisions = new Map<string, AttemptDecision>();
      for (let at = 0; at < attemptIds.length; at += CHUNK) {
        const ids = attemptIds.slice(at, at + CHUNK);
        if (ids.length === 0) continue;
        const rows = await db.selectFrom('attempt_reviews').select(['attempt_id', 'decision', 'reason', 'decided_at']).where('attempt_id', 'in', ids).execute();
        for (const row of rows) decisions.set(row.attempt_id, { decision: row.decision as AttemptDecisionKind, reason: row.reason, decidedAt: Number(row.decided_at) });
      }
      return decisions;
    },

    /** The ids of a test's void attempts. */
    async voidedIds(testId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('attempt_reviews')
        .innerJoin('attempts', 'attempts.id', 'attempt_reviews.attempt_id')
        .select('attempt_reviews.attempt_id')
        .where('attempts.test_id', '=', testId)
        .where('attempt_reviews.decision', '=', 'void')
        .execute();
      return new Set(rows.map((row) => row.attempt_id));
    },
  };
}

export type AttemptDecisions = ReturnType<typeof createAttemptDecisions>;

import type { Kysely } from 'kysely';
import type { ReviewStatus, UserData } from '@invigil/shared/api/tests';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import type { ReviewReleaseInput } from '@invigil/shared/domain/review-release';
import { effectiveReviewRule, isReviewOpen, reviewOpensAt } from '@invigil/shared/domain/review-release';
import type { Database } from '../../platform/db';
import { createAttemptRepository } from './attempt-repository';
import type { TestRecord } from './test-repository';
import type { UserRecord } from '../auth/auth-module';

/** The release rule's inputs from a test record. */
export const releaseInputOf = (test: Pick<TestRecord, 'reviewRule' | 'endsAt' | 'durationSeconds' | 'reviewReleasedAt'>): ReviewReleaseInput => ({
  rule: test.reviewRule,
  endsAt: test.endsAt,
  durationSeconds: test.durationSeconds,
  releasedAt: test.reviewReleasedAt,
});

/** The student's config hides the review (HIDE_TEST_REVIEW): keys and solutions never reach them. */
export const reviewHiddenFor = (user: Pick<UserRecord, 'config'>): boolean => isFlagOn(user.config['HIDE_TEST_REVIEW']);

/**
 * The review status from the test alone (no read): what the lists show. The routes that hand out
 * review data use `createReviewRelease(...).statusOf`, which also waits for attempts still running.
 */
export function plainReviewStatus(user: Pick<UserRecord, 'config'>, release: ReviewReleaseInput, submittedAt: number, now: number, graceMs: number): ReviewStatus {
  const opensAt = reviewOpensAt(release, submittedAt, graceMs);
  return { released: isReviewOpen(opensAt, now), reviewOpensAt: opensAt, rule: effectiveReviewRule(release.rule, release.endsAt), hidden: reviewHiddenFor(user) };
}

/**
 * A submitted attempt's own data before release: their answers and states, but no result, no
 * teacher's grade and no remark (a grade or a remark tells whether an answer was right).
 */
export function withheldUserData(data: UserData): UserData {
  return { ...data, result: null, remark: null, test_data: data.test_data.map(({ graded: _graded, ...state }) => ({ ...state, r: null })) };
}

/** Decision 0051: whether a submitted attempt's review is released, the server's word on it. */
export function createReviewRelease(deps: { db: Kysely<Database>; graceMs: number }) {
  const { db, graceMs } = deps;
  const attempts = createAttemptRepository(db);
  return {
    /**
     * The status for `user`'s attempt submitted at `submittedAt`. Under 'after_end', once the
     * test's own window is over, an attempt still running (a proctor's extension, a pause) keeps
     * the review closed until its deadline and grace: one read, only then.
     */
    async statusOf(user: Pick<UserRecord, 'config'>, testId: string, release: ReviewReleaseInput, submittedAt: number, now: number): Promise<ReviewStatus> {
      const status = plainReviewStatus(user, release, submittedAt, now, graceMs);
      if (status.rule !== 'after_end' || !status.released) return status;
      const running = await attempts.unsubmittedOfTest(testId);
      const until = running.latestDeadline === null ? null : running.latestDeadline + graceMs;
      if (running.paused) return { ...status, released: false };
      if (until !== null && until > (status.reviewOpensAt ?? 0) && now < until) return { ...status, released: false, reviewOpensAt: until };
      return status;
    },
  };
}

export type ReviewRelease = ReturnType<typeof createReviewRelease>;

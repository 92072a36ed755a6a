import type { ReviewStatus } from '@invigil/shared/api/tests';
import { REVIEW_MESSAGES, reviewOpensText } from '@invigil/shared/domain/review-release';
import { formatDateTime } from '../../lib/date-time';

/** The spec's words while a result is not declared (decision 0051). */
export const RESULT_PENDING = REVIEW_MESSAGES.pending;

/** 'Review opens at 05:42 PM, 27 Nov, 2026' or 'Review opens when the institute releases it'. */
export const reviewOpensLabel = (review: Pick<ReviewStatus, 'reviewOpensAt'>): string => reviewOpensText(review.reviewOpensAt, formatDateTime);

export type ReviewAction = { kind: 'none' } | { kind: 'open' } | { kind: 'closed'; text: string };

/**
 * What a Review button shows: nothing for a student whose config (or the server) hides the
 * review, a link once released (or when the reply says nothing of it), else a disabled button
 * that says when the review opens.
 */
export function reviewAction(review: ReviewStatus | null | undefined, hideReview: boolean): ReviewAction {
  if (hideReview || review?.hidden) return { kind: 'none' };
  if (!review || review.released) return { kind: 'open' };
  return { kind: 'closed', text: reviewOpensLabel(review) };
}

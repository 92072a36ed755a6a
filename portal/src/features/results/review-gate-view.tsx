import type { ReviewStatus } from '@invigil/shared/api/tests';
import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { RESULT_PENDING, reviewAction, reviewOpensLabel } from './review-gate';

/**
 * The Review button of a submitted test: a link once the review is released; until then a
 * disabled button with the time it opens written beside it (decision 0051); nothing when hidden.
 */
export function ReviewButton({ href, review, hideReview, label, className = 'btn btn-sm', icon = false }: {
  href: string;
  review: ReviewStatus | null | undefined;
  hideReview: boolean;
  /** The accessible name of the link, e.g. 'Review of Chemistry Unit Test 1'. */
  label?: string;
  className?: string;
  icon?: boolean;
}) {
  const hintId = useId();
  const action = reviewAction(review, hideReview);
  if (action.kind === 'none') return null;
  const content = (
    <>
      {icon ? <ListChecks className="h-4 w-4" aria-hidden="true" /> : null}Review
    </>
  );
  if (action.kind === 'open') {
    return (
      <Link href={href} className={`${className} gap-1`} aria-label={label}>
        {content}
      </Link>
    );
  }
  // aria-disabled, not disabled: a keyboard user still reaches it and hears when the review opens.
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <button type="button" className={`${className} gap-1`} aria-disabled="true" aria-describedby={hintId} aria-label={label}>
        {content}
      </button>
      <span id={hintId} className="max-w-60 text-xs">{action.text}</span>
    </span>
  );
}

/** 'Result will be declared soon.' and when the review opens. */
export function ResultPendingNotice({ review }: { review: ReviewStatus }) {
  return (
    <div className="alert alert-info flex flex-col items-start gap-1" role="status">
      <p className="font-semibold">{RESULT_PENDING}</p>
      {review.hidden ? null : <p>{reviewOpensLabel(review)}</p>}
    </div>
  );
}

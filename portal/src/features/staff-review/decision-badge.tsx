import type { AttemptDecisionKind } from '@invigil/shared/api/staff-review-text';
import { DECISION_LABELS } from '@invigil/shared/api/staff-review-text';

const TONE: Record<AttemptDecisionKind, string> = { no_concern: 'badge-success', under_review: 'badge-warning', void: 'badge-error' };

/** The decision on an attempt as a badge; "Not decided" without one. */
export function DecisionBadge({ decision }: { decision: AttemptDecisionKind | null }) {
  if (decision === null) return <span className="badge badge-ghost whitespace-nowrap">Not decided</span>;
  return <span className={`badge whitespace-nowrap ${TONE[decision]}`}>{DECISION_LABELS[decision]}</span>;
}

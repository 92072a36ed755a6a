import type { ReactNode } from 'react';

/**
 * A staff list's three states: the failure before anything loaded (with Retry), the spinner while
 * the first page loads, then the box with the list (a later failure above it, the last page kept).
 */
export function StaffListBox<Reply>({ failure, reply, loadingLabel, onRetry, header, children }: {
  failure: string | null;
  reply: Reply | null;
  /** Names the spinner for screen readers ("Loading tests"). */
  loadingLabel: string;
  onRetry: () => void;
  /** A bar above the failure and the list (the bank's count and export). */
  header?: (reply: Reply) => ReactNode;
  children: (reply: Reply) => ReactNode;
}) {
  if (reply === null) {
    return failure ? (
      <div className="alert alert-error" role="alert">
        <span>{failure}</span>
        <button type="button" className="btn btn-sm" onClick={onRetry}>Retry</button>
      </div>
    ) : (
      <div className="flex justify-center py-16" role="status" aria-label={loadingLabel}>
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className="rounded-box bg-base-100 shadow">
      {header?.(reply)}
      {failure ? <p className="px-4 pt-3 text-error" role="alert">{failure}</p> : null}
      {children(reply)}
    </div>
  );
}

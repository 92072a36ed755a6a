/** A centred spinner announced to screen readers. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16" role="status" aria-label={label}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
    </div>
  );
}

/** A load failure with a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error flex flex-wrap" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>Retry</button>
    </div>
  );
}

/** The text shown when a list has nothing in it. */
export function EmptyState({ text }: { text: string }) {
  return <p className="py-16 text-center text-lg opacity-80">{text}</p>;
}

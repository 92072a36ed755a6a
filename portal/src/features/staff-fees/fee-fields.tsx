import { FEE_STATUS_LABELS } from '@invigil/shared/api/staff-fees-text';
import type { FeeStatusName } from '@invigil/shared/api/staff-fees-text';
import { useId, useRef, type ReactNode } from 'react';
import { useOverflows } from '../../ui/use-keyboard-scroll';

// The fee screens' form fields: a label tied to its control, and its error (announced) or hint
// tied by aria-describedby, as ui/text-field.tsx does for a text input.

interface FieldProps {
  label: string;
  error?: string | null;
  hint?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

export function Field({ label, error, hint, className = '', children }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`form-control w-full min-w-0 ${className}`}>
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">{label}</span></label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">{error}</p> : hint ? <p id={`${id}-hint`} className="mt-1 text-sm opacity-70">{hint}</p> : null}
    </div>
  );
}

/** An amount in rupees (two decimals at most), typed as text: parsed to paise exactly by parseRupees. */
export function MoneyField({ label, value, onChange, error, hint, autoFocus }: { label: string; value: string; onChange: (value: string) => void; error?: string | null; hint?: string; autoFocus?: boolean }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => (
        <label className={`input input-bordered flex w-full items-center gap-2 ${error ? 'input-error' : ''}`}>
          <span aria-hidden="true" className="opacity-70">Rs</span>
          <input {...props} className="grow" inputMode="decimal" autoComplete="off" autoFocus={autoFocus} value={value} onChange={(event) => onChange(event.target.value)} />
        </label>
      )}
    </Field>
  );
}

export function InputField({ label, value, onChange, error, hint, type = 'text', autoFocus, className }: { label: string; value: string; onChange: (value: string) => void; error?: string | null; hint?: string; type?: 'text' | 'date' | 'month' | 'search'; autoFocus?: boolean; className?: string }) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(props) => <input {...props} type={type} className={`input input-bordered w-full ${error ? 'input-error' : ''}`} autoComplete="off" autoFocus={autoFocus} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

export function SelectField({ label, value, onChange, error, className, children }: { label: string; value: string; onChange: (value: string) => void; error?: string | null; className?: string; children: ReactNode }) {
  return (
    <Field label={label} error={error} className={className}>
      {(props) => <select {...props} className={`select select-bordered w-full ${error ? 'select-error' : ''}`} value={value} onChange={(event) => onChange(event.target.value)}>{children}</select>}
    </Field>
  );
}

/** A failure of the whole form (the server's message), announced. */
export function FormError({ message }: { message: string | null }) {
  return message ? <p className="alert alert-error mt-3 text-sm" role="alert">{message}</p> : null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
export { messageOf };

const STATUS_BADGES: Record<FeeStatusName, string> = { paid: 'badge-success', part: 'badge-info', unpaid: 'badge-ghost', overdue: 'badge-error' };

export function FeeStatusBadge({ status }: { status: FeeStatusName }) {
  return <span className={`badge badge-sm whitespace-nowrap ${STATUS_BADGES[status]}`}>{FEE_STATUS_LABELS[status]}</span>;
}

/** A wide table scrolls in its own box, which Tab reaches when it overflows (axe: scrollable-region-focusable). */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>{children}</div>;
}


import type { StaffClass } from '@invigil/shared/api/staff-students';
import { useId } from 'react';

/** A labelled class picker ('' = no class), its error tied to it. */
export function ClassSelect({ label = 'Class', classes, value, onChange, error, noneLabel = 'No class' }: {
  label?: string;
  classes: readonly StaffClass[];
  value: string;
  onChange: (classId: string) => void;
  error?: string | undefined;
  noneLabel?: string | null;
}) {
  const id = useId();
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">{label}</span></label>
      <select
        id={id}
        className={`select select-bordered w-full ${error ? 'select-error' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {noneLabel === null ? null : <option value="">{noneLabel}</option>}
        {classes.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
      </select>
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">{error}</p> : null}
    </div>
  );
}

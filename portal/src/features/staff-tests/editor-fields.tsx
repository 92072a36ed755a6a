import type { TestDraft } from '@invigil/shared/api/staff-tests';
import type { ReactNode } from 'react';

/** What every tab of the editor takes: the draft, and a change to it. */
export interface TabProps {
  draft: TestDraft;
  change: (update: (draft: TestDraft) => TestDraft) => void;
}

/** A labelled text or number input with an optional hint, under a fixed id (the issues list focuses it). */
export function InputField({ id, label, value, onChange, hint, type = 'text', inputMode, min, step, className = '' }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: 'text' | 'number' | 'datetime-local';
  inputMode?: 'text' | 'numeric' | 'decimal';
  min?: number;
  step?: number | 'any';
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium">{label}</label>
      <input id={id} type={type} inputMode={inputMode} min={min} step={step} aria-describedby={hint ? `${id}-hint` : undefined} className="input input-bordered w-full" value={value} onChange={(event) => onChange(event.target.value)} />
      {hint ? <p id={`${id}-hint`} className="text-sm opacity-80">{hint}</p> : null}
    </div>
  );
}

/** A checkbox with its label beside and an optional hint below. */
export function CheckField({ id, label, checked, onChange, hint }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <input id={id} type="checkbox" className="checkbox mt-0.5" checked={checked} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.checked)} />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">{label}</label>
        {hint ? <p id={`${id}-hint`} className="text-sm opacity-80">{hint}</p> : null}
      </div>
    </div>
  );
}

/** A labelled select. */
export function SelectField({ id, label, value, onChange, options, hint }: { id: string; label: string; value: string; onChange: (value: string) => void; options: readonly (readonly [string, string])[]; hint?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium">{label}</label>
      <select id={id} className="select select-bordered w-full" value={value} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.value)}>
        {options.map(([key, name]) => <option key={key} value={key}>{name}</option>)}
      </select>
      {hint ? <p id={`${id}-hint`} className="text-sm opacity-80">{hint}</p> : null}
    </div>
  );
}

/** A number typed in a field: the number, or null while it is empty or not a number. */
export function numberOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

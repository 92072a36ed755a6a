import { useId } from 'react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  autoFocus?: boolean;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it for screen readers. */
export function TextField({ label, value, onChange, onBlur, error, type = 'text', autoComplete, inputMode, autoFocus, hint }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">{label}</span>
      </label>
      <input
        id={id}
        className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm opacity-70">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

import type { StaffRole } from '@invigil/shared/api/staff';
import { Dices } from 'lucide-react';
import { useId } from 'react';
import { TextField } from '../../ui/text-field';
import { ROLE_LABELS, ROLES } from '../staff-auth/staff-roles';
import { generatePassword } from './staff-form';

/** The role, as a labelled select (its error announced and tied to it, as TextField's). */
export function RoleSelect({ value, onChange, error }: { value: StaffRole; onChange: (role: StaffRole) => void; error?: string | null }) {
  const id = useId();
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">Role</span>
      </label>
      <select
        id={id}
        className={`select select-bordered w-full ${error ? 'select-error' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>{ROLE_LABELS[role]}</option>
        ))}
      </select>
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">{error}</p> : null}
    </div>
  );
}

/** A new password, typed or generated (shown, so that it can be handed on). */
export function NewPasswordField({ label = 'Password', value, onChange, error }: { label?: string; value: string; onChange: (value: string) => void; error?: string | null }) {
  return (
    <div className="flex flex-col gap-1">
      <TextField label={label} type="text" autoComplete="new-password" value={value} onChange={onChange} error={error} hint="At least 8 characters." />
      <button type="button" className="btn btn-sm btn-outline gap-1 self-start" onClick={() => onChange(generatePassword())}>
        <Dices className="h-4 w-4" aria-hidden="true" />Generate
      </button>
    </div>
  );
}

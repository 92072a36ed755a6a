import type { StaffAccount, StaffRole } from '@invigil/shared/api/staff';
import { useEffect, useState, type FormEvent } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { ROLE_LABELS } from '../staff-auth/staff-roles';
import { createStaffAccount } from './staff-accounts-api';
import { NewPasswordField, RoleSelect } from './staff-fields';
import { formErrors } from './staff-form';

const FIELDS = ['name', 'email', 'role', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** "Add staff": name, email, role and a first password (POST /staff/accounts). */
export function AddStaffDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (account: StaffAccount) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('teacher');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  // The dialog's showModal (the Modal's effect, which runs before this one) puts the focus on its
  // first control, Close; the person came to type a name.
  useEffect(() => {
    if (open) document.querySelector<HTMLInputElement>('#add-staff-form input')?.focus();
  }, [open]);

  function reset() {
    setName('');
    setEmail('');
    setRole('teacher');
    setPassword('');
    setErrors({});
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!name.trim()) missing.name = 'Enter a name.';
    if (!email.trim()) missing.email = 'Enter an email.';
    if (!password) missing.password = 'Enter a password, or generate one.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const account = await createStaffAccount({ name: name.trim(), email: email.trim(), role, password });
      showSnackbar(`Added ${account.name} (${ROLE_LABELS[account.role]}).`, { color: 'success' });
      reset();
      onAdded(account);
    } catch (error) {
      const shown = formErrors(error, FIELDS);
      setErrors(shown.fields);
      if (shown.message) showSnackbar(shown.message, { color: 'error', timeout: 5000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Add staff"
      onClose={() => {
        reset();
        onClose();
      }}
    >
      <form id="add-staff-form" className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label="Name" value={name} onChange={setName} error={errors.name} autoComplete="off" autoFocus />
        <TextField label="Email" type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="off" />
        <RoleSelect value={role} onChange={setRole} error={errors.role} />
        <NewPasswordField value={password} onChange={setPassword} error={errors.password} />
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => { reset(); onClose(); }}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}Add staff
          </button>
        </div>
      </form>
    </Modal>
  );
}

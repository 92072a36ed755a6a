import type { StaffAccount, StaffDirectoryReply, StaffRole, StaffUpdateRequest } from '@invigil/shared/api/staff';
import { useState, type FormEvent, type ReactNode } from 'react';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { ROLE_LABELS } from '../staff-auth/staff-roles';
import { PickList } from './pick-list';
import { resetStaffPassword, setStaffAssignments, updateStaffAccount } from './staff-accounts-api';
import { NewPasswordField, RoleSelect } from './staff-fields';
import { formErrors } from './staff-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-base-300 py-4 first:pt-1 last:border-b-0" aria-label={title}>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function showRefusal(message: string | null) {
  if (message) showSnackbar(message, { color: 'error', timeout: 5000 });
}

/** Name and role (PATCH /staff/accounts/{id} with what changed). */
function DetailsForm({ account, onChanged }: { account: StaffAccount; onChanged: (account: StaffAccount) => void }) {
  const [name, setName] = useState(account.name);
  const [role, setRole] = useState<StaffRole>(account.role);
  const [errors, setErrors] = useState<{ name?: string; role?: string }>({});
  const [busy, setBusy] = useState(false);
  const changes: StaffUpdateRequest = {
    ...(name.trim() !== account.name ? { name: name.trim() } : {}),
    ...(role !== account.role ? { role } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Enter a name.' });
      return;
    }
    setErrors({});
    if (!changed) return;
    setBusy(true);
    try {
      const next = await updateStaffAccount(account.id, changes);
      showSnackbar(`Saved ${next.name}.`, { color: 'success' });
      onChanged(next);
    } catch (error) {
      const shown = formErrors(error, ['name', 'role'] as const);
      setErrors(shown.fields);
      showRefusal(shown.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" value={name} onChange={setName} error={errors.name} autoComplete="off" />
        <RoleSelect value={role} onChange={setRole} error={errors.role} />
      </div>
      <p className="text-sm opacity-80">Email: {account.email}</p>
      <button type="submit" className="btn btn-primary btn-sm self-end" disabled={busy || !changed}>Save details</button>
    </form>
  );
}

/** Disable or enable, after a confirmation naming the person. */
function StatusControl({ account, onChanged }: { account: StaffAccount; onChanged: (account: StaffAccount) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const verb = account.disabled ? 'Enable' : 'Disable';

  async function apply() {
    setBusy(true);
    try {
      const next = await updateStaffAccount(account.id, { disabled: !account.disabled });
      showSnackbar(next.disabled ? `Disabled ${next.name}.` : `Enabled ${next.name}.`, { color: 'success' });
      setConfirming(false);
      onChanged(next);
    } catch (error) {
      showRefusal(formErrors(error, [] as const).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          Status: <span className={`badge ${account.disabled ? 'badge-error' : 'badge-success'}`}>{account.disabled ? 'Disabled' : 'Active'}</span>
          <span className="ml-2 text-sm opacity-80">Last sign-in: {account.lastSignInAt === null ? 'never' : formatDateTime(account.lastSignInAt)}</span>
        </p>
        <button type="button" className={`btn btn-sm ${account.disabled ? 'btn-outline' : 'btn-error btn-outline'}`} onClick={() => setConfirming(true)}>{verb}</button>
      </div>
      <Modal
        open={confirming}
        title={`${verb} ${account.name}?`}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>Cancel</button>
            <button type="button" className={`btn ${account.disabled ? 'btn-primary' : 'btn-error'}`} disabled={busy} onClick={() => void apply()}>
              {verb} {account.name}
            </button>
          </>
        }
      >
        <p>
          {account.disabled
            ? `${account.name} (${account.email}) will be able to sign in again.`
            : `${account.name} (${account.email}) is signed out at once and cannot sign in until an admin enables the account.`}
        </p>
      </Modal>
    </>
  );
}

/** A new password (POST /staff/accounts/{id}/password). */
function PasswordReset({ account, onChanged }: { account: StaffAccount; onChanged: (account: StaffAccount) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Enter a password, or generate one.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const next = await resetStaffPassword(account.id, password);
      showSnackbar(`The password of ${next.name} is reset. Hand them the new one.`, { color: 'success', timeout: 5000 });
      onChanged(next);
    } catch (failure) {
      const shown = formErrors(failure, ['password'] as const);
      setError(shown.fields.password ?? null);
      showRefusal(shown.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
      <NewPasswordField label="New password" value={password} onChange={setPassword} error={error} />
      <button type="submit" className="btn btn-primary btn-sm self-end" disabled={busy}>Reset password</button>
    </form>
  );
}

/** A teacher's classes and subjects, a proctor's tests (PUT /staff/accounts/{id}/assignments). */
function Assignments({ account, directory, onChanged }: { account: StaffAccount; directory: StaffDirectoryReply | null; onChanged: (account: StaffAccount) => void }) {
  const [classIds, setClassIds] = useState(account.classIds);
  const [subjectIds, setSubjectIds] = useState(account.subjectIds);
  const [testIds, setTestIds] = useState(account.testIds);
  const [busy, setBusy] = useState(false);
  if (account.role === 'admin') return <p className="text-sm">An admin may open every class, subject and test: there is nothing to assign.</p>;
  if (!directory) return <div role="status" aria-label="Loading classes, subjects and tests"><span className="loading loading-spinner text-primary" aria-hidden="true" /></div>;

  async function save() {
    setBusy(true);
    try {
      const next = await setStaffAssignments(account.id, account.role === 'teacher' ? { classIds, subjectIds, testIds: account.testIds } : { classIds: account.classIds, subjectIds: account.subjectIds, testIds });
      showSnackbar(`Saved the assignments of ${next.name}.`, { color: 'success' });
      onChanged(next);
    } catch (error) {
      showRefusal(formErrors(error, [] as const).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {account.role === 'teacher' ? (
        <div className="grid gap-3 md:grid-cols-2">
          <PickList label="Classes" options={directory.classes} chosen={classIds} onChange={setClassIds} />
          <PickList label="Subjects" options={directory.subjects} chosen={subjectIds} onChange={setSubjectIds} />
        </div>
      ) : (
        <PickList label="Tests" options={directory.tests} chosen={testIds} onChange={setTestIds} />
      )}
      <button type="button" className="btn btn-primary btn-sm self-end" disabled={busy} onClick={() => void save()}>Save assignments</button>
    </div>
  );
}

/** One staff account: details, status, password and assignments, each saved on its own. */
export function AccountDialog({ account, directory, onClose, onChanged }: {
  account: StaffAccount | null;
  directory: StaffDirectoryReply | null;
  onClose: () => void;
  onChanged: (account: StaffAccount) => void;
}) {
  return (
    <Modal open={account !== null} title={account ? `${account.name} · ${ROLE_LABELS[account.role]}` : ''} onClose={onClose} size="lg">
      {account ? (
        // Keyed by the account and its role: the assignments shown follow the saved role.
        <div key={`${account.id}-${account.role}`}>
          <Section title="Details"><DetailsForm account={account} onChanged={onChanged} /></Section>
          <Section title="Sign-in"><StatusControl account={account} onChanged={onChanged} /></Section>
          <Section title="Reset password"><PasswordReset account={account} onChanged={onChanged} /></Section>
          <Section title="Assignments"><Assignments account={account} directory={directory} onChanged={onChanged} /></Section>
        </div>
      ) : null}
    </Modal>
  );
}

import type { StaffClass, StaffStudent, StudentUpdateRequest } from '@invigil/shared/api/staff-students';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft, Dices } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { formErrors, generatePassword } from '../staff-accounts/staff-form';
import { staffSession } from '../staff-auth/staff-session';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchClasses } from '../staff-classes/staff-classes-api';
import { useRouteId } from '../results/use-route-id';
import { ClassSelect } from './class-select';
import { fetchStudent, resetStudentPassword, sendOneTimeCode, updateStudent } from './staff-students-api';
import { StatusBadge } from './status-badge';
import { flagGroups, withFlag } from './student-flags';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const refused = (error: unknown) => {
  const message = formErrors(error, [] as const).message;
  if (message) showSnackbar(message, { color: 'error', timeout: 5000 });
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby={`section-${title.replace(/\W+/g, '-')}`}>
      <h2 id={`section-${title.replace(/\W+/g, '-')}`} className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

type Field = 'name' | 'email' | 'phone' | 'classId';

/** Name, email, phone and class (PATCH with what changed). */
function DetailsForm({ student, classes, onChanged }: { student: StaffStudent; classes: readonly StaffClass[]; onChanged: (student: StaffStudent) => void }) {
  const [name, setName] = useState(student.name);
  const [email, setEmail] = useState(student.email);
  const [phone, setPhone] = useState(student.phone);
  const [classId, setClassId] = useState(student.classId ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const changes: StudentUpdateRequest = {
    ...(name.trim() !== student.name ? { name: name.trim() } : {}),
    ...(email.trim().toLowerCase() !== student.email ? { email: email.trim() } : {}),
    ...(phone.trim() !== student.phone ? { phone: phone.trim() } : {}),
    ...((classId || null) !== student.classId ? { classId: classId || null } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Enter a name.' });
    if (!email.trim()) return setErrors({ email: 'Enter a valid email.' });
    setErrors({});
    if (!changed) return;
    setBusy(true);
    try {
      const next = await updateStudent(student.id, changes);
      showSnackbar(`Saved ${next.name}.`, { color: 'success' });
      onChanged(next);
    } catch (error) {
      const shown = formErrors(error, ['name', 'email', 'phone', 'classId'] as const);
      setErrors(shown.fields);
      if (shown.message) showSnackbar(shown.message, { color: 'error', timeout: 5000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" value={name} onChange={setName} error={errors.name} autoComplete="off" />
        <TextField label="Email" type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="off" />
        <TextField label="Phone" value={phone} onChange={setPhone} error={errors.phone} autoComplete="off" inputMode="numeric" />
        <ClassSelect classes={classes} value={classId} onChange={setClassId} error={errors.classId} />
      </div>
      <button type="submit" className="btn btn-primary btn-sm self-end" disabled={busy || !changed}>Save details</button>
    </form>
  );
}

/** A confirmation dialog naming the student. */
function Confirm({ open, title, body, action, danger, busy, onCancel, onConfirm }: {
  open: boolean; title: string; body: string; action: string; danger?: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>Cancel</button>
          <button type="button" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} disabled={busy} onClick={onConfirm}>{action}</button>
        </>
      }
    >
      <p>{body}</p>
    </Modal>
  );
}

/** Disable or enable, and send a one-time code, each after a confirmation naming the student. */
function SignInControls({ student, onChanged }: { student: StaffStudent; onChanged: (student: StaffStudent) => void }) {
  const [asking, setAsking] = useState<'status' | 'code' | null>(null);
  const [busy, setBusy] = useState(false);
  const disabled = student.status === 'disabled';
  const verb = disabled ? 'Enable' : 'Disable';

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
      setAsking(null);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p>Status: <StatusBadge status={student.status} /></p>
        <p className="text-sm">Last sign-in: {student.lastSignInAt === null ? 'never' : formatDateTime(student.lastSignInAt)}</p>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <button type="button" className="btn btn-sm btn-outline" disabled={disabled} onClick={() => setAsking('code')}>Send one-time code</button>
          <button type="button" className={`btn btn-sm btn-outline ${disabled ? '' : 'btn-error'}`} onClick={() => setAsking('status')}>{verb}</button>
        </div>
      </div>
      <Confirm
        open={asking === 'status'}
        title={`${verb} ${student.name}?`}
        body={disabled ? `${student.name} (${student.regNo}) will be able to sign in again.` : `${student.name} (${student.regNo}) is signed out at once and cannot sign in until enabled again.`}
        action={`${verb} ${student.name}`}
        danger={!disabled}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(async () => {
            const next = await updateStudent(student.id, { disabled: !disabled });
            showSnackbar(next.status === 'disabled' ? `Disabled ${next.name}.` : `Enabled ${next.name}.`, { color: 'success' });
            onChanged(next);
          })
        }
      />
      <Confirm
        open={asking === 'code'}
        title={`Send ${student.name} a one-time code?`}
        body={`A code goes to ${student.email}. ${student.name} is signed out and confirms the account with the code at the next sign-in.`}
        action="Send code"
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          void run(async () => {
            const reply = await sendOneTimeCode(student.id);
            showSnackbar(reply.message ?? 'Code sent.', { color: 'success', timeout: 5000 });
            onChanged(reply.student);
          })
        }
      />
    </>
  );
}

/** A new password, typed or generated; the student's sessions end. */
function PasswordReset({ student }: { student: StaffStudent }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 6) return setError('A password has at least 6 characters. Type one or generate one.');
    setError(undefined);
    setBusy(true);
    try {
      await resetStudentPassword(student.id, password);
      setDone(password);
      setPassword('');
      showSnackbar(`The password of ${student.name} is reset.`, { color: 'success' });
    } catch (failure) {
      const shown = formErrors(failure, ['password'] as const);
      setError(shown.fields.password);
      if (shown.message) showSnackbar(shown.message, { color: 'error', timeout: 5000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField label="New password" value={password} onChange={setPassword} error={error} autoComplete="new-password" hint="At least 6 characters." />
      <button type="button" className="btn btn-sm btn-outline gap-1 self-start" onClick={() => setPassword(generatePassword(10))}>
        <Dices className="h-4 w-4" aria-hidden="true" />Generate
      </button>
      {done ? <p role="status" className="text-sm">New password set: <code className="rounded bg-base-200 px-1 font-mono">{done}</code>. Hand it to {student.name}.</p> : null}
      <button type="submit" className="btn btn-primary btn-sm self-end" disabled={busy}>Reset password</button>
    </form>
  );
}

/** The config flags as labelled switches, grouped; saved together. */
function FlagsForm({ student, onChanged, readOnly }: { student: StaffStudent; onChanged: (student: StaffStudent) => void; readOnly: boolean }) {
  const [config, setConfig] = useState(student.config);
  const [busy, setBusy] = useState(false);
  const changed = JSON.stringify(config) !== JSON.stringify(student.config);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await updateStudent(student.id, { config });
      showSnackbar(`Saved the settings of ${next.name}.`, { color: 'success' });
      onChanged(next);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)}>
      <div className="grid gap-4 md:grid-cols-2">
        {flagGroups(config).map((group) => (
          <fieldset key={group.title} className="min-w-0 rounded-box border border-base-300 p-3">
            <legend className="px-1 font-semibold">{group.title}</legend>
            <div className="grid gap-1 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2">
              {group.switches.map((flag) => (
                <label key={flag.key} className="label cursor-pointer justify-start gap-3 whitespace-normal py-1">
                  <input type="checkbox" role="switch" className="toggle toggle-primary toggle-sm" checked={flag.on} disabled={readOnly} onChange={(event) => setConfig(withFlag(config, flag.key, event.target.checked))} />
                  <span className="label-text text-base-content">{flag.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {readOnly ? null : <button type="submit" className="btn btn-primary btn-sm self-end" disabled={busy || !changed}>Save settings</button>}
    </form>
  );
}

function StudentView({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const [student, setStudent] = useState<StaffStudent | null>(null);
  const [classes, setClasses] = useState<StaffClass[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchStudent(id, abort.signal).then(setStudent, (error: unknown) => {
      if (!abort.signal.aborted) setFailure(messageOf(error));
    });
    fetchClasses(abort.signal).then(setClasses, () => undefined);
    return () => abort.abort();
  }, [id]);

  if (failure) return <div className="alert alert-error" role="alert"><span>{failure}</span></div>;
  if (!student) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading the student">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg">
        <span className="font-semibold">{student.name}</span> · {student.regNo} · {student.className ?? 'No class'}
      </p>
      {isAdmin ? (
        <div key={`${student.id}-${student.status}`} className="flex flex-col gap-4">
          <Section title="Details"><DetailsForm student={student} classes={classes} onChanged={setStudent} /></Section>
          <Section title="Sign-in"><SignInControls student={student} onChanged={setStudent} /></Section>
          <Section title="Reset password"><PasswordReset student={student} /></Section>
          <Section title="Settings"><FlagsForm student={student} onChanged={setStudent} readOnly={false} /></Section>
        </div>
      ) : (
        <>
          <Section title="Details">
            <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              <dt className="font-medium">Email</dt><dd className="break-all">{student.email}</dd>
              <dt className="font-medium">Phone</dt><dd>{student.phone || '—'}</dd>
              <dt className="font-medium">Status</dt><dd><StatusBadge status={student.status} /></dd>
              <dt className="font-medium">Last sign-in</dt><dd>{student.lastSignInAt === null ? 'Never' : formatDateTime(student.lastSignInAt)}</dd>
            </dl>
            <p className="mt-3 text-sm">Only an admin can change students.</p>
          </Section>
          <Section title="Settings"><FlagsForm student={student} onChanged={setStudent} readOnly /></Section>
        </>
      )}
    </div>
  );
}

/** /staff/students/:id: one student; an admin edits, disables, resets, sends a code; a teacher reads. */
export default function StaffStudentPage({ title }: ScreenProps) {
  useSignals();
  const id = useRouteId('/staff/students/:id');
  const isAdmin = staffSession.value?.staff.role === 'admin';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <Link href="/staff/students" className="link mb-2 inline-flex items-center gap-1"><ArrowLeft className="h-4 w-4" aria-hidden="true" />Students</Link>
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        <p className="mb-4"><Link href={`/staff/results/students/${encodeURIComponent(id)}`} className="link link-primary">Results of every test</Link></p>
        <StudentView key={id} id={id} isAdmin={isAdmin} />
      </main>
    </StaffLayout>
  );
}

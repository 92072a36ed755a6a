import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { TextField } from '../../ui/text-field';
import { StaffLayout } from '../staff-shell/staff-layout';
import { slugFromName } from './test-draft';
import { createTest } from './tests-api';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

type Field = 'name' | 'id' | 'duration';

function NewTestForm() {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  // The id follows the name until the person types one of their own.
  const [id, setId] = useState('');
  const [idTyped, setIdTyped] = useState(false);
  const [duration, setDuration] = useState('60');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownId = idTyped ? id : slugFromName(name);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const minutes = Number(duration);
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = 'Give the test a name.';
    if (!ID_PATTERN.test(shownId)) found.id = 'An id is 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.';
    if (!(minutes > 0) || minutes > 7 * 24 * 60) found.duration = 'The duration is a number of minutes, more than 0.';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await createTest({ id: shownId, name: name.trim(), duration: minutes });
      showSnackbar(`${reply.draft.name} is made: add its questions.`, { color: 'success' });
      navigate(`/staff/tests/${encodeURIComponent(reply.draft.id)}`, { replace: true });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409) setErrors({ id: messageOf(error) });
      else setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-2 rounded-box bg-base-100 p-4 shadow" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField label="Name" value={name} onChange={setName} error={errors.name ?? null} autoFocus hint="As students see it in their list." />
      <TextField
        label="Id"
        value={shownId}
        onChange={(value) => {
          setIdTyped(true);
          setId(value);
        }}
        error={errors.id ?? null}
        hint="In the test's web addresses; made from the name, and fixed once the test is made."
      />
      <TextField label="Duration (minutes)" value={duration} onChange={setDuration} inputMode="numeric" error={errors.duration ?? null} />
      {failure ? <p className="text-error" role="alert">{failure}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Making the test...' : 'Make the test'}</button>
        <Link href="/staff/tests" className="btn">Cancel</Link>
      </div>
    </form>
  );
}

/** /staff/tests/new (admin, teacher): a name, an id and a duration make a draft; the editor opens on it. */
export default function NewTestPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <NewTestForm />
      </main>
    </StaffLayout>
  );
}

import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { TextField } from '../../ui/text-field';
import { changePassword } from './auth-api';
import { startSession } from './auth-state';
import { matches, minChars, required, validate } from './validation';

export default function ChangePasswordPage() {
  const [, navigate] = useLocation();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const errors = {
    old: validate(oldPassword, [required]),
    password: validate(password, [required, minChars(6)]),
    confirmation: validate(confirmation, [required, minChars(6), matches(() => password)]),
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (errors.old || errors.password || errors.confirmation) return;
    setBusy(true);
    try {
      const reply = await changePassword({ old_password: oldPassword, password, password_confirmation: confirmation });
      startSession(reply.token);
      showSnackbar(reply.message, { color: 'success' });
      setOldPassword('');
      setPassword('');
      setConfirmation('');
      setSubmitted(false);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Something went wrong!';
      setFailure(message);
      showSnackbar(message, { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto w-full max-w-md px-4 py-8">
      <form className="card bg-base-100 shadow" onSubmit={onSubmit} noValidate aria-labelledby="change-password-heading">
        <div className="card-body gap-3">
          <h1 id="change-password-heading" className="card-title text-2xl">Change Password</h1>
          <TextField label="Old Password" type="password" value={oldPassword} onChange={setOldPassword} error={submitted ? errors.old : null} autoComplete="current-password" autoFocus />
          <TextField label="Password" type="password" value={password} onChange={setPassword} error={submitted ? errors.password : null} autoComplete="new-password" hint="At least 6 characters" />
          <TextField label="Confirm Password" type="password" value={confirmation} onChange={setConfirmation} error={submitted ? errors.confirmation : null} autoComplete="new-password" />
          {failure ? <p className="alert alert-error text-sm" role="alert">{failure}</p> : null}
          <div className="card-actions mt-2 justify-end">
            <button type="button" className="btn btn-ghost" onClick={() => navigate('/')}>Back</button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Save
            </button>
          </div>
        </div>
      </form>
    </main>
  );
}

import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { TextField } from '../../ui/text-field';
import { ConsoleLayout } from './console-layout';
import { startProctorSession } from './proctor-auth';
import { proctorLogin } from './proctor-console-api';

/** Only console paths are followed after sign-in. */
function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/proctor(\/[A-Za-z0-9/_-]*)?$/.test(next) && !next.startsWith('/proctor/login') ? next : '/proctor';
}

/** /proctor/login: the proctor's own sign-in (a separate session from any student's). */
export default function ProctorLoginPage({ title }: ScreenProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailError = submitted && !email.trim() ? 'Enter your email.' : null;
  const passwordError = submitted && !password ? 'Enter your password.' : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      const reply = await proctorLogin(email.trim(), password);
      startProctorSession(reply);
      navigate(nextPath(search), { replace: true });
    } catch (error) {
      showSnackbar(error instanceof ApiError && error.message ? error.message : 'Something went wrong!', { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConsoleLayout>
      <main className="mx-auto w-full max-w-sm px-4 py-10">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm opacity-80">For the institute's proctors. Students sign in on the portal's login page.</p>
        <form className="mt-6 flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} error={emailError} autoFocus />
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={passwordError} />
          <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}Sign in
          </button>
        </form>
      </main>
    </ConsoleLayout>
  );
}

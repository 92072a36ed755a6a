import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { ApiError } from '../../lib/api-client';
import { TextField } from '../../ui/text-field';
import { StaffFrame } from '../staff-shell/staff-layout';
import { staffLogin } from './staff-api';
import { afterSignIn } from './staff-roles';
import { startStaffSession, staffSession } from './staff-session';

/**
 * /staff/login (and /proctor/login, the console's address since issue 12): one sign-in for every
 * staff role, a session apart from any student's. A proctor then opens the live console, an admin
 * or a teacher Staff Home, or the staff page they came from (`next`).
 */
export default function StaffLoginPage({ title }: ScreenProps) {
  useSignals();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailError = submitted && !email.trim() ? 'Enter your email.' : null;
  const passwordError = submitted && !password ? 'Enter your password.' : null;
  const next = new URLSearchParams(search).get('next');
  const signedIn = staffSession.value?.staff ?? null;

  // Already signed in (another tab, a bookmark of this page): straight on.
  useEffect(() => {
    if (signedIn && !busy) navigate(afterSignIn(signedIn.role, next), { replace: true });
  }, [signedIn, busy, next, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      const session = await staffLogin(email.trim(), password);
      startStaffSession(session);
      navigate(afterSignIn(session.staff.role, next), { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : 'Something went wrong!');
      setBusy(false);
    }
  }

  return (
    <StaffFrame>
      <main className="mx-auto w-full max-w-sm px-4 py-10">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm opacity-80">For the institute's admins, teachers and proctors. Students sign in on the portal's login page.</p>
        <form className="mt-6 flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} error={emailError} autoFocus />
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={passwordError} />
          {failure ? (
            <p className="alert alert-error text-sm" role="alert">{failure}</p>
          ) : null}
          <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}Sign in
          </button>
        </form>
      </main>
    </StaffFrame>
  );
}

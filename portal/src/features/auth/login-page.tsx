import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { safeNextUrl } from '../../lib/safe-next-url';
import { showSnackbar } from '../../lib/snackbar';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { TextField } from '../../ui/text-field';
import { login, verifyOtp } from './auth-api';
import { refreshUser, startSession } from './auth-state';
import { minChars, required, validate } from './validation';

/** Spec: after login, go to nextUrl (or /) after 1 second. */
const POST_LOGIN_REDIRECT_MS = 1000;
const LOGIN_FAILED = 'Error! please login again.';

export default function LoginPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<'login' | 'otp'>('login');
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState({ phone: false, password: false });
  const [busy, setBusy] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A register query value is kept as the referral.
  useEffect(() => {
    const referral = new URLSearchParams(search).get('register');
    if (referral) storage.set(STORAGE_KEYS.referral, referral);
  }, [search]);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const phoneError = submitted || touched.phone ? validate(phone, [required]) : null;
  const passwordError = submitted || touched.password ? validate(password, [required, minChars(6)]) : null;
  const otpError = submitted && step === 'otp' && !/^\d{6}$/.test(otp.trim()) ? 'Enter the 6-digit code.' : null;

  function signedIn(token: string, message: string) {
    if (!startSession(token)) {
      showSnackbar(LOGIN_FAILED, { color: 'error' });
      return;
    }
    void refreshUser();
    showSnackbar(message || 'Logged in successfully!', { color: 'success' });
    const target = safeNextUrl(new URLSearchParams(search).get('nextUrl'));
    redirectTimer.current = setTimeout(() => {
      if (window.location.pathname.startsWith('/auth')) navigate(target, { replace: true });
    }, POST_LOGIN_REDIRECT_MS);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (validate(phone, [required]) || validate(password, [required, minChars(6)])) return;
    if (step === 'otp' && !/^\d{6}$/.test(otp.trim())) return;
    setBusy(true);
    try {
      const referral = storage.get(STORAGE_KEYS.referral) ?? undefined;
      const reply =
        step === 'login'
          ? await login({ phone: phone.trim(), password, referral })
          : await verifyOtp({ phone: phone.trim(), password, otp: otp.trim() });
      if (reply.verifyOTP) {
        setStep('otp');
        setSubmitted(false);
        showSnackbar(reply.message, { color: 'info', timeout: 4000 });
      } else if (reply.token) {
        signedIn(reply.token, reply.message);
      } else {
        showSnackbar(LOGIN_FAILED, { color: 'error' });
      }
    } catch (error) {
      showSnackbar(error instanceof ApiError && error.message ? error.message : LOGIN_FAILED, { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4 py-8">
      <form className="card w-full max-w-sm bg-base-100 shadow-xl" onSubmit={onSubmit} noValidate aria-labelledby="login-heading">
        <div className="card-body gap-3">
          <h1 id="login-heading" className="card-title text-2xl">
            {step === 'login' ? 'Student Login' : 'Verify your account'}
          </h1>
          {step === 'login' ? (
            <>
              <TextField
                label="Email or Reg. No."
                value={phone}
                onChange={setPhone}
                onBlur={() => setTouched((t) => ({ ...t, phone: true }))}
                error={phoneError}
                autoComplete="username"
                autoFocus
              />
              <TextField
                label="Password"
                type="password"
                value={password}
                onChange={setPassword}
                onBlur={() => setTouched((t) => ({ ...t, password: true }))}
                error={passwordError}
                autoComplete="current-password"
              />
            </>
          ) : (
            <>
              <p className="text-sm opacity-80">
                We sent a 6-digit code to the email or phone your institute has for <strong>{phone}</strong>.
              </p>
              <TextField label="OTP" value={otp} onChange={setOtp} error={otpError} inputMode="numeric" autoComplete="one-time-code" autoFocus />
            </>
          )}
          <button type="submit" className="btn btn-primary mt-2" disabled={busy} aria-busy={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {step === 'login' ? 'Login' : 'Verify'}
          </button>
          {step === 'otp' ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => { setStep('login'); setOtp(''); }}>
              Back
            </button>
          ) : null}
        </div>
      </form>
    </main>
  );
}

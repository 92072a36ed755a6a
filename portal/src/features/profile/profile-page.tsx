import type { AvatarContentType, BasicField, Profile } from '@invigil/shared/api/profile';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, MAX_ADDRESS_LENGTH, MAX_INSTITUTE_LENGTH, PHONE_PATTERN, PROFILE_MESSAGES, PROFILE_RULES } from '@invigil/shared/api/profile-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft, Pencil, User } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { TextField } from '../../ui/text-field';
import { logout as endServerSession } from '../auth/auth-api';
import { clearSession, currentUser, isLoggedIn, refreshUser, startSession } from '../auth/auth-state';
import { compressImage } from '../uploads/image-compress';
import { BASIC_FIELD_TITLES, EditBasicDialog } from './edit-basic-dialog';
import { fetchProfile, updateOther, uploadAvatar } from './profile-api';
import { errorMessage, fieldIssue, formatRupees, orNA } from './profile-messages';

/** Where the student signs in again; the login page returns to /profile after (spec section 8). */
export const LOG_IN_AGAIN_PATH = `/auth/login?nextUrl=${encodeURIComponent('/profile')}`;

function NotLoggedIn({ title }: { title: string }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <section className="card bg-base-100 shadow">
        <div className="card-body items-center gap-4 text-center">
          <p>{PROFILE_MESSAGES.notLoggedIn}</p>
          <Link href={LOG_IN_AGAIN_PATH} className="btn btn-primary">Student Login</Link>
        </div>
      </section>
    </main>
  );
}

/** The image type of a chosen file by its name and type: .png or .jpg (.jpeg) only (spec section 5). */
function avatarTypeOf(file: File): AvatarContentType | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'png' && (file.type === '' || file.type === 'image/png')) return 'image/png';
  if ((ext === 'jpg' || ext === 'jpeg') && (file.type === '' || file.type === 'image/jpeg')) return 'image/jpeg';
  return null;
}

function AvatarUpload({ onUploaded }: { onUploaded: () => void }) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    const type = avatarTypeOf(file);
    if (!type) {
      setProblem(PROFILE_MESSAGES.avatarType);
      showSnackbar(PROFILE_MESSAGES.updateFailed, { color: 'error' });
      input.value = '';
      return;
    }
    setProgress(0);
    try {
      // A large photo is made smaller (JPEG) rather than refused.
      const [image, contentType]: [Blob, AvatarContentType] = file.size > AVATAR_MAX_BYTES ? [await compressImage(file), 'image/jpeg'] : [file, type];
      await uploadAvatar(image, contentType, setProgress);
      showSnackbar(PROFILE_MESSAGES.updated, { color: 'success' });
      onUploaded();
    } catch (error) {
      setProblem(errorMessage(error));
      showSnackbar(PROFILE_MESSAGES.updateFailed, { color: 'error' });
    } finally {
      setProgress(null);
      input.value = '';
    }
  }

  return (
    <div className="form-control w-full max-w-xs">
      <label htmlFor={inputId} className="label pb-1">
        <span className="label-text font-medium text-base-content">Upload avatar (.png, .jpg)</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept={AVATAR_ACCEPT}
        className="file-input file-input-bordered file-input-sm w-full"
        onChange={(event) => void onChange(event)}
        disabled={progress !== null}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
      />
      {progress !== null ? (
        <progress className="progress progress-primary mt-2 w-full" value={Math.round(progress * 100)} max={100} aria-label="Avatar upload progress" />
      ) : null}
      {problem ? <p id={`${inputId}-problem`} className="mt-1 text-sm text-error" role="alert">{problem}</p> : null}
    </div>
  );
}

function OtherDetailsForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const addressId = useId();
  const [phone, setPhone] = useState(profile.phone);
  const [institute, setInstitute] = useState(profile.institute);
  const [address, setAddress] = useState(profile.address);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  const errors = {
    phone: phone.trim() === '' || PHONE_PATTERN.test(phone.trim()) ? null : PROFILE_RULES.phone,
    institute: institute.trim().length > MAX_INSTITUTE_LENGTH ? PROFILE_RULES.institute : null,
    address: address.trim().length > MAX_ADDRESS_LENGTH ? PROFILE_RULES.address : null,
  };
  const shown = (key: keyof typeof errors) => (submitted ? errors[key] : null) ?? fieldIssue(serverError, key);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (errors.phone || errors.institute || errors.address) return;
    setBusy(true);
    try {
      await updateOther({ phone: phone.trim(), institute: institute.trim(), address: address.trim() });
      showSnackbar(PROFILE_MESSAGES.updated, { color: 'success' });
      setSubmitted(false);
      onSaved();
    } catch (error) {
      setServerError(error);
      showSnackbar(PROFILE_MESSAGES.updateFailed, { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const addressError = shown('address');
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="other-details-heading">
      <form className="card-body gap-2 p-4 sm:p-6" onSubmit={onSubmit} noValidate>
        <h2 id="other-details-heading" className="card-title">Other details</h2>
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label="Phone" value={phone} onChange={setPhone} inputMode="numeric" autoComplete="tel" error={shown('phone')} />
          <TextField label="Institute" value={institute} onChange={setInstitute} autoComplete="organization" error={shown('institute')} />
        </div>
        <div className="form-control w-full">
          <label htmlFor={addressId} className="label pb-1">
            <span className="label-text font-medium text-base-content">Address</span>
          </label>
          <textarea
            id={addressId}
            className={`textarea textarea-bordered w-full ${addressError ? 'textarea-error' : ''}`}
            rows={3}
            value={address}
            autoComplete="street-address"
            aria-invalid={addressError ? true : undefined}
            aria-describedby={`${addressId}-note`}
            onChange={(event) => setAddress(event.target.value)}
          />
          {addressError ? (
            <p id={`${addressId}-note`} className="mt-1 text-sm text-error" role="alert">{addressError}</p>
          ) : (
            <p id={`${addressId}-note`} className="mt-1 text-sm opacity-80">{address.trim().length}/{MAX_ADDRESS_LENGTH} characters</p>
          )}
        </div>
        <p className="text-sm opacity-80">Your class is set by your institute.</p>
        {serverError && !fieldIssue(serverError, 'phone') && !fieldIssue(serverError, 'institute') && !fieldIssue(serverError, 'address') ? (
          <p className="text-sm text-error" role="alert">{errorMessage(serverError)}</p>
        ) : null}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save details
          </button>
        </div>
      </form>
    </section>
  );
}

function PurchaseHistory({ payments }: { payments: Profile['payments'] }) {
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="purchases-heading">
      <div className="card-body gap-2 p-4 sm:p-6">
        <h2 id="purchases-heading" className="card-title">Purchase history</h2>
        {payments.length === 0 ? (
          <p className="opacity-80">No purchases yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-xs sm:table-sm">
              <caption className="sr-only">Your merit point purchases, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Purchase Date</th>
                  <th scope="col" className="text-right">Meritpoints</th>
                  <th scope="col" className="text-right">Paid</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment, index) => (
                  <tr key={`${payment.created_at}-${index}`}>
                    <td className="sm:whitespace-nowrap">{formatDateTime(payment.created_at)}</td>
                    <td className="text-right tabular-nums">{payment.meritpoints}</td>
                    <td className="whitespace-nowrap text-right tabular-nums">{formatRupees(payment.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function ProfileView({ title }: { title: string }) {
  const [, navigate] = useLocation();
  const { data, failed, retry } = useRetryableLoad(fetchProfile, () => showSnackbar(PROFILE_MESSAGES.loadFailed, { color: 'error' }));
  const [editing, setEditing] = useState<BasicField | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const profile = data?.data ?? null;

  function closeEditor() {
    setEditing(null);
    // The dialog is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  }

  function onSaved(field: BasicField, saved: { value: string; token?: string }) {
    if (saved.token) startSession(saved.token);
    // The top bar shows the new name at once; GET /user then confirms it.
    if (field === 'name' && currentUser.value) currentUser.value = { ...currentUser.value, name: saved.value };
    void refreshUser();
    closeEditor();
    retry();
  }

  // Spec section 8: sign out, clear auth and token, 'Please log in again!' (blue), back to /profile after logging in.
  function onRecentLogin() {
    setEditing(null);
    endServerSession().catch(() => {});
    navigate(LOG_IN_AGAIN_PATH);
    clearSession();
    showSnackbar(PROFILE_MESSAGES.logInAgain, { color: 'info' });
  }

  function back() {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  }

  const editButton = (field: BasicField) => (
    <button
      type="button"
      className="btn btn-sm"
      onClick={(event) => {
        opener.current = event.currentTarget;
        setEditing(field);
      }}
    >
      <Pencil className="h-4 w-4" aria-hidden="true" />
      {BASIC_FIELD_TITLES[field]}
    </button>
  );

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <button type="button" className="btn btn-ghost btn-sm" onClick={back}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back
        </button>
      </div>
      {profile === null && !failed ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading profile">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : null}
      {profile === null && failed ? (
        <div className="alert alert-error flex flex-wrap" role="alert">
          <span>{PROFILE_MESSAGES.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={retry}>Retry</button>
        </div>
      ) : null}
      {profile ? (
        <div className="flex flex-col gap-4">
          <section className="card bg-base-100 shadow" aria-labelledby="profile-name">
            <div className="card-body gap-4 p-4 sm:flex-row sm:p-6">
              <div className="flex shrink-0 justify-center">
                {profile.avatar ? (
                  <img src={profile.avatar} alt="Your avatar" className="h-24 w-24 rounded-full object-cover" width={96} height={96} />
                ) : (
                  <span className="flex h-24 w-24 items-center justify-center rounded-full bg-base-200" role="img" aria-label="No avatar yet">
                    <User className="h-12 w-12" aria-hidden="true" />
                  </span>
                )}
              </div>
              <div className="grid min-w-0 flex-1 gap-3">
                <h2 id="profile-name" className="text-xl font-bold break-words">{profile.name}</h2>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="font-medium">Class</dt>
                  <dd>{orNA(profile.class)}</dd>
                  <dt className="font-medium">Phone</dt>
                  <dd>{orNA(profile.phone)}</dd>
                  <dt className="font-medium">Email</dt>
                  <dd className="break-all">{orNA(profile.email)}</dd>
                </dl>
                <div className="flex flex-wrap gap-2">
                  {editButton('name')}
                  {editButton('email')}
                  {editButton('password')}
                </div>
                <AvatarUpload onUploaded={retry} />
              </div>
            </div>
          </section>

          <section className="card bg-base-100 shadow" aria-labelledby="subjects-heading">
            <div className="card-body gap-2 p-4 sm:p-6">
              <h2 id="subjects-heading" className="card-title">Subjects</h2>
              {profile.subjects.length === 0 ? (
                <p>{PROFILE_MESSAGES.noSubjects}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {profile.subjects.map((subject) => (
                    <li key={subject.id} className="badge badge-outline h-auto py-1">{subject.name}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>

          <OtherDetailsForm profile={profile} onSaved={retry} />
          <PurchaseHistory payments={profile.payments} />
        </div>
      ) : null}
      {editing && profile ? (
        <EditBasicDialog
          field={editing}
          initial={editing === 'name' ? profile.name : editing === 'email' ? profile.email : ''}
          onClose={closeEditor}
          onSaved={onSaved}
          onRecentLogin={onRecentLogin}
        />
      ) : null}
    </main>
  );
}

/** Spec: Profile. The guard sends a signed-out visitor to the login page; the card is kept for completeness. */
export default function ProfilePage({ title }: { title: string }) {
  useSignals();
  if (!isLoggedIn.value) return <NotLoggedIn title={title} />;
  return <ProfileView title={title} />;
}

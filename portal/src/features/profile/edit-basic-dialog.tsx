import type { BasicField } from '@invigil/shared/api/profile';
import { EMAIL_PATTERN, PROFILE_MESSAGES, PROFILE_RULES } from '@invigil/shared/api/profile-messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { minChars, required, validate, type Rule } from '../auth/validation';
import { updateEmail, updateName, updatePassword } from './profile-api';
import { errorMessage, fieldIssue, needsRecentLogin } from './profile-messages';

const validEmail: Rule = (value) => (EMAIL_PATTERN.test(value.trim()) ? null : PROFILE_RULES.email);

export const BASIC_FIELD_TITLES: Record<BasicField, string> = { name: 'Edit name', email: 'Edit email', password: 'Edit password' };

export interface EditBasicDialogProps {
  field: BasicField;
  /** The current name or e-mail, to start from. */
  initial: string;
  onClose: () => void;
  /** After a successful change; a password change hands over this session's new token. */
  onSaved: (field: BasicField, saved: { value: string; token?: string }) => void;
  /** The server asked for a fresh sign-in (auth/requires-recent-login). */
  onRecentLogin: () => void;
}

/** The dialog that edits the name, the e-mail or the password, with the rules of spec section 5 shown inline. */
export function EditBasicDialog({ field, initial, onClose, onSaved, onRecentLogin }: EditBasicDialogProps) {
  const [value, setValue] = useState(field === 'password' ? '' : initial);
  const [current, setCurrent] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverIssue, setServerIssue] = useState<{ field: string; message: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // The native dialog opens in the Modal's effect (which runs first) and focuses its first
  // focusable element, the focus guard: the first field is what the student came to type in.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const rules: Rule[] = field === 'name' ? [required, minChars(3)] : field === 'email' ? [required, validEmail] : [required, minChars(6)];
  const valueError = validate(value, rules);
  const currentError = field === 'password' ? validate(current, [required, minChars(6)]) : null;
  const mainKey = field;
  const shown = (key: string, local: string | null) => (submitted ? local : null) ?? (serverIssue?.field === key ? serverIssue.message : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerIssue(null);
    // Spec: updates proceed only when the form is valid.
    if (valueError || currentError) return;
    setBusy(true);
    try {
      if (field === 'name') {
        await updateName({ name: value.trim() });
        onSaved(field, { value: value.trim() });
      } else if (field === 'email') {
        await updateEmail({ email: value.trim() });
        onSaved(field, { value: value.trim().toLowerCase() });
      } else {
        const reply = await updatePassword({ password: value, current_password: current });
        onSaved(field, { value: '', token: reply.token });
      }
      showSnackbar(PROFILE_MESSAGES.updated, { color: 'success' });
    } catch (error) {
      if (needsRecentLogin(error)) {
        onRecentLogin();
        return;
      }
      const issueKey = fieldIssue(error, 'current_password') ? 'current_password' : mainKey;
      setServerIssue({ field: issueKey, message: fieldIssue(error, issueKey) ?? errorMessage(error) });
      showSnackbar(errorMessage(error), { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const formId = `edit-${field}-form`;
  return (
    <Modal
      open
      title={BASIC_FIELD_TITLES[field]}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Save
          </button>
        </>
      }
    >
      <form ref={form} id={formId} className="grid gap-2" onSubmit={onSubmit} noValidate>
        {field === 'name' ? (
          <TextField label="Name" value={value} onChange={setValue} error={shown('name', valueError)} autoComplete="name" />
        ) : null}
        {field === 'email' ? (
          <TextField label="Email" type="email" inputMode="email" value={value} onChange={setValue} error={shown('email', valueError)} autoComplete="email" />
        ) : null}
        {field === 'password' ? (
          <>
            <TextField
              label="Current Password"
              type="password"
              value={current}
              onChange={setCurrent}
              error={shown('current_password', currentError)}
              autoComplete="current-password"
              hint={PROFILE_RULES.passwordHint}
            />
            <TextField
              label="New Password"
              type="password"
              value={value}
              onChange={setValue}
              error={shown('password', valueError)}
              autoComplete="new-password"
              hint={PROFILE_RULES.passwordHint}
            />
          </>
        ) : null}
        {field === 'email' || field === 'password' ? (
          <p className="text-sm opacity-80">For your safety, this needs a sign-in of the last few minutes; otherwise you will be asked to log in again.</p>
        ) : null}
      </form>
    </Modal>
  );
}

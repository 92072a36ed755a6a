import { REPORT_MAX_CHARS, REPORT_UNRESOLVED_MESSAGE } from '@invigil/shared/domain/constants';
import { reportTextError } from '@invigil/shared/domain/report-text';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { reportQuestion } from './review-api';

export const REPORT_SENT = 'Question reported. Thanks!';
export const REPORT_FAILED = 'Error submitting report!';

/**
 * The report-question dialog (spec section 5): not empty, at most 500 characters; an invalid
 * submit says 'Please resolve the report first!'. A native modal dialog, so focus stays inside
 * and Escape closes it.
 */
export function ReportDialog({ open, questionId, questionLabel, onClose }: { open: boolean; questionId: string; questionLabel: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = reportTextError(text);
  const shownError = touched ? error : null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  function close() {
    setText('');
    setTouched(false);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error) {
      showSnackbar(REPORT_UNRESOLVED_MESSAGE, { color: 'error' });
      return;
    }
    setBusy(true);
    try {
      await reportQuestion({ id: questionId, text });
      showSnackbar(REPORT_SENT, { color: 'success' });
      close();
    } catch {
      showSnackbar(REPORT_FAILED, { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`} onClose={() => open && close()}>
      <form className="modal-box flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold">Report question {questionLabel}</h2>
        <label htmlFor={`${id}-text`} className="font-medium">What is wrong with this question?</label>
        <textarea
          id={`${id}-text`}
          className={`textarea textarea-bordered h-32 w-full ${shownError ? 'textarea-error' : ''}`}
          value={text}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-count${shownError ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setTouched(true);
          }}
        />
        <div className="flex items-start justify-between gap-2 text-sm">
          {shownError ? <p id={`${id}-error`} className="text-error" role="alert">{shownError}</p> : <span />}
          <span id={`${id}-count`} className={`shrink-0 ${text.length > REPORT_MAX_CHARS ? 'text-error' : 'opacity-70'}`}>
            {text.length} / {REPORT_MAX_CHARS}
          </span>
        </div>
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={close}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Submit
          </button>
        </div>
      </form>
    </dialog>
  );
}

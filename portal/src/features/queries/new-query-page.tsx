import type { QueryType, Subject } from '@invigil/shared/api/queries';
import { QUERY_MESSAGES, queryMessageProblem } from '@invigil/shared/api/query-messages';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { AttachmentInput, attachmentProblem } from './attachment-input';
import { fetchQueryTypes, fetchSubjects, submitQuery, uploadIfAttached } from './queries-api';

/** Spec section 8: load failures of the query screens are only logged. */
const logLoadFailure = (error: unknown) => console.error('Loading the query types or subjects failed:', error);

async function loadChoices(): Promise<{ types: QueryType[]; subjects: Subject[] }> {
  const [types, subjects] = await Promise.all([fetchQueryTypes(), fetchSubjects()]);
  return { types: types.data, subjects: subjects.data };
}

function Field({ id, label, required, error, children }: { id: string; label: string; required?: boolean; error: string | null; children: ReactNode }) {
  return (
    <div className="w-full">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">
          {label}
          {required ? <span className="text-error" aria-hidden="true"> *</span> : null}
        </span>
      </label>
      <div>{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error" role="alert">{error}</p>
      ) : null}
    </div>
  );
}

/** /query-new: type, sub type, optional subject, the message and an attachment; SUBMIT and BACK (spec section 2). */
export default function NewQueryPage({ title }: { title: string }) {
  const [, navigate] = useLocation();
  const { data, failed, retry } = useRetryableLoad(loadChoices, logLoadFailure);
  const [typeId, setTypeId] = useState('');
  const [subTypeId, setSubTypeId] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const ids = { type: useId(), subType: useId(), subject: useId(), message: useId() };

  const type = data?.types.find((candidate) => candidate._id === typeId) ?? null;
  const problems = {
    type: typeId ? null : QUERY_MESSAGES.required,
    subType: subTypeId ? null : QUERY_MESSAGES.required,
    message: queryMessageProblem(message),
    file: attachmentProblem(file),
  };
  const shown = (field: keyof typeof problems) => (touched[field] ? problems[field] : null);
  const touch = (field: keyof typeof problems) => setTouched((before) => ({ ...before, [field]: true }));
  const describedBy = (field: keyof typeof problems, id: string) => (shown(field) ? `${id}-error` : undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setTouched({ type: true, subType: true, message: true, file: true });
    if (Object.values(problems).some((problem) => problem !== null) || !type) {
      window.alert(QUERY_MESSAGES.resolveFields);
      return;
    }
    setBusy(true);
    try {
      const attachment = await uploadIfAttached(file, 'Query');
      if (attachment === undefined) {
        window.alert(QUERY_MESSAGES.fileUploadFailedAlert);
        return;
      }
      const subType = type.sub_types.find((candidate) => candidate.id === subTypeId);
      const subject = data?.subjects.find((candidate) => candidate.id === subjectId) ?? null;
      try {
        await submitQuery({
          query: message.trim(),
          query_type_id: type._id,
          query_sub_type_id: subTypeId,
          query_type_name: type.name,
          query_sub_type_name: subType?.name ?? '',
          subject_id: subject?.id ?? null,
          subject_name: subject?.name ?? null,
          attachment,
        });
      } catch (error) {
        console.error('Query submit failed:', error);
        showSnackbar(QUERY_MESSAGES.submitFailed, { color: 'error' });
        return;
      }
      showSnackbar(QUERY_MESSAGES.submitted, { color: 'success' });
      navigate('/queries');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <form className="card bg-base-100 shadow" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={data === null && !failed}>
        <div className="card-body gap-3 p-4 sm:p-6">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={ids.type} label="Query Type" required error={shown('type')}>
              <select
                id={ids.type}
                className={`select select-bordered w-full ${shown('type') ? 'select-error' : ''}`}
                value={typeId}
                required
                aria-invalid={shown('type') ? true : undefined}
                aria-describedby={describedBy('type', ids.type)}
                onChange={(event) => {
                  setTypeId(event.target.value);
                  setSubTypeId('');
                }}
                onBlur={() => touch('type')}
              >
                <option value="">Select query type</option>
                {data?.types.map((option) => (
                  <option key={option._id} value={option._id}>{option.name}</option>
                ))}
              </select>
            </Field>
            <Field id={ids.subType} label="Sub Type" required error={shown('subType')}>
              <select
                id={ids.subType}
                className={`select select-bordered w-full ${shown('subType') ? 'select-error' : ''}`}
                value={subTypeId}
                required
                aria-invalid={shown('subType') ? true : undefined}
                aria-describedby={describedBy('subType', ids.subType)}
                onChange={(event) => setSubTypeId(event.target.value)}
                onBlur={() => touch('subType')}
              >
                <option value="">{type ? 'Select sub type' : 'Select a query type first'}</option>
                {type?.sub_types.map((option) => (
                  <option key={option.id} value={option.id}>{option.name}</option>
                ))}
              </select>
            </Field>
          </div>
          <Field id={ids.subject} label="Subject (optional)" error={null}>
            <select id={ids.subject} className="select select-bordered w-full sm:w-1/2" value={subjectId} onChange={(event) => setSubjectId(event.target.value)}>
              <option value="">No subject</option>
              {data?.subjects.map((option) => (
                <option key={option.id} value={option.id}>{option.name}</option>
              ))}
            </select>
          </Field>
          <Field id={ids.message} label="Message" required error={shown('message')}>
            <textarea
              id={ids.message}
              className={`textarea textarea-bordered h-36 w-full ${shown('message') ? 'textarea-error' : ''}`}
              value={message}
              required
              aria-invalid={shown('message') ? true : undefined}
              aria-describedby={describedBy('message', ids.message)}
              onChange={(event) => setMessage(event.target.value)}
              onBlur={() => touch('message')}
            />
          </Field>
          <AttachmentInput
            file={file}
            disabled={busy}
            error={shown('file')}
            onChange={(chosen) => {
              setFile(chosen);
              touch('file');
            }}
          />
          {failed ? (
            <div>
              <button type="button" className="btn btn-sm" onClick={retry}>Retry loading the query types</button>
            </div>
          ) : null}
          <div className="card-actions mt-2 justify-end">
            <button type="button" className="btn btn-ghost" onClick={() => navigate('/queries')}>BACK</button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              SUBMIT
            </button>
          </div>
        </div>
      </form>
    </main>
  );
}

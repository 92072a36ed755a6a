import type { StaffStudyAttachment, StaffStudyItemReply, StaffStudyOptions, StudyAttachmentInput, StudySubmissionRow } from '@invigil/shared/api/staff-study';
import { isStudyAttachmentType, STAFF_STUDY_MESSAGES, STAFF_STUDY_TYPE_LABELS, STAFF_STUDY_TYPES, STUDY_ATTACHMENT_TYPES, STUDY_DESCRIPTION_MAX, STUDY_TITLE_MAX, submittedText, takesSubmissions } from '@invigil/shared/api/staff-study-text';
import type { StaffStudyType } from '@invigil/shared/api/staff-study-text';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { Modal } from '../../ui/modal';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { SubmissionFilesView } from '../staff-grading/submission-files';
import { StaffLayout } from '../staff-shell/staff-layout';
import { deleteStudyItem, fetchStudyItem, fetchStudyOptions, issuesOf, messageOf, publishScores, saveStudyItem, uploadAttachment } from './staff-study-api';
import { dateTimeText, fromLocalInput, marksText, toLocalInput } from './study-text';

/** An attachment in the form: a stored file (its key) or a link; `url` opens it when known. */
interface FormAttachment {
  name: string;
  file: string | null;
  link: string | null;
  url: string | null;
  type: string;
}

interface ItemForm {
  type: StaffStudyType;
  title: string;
  description: string;
  classId: string;
  subjectId: string;
  due: string;
  maxMarks: string;
  attachments: FormAttachment[];
}

/** The class select's value for "Everyone". */
const EVERYONE = '__everyone';
const ACCEPT = Object.keys(STUDY_ATTACHMENT_TYPES).join(',');

const fromAttachment = (attachment: StaffStudyAttachment): FormAttachment => ({ name: attachment.name, file: attachment.file, link: attachment.link, url: attachment.url, type: attachment.type });

function formOf(reply: StaffStudyItemReply | null, options: StaffStudyOptions): ItemForm {
  if (!reply) {
    return { type: 'assignment', title: '', description: '', classId: options.classes[0]?.id ?? (options.everyone ? EVERYONE : ''), subjectId: options.subjects[0]?.id ?? '', due: '', maxMarks: '', attachments: [] };
  }
  const { item } = reply;
  return {
    type: item.type,
    title: item.title,
    description: item.description,
    classId: item.class_id ?? EVERYONE,
    subjectId: item.subject_id,
    due: item.due_at === null ? '' : toLocalInput(item.due_at),
    maxMarks: item.max_marks === null ? '' : marksText(item.max_marks),
    attachments: item.attachments.map(fromAttachment),
  };
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="label pb-1">
        <span className="label-text font-medium text-base-content">{label}</span>
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm opacity-80">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error: string | undefined, hint = false) => {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(ids ? { 'aria-describedby': ids } : {}), ...(error ? { 'aria-invalid': true } : {}) };
};

function ItemEditor({ reply, options, onSaved }: { reply: StaffStudyItemReply | null; options: StaffStudyOptions; onSaved: (saved: StaffStudyItemReply) => void }) {
  const ids = { type: useId(), title: useId(), description: useId(), classId: useId(), subjectId: useId(), due: useId(), maxMarks: useId(), upload: useId(), linkName: useId(), link: useId() };
  const [form, setForm] = useState<ItemForm>(() => formOf(reply, options));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [linkName, setLinkName] = useState('');
  const [link, setLink] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const submits = takesSubmissions(form.type);
  const locked = reply !== null && reply.item.submitted > 0;
  const set = (change: Partial<ItemForm>) => setForm((current) => ({ ...current, ...change }));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setErrors((current) => ({ ...current, upload: '' }));
    if (!isStudyAttachmentType(file.type)) {
      setErrors((current) => ({ ...current, upload: STAFF_STUDY_MESSAGES.attachmentType }));
      return;
    }
    const max = STUDY_ATTACHMENT_TYPES[file.type].maxBytes;
    if (file.size > max) {
      setErrors((current) => ({ ...current, upload: STAFF_STUDY_MESSAGES.attachmentTooLarge(max) }));
      return;
    }
    setUploading(file.name);
    try {
      const key = await uploadAttachment(file, file.type);
      setForm((current) => ({ ...current, attachments: [...current.attachments, { name: file.name, file: key, link: null, url: null, type: STUDY_ATTACHMENT_TYPES[file.type as keyof typeof STUDY_ATTACHMENT_TYPES].kind }] }));
    } catch (error) {
      setErrors((current) => ({ ...current, upload: messageOf(error) }));
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const addLink = () => {
    const trimmed = link.trim();
    let ok = false;
    try {
      ok = new URL(trimmed).protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) {
      setErrors((current) => ({ ...current, link: STAFF_STUDY_MESSAGES.httpsOnly }));
      document.getElementById(ids.link)?.focus();
      return;
    }
    setErrors((current) => ({ ...current, link: '' }));
    set({ attachments: [...form.attachments, { name: linkName.trim() || trimmed, file: null, link: trimmed, url: trimmed, type: 'link' }] });
    setLinkName('');
    setLink('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading) return;
    const local: Record<string, string> = {};
    if (!form.title.trim()) local['title'] = STAFF_STUDY_MESSAGES.titleRequired;
    const dueAt = fromLocalInput(form.due);
    if (submits && dueAt === null) local['due_at'] = STAFF_STUDY_MESSAGES.dueRequired;
    const maxMarks = form.maxMarks.trim() === '' ? null : Number(form.maxMarks);
    if (submits && maxMarks !== null && (!Number.isFinite(maxMarks) || maxMarks < 0.5 || !Number.isInteger(maxMarks * 2))) local['max_marks'] = STAFF_STUDY_MESSAGES.maxMarksRange;
    if (form.type === 'assignment' && maxMarks === null) local['max_marks'] = STAFF_STUDY_MESSAGES.maxMarksRequired;
    if (form.type === 'video-lecture' && form.attachments.length === 0) local['attachments'] = STAFF_STUDY_MESSAGES.videoLinkRequired;
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) {
      const first = Object.keys(local)[0];
      const target = first === 'due_at' ? ids.due : first === 'max_marks' ? ids.maxMarks : first === 'attachments' ? ids.upload : ids.title;
      document.getElementById(target)?.focus();
      return;
    }
    setSaving(true);
    try {
      const attachments: StudyAttachmentInput[] = form.attachments.map((attachment) => (attachment.file ? { name: attachment.name, file: attachment.file } : { name: attachment.name, link: attachment.link ?? '' }));
      const saved = await saveStudyItem(reply?.item.id ?? null, {
        type: form.type,
        title: form.title,
        description: form.description,
        class_id: form.classId === EVERYONE ? null : form.classId,
        subject_id: form.subjectId,
        due_at: submits ? dueAt : null,
        max_marks: submits ? maxMarks : null,
        attachments,
      });
      setForm(formOf(saved, options));
      onSaved(saved);
    } catch (error) {
      const issues = issuesOf(error);
      setErrors(Object.fromEntries(Object.entries(issues).map(([path, message]) => [path.startsWith('attachments') ? 'attachments' : path, message])));
      setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-labelledby="details-heading">
      <div className="grid gap-3 md:grid-cols-2">
        <Field id={ids.type} label="Type" error={errors['type']} {...(locked ? { hint: 'Students have handed in files: the type and class stay.' } : {})}>
          <select id={ids.type} className="select select-bordered w-full" value={form.type} disabled={locked} onChange={(event) => set({ type: event.target.value as StaffStudyType })} {...described(ids.type, errors['type'], locked)}>
            {STAFF_STUDY_TYPES.map((type) => (
              <option key={type} value={type}>
                {STAFF_STUDY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.title} label="Title" error={errors['title']}>
          <input id={ids.title} className="input input-bordered w-full" maxLength={STUDY_TITLE_MAX} value={form.title} onChange={(event) => set({ title: event.target.value })} {...described(ids.title, errors['title'])} />
        </Field>
        <Field id={ids.classId} label="Class" error={errors['class_id']}>
          <select id={ids.classId} className="select select-bordered w-full" value={form.classId} disabled={locked} onChange={(event) => set({ classId: event.target.value })} {...described(ids.classId, errors['class_id'])}>
            {options.everyone ? <option value={EVERYONE}>Everyone</option> : null}
            {options.classes.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.subjectId} label="Subject" error={errors['subject_id']}>
          <select id={ids.subjectId} className="select select-bordered w-full" value={form.subjectId} onChange={(event) => set({ subjectId: event.target.value })} {...described(ids.subjectId, errors['subject_id'])}>
            {options.subjects.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </Field>
        {submits ? (
          <>
            <Field id={ids.due} label="Due" error={errors['due_at']}>
              <input id={ids.due} type="datetime-local" className="input input-bordered w-full" value={form.due} onChange={(event) => set({ due: event.target.value })} {...described(ids.due, errors['due_at'])} />
            </Field>
            <Field id={ids.maxMarks} label={form.type === 'assignment' ? 'Max marks' : 'Max marks (optional)'} error={errors['max_marks']} hint="Half marks allowed.">
              <input id={ids.maxMarks} type="text" inputMode="decimal" className="input input-bordered w-full" value={form.maxMarks} onChange={(event) => set({ maxMarks: event.target.value })} {...described(ids.maxMarks, errors['max_marks'], true)} />
            </Field>
          </>
        ) : null}
      </div>
      <Field id={ids.description} label="Description" error={errors['description']} hint="Plain text: students see it as written, line breaks kept.">
        <textarea id={ids.description} className="textarea textarea-bordered w-full" rows={4} maxLength={STUDY_DESCRIPTION_MAX} value={form.description} onChange={(event) => set({ description: event.target.value })} {...described(ids.description, errors['description'], true)} />
      </Field>

      <fieldset className="rounded-box border border-base-300 p-3">
        <legend className="px-1 font-medium">Attachments</legend>
        {form.attachments.length === 0 ? (
          <p className="text-sm opacity-80">No attachments.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {form.attachments.map((attachment, index) => (
              <li key={`${attachment.file ?? attachment.link ?? ''}-${index}`} className="flex flex-wrap items-center gap-2">
                <span className="badge badge-ghost">{attachment.link ? 'Link' : attachment.type.toUpperCase()}</span>
                {attachment.url ? (
                  <a href={attachment.url} target="_blank" rel="noreferrer" className="link link-primary min-w-0 break-all">
                    {attachment.name}
                  </a>
                ) : (
                  <span className="min-w-0 break-all">{attachment.name} (uploaded, saved with the item)</span>
                )}
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => set({ attachments: form.attachments.filter((_, i) => i !== index) })}>
                  Remove<span className="sr-only"> {attachment.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <Field id={ids.upload} label="Upload a file" error={errors['upload'] || errors['attachments']} hint="A PDF (up to 25 MB), a PNG, JPEG or WebP image (up to 10 MB), or an MP4 or WebM video (up to 100 MB).">
            <input ref={fileInput} id={ids.upload} type="file" accept={ACCEPT} className="file-input file-input-bordered w-full" disabled={uploading !== null} onChange={(event) => void onFile(event.target.files?.[0])} {...described(ids.upload, errors['upload'] || errors['attachments'], true)} />
          </Field>
          <div className="flex min-w-0 flex-col gap-2">
            <Field id={ids.linkName} label="Link name">
              <input id={ids.linkName} className="input input-bordered w-full" value={linkName} onChange={(event) => setLinkName(event.target.value)} />
            </Field>
            <Field id={ids.link} label={form.type === 'video-lecture' ? 'Video link (https)' : 'Link (https)'} error={errors['link']}>
              <div className="flex gap-2">
                <input id={ids.link} type="url" className="input input-bordered min-w-0 flex-1" placeholder="https://" value={link} onChange={(event) => setLink(event.target.value)} {...described(ids.link, errors['link'])} />
                <button type="button" className="btn btn-outline" onClick={addLink}>
                  Add link
                </button>
              </div>
            </Field>
          </div>
        </div>
        {uploading ? (
          <p className="mt-2 text-sm" role="status">
            Uploading {uploading}…
          </p>
        ) : null}
      </fieldset>

      {failure ? (
        <p className="text-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving || uploading !== null}>
          {reply ? 'Save changes' : 'Publish'}
        </button>
        <Link href="/staff/study" className="btn btn-ghost">
          Back to study material
        </Link>
      </div>
    </form>
  );
}

function SubmissionsTable({ rows, label, onOpen }: { rows: StudySubmissionRow[]; label: string; onOpen: (row: StudySubmissionRow) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Submissions table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Submissions of {label}</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Submitted</th>
            <th scope="col">Files</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user_id}>
              <th scope="row" className="min-w-40 font-normal">
                <span className="font-semibold">{row.name}</span>
                <span className="block text-sm opacity-80">{row.reg_no}</span>
              </th>
              <td className="whitespace-nowrap">
                {row.submitted_at === null ? (
                  <span className="opacity-80">Not submitted</span>
                ) : (
                  <>
                    {dateTimeText(row.submitted_at)} {row.late ? <span className="badge badge-warning">Late</span> : null}
                  </>
                )}
              </td>
              <td className="whitespace-nowrap">
                {row.files.length === 0 ? (
                  '—'
                ) : (
                  <button type="button" className="btn btn-outline btn-xs" onClick={() => onOpen(row)}>
                    Open {row.files.length} file{row.files.length === 1 ? '' : 's'}
                    <span className="sr-only"> of {row.name}</span>
                  </button>
                )}
              </td>
              <td className="whitespace-nowrap">{row.score === null ? '—' : marksText(row.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemScreen({ id }: { id: string | null }) {
  const [, navigate] = useLocation();
  const [options, setOptions] = useState<StaffStudyOptions | null>(null);
  const [reply, setReply] = useState<StaffStudyItemReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<StudySubmissionRow | null>(null);
  const [confirming, setConfirming] = useState<'delete' | 'publish' | null>(null);
  const [withFiles, setWithFiles] = useState(false);
  const [busy, setBusy] = useState(false);
  const withFilesId = useId();

  useEffect(() => {
    const abort = new AbortController();
    fetchStudyOptions(abort.signal).then(setOptions, (error: unknown) => {
      if (!abort.signal.aborted) setFailure(messageOf(error));
    });
    if (id !== null) {
      fetchStudyItem(id, abort.signal).then(setReply, (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      });
    }
    return () => abort.abort();
  }, [id]);

  if (failure) {
    return (
      <div className="alert alert-error" role="alert">
        <span>{failure}</span>
        <Link href="/staff/study" className="btn btn-sm">
          Back to study material
        </Link>
      </div>
    );
  }
  if (!options || (id !== null && !reply)) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading the study item">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }
  if (options.classes.length === 0 && !options.everyone) {
    return <p className="rounded-box bg-base-100 px-4 py-10 text-center shadow">You have no classes yet: an admin assigns classes and subjects to you.</p>;
  }

  const item = reply?.item ?? null;
  const submits = item !== null && takesSubmissions(item.type);

  const remove = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await deleteStudyItem(item.id, withFiles);
      navigate('/staff/study');
    } catch (error) {
      setActionError(messageOf(error));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    if (!item) return;
    setBusy(true);
    try {
      const published = await publishScores(item.id);
      setReply(published);
      setNotice(published.message ?? 'Scores published.');
      setActionError(null);
    } catch (error) {
      setActionError(messageOf(error));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <>
      <p className="mb-2">
        <Link href="/staff/study" className="link link-primary">
          Back to study material
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">{item ? item.title : 'New study item'}</h1>
      {item ? (
        <p className="mt-1">
          {STAFF_STUDY_TYPE_LABELS[item.type]} · {item.class_name ?? 'Everyone'} · {item.subject_name} · published {dateTimeText(item.published_at)} by {item.author_name}
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {notice}
      </p>
      {notice ? <p className="mt-2 rounded-box bg-success/15 px-3 py-2">{notice}</p> : null}
      {actionError ? (
        <p className="mt-2 text-error" role="alert">
          {actionError}
        </p>
      ) : null}

      {item && submits && reply ? (
        <section aria-labelledby="submissions-heading" className="mt-4 rounded-box bg-base-100 p-4 shadow">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="submissions-heading" className="text-lg font-semibold">
              Submissions
            </h2>
            <div className="flex flex-wrap gap-2">
              {item.submitted > 0 ? (
                <Link href={`/staff/grading/assignments/${encodeURIComponent(item.id)}`} className="btn btn-primary btn-sm">
                  Grade submissions
                </Link>
              ) : null}
              {item.result_published ? (
                <span className="badge badge-success self-center">Scores published</span>
              ) : (
                <button type="button" className="btn btn-outline btn-sm" disabled={item.graded === 0} onClick={() => setConfirming('publish')}>
                  Publish scores
                </button>
              )}
            </div>
          </div>
          <p className="mt-1">
            {submittedText(item.submitted, item.audience)}, {item.graded} graded
            {item.due_at !== null ? `; due ${dateTimeText(item.due_at)}` : ''}
            {item.max_marks !== null ? `; out of ${marksText(item.max_marks)}` : ''}.
          </p>
          {reply.submissions.length === 0 ? <p className="mt-3 opacity-80">No students in this audience yet.</p> : <SubmissionsTable rows={reply.submissions} label={item.title} onOpen={setViewing} />}
        </section>
      ) : null}

      <section aria-labelledby="details-heading" className="mt-4 rounded-box bg-base-100 p-4 shadow">
        <h2 id="details-heading" className="mb-2 text-lg font-semibold">
          Details
        </h2>
        <ItemEditor
          key={item?.id ?? 'new'}
          reply={reply}
          options={options}
          onSaved={(saved) => {
            if (id === null) {
              navigate(`/staff/study/${encodeURIComponent(saved.item.id)}`, { replace: true });
              return;
            }
            setReply(saved);
            setNotice(saved.message ?? 'Saved.');
          }}
        />
      </section>

      {item ? (
        <section aria-labelledby="delete-heading" className="mt-4 rounded-box bg-base-100 p-4 shadow">
          <h2 id="delete-heading" className="text-lg font-semibold">
            Delete
          </h2>
          <p className="mt-1 text-sm">Students no longer see the item{submits ? '; their handed-in files and scores are deleted with it' : ''}.</p>
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm mt-2"
            onClick={() => {
              setWithFiles(false);
              setConfirming('delete');
            }}
          >
            Delete this item
          </button>
        </section>
      ) : null}

      <Modal open={viewing !== null} title={viewing ? `Files of ${viewing.name}` : ''} onClose={() => setViewing(null)} size="lg">
        {viewing ? <SubmissionFilesView files={viewing.files} label={viewing.name} /> : null}
      </Modal>
      <Modal
        open={confirming === 'publish'}
        title="Publish scores?"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void publish()}>
              Publish and notify
            </button>
          </>
        }
      >
        <p>
          {item?.graded ?? 0} graded student{item?.graded === 1 ? '' : 's'} will see their score and get a notification. Students can no longer change their files once scores are published.
        </p>
      </Modal>
      <Modal
        open={confirming === 'delete'}
        title="Delete this study item?"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-error" disabled={busy || ((item?.submitted ?? 0) > 0 && !withFiles)} onClick={() => void remove()}>
              Delete
            </button>
          </>
        }
      >
        <p>“{item?.title}” is removed from the students’ screens. This cannot be undone.</p>
        {(item?.submitted ?? 0) > 0 ? (
          <label htmlFor={withFilesId} className="mt-3 flex cursor-pointer items-start gap-2">
            <input id={withFilesId} type="checkbox" className="checkbox checkbox-error mt-0.5" checked={withFiles} onChange={(event) => setWithFiles(event.target.checked)} />
            <span>
              Also delete the files {item?.submitted} student{item?.submitted === 1 ? '' : 's'} handed in and their scores.
            </span>
          </label>
        ) : null}
      </Modal>
    </>
  );
}

/** /staff/study/new and /staff/study/:id (admin, teacher): publish or edit an item; its audience's submissions, grading and scores. */
export default function StudyItemPage(_props: ScreenProps) {
  const params = useParams<{ id?: string }>();
  const id = params.id ?? null;
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <ItemScreen key={id ?? 'new'} id={id} />
      </main>
    </StaffLayout>
  );
}

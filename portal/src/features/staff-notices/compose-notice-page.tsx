import type { NoticeAudience, NoticeAudiencesReply, NoticeComposeRequest, NoticeKind, NoticePreviewReply } from '@invigil/shared/api/staff-notices';
import { NOTICE_AUDIENCE_LABELS, NOTICE_AUDIENCES, NOTICE_CONTENT_MAX, NOTICE_KIND_HINTS, NOTICE_KIND_LABELS, NOTICE_KINDS, NOTICE_LINKS_MAX, NOTICE_TITLE_MAX } from '@invigil/shared/api/staff-notices-text';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchAudiences, previewNotice, sendNotice } from './staff-notices-api';

type Field = 'kind' | 'audience' | 'audienceId' | 'title' | 'content' | 'links';

/** The server's field errors (422 issues) by field; anything else under 'form'. */
function errorsOf(error: unknown): Partial<Record<Field | 'form', string>> {
  const issues = error instanceof ApiError && typeof error.data === 'object' && error.data !== null ? (error.data as { issues?: { path: string; message: string }[] }).issues : undefined;
  const known = new Set<string>(['kind', 'audience', 'audienceId', 'title', 'content', 'links']);
  const found: Partial<Record<Field | 'form', string>> = {};
  for (const issue of issues ?? []) {
    const field = issue.path.split('.')[0] ?? '';
    if (known.has(field) && !found[field as Field]) found[field as Field] = issue.message;
  }
  if (Object.keys(found).length === 0) found.form = error instanceof Error && error.message ? error.message : 'Something went wrong!';
  return found;
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} className="mt-1 text-sm text-error">{text}</p> : null;
}

/**
 * The paperclip the student's list shows beside an attachment, drawn here: importing lucide's
 * icon from staff code would split it out of the student's chunks into one shared with the staff.
 */
function PaperclipMark() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="h-4 w-4 flex-none" aria-hidden="true">
      <path d="m16 6-8.414 8.586a2 2 0 0 0 2.829 2.829l8.414-8.586a4 4 0 1 0-5.657-5.657l-8.379 8.551a6 6 0 1 0 8.485 8.485l8.379-8.551" />
    </svg>
  );
}

/** Exactly what the student's notifications list or notice card shows (the same parts, the same text). */
function StudentPreview({ preview, kind }: { preview: NoticePreviewReply; kind: NoticeKind }) {
  return (
    <section aria-labelledby="notice-preview-title" className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="notice-preview-title" className="text-lg font-bold">Preview</h2>
      <p className="text-sm">
        As the student sees it in {kind === 'notification' ? 'their notifications' : 'the notice board'}. It will reach <strong>{preview.audienceSize} student{preview.audienceSize === 1 ? '' : 's'}</strong> ({preview.audienceName}).
      </p>
      <div className="mt-3 rounded-box bg-base-200 p-3">
        <p className="break-words font-bold">{preview.title}</p>
        <p className="text-sm opacity-80">just now</p>
        <p className="mt-2 whitespace-pre-line break-words">{preview.text}</p>
        {preview.links.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1" aria-label="Attachments">
            {preview.links.map((url) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1 break-all">
                  <PaperclipMark />{url}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** /staff/notices/new: kind, audience (everyone, a class, a student), title, message, links; Preview, then Send. */
export default function ComposeNoticePage({ title }: ScreenProps) {
  const ids = { title: useId(), content: useId(), links: useId(), classId: useId(), search: useId(), student: useId(), err: useId() };
  const [, navigate] = useLocation();
  const [kind, setKind] = useState<NoticeKind>('notification');
  const [audience, setAudience] = useState<NoticeAudience>('class');
  const [classId, setClassId] = useState('');
  const [studentId, setStudentId] = useState('');
  const [search, setSearch] = useState('');
  const [heading, setHeading] = useState('');
  const [content, setContent] = useState('');
  const [links, setLinks] = useState('');
  const [options, setOptions] = useState<NoticeAudiencesReply | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [preview, setPreview] = useState<NoticePreviewReply | null>(null);
  const [busy, setBusy] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchAudiences(search.trim(), abort.signal).then(setOptions, () => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [search]);

  // Anything changed after a preview needs a new one before sending.
  useEffect(() => setPreview(null), [kind, audience, classId, studentId, heading, content, links]);

  const request = (): NoticeComposeRequest => ({
    kind,
    audience,
    audienceId: audience === 'class' ? classId || null : audience === 'student' ? studentId || null : null,
    title: heading,
    content,
    links: links.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
  });

  async function run(action: 'preview' | 'send') {
    setBusy(true);
    setErrors({});
    try {
      if (action === 'preview') {
        setPreview(await previewNotice(request()));
        setTimeout(() => previewRef.current?.focus(), 0);
      } else {
        const sent = await sendNotice(request());
        showSnackbar(sent.message, { color: 'success' });
        navigate('/staff/notices');
      }
    } catch (error) {
      const found = errorsOf(error);
      setErrors(found);
      setPreview(null);
      const first = (['title', 'content', 'links', 'audienceId'] as const).find((field) => found[field]);
      const focusId = first === 'title' ? ids.title : first === 'content' ? ids.content : first === 'links' ? ids.links : first === 'audienceId' ? (audience === 'class' ? ids.classId : ids.search) : null;
      if (focusId) document.getElementById(focusId)?.focus();
    } finally {
      setBusy(false);
    }
  }

  const described = (field: Field, id: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
  const everyoneAllowed = options?.everyone ?? false;

  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-3xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <form
          className="flex flex-col gap-4 rounded-box bg-base-100 p-4 shadow"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(preview ? 'send' : 'preview');
          }}
        >
          <fieldset>
            <legend className="mb-1 font-medium">Kind</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {NOTICE_KINDS.map((each) => (
                <label key={each} className="flex cursor-pointer items-center gap-2">
                  <input type="radio" className="radio radio-primary" name="kind" value={each} checked={kind === each} onChange={() => setKind(each)} />
                  {NOTICE_KIND_LABELS[each]}
                </label>
              ))}
            </div>
            <p className="mt-1 text-sm">{NOTICE_KIND_HINTS[kind]}</p>
          </fieldset>

          <fieldset>
            <legend className="mb-1 font-medium">Send to</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {NOTICE_AUDIENCES.filter((each) => each !== 'all' || everyoneAllowed).map((each) => (
                <label key={each} className="flex cursor-pointer items-center gap-2">
                  <input type="radio" className="radio radio-primary" name="audience" value={each} checked={audience === each} onChange={() => setAudience(each)} />
                  {NOTICE_AUDIENCE_LABELS[each]}
                </label>
              ))}
            </div>
            {audience === 'class' ? (
              <div className="mt-2 flex max-w-sm flex-col">
                <label htmlFor={ids.classId} className="label pb-1"><span className="label-text font-medium text-base-content">Class</span></label>
                <select id={ids.classId} className="select select-bordered w-full" value={classId} onChange={(event) => setClassId(event.target.value)} {...described('audienceId', ids.classId)}>
                  <option value="">Choose a class</option>
                  {options?.classes.map((item) => <option key={item.id} value={item.id}>{item.name} ({item.students} student{item.students === 1 ? '' : 's'})</option>)}
                </select>
                <FieldError id={`${ids.classId}-error`} text={errors.audienceId} />
              </div>
            ) : null}
            {audience === 'student' ? (
              <div className="mt-2 flex max-w-sm flex-col">
                <label htmlFor={ids.search} className="label pb-1"><span className="label-text font-medium text-base-content">Find a student</span></label>
                <input id={ids.search} type="search" className="input input-bordered w-full" placeholder="Name or reg. no." value={search} onChange={(event) => setSearch(event.target.value)} {...described('audienceId', ids.search)} />
                <label htmlFor={ids.student} className="label pb-1"><span className="label-text font-medium text-base-content">Student</span></label>
                <select id={ids.student} className="select select-bordered w-full" value={studentId} onChange={(event) => setStudentId(event.target.value)}>
                  <option value="">{options && options.students.length === 0 ? 'No student matches' : 'Choose a student'}</option>
                  {options?.students.map((item) => <option key={item.id} value={item.id}>{item.name} ({item.regNo}{item.className ? `, ${item.className}` : ''})</option>)}
                </select>
                <FieldError id={`${ids.search}-error`} text={errors.audienceId} />
              </div>
            ) : null}
          </fieldset>

          <div>
            <label htmlFor={ids.title} className="label pb-1"><span className="label-text font-medium text-base-content">Title</span></label>
            <input id={ids.title} className="input input-bordered w-full" maxLength={NOTICE_TITLE_MAX} value={heading} onChange={(event) => setHeading(event.target.value)} {...described('title', ids.title)} />
            <FieldError id={`${ids.title}-error`} text={errors.title} />
          </div>
          <div>
            <label htmlFor={ids.content} className="label pb-1"><span className="label-text font-medium text-base-content">Message</span></label>
            <textarea id={ids.content} className="textarea textarea-bordered min-h-36 w-full" maxLength={NOTICE_CONTENT_MAX} value={content} onChange={(event) => setContent(event.target.value)} aria-describedby={`${ids.content}-hint${errors.content ? ` ${ids.content}-error` : ''}`} {...(errors.content ? { 'aria-invalid': true } : {})} />
            <p id={`${ids.content}-hint`} className="mt-1 text-sm">Plain text: a blank line starts a new paragraph. {content.length} / {NOTICE_CONTENT_MAX}</p>
            <FieldError id={`${ids.content}-error`} text={errors.content} />
          </div>
          <div>
            <label htmlFor={ids.links} className="label pb-1"><span className="label-text font-medium text-base-content">Attachments (optional)</span></label>
            <textarea id={ids.links} className="textarea textarea-bordered w-full" rows={2} value={links} onChange={(event) => setLinks(event.target.value)} placeholder="https://…" aria-describedby={`${ids.links}-hint${errors.links ? ` ${ids.links}-error` : ''}`} {...(errors.links ? { 'aria-invalid': true } : {})} />
            <p id={`${ids.links}-hint`} className="mt-1 text-sm">Web addresses of files or pages, one a line (at most {NOTICE_LINKS_MAX}); the student opens them from the message.</p>
            <FieldError id={`${ids.links}-error`} text={errors.links} />
          </div>

          {errors.form ? <p className="text-error" role="alert">{errors.form}</p> : null}

          <div ref={previewRef} tabIndex={-1} className="outline-none">
            {preview ? <StudentPreview preview={preview} kind={kind} /> : null}
          </div>

          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn" onClick={() => navigate('/staff/notices')}>Cancel</button>
            <button type="button" className={preview ? 'btn btn-outline' : 'btn btn-primary'} disabled={busy} onClick={() => void run('preview')}>Preview</button>
            <button type="button" className="btn btn-primary" disabled={busy || preview === null} onClick={() => void run('send')} aria-describedby={preview ? undefined : ids.err}>Send</button>
          </div>
          {preview ? null : <p id={ids.err} className="-mt-2 text-right text-sm">Preview it first, then Send.</p>}
        </form>
      </main>
    </StaffLayout>
  );
}

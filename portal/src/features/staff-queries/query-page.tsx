import type { StaffQueryReply } from '@invigil/shared/api/staff-queries';
import { ageText, STAFF_QUERY_ATTACHMENT_ACCEPT, STAFF_QUERY_ATTACHMENT_MAX_BYTES, STAFF_QUERY_MESSAGES, STAFF_QUERY_REPLY_MAX } from '@invigil/shared/api/staff-queries-text';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchQuery, sendReply, setQueryStatus } from './staff-queries-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const newRequestId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

function Thread({ data }: { data: StaffQueryReply }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation">
      {data.thread.map((post, index) => (
        <li key={post.id} className={`rounded-box border p-3 ${post.author === 'institute' ? 'border-primary/40 bg-primary/5 sm:ml-8' : 'border-base-300 bg-base-100 sm:mr-8'}`}>
          <p className="text-sm">
            <strong>{post.name}</strong> {post.author === 'institute' ? '(institute)' : '(student)'}
            {index === 0 ? ' asked' : ' replied'}, <time dateTime={new Date(post.createdAt).toISOString()}>{formatDateTime(post.createdAt)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{post.content}</p>
          {post.attachment ? (
            <a href={post.attachment} target="_blank" rel="noopener noreferrer" className="link link-primary mt-1 inline-flex items-center gap-1">
              Open the attachment<span className="sr-only"> from {post.name}</span>
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** /staff/queries/:id: the thread, a reply with an optional attachment, close and reopen (confirmed). */
export default function QueryPage({ title }: ScreenProps) {
  const { id = '' } = useParams<{ id: string }>();
  const ids = { reply: useId(), file: useId() };
  const [data, setData] = useState<StaffQueryReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<{ reply?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const requestId = useRef(newRequestId());
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchQuery(id, abort.signal).then(setData, (error: unknown) => {
      if (!abort.signal.aborted) setFailure(messageOf(error));
    });
    return () => abort.abort();
  }, [id]);

  async function submit() {
    const problems: { reply?: string; file?: string } = {};
    if (content.trim() === '') problems.reply = STAFF_QUERY_MESSAGES.replyRequired;
    if (file && !STAFF_QUERY_ATTACHMENT_ACCEPT.split(',').includes(file.type)) problems.file = STAFF_QUERY_MESSAGES.attachmentType;
    else if (file && file.size > STAFF_QUERY_ATTACHMENT_MAX_BYTES) problems.file = STAFF_QUERY_MESSAGES.attachmentTooLarge;
    setFieldError(problems);
    if (problems.reply || problems.file) {
      document.getElementById(problems.reply ? ids.reply : ids.file)?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = await sendReply(id, { content: content.trim(), requestId: requestId.current, file });
      setData(next);
      setContent('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      requestId.current = newRequestId();
      showSnackbar(STAFF_QUERY_MESSAGES.replied, { color: 'success' });
    } catch (error) {
      setFieldError({ reply: messageOf(error) });
      document.getElementById(ids.reply)?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function toggle() {
    if (!data) return;
    setBusy(true);
    try {
      const next = await setQueryStatus(id, data.query.status === 'open' ? 'closed' : 'open');
      setData(next);
      showSnackbar(next.message ?? '', { color: 'success' });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const query = data?.query;
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-4xl px-4 py-6">
        <Link href="/staff/queries" className="link mb-2 inline-flex items-center gap-1"><ArrowLeft className="h-4 w-4" aria-hidden="true" />All queries</Link>
        <h1 className="mb-1 text-2xl font-bold">{query ? `${title}: ${query.subject}` : title}</h1>
        {failure ? <p className="my-2 text-error" role="alert">{failure}</p> : null}
        {!data || !query ? (
          failure ? null : <p className="py-10 text-center" role="status">Loading the query…</p>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <span className={`badge ${query.status === 'open' ? 'badge-warning' : 'badge-ghost'}`}>{query.status === 'open' ? 'Open' : 'Closed'}</span>
              <span>{query.studentName} ({query.regNo}{query.className ? `, ${query.className}` : ''})</span>
              <span>{query.typeName} / {query.subTypeName}{query.subjectName ? ` / ${query.subjectName}` : ''}</span>
              <span>Asked {ageText(query.createdAt, Date.now())} ago</span>
              <button type="button" className="btn btn-sm btn-outline ml-auto" disabled={busy} onClick={() => setConfirming(true)}>{query.status === 'open' ? 'Close query' : 'Reopen query'}</button>
            </div>
            <Thread data={data} />
            {query.status === 'open' ? (
              <form
                className="mt-6 flex flex-col gap-3 rounded-box bg-base-100 p-4 shadow"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
              >
                <h2 className="text-lg font-bold">Reply</h2>
                <div>
                  <label htmlFor={ids.reply} className="label pb-1"><span className="label-text font-medium text-base-content">Your reply</span></label>
                  <textarea id={ids.reply} className="textarea textarea-bordered min-h-28 w-full" maxLength={STAFF_QUERY_REPLY_MAX} value={content} onChange={(event) => setContent(event.target.value)} {...(fieldError.reply ? { 'aria-invalid': true, 'aria-describedby': `${ids.reply}-error` } : {})} />
                  {fieldError.reply ? <p id={`${ids.reply}-error`} className="mt-1 text-sm text-error">{fieldError.reply}</p> : null}
                </div>
                <div>
                  <label htmlFor={ids.file} className="label pb-1"><span className="label-text font-medium text-base-content">Attachment (optional: PDF, PNG or JPEG)</span></label>
                  <input id={ids.file} ref={fileInput} type="file" className="file-input file-input-bordered w-full max-w-md" accept={STAFF_QUERY_ATTACHMENT_ACCEPT} onChange={(event) => setFile(event.target.files?.[0] ?? null)} {...(fieldError.file ? { 'aria-invalid': true, 'aria-describedby': `${ids.file}-error` } : {})} />
                  {fieldError.file ? <p id={`${ids.file}-error`} className="mt-1 text-sm text-error">{fieldError.file}</p> : null}
                </div>
                <div className="flex justify-end">
                  <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Sending…' : 'Send reply'}</button>
                </div>
              </form>
            ) : (
              <p className="mt-6">This query is closed: reopen it to reply.</p>
            )}
            <Modal
              open={confirming}
              title={query.status === 'open' ? 'Close this query?' : 'Reopen this query?'}
              onClose={() => setConfirming(false)}
              actions={
                <>
                  <button type="button" className="btn" onClick={() => setConfirming(false)}>Cancel</button>
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void toggle()}>{query.status === 'open' ? 'Yes, close it' : 'Yes, reopen it'}</button>
                </>
              }
            >
              <p>{query.status === 'open' ? 'The student sees it closed and can no longer reply; you can reopen it later.' : 'The student can reply again.'} They are notified.</p>
            </Modal>
          </>
        )}
      </main>
    </StaffLayout>
  );
}

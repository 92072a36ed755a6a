import type { QueryRecord } from '@invigil/shared/api/queries';
import { QUERY_MESSAGES, replyFailed, replyProblem } from '@invigil/shared/api/query-messages';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import { LoadingBlock } from '../results/page-status';
import { useRouteId } from '../results/use-route-id';
import { AttachmentInput, attachmentProblem } from './attachment-input';
import { queryCall, replyToQuery, uploadIfAttached } from './queries-api';
import { AttachmentLink, StatusChip } from './query-parts';

type Loaded = { id: string; record: QueryRecord } | { id: string; notFound: string } | { id: string; failed: true };

/** The thread: SN, Post By, Content (with its attachment), Time (spec section 2). */
function Thread({ record }: { record: QueryRecord }) {
  if (record.engagements.length === 0) return <p className="py-4 opacity-80">No replies yet.</p>;
  return (
    <table className="table">
      <caption className="sr-only">Replies, oldest first</caption>
      <thead>
        <tr>
          <th scope="col" className="hidden sm:table-cell">SN</th>
          <th scope="col">Post By</th>
          <th scope="col">Content</th>
          <th scope="col" className="hidden sm:table-cell">Time</th>
        </tr>
      </thead>
      <tbody>
        {record.engagements.map((item, i) => (
          <tr key={`${item.created_at}-${i}`} className="align-top">
            <td className="hidden sm:table-cell">{i + 1}</td>
            <th scope="row" className="font-semibold">
              {item.post_by_name}
              <span className="block text-xs font-normal opacity-80 sm:hidden">{formatDateTime(item.created_at)}</span>
            </th>
            <td className="break-words">
              <p className="whitespace-pre-line">{item.content}</p>
              {item.attachment ? <AttachmentLink href={item.attachment} /> : null}
            </td>
            <td className="hidden whitespace-nowrap sm:table-cell">{formatDateTime(item.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The reply box with an attachment and SUBMIT, while the query is open (spec sections 2, 5, 8). */
function ReplyForm({ id, onReplied }: { id: string; onReplied: () => void }) {
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const fileProblem = attachmentProblem(file);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = replyProblem(content);
    if (problem) {
      window.alert(problem);
      return;
    }
    if (fileProblem) return;
    setBusy(true);
    try {
      const attachment = await uploadIfAttached(file, 'Reply');
      if (attachment === undefined) {
        showSnackbar(QUERY_MESSAGES.fileUploadFailedSnackbar, { color: 'error' });
        return;
      }
      try {
        await replyToQuery(id, { content: content.trim(), attachment });
      } catch (error) {
        showSnackbar(replyFailed(error instanceof Error ? error.message : String(error)), { color: 'error' });
        return;
      }
      showSnackbar(QUERY_MESSAGES.replySubmitted, { color: 'success' });
      setContent('');
      setFile(null);
      setFileKey((n) => n + 1);
      onReplied();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-4 flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`} className="text-lg font-bold">Reply</h2>
      <div>
        <label htmlFor={fieldId} className="label pb-1">
          <span className="label-text font-medium text-base-content">Your reply</span>
        </label>
        <textarea id={fieldId} className="textarea textarea-bordered h-28 w-full" value={content} onChange={(event) => setContent(event.target.value)} />
      </div>
      <AttachmentInput key={fileKey} file={file} onChange={setFile} error={fileProblem} disabled={busy} />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          SUBMIT
        </button>
      </div>
    </form>
  );
}

/** /queries/{id}: the query, its thread, and the reply box while open or 'The query is closed!' and BACK. */
export default function QueryPage({ title }: { title: string }) {
  const id = useRouteId('/queries/:id');
  const [, navigate] = useLocation();
  const { early, skipLoad } = useEarlyReply(() => queryCall(id).settled());
  const [loaded, setLoaded] = useState<Loaded | null>(early ? { id, record: early.value } : null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    queryCall(id)().then(
      (record) => {
        if (alive) setLoaded({ id, record });
      },
      (error: unknown) => {
        if (!alive) return;
        // Spec section 8: load failures are only logged; a query that is not the student's is said so.
        console.error('Loading the query failed:', error);
        if (error instanceof ApiError && error.status === 404) setLoaded({ id, notFound: error.message });
        else setLoaded({ id, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, attempt, skipLoad]);

  const current = loaded?.id === id ? loaded : null;
  const record = current && 'record' in current ? current.record : null;

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <Link href="/queries" className="link mb-2 inline-flex items-center gap-1 text-sm">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />Queries
      </Link>
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      {current === null ? <LoadingBlock label="Loading the query" /> : null}
      {current && 'notFound' in current ? <p className="py-10 text-center text-lg">{current.notFound}</p> : null}
      {current && 'failed' in current ? (
        <div className="flex justify-center py-10">
          <button type="button" className="btn" onClick={reload}>Retry</button>
        </div>
      ) : null}
      {record ? (
        <>
          <section className="card bg-base-100 shadow" aria-label="The query">
            <div className="card-body gap-2 p-4 sm:p-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {record.query_type_name} / {record.query_sub_type_name}
                  {record.subject_name ? <span className="font-normal"> · {record.subject_name}</span> : null}
                </p>
                <StatusChip status={record.status} />
              </div>
              <p className="text-sm opacity-80">
                {record.request_by_name}, {formatDateTime(record.created_at)}
              </p>
              <p className="whitespace-pre-line break-words">{record.query}</p>
              {record.attachment ? <AttachmentLink href={record.attachment} /> : null}
            </div>
          </section>
          <section className="card mt-4 bg-base-100 shadow" aria-labelledby="thread-heading">
            <div className="card-body p-4 sm:p-6">
              <h2 id="thread-heading" className="text-lg font-bold">Thread</h2>
              <Thread record={record} />
              {record.status === 'open' ? (
                <ReplyForm id={record._id} onReplied={reload} />
              ) : (
                <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold" role="status">{QUERY_MESSAGES.closed}</p>
                  <button type="button" className="btn" onClick={() => navigate('/queries')}>BACK</button>
                </div>
              )}
            </div>
          </section>
        </>
      ) : null}
    </main>
  );
}

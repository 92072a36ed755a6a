import type { SubmissionQueueEntry, SubmissionQueueReply, SubmissionReply } from '@invigil/shared/api/staff-study';
import { studyMarksProblem } from '@invigil/shared/api/staff-study-text';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../lib/api-client';
import type { ScreenProps } from '../../lib/screen-props';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchSubmission, fetchSubmissionQueue, saveScore } from '../staff-study/staff-study-api';
import { gradingKeyAction, parseMarks, progressText, SUBMISSION_KEYS } from './grading-keys';
import { isControl, isTextField, KeyboardHelp } from './grading-parts';
import { SubmissionFilesView } from './submission-files';
import { whenText } from './grading-time';

interface ScoreForm {
  marks: string;
  comment: string;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const entryKey = (userId: string, names: boolean) => `${userId}:${names ? 1 : 0}`;
const formOf = (reply: SubmissionReply): ScoreForm => (reply.score ? { marks: String(reply.score.marks), comment: reply.score.comment } : { marks: '', comment: '' });

function GradeScreen({ itemId }: { itemId: string }) {
  const namesId = useId();
  const marksId = useId();
  const commentId = useId();
  const [names, setNames] = useState(false);
  const [queue, setQueue] = useState<SubmissionQueueReply | null>(null);
  const [queueError, setQueueError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [forms, setForms] = useState<Record<string, ScoreForm>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const loaded = useRef(new Map<string, SubmissionReply>());
  const loading = useRef(new Map<string, Promise<SubmissionReply>>());
  const [loadError, setLoadError] = useState<string | null>(null);
  // After moving on, focus goes to the submission's heading: keys work at once and a screen reader says which it is.
  const focusHeading = useRef(false);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setQueueError(null);
    fetchSubmissionQueue(itemId, names, abort.signal).then(
      (reply) => {
        setQueue(reply);
        // The same submission stays on screen (Show names); else the first one still to grade.
        const same = shown.current ? reply.entries.findIndex((entry) => entry.user_id === shown.current) : -1;
        const firstOpen = reply.entries.findIndex((entry) => !entry.graded);
        setIndex(same >= 0 ? same : Math.max(0, firstOpen));
      },
      (failure: unknown) => {
        if (!abort.signal.aborted) setQueueError(messageOf(failure));
      },
    );
    return () => abort.abort();
  }, [itemId, names]);

  const load = useCallback(
    (entry: SubmissionQueueEntry, fresh = false): Promise<SubmissionReply> => {
      const key = entryKey(entry.user_id, names);
      const pending = loading.current.get(key);
      if (pending && !fresh) return pending;
      const promise = fetchSubmission(itemId, entry.user_id, names).then((reply) => {
        loaded.current.set(key, reply);
        for (const file of reply.files) {
          if (file.category !== 'image') continue;
          const image = new Image();
          image.src = file.url;
        }
        bump();
        return reply;
      });
      promise.catch(() => loading.current.delete(key));
      loading.current.set(key, promise);
      return promise;
    },
    [itemId, names],
  );

  const entries = queue?.entries ?? null;
  const entry = entries?.[index];
  const key = entry ? entryKey(entry.user_id, names) : '';
  if (entry) shown.current = entry.user_id;
  const submission = entry ? (loaded.current.get(key) ?? null) : null;

  useEffect(() => {
    if (!entries || !entry) return;
    setLoadError(null);
    load(entry).catch((failure: unknown) => setLoadError(messageOf(failure)));
    for (const offset of [1, -1]) {
      const other = entries[index + offset];
      if (other) load(other).catch(() => undefined);
    }
  }, [entries, entry, index, load]);

  useEffect(() => {
    if (!submission || !focusHeading.current) return;
    focusHeading.current = false;
    document.getElementById('submission-heading')?.focus({ preventScroll: true });
  }, [submission]);

  const form = submission ? (forms[key] ?? formOf(submission)) : null;
  const setForm = (change: Partial<ScoreForm>) => {
    if (!form) return;
    setForms((current) => ({ ...current, [key]: { ...form, ...change } }));
  };

  const go = (to: number) => {
    if (!entries || entries.length === 0) return;
    if (to < 0) return setNotice('This is the first submission.');
    if (to >= entries.length) return setNotice('That was the last submission.');
    setError(null);
    setNotice('');
    focusHeading.current = true;
    setIndex(to);
  };

  const save = async (andNext: boolean) => {
    if (!submission || !entry || !form || saving || !queue) return;
    const max = submission.max_marks;
    const marks = parseMarks(form.marks);
    const problem = max === null ? 'Set the max marks of this item before grading it.' : marks === null ? 'Enter the marks for this submission.' : studyMarksProblem(marks, max);
    if (problem !== null || marks === null) {
      setError(problem);
      document.getElementById(marksId)?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const reply = await saveScore(itemId, entry.user_id, { marks, comment: form.comment, base_graded_at: submission.score?.graded_at ?? null }, names);
      loaded.current.set(key, reply);
      setForms((current) => {
        const next = { ...current };
        delete next[key];
        return next;
      });
      setQueue((current) => (current ? { ...current, graded: current.graded + (entry.graded ? 0 : 1), entries: current.entries.map((other, i) => (i === index ? { ...other, graded: true, score: marks } : other)) } : current));
      const saved = `Saved: ${reply.label}, ${marks} mark${marks === 1 ? '' : 's'}.`;
      setNotice(saved);
      if (andNext) {
        if (index + 1 < queue.entries.length) {
          focusHeading.current = true;
          setIndex(index + 1);
        } else setNotice(`${saved} That was the last submission.`);
      }
    } catch (failure) {
      setError(messageOf(failure));
      if (failure instanceof ApiError && failure.status === 409) {
        // Someone else scored it: show their score.
        setForms((current) => {
          const next = { ...current };
          delete next[key];
          return next;
        });
        await load(entry, true).catch(() => undefined);
      }
    } finally {
      setSaving(false);
    }
  };

  const handlers = useRef({ go, save, index });
  handlers.current = { go, save, index };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = gradingKeyAction({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, shiftKey: event.shiftKey, inTextField: isTextField(event.target), onControl: isControl(event.target) });
      if (!action || action.kind === 'rubric' || action.kind === 'second-look') return;
      event.preventDefault();
      const current = handlers.current;
      if (action.kind === 'next') current.go(current.index + 1);
      else if (action.kind === 'previous') current.go(current.index - 1);
      else void current.save(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (queueError) {
    return (
      <div className="alert alert-error" role="alert">
        <span>{queueError}</span>
        <Link href="/staff/grading" className="btn btn-sm">
          Back to grading
        </Link>
      </div>
    );
  }
  if (!queue || !entries) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading submissions">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }

  const marksValue = form ? parseMarks(form.marks) : null;
  return (
    <>
      <p className="mb-2 flex flex-wrap gap-x-4">
        <Link href="/staff/grading" className="link link-primary">
          Back to grading
        </Link>
        <Link href={`/staff/study/${encodeURIComponent(itemId)}`} className="link link-primary">
          The item and its submissions
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">Grade: {queue.item.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
        <p className="font-medium" aria-live="polite">
          {progressText(queue.graded, queue.total)}
        </p>
        {entries.length > 0 ? (
          <p>
            Submission {index + 1} of {entries.length}
          </p>
        ) : null}
        {queue.item.max_marks !== null ? <p>Out of {queue.item.max_marks}</p> : null}
        {queue.item.result_published ? <span className="badge badge-success">Scores published: students see changes at once</span> : null}
        <label htmlFor={namesId} className="label cursor-pointer gap-2">
          <input id={namesId} type="checkbox" className="checkbox" checked={names} onChange={(event) => setNames(event.target.checked)} />
          <span className="label-text text-base-content">Show names</span>
        </label>
      </div>
      <KeyboardHelp keys={SUBMISSION_KEYS} />
      <p className="sr-only" role="status">
        {notice}
      </p>
      {notice ? <p className="mt-2 text-sm">{notice}</p> : null}

      {entries.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-100 px-4 py-10 text-center shadow">No student has handed in files yet.</p>
      ) : !submission || !form ? (
        loadError ? (
          <div className="alert alert-error mt-4" role="alert">
            <span>{loadError}</span>
          </div>
        ) : (
          <div className="flex justify-center py-16" role="status" aria-label="Loading the submission">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          </div>
        )
      ) : (
        <div className="mt-4 grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="submission-heading" className="min-w-0 rounded-box bg-base-100 p-4 shadow">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="submission-heading" tabIndex={-1} className="text-xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                {submission.label}
                {submission.student ? (
                  <span className="block text-base font-normal">
                    {submission.student.name} ({submission.student.reg_no})
                  </span>
                ) : null}
              </h2>
              {submission.late ? <span className="badge badge-warning">Late</span> : null}
            </div>
            {submission.submitted_at !== null ? <p className="mt-1 text-sm">Handed in {whenText(submission.submitted_at)}</p> : null}
            <SubmissionFilesView files={submission.files} label={submission.label} />
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => go(index - 1)} disabled={index === 0}>
                Previous
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => go(index + 1)} disabled={index + 1 >= entries.length}>
                Next
              </button>
            </div>
          </section>

          <section aria-labelledby="score-heading" className="min-w-0 self-start rounded-box bg-base-100 p-4 shadow lg:sticky lg:top-4">
            <h2 id="score-heading" className="font-semibold">
              Score
            </h2>
            <div className="mt-2 flex flex-wrap items-end gap-3">
              <div className="w-32">
                <label htmlFor={marksId} className="label pb-1">
                  <span className="label-text font-medium text-base-content">Marks</span>
                </label>
                <input
                  id={marksId}
                  type="text"
                  inputMode="decimal"
                  className="input input-bordered w-full"
                  value={form.marks}
                  aria-describedby={`${marksId}-range${error ? ` ${marksId}-error` : ''}`}
                  {...(error ? { 'aria-invalid': true } : {})}
                  onChange={(event) => setForm({ marks: event.target.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
                      event.preventDefault();
                      void save(true);
                    }
                  }}
                />
              </div>
              <p id={`${marksId}-range`} className="pb-3 text-sm">
                {submission.max_marks === null ? 'No max marks set' : `0 to ${submission.max_marks}, half marks allowed`}
              </p>
            </div>
            <label htmlFor={commentId} className="label mt-2 pb-1">
              <span className="label-text font-medium text-base-content">Comment (kept with the score)</span>
            </label>
            <textarea id={commentId} className="textarea textarea-bordered w-full" rows={3} value={form.comment} onChange={(event) => setForm({ comment: event.target.value })} />
            {error ? (
              <p id={`${marksId}-error`} className="mt-2 text-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save(true)}>
                Save and next
              </button>
              <button type="button" className="btn btn-outline" disabled={saving} onClick={() => void save(false)}>
                Save
              </button>
            </div>
            {marksValue !== null && submission.score && marksValue !== submission.score.marks ? <p className="mt-2 text-sm">Not saved yet: the score stays {submission.score.marks} until you save.</p> : null}
            {submission.score ? (
              <p className="mt-3 text-sm">
                Scored {submission.score.marks} by {submission.score.graded_by}, {whenText(submission.score.graded_at)}.
              </p>
            ) : null}
            {submission.history.length > 0 ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium">History ({submission.history.length} scores)</summary>
                <ol className="mt-1 flex flex-col gap-1 text-sm">
                  {submission.history.map((row) => (
                    <li key={`${row.graded_at}-${row.graded_by}`} className="break-words">
                      {whenText(row.graded_at)}: {row.marks} by {row.graded_by}
                      {row.comment ? ` — “${row.comment}”` : ''}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </section>
        </div>
      )}
    </>
  );
}

/** /staff/grading/assignments/:id (admin, teacher): an assignment's or home work's submissions, one at a time, keyboard first, anonymous by default. */
export default function GradeSubmissionsPage(_props: ScreenProps) {
  const params = useParams<{ id: string }>();
  const itemId = params.id ?? '';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <GradeScreen key={itemId} itemId={itemId} />
      </main>
    </StaffLayout>
  );
}

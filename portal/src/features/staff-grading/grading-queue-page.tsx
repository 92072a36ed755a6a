import type { GradingAnswerReply, GradingFilter, GradingQueueEntry, GradingTestReply, RubricItem } from '@invigil/shared/api/staff-grading';
import { marksProblem, rubricMarks } from '@invigil/shared/api/staff-grading-text';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../lib/api-client';
import type { ScreenProps } from '../../lib/screen-props';
import { SafeHtml } from '../../ui/safe-html';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchAnswer, fetchGradingTest, fetchQueue, saveGrade, saveRubric, setSecondLook } from './grading-api';
import type { QueueFilters } from './grading-api';
import { AnswerFilesView } from './answer-files';
import { GRADING_KEYS, gradingKeyAction, parseMarks, progressText } from './grading-keys';
import { isControl, isTextField, KeyboardHelp } from './grading-parts';
import { whenText } from './grading-time';
import { RubricEditor } from './rubric-editor';

/** Classes for institute-authored HTML (the review's own, copied: staff code does not import student features). */
const RICH_TEXT =
  'max-w-none break-words [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_img]:inline-block [&_img]:max-w-full [&_table]:my-2 [&_td]:border [&_td]:border-base-300 [&_td]:px-2 [&_th]:border [&_th]:border-base-300 [&_th]:px-2 [&_a]:link [&_pre]:whitespace-pre-wrap [&_sub]:align-sub [&_sup]:align-super';

const FILTER_LABELS: Record<GradingFilter, string> = { ungraded: 'To grade', second_look: 'Second look', all: 'All answers' };

interface GradeForm {
  applied: string[];
  marks: string;
  comment: string;
}

const entryKey = (entry: Pick<GradingQueueEntry, 'attempt_id' | 'qn'>, names: boolean) => `${entry.attempt_id}:${entry.qn}:${names ? 1 : 0}`;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

function initialForm(answer: GradingAnswerReply): GradeForm {
  return answer.grade ? { applied: answer.grade.rubric_items, marks: String(answer.grade.marks), comment: answer.grade.comment } : { applied: [], marks: '', comment: '' };
}

function modelAnswerText(answer: GradingAnswerReply['model_answer']): string | null {
  if (answer === null) return null;
  return Array.isArray(answer) ? answer.join(', ') : answer;
}

function typedText(typed: GradingAnswerReply['typed']): string | null {
  if (typed === null) return null;
  return Array.isArray(typed) ? typed.join(', ') : typed;
}

function GradingScreen({ testId }: { testId: string }) {
  const questionId = useId();
  const filterId = useId();
  const namesId = useId();
  const marksId = useId();
  const commentId = useId();
  const [summary, setSummary] = useState<GradingTestReply | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [filters, setFilters] = useState<QueueFilters>({ qn: null, filter: 'ungraded', names: false });
  const [entries, setEntries] = useState<GradingQueueEntry[] | null>(null);
  const [progress, setProgress] = useState<{ graded: number; total: number }>({ graded: 0, total: 0 });
  const [queueError, setQueueError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [forms, setForms] = useState<Record<string, GradeForm>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [editingRubric, setEditingRubric] = useState(false);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  // Answers fetched (or being fetched), by attempt, question and whether names were asked for.
  const loaded = useRef(new Map<string, GradingAnswerReply>());
  const loading = useRef(new Map<string, Promise<GradingAnswerReply>>());
  const [answerError, setAnswerError] = useState<string | null>(null);
  // After moving to another answer, focus goes to its heading: shortcuts work at once (not typed
  // into the marks field) and a screen reader reads which answer it is.
  const focusAnswer = useRef(false);
  const shownEntry = useRef<GradingQueueEntry | undefined>(undefined);

  useEffect(() => {
    const abort = new AbortController();
    fetchGradingTest(testId, abort.signal).then(
      (reply) => setSummary(reply),
      (failure: unknown) => {
        if (!abort.signal.aborted) setSummaryError(messageOf(failure));
      },
    );
    return () => abort.abort();
  }, [testId]);

  useEffect(() => {
    const abort = new AbortController();
    setEntries(null);
    setQueueError(null);
    fetchQueue(testId, filters, abort.signal).then(
      (reply) => {
        setEntries(reply.entries);
        setProgress({ graded: reply.graded, total: reply.total });
        // The same answer stays on screen when it is still in the list (Show names, another filter).
        const shown = shownEntry.current;
        const same = shown ? reply.entries.findIndex((other) => other.attempt_id === shown.attempt_id && other.qn === shown.qn) : -1;
        setIndex(Math.max(0, same));
      },
      (failure: unknown) => {
        if (!abort.signal.aborted) setQueueError(messageOf(failure));
      },
    );
    return () => abort.abort();
  }, [testId, filters]);

  const load = useCallback(
    (entry: GradingQueueEntry, fresh = false): Promise<GradingAnswerReply> => {
      const key = entryKey(entry, filters.names);
      const pending = loading.current.get(key);
      if (pending && !fresh) return pending;
      const promise = fetchAnswer(testId, entry.attempt_id, entry.qn, filters.names).then((reply) => {
        loaded.current.set(key, reply);
        // Photos of the answer load before it shows.
        for (const url of [...reply.files.images, ...reply.files.sheet_images]) {
          const image = new Image();
          image.src = url;
        }
        bump();
        return reply;
      });
      promise.catch(() => loading.current.delete(key));
      loading.current.set(key, promise);
      return promise;
    },
    [testId, filters.names],
  );

  const entry = entries?.[index];
  const key = entry ? entryKey(entry, filters.names) : '';
  if (entry) shownEntry.current = entry;
  const answer = entry ? (loaded.current.get(key) ?? null) : null;

  // The answer shown, and the next ones (and the one before) already loaded.
  useEffect(() => {
    if (!entries || !entry) return;
    setAnswerError(null);
    load(entry).catch((failure: unknown) => setAnswerError(messageOf(failure)));
    for (const offset of [1, 2, -1]) {
      const other = entries[index + offset];
      if (other) load(other).catch(() => undefined);
    }
  }, [entries, entry, index, load]);

  useEffect(() => {
    if (!answer || !focusAnswer.current) return;
    focusAnswer.current = false;
    document.getElementById('answer-heading')?.focus({ preventScroll: true });
  }, [answer]);

  const form = answer ? (forms[key] ?? initialForm(answer)) : null;
  const setForm = (change: Partial<GradeForm>) => {
    if (!answer || !form) return;
    setForms((current) => ({ ...current, [key]: { ...form, ...change } }));
  };

  const toggleRubric = (item: RubricItem) => {
    if (!answer || !form) return;
    const applied = form.applied.includes(item.id) ? form.applied.filter((id) => id !== item.id) : [...form.applied, item.id];
    setForm({ applied, marks: String(rubricMarks(answer.rubric, applied, answer.range)) });
  };

  const go = (to: number) => {
    if (!entries || entries.length === 0) return;
    if (to < 0) {
      setNotice('This is the first answer in the list.');
      return;
    }
    if (to >= entries.length) {
      setNotice('That was the last answer in this list.');
      return;
    }
    setError(null);
    setNotice('');
    focusAnswer.current = true;
    setIndex(to);
  };

  const toggleSecondLook = async () => {
    if (!answer || !entry) return;
    const on = !answer.second_look;
    try {
      await setSecondLook(testId, entry.attempt_id, entry.qn, on);
      loaded.current.set(key, { ...answer, second_look: on });
      setEntries((current) => current?.map((other, i) => (i === index ? { ...other, second_look: on } : other)) ?? null);
      setNotice(on ? `${answer.label} is marked for a second look.` : `${answer.label} no longer needs a second look.`);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const save = async (andNext: boolean) => {
    if (!answer || !entry || !form || saving) return;
    const marks = parseMarks(form.marks);
    const problem = marks === null ? 'Enter the marks for this answer.' : marksProblem(marks, answer.range);
    if (problem !== null || marks === null) {
      setError(problem);
      document.getElementById(marksId)?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const reply = await saveGrade(testId, entry.attempt_id, entry.qn, { marks, rubric_items: form.applied, comment: form.comment, base_graded_at: answer.grade?.graded_at ?? null }, filters.names);
      loaded.current.set(key, reply);
      setForms((current) => {
        const next = { ...current };
        delete next[key];
        return next;
      });
      if (!entry.graded) setProgress((current) => ({ ...current, graded: current.graded + 1 }));
      setEntries((current) => current?.map((other, i) => (i === index ? { ...other, graded: true, marks } : other)) ?? null);
      setNotice(`Saved: ${reply.label}, ${marks} mark${marks === 1 ? '' : 's'}.`);
      if (andNext) {
        if (entries && index + 1 < entries.length) {
          focusAnswer.current = true;
          setIndex(index + 1);
        }
        else setNotice(`Saved: ${reply.label}, ${marks} mark${marks === 1 ? '' : 's'}. That was the last answer in this list.`);
      }
    } catch (failure) {
      setError(messageOf(failure));
      if (failure instanceof ApiError && failure.status === 409) {
        // Someone else graded it: show their grade.
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

  const handlers = useRef({ toggleRubric, go, toggleSecondLook, save, index, answer });
  handlers.current = { toggleRubric, go, toggleSecondLook, save, index, answer };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      const action = gradingKeyAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
        inTextField: isTextField(event.target),
        onControl: isControl(event.target),
      });
      if (!action) return;
      const current = handlers.current;
      if (action.kind === 'rubric') {
        const item = current.answer?.rubric[action.index];
        if (!item) return;
        event.preventDefault();
        current.toggleRubric(item);
        return;
      }
      event.preventDefault();
      if (action.kind === 'next') current.go(current.index + 1);
      else if (action.kind === 'previous') current.go(current.index - 1);
      else if (action.kind === 'second-look') void current.toggleSecondLook();
      else void current.save(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onRubricSaved = (qn: number, items: RubricItem[]) => {
    for (const [cachedKey, reply] of loaded.current) if (reply.question.qn === qn) loaded.current.set(cachedKey, { ...reply, rubric: items });
    setSummary((current) => (current ? { ...current, questions: current.questions.map((question) => (question.qn === qn ? { ...question, rubric: items } : question)) } : current));
    setEditingRubric(false);
    setNotice('Rubric saved.');
  };

  if (summaryError) {
    return (
      <div className="alert alert-error" role="alert">
        <span>{summaryError}</span>
      </div>
    );
  }
  if (!summary) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label="Loading the test">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      </div>
    );
  }

  const marksValue = form ? parseMarks(form.marks) : null;
  return (
    <>
      <p className="mb-2">
        <Link href="/staff/grading" className="link link-primary">
          Back to grading
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">Grade: {summary.test.name}</h1>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={questionId} className="label pb-1">
            <span className="label-text font-medium text-base-content">Question</span>
          </label>
          <select
            id={questionId}
            className="select select-bordered w-full"
            value={filters.qn ?? ''}
            onChange={(event) => setFilters((current) => ({ ...current, qn: event.target.value === '' ? null : Number(event.target.value) }))}
          >
            <option value="">All questions</option>
            {summary.questions.map((question) => (
              <option key={question.qn} value={question.qn}>
                Q{question.qnf}: {question.excerpt.slice(0, 60)} ({question.graded} of {question.answers} graded)
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-44">
          <label htmlFor={filterId} className="label pb-1">
            <span className="label-text font-medium text-base-content">Answers</span>
          </label>
          <select id={filterId} className="select select-bordered w-full" value={filters.filter} onChange={(event) => setFilters((current) => ({ ...current, filter: event.target.value as GradingFilter }))}>
            {(Object.keys(FILTER_LABELS) as GradingFilter[]).map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>
        <label htmlFor={namesId} className="label cursor-pointer gap-2 pb-3">
          <input id={namesId} type="checkbox" className="checkbox" checked={filters.names} onChange={(event) => setFilters((current) => ({ ...current, names: event.target.checked }))} />
          <span className="label-text text-base-content">Show names</span>
        </label>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
        <p className="font-medium" aria-live="polite">
          {progressText(progress.graded, progress.total)}
        </p>
        {entries && entries.length > 0 ? (
          <p>
            Answer {index + 1} of {entries.length} in this list
          </p>
        ) : null}
        <Link href="/staff/grading/reports" className="link link-primary">
          Question reports ({summary.open_reports} open)
        </Link>
      </div>
      <KeyboardHelp keys={GRADING_KEYS} />
      <p className="sr-only" role="status">
        {notice}
      </p>
      {notice ? <p className="mt-2 text-sm">{notice}</p> : null}

      {queueError ? (
        <div className="alert alert-error mt-4" role="alert">
          <span>{queueError}</span>
        </div>
      ) : entries === null ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading answers">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : entries.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-100 px-4 py-10 text-center shadow">
          {filters.filter === 'ungraded' ? 'Every answer here is graded. Choose “All answers” to see them again.' : 'No answers in this list.'}
        </p>
      ) : !answer || !form ? (
        answerError ? (
          <div className="alert alert-error mt-4" role="alert">
            <span>{answerError}</span>
          </div>
        ) : (
          <div className="flex justify-center py-16" role="status" aria-label="Loading the answer">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          </div>
        )
      ) : (
        <div className="mt-4 grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="answer-heading" className="min-w-0 rounded-box bg-base-100 p-4 shadow">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="answer-heading" tabIndex={-1} className="text-xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                {answer.label}, question {answer.question.qnf}
                {answer.student ? (
                  <span className="block text-base font-normal">
                    {answer.student.name} ({answer.student.reg_no})
                  </span>
                ) : null}
              </h2>
              {answer.second_look ? <span className="badge badge-warning">Second look</span> : null}
            </div>
            <h3 className="mt-3 font-semibold">Typed answer</h3>
            {typedText(answer.typed) ? (
              <p data-testid="typed-answer" className="mt-1 text-lg break-words whitespace-pre-wrap">
                {typedText(answer.typed)}
              </p>
            ) : (
              <p className="mt-1 opacity-80">Nothing typed.</p>
            )}
            <AnswerFilesView files={answer.files} label={answer.label} />
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => go(index - 1)} disabled={index === 0}>
                Previous
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => go(index + 1)} disabled={index + 1 >= entries.length}>
                Next
              </button>
              <button type="button" className="btn btn-outline btn-sm" aria-pressed={answer.second_look} onClick={() => void toggleSecondLook()}>
                {answer.second_look ? 'Needs a second look ✓' : 'Needs a second look'}
              </button>
            </div>
          </section>

          <div className="flex min-w-0 flex-col gap-4">
            <section aria-labelledby="question-heading" className="min-w-0 rounded-box bg-base-100 p-4 shadow">
              <h2 id="question-heading" className="font-semibold">
                Question {answer.question.qnf} ({answer.range.min === 0 ? `up to ${answer.range.max}` : `${answer.range.min} to ${answer.range.max}`} marks)
              </h2>
              {answer.question.extra ? <SafeHtml html={answer.question.extra} className={`mt-1 ${RICH_TEXT}`} /> : null}
              <SafeHtml html={answer.question.text} className={`mt-1 ${RICH_TEXT}`} />
              {modelAnswerText(answer.model_answer) ? <p className="mt-2">Key: {modelAnswerText(answer.model_answer)}</p> : null}
              <h3 className="mt-3 font-semibold">Model answer</h3>
              {answer.solution ? <SafeHtml html={answer.solution} className={`mt-1 ${RICH_TEXT}`} /> : <p className="mt-1 opacity-80">No model answer was given.</p>}
            </section>

            <section aria-labelledby="grade-heading" className="min-w-0 rounded-box bg-base-100 p-4 shadow">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="grade-heading" className="font-semibold">
                  Grade
                </h2>
                <button type="button" className="btn btn-ghost btn-sm" aria-expanded={editingRubric} onClick={() => setEditingRubric((open) => !open)}>
                  {editingRubric ? 'Close rubric editor' : answer.rubric.length === 0 ? 'Add a rubric' : 'Edit rubric'}
                </button>
              </div>
              {editingRubric ? (
                <RubricEditor
                  key={answer.question.qn}
                  qn={answer.question.qn}
                  items={answer.rubric}
                  onSave={async (items) => {
                    const reply = await saveRubric(testId, answer.question.qn, items);
                    onRubricSaved(reply.qn, reply.items);
                  }}
                  onCancel={() => setEditingRubric(false)}
                />
              ) : null}
              {answer.rubric.length > 0 ? (
                <fieldset className="mt-2">
                  <legend className="font-medium">Rubric (keys 1–9)</legend>
                  <ul className="mt-1 flex flex-col gap-1">
                    {answer.rubric.map((item, i) => (
                      <li key={item.id}>
                        <label className="flex cursor-pointer items-start gap-2 rounded p-1 hover:bg-base-200">
                          <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={form.applied.includes(item.id)} onChange={() => toggleRubric(item)} />
                          <span className="min-w-0 break-words">
                            {i < 9 ? <kbd className="kbd kbd-sm mr-1">{i + 1}</kbd> : null}
                            {item.text} <span className="whitespace-nowrap opacity-80">({item.points > 0 ? `+${item.points}` : item.points})</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ) : null}
              <div className="mt-3 flex flex-wrap items-end gap-3">
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
                    aria-describedby={`${marksId}-range`}
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
                  {answer.range.min} to {answer.range.max}, half marks allowed
                </p>
              </div>
              <label htmlFor={commentId} className="label mt-2 pb-1">
                <span className="label-text font-medium text-base-content">Comment for the student</span>
              </label>
              <textarea id={commentId} className="textarea textarea-bordered w-full" rows={3} value={form.comment} onChange={(event) => setForm({ comment: event.target.value })} />
              {error ? (
                <p className="mt-2 text-error" role="alert">
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
              {marksValue !== null && answer.grade && marksValue !== answer.grade.marks ? <p className="mt-2 text-sm">Not saved yet: the grade stays {answer.grade.marks} until you save.</p> : null}
              {answer.grade ? (
                <p className="mt-3 text-sm">
                  Graded {answer.grade.marks} by {answer.grade.graded_by}, {whenText(answer.grade.graded_at)}.
                  {answer.total ? ` Attempt total: ${answer.total.scored} of ${answer.total.max_marks}.` : ''}
                </p>
              ) : null}
              {answer.history.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium">History ({answer.history.length} grades)</summary>
                  <ol className="mt-1 flex flex-col gap-1 text-sm">
                    {answer.history.map((row) => (
                      <li key={`${row.graded_at}-${row.graded_by}`} className="break-words">
                        {whenText(row.graded_at)}: {row.marks} by {row.graded_by}
                        {row.remark ? ` — “${row.remark.replace(/\n/g, ' / ')}”` : ''}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </section>
          </div>
        </div>
      )}
    </>
  );
}

/** /staff/grading/:testId (admin, teacher): one answer at a time, the question and model answer beside it, keyboard first. */
export default function GradingQueuePage(_props: ScreenProps) {
  const params = useParams<{ testId: string }>();
  const testId = params.testId ?? '';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <GradingScreen key={testId} testId={testId} />
      </main>
    </StaffLayout>
  );
}

import type { AnswerValue, SubmitReason } from '@invigil/shared/api/attempt-sync';
import type { TestPreviewScoreReply } from '@invigil/shared/api/staff-tests';
import type { QuestionState } from '@invigil/shared/domain/answer-state';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { questionTypeName, type AttemptModel, type AttemptQuestion } from '../attempt/attempt-paper';
import { sanitizeHtml } from '../attempt/safe-html';
import { scorePreview } from './preview-api';
import { previewAnswers } from './preview-attempt';

type ScoreView = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'done'; reply: TestPreviewScoreReply };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** Option labels as the editor names them, with the label the student saw when options are shuffled. */
export function labelsText(labels: readonly string[], item: Pick<AttemptQuestion, 'optionOrder'>): string {
  const toDisplay = item.optionOrder?.toDisplay;
  return labels.map((label) => (toDisplay?.[label] && toDisplay[label] !== label ? `${label} (shown as ${toDisplay[label]})` : label)).join(', ');
}

/** The answer given, as the result lists it. */
export function answerText(ua: AnswerValue, item: Pick<AttemptQuestion, 'optionOrder' | 'kind'>): string {
  if (ua === null || (Array.isArray(ua) && ua.length === 0)) return 'Not answered';
  if (Array.isArray(ua)) return labelsText(ua, item);
  return item.kind === 'single' ? labelsText([ua], item) : ua;
}

/** The key, as the result lists it. */
export function keyText(answer: string | string[] | null, item: Pick<AttemptQuestion, 'optionOrder' | 'kind'>): string {
  if (answer === null) return 'None: a teacher grades it';
  if (Array.isArray(answer)) return labelsText(answer, item);
  if (item.kind === 'single') return labelsText([answer], item);
  // A numerical range key, "from..to".
  const range = item.kind === 'numerical' ? /^\s*(\S+?)\s*\.\.\s*(\S+)\s*$/.exec(answer) : null;
  return range ? `Any number from ${range[1]} to ${range[2]}` : answer;
}

/** Correct, wrong, not answered, or graded by a teacher. */
export function verdict(correct: boolean | null, answered: boolean): { text: string; className: string } {
  if (correct === null) return { text: answered ? 'Graded by a teacher' : 'Not answered', className: 'badge-ghost' };
  if (correct) return { text: 'Correct', className: 'badge-success' };
  return answered ? { text: 'Wrong', className: 'badge-error' } : { text: 'Not answered', className: 'badge-ghost' };
}

const marksText = (marks: number | null) => (marks === null ? 'No marks yet' : `${marks > 0 ? '+' : ''}${marks} mark${Math.abs(marks) === 1 ? '' : 's'}`);

function ResultList({ model, states, reply }: { model: AttemptModel; states: readonly QuestionState[]; reply: TestPreviewScoreReply }) {
  const byQn = new Map(reply.questions.map((question) => [question.qn, question]));
  return (
    <ol className="mt-4 flex flex-col gap-3" aria-label="Questions">
      {model.questions.map((item) => {
        const scored = byQn.get(item.question.qn);
        const ua = states[item.qi]?.ua ?? null;
        const answered = answerText(ua, item) !== 'Not answered';
        const result = verdict(scored?.correct ?? null, answered);
        return (
          <li key={item.qi} className="card card-border bg-base-100">
            <div className="card-body gap-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-base font-semibold">Question {item.qi + 1}</h2>
                <span className="text-sm text-base-content/70">{questionTypeName(item.question)}{item.question.qn !== item.qi + 1 ? ` · number ${item.question.qn} in the paper` : ''}</span>
                <span className="ml-auto flex items-center gap-2 whitespace-nowrap">
                  <span className={`badge ${result.className}`}>{result.text}</span>
                  <span className="font-semibold tabular-nums">{marksText(scored?.marks ?? null)}</span>
                </span>
              </div>
              <div className="question-html line-clamp-3 text-sm" dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.question.text) }} />
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="font-medium">Answer</dt>
                <dd className="line-clamp-3 break-words whitespace-pre-wrap">{answerText(ua, item)}</dd>
                <dt className="font-medium">Key</dt>
                <dd className="break-words" data-testid="preview-key">{scored ? keyText(scored.answer, item) : 'Not scored'}</dd>
              </dl>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * After the preview's submit: the answers scored by the server (nothing stored), the score and,
 * per question, the marks, whether it was right and the key, so the teacher checks the key.
 */
export function PreviewResult(props: {
  id: string;
  name: string;
  model: AttemptModel;
  states: readonly QuestionState[];
  reason: SubmitReason;
  editorHref: string;
  onAgain: () => void;
}) {
  const { id, model, states } = props;
  const [view, setView] = useState<ScoreView>({ kind: 'loading' });
  const [attemptNo, setAttemptNo] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const shuffled = model.questions.some((item) => item.optionOrder !== null);
  // The test screen that had the focus is gone: the result's heading takes it.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const controller = new AbortController();
    setView({ kind: 'loading' });
    scorePreview(id, previewAnswers(states), controller.signal).then(
      (reply) => setView({ kind: 'done', reply }),
      (error: unknown) => {
        if (!controller.signal.aborted) setView({ kind: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [id, states, attemptNo]);

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">Preview result</h1>
      <p className="mt-1 break-words">{props.name}</p>
      <p className="alert alert-info mt-4 text-sm">
        {props.reason === 'TEST_TIME_OUT' ? 'The time ran out, so the test was submitted as a student’s would be. ' : ''}
        Nothing was stored: the preview made no attempt.
        {shuffled ? ' Options are named as in the editor (A, B, C …); where they were shuffled, the letter the student saw is given too.' : ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={props.onAgain}>Preview again</button>
        <Link href={props.editorHref} className="btn btn-outline">Back to the editor</Link>
      </div>
      {view.kind === 'loading' ? (
        <p className="mt-6 flex items-center gap-2" role="status">
          <span className="loading loading-spinner" aria-hidden="true" />Scoring the answers…
        </p>
      ) : null}
      {view.kind === 'error' ? (
        <div className="mt-6" role="alert">
          <p>The answers could not be scored: {view.message}</p>
          <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => setAttemptNo((n) => n + 1)}>Try again</button>
        </div>
      ) : null}
      {view.kind === 'done' ? (
        <section aria-labelledby="preview-score" className="mt-6">
          <p id="preview-score" className="text-xl font-bold" data-testid="preview-score">
            Score <span className="tabular-nums">{view.reply.score} / {view.reply.max_marks}</span>
          </p>
          <ResultList model={model} states={states} reply={view.reply} />
        </section>
      ) : null}
    </main>
  );
}

import type { AnswerSheetReply } from '@invigil/shared/api/tests';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useRouteId } from '../results/use-route-id';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import { session } from '../auth/auth-state';
import { formatNumber } from '../results/format';
import { LoadingBlock } from '../results/page-status';
import { paperQuestions, QUESTION_TYPE_LABELS } from '../review/question-display';
import { QuestionBody } from '../review/question-view';
import { ScrollTopButton } from './scroll-top-button';
import { UploadedFiles } from '../../ui/uploaded-files';
import { answerSheetCall } from './answer-sheet-api';

export const ANSWER_SHEET_FAILED = 'Something went wrong!';

function AnswerSheet({ reply }: { reply: AnswerSheetReply }) {
  useSignals();
  const heading = useRef<HTMLHeadingElement>(null);
  const userId = session.value?.claims.id ?? '';
  const { testData, userData } = reply;
  const contexts = useMemo(() => paperQuestions(testData.format, testData.config), [testData]);
  const states = useMemo(() => new Map(userData.test_data.map((state) => [state.qn, state])), [userData]);
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
      <div className="sticky top-16 z-10 -mx-4 flex items-center gap-2 bg-base-200/95 px-4 py-2 backdrop-blur">
        <Link href="/answer-sheet" className="btn btn-ghost btn-sm btn-square" aria-label="Back to answer sheets">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h1 ref={heading} tabIndex={-1} className="min-w-0 truncate text-xl font-bold">My Answer Sheet: {testData.name}</h1>
      </div>
      {contexts.length === 0 ? <p className="py-8 opacity-80">This test has no questions.</p> : null}
      {userData.pu.length > 0 ? (
        <section aria-labelledby="answer-sheet-pdfs" className="card bg-base-100 shadow">
          <div className="card-body gap-2 p-4">
            <h2 id="answer-sheet-pdfs" className="font-bold">Uploaded answer sheets</h2>
            <UploadedFiles pdfs={userData.pu} label="Uploaded answer sheets" />
          </div>
        </section>
      ) : null}
      <ol className="flex flex-col gap-4" aria-label="Questions">
        {contexts.map((context) => {
          const { question } = context;
          const headingId = `answer-q-${question.qn}`;
          const state = states.get(question.qn);
          // A teacher's grade (loaded by npm run import after submission) is the question's marks.
          const graded = state?.graded;
          return (
            <li key={question.qn}>
              <article aria-labelledby={headingId} className="card bg-base-100 shadow">
                <div className="card-body gap-3 p-4 sm:p-6">
                  <header className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id={headingId} className="text-lg font-bold">Question {question.qnf}</h2>
                    <ul className="flex flex-wrap gap-2 text-sm" aria-label={`Question ${question.qnf} facts`}>
                      <li className="badge badge-ghost">{QUESTION_TYPE_LABELS[question.qt]}</li>
                      <li className="badge badge-ghost">Max marks: {formatNumber(question.pm)}</li>
                      {typeof graded === 'number' ? <li className="badge badge-info">Graded: {formatNumber(graded)} / {formatNumber(question.pm)}</li> : null}
                    </ul>
                  </header>
                  <QuestionBody context={context} state={state} userId={userId} />
                </div>
              </article>
            </li>
          );
        })}
      </ol>
      <ScrollTopButton focusTarget={() => heading.current} />
    </main>
  );
}

export default function AnswerSheetPage({ title }: { title: string }) {
  const id = useRouteId('/answer-sheet/:id');
  const { early, skipLoad } = useEarlyReply(() => answerSheetCall(id).settled());
  const [loaded, setLoaded] = useState<{ id: string; reply: AnswerSheetReply | null } | null>(early ? { id, reply: early.value } : null);

  // Spec section 8: on failure the message (or 'Something went wrong!'), then back.
  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    answerSheetCall(id)().then(
      (reply) => {
        if (alive) setLoaded({ id, reply });
      },
      (error: unknown) => {
        if (!alive) return;
        setLoaded({ id, reply: null });
        showSnackbar(error instanceof ApiError && error.message ? error.message : ANSWER_SHEET_FAILED, { color: 'error' });
        if (window.history.length > 1) window.history.back();
      },
    );
    return () => {
      alive = false;
    };
  }, [id, skipLoad]);

  const current = loaded?.id === id ? loaded : null;
  if (current?.reply) return <AnswerSheet reply={current.reply} />;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {current === null ? <LoadingBlock label="Loading answer sheet" /> : (
        <p className="py-8 opacity-80">
          The answer sheet could not be loaded. <Link href="/answer-sheet" className="link link-primary">Back to answer sheets</Link>
        </p>
      )}
    </main>
  );
}

import type { TestOutReply } from '@invigil/shared/api/tests';
import { useSignals } from '@preact/signals-react/runtime';
import { ChevronLeft, ChevronRight, Flag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useRouteId } from '../results/use-route-id';
import { SafeHtml } from '../../ui/safe-html';
import { session, userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { formatDuration, formatMarks, formatNumber } from '../results/format';
import { LoadingBlock } from '../results/page-status';
import { ResultPendingNotice } from '../results/review-gate-view';
import { questionRows, STATUS_BADGES, STATUS_LABELS, type QuestionRow } from '../results/result-analysis';
import { useTestOut } from '../results/use-test-out';
import { paperQuestions, QUESTION_TYPE_LABELS } from './question-display';
import { QuestionBody } from './question-view';
import { ReportDialog } from './report-dialog';
import { questionIndexFromSearch, reviewHref } from './review-nav';
import { RICH_TEXT } from './rich-text';

const STATUS_STYLES: Record<QuestionRow['status'], string> = {
  correct: 'btn-success',
  wrong: 'btn-error',
  partial: 'btn-warning',
  skipped: '',
  pending: 'btn-info',
};

function ReviewView({ id, reply, index }: { id: string; reply: TestOutReply; index: number }) {
  useSignals();
  const [, navigate] = useLocation();
  const [showSolution, setShowSolution] = useState(false);
  const [showAnswer, setShowAnswer] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { testData, userData } = reply;
  const userId = session.value?.claims.id ?? '';
  const rows = useMemo(() => questionRows(paperQuestions(testData.format, testData.config), userData.test_data), [testData, userData]);
  const row = rows[index];
  const resultHref = `/test/${encodeURIComponent(id)}/result`;

  if (!row) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-6">
        <h1 className="text-2xl font-bold">Review</h1>
        <p className="py-8 opacity-80">This test has no questions to review.</p>
        <Link href={resultHref} className="btn">Result</Link>
      </main>
    );
  }

  const { question } = row.context;
  const go = (qi: number) => navigate(reviewHref(id, qi));
  const remark = row.state?.r?.trim();
  const headingId = 'review-question-heading';

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Review</h1>
          <p className="text-lg">{testData.name}</p>
        </div>
        <Link href={resultHref} className="btn btn-sm">Result</Link>
      </div>

      {userData.remark?.trim() ? (
        <section aria-labelledby="test-remark-heading" className="alert alert-info flex flex-col items-start gap-1">
          <h2 id="test-remark-heading" className="font-semibold">Teacher&apos;s remark on this test</h2>
          <p className="whitespace-pre-wrap">{userData.remark}</p>
        </section>
      ) : null}

      <article aria-labelledby={headingId} className="card bg-base-100 shadow">
        <div className="card-body gap-4 p-4 sm:p-6">
          <header className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={headingId} className="text-xl font-bold" aria-live="polite">
                Question {question.qnf} <span className="text-base font-normal opacity-70">({index + 1} of {rows.length})</span>
              </h2>
              <span className={`badge ${STATUS_BADGES[row.status]}`}>
                {STATUS_LABELS[row.status]}
              </span>
            </div>
            <ul className="flex flex-wrap gap-2 text-sm" aria-label="Question facts">
              <li className="badge badge-ghost">{row.context.partName}{row.context.sectionName ? ` - ${row.context.sectionName}` : ''}</li>
              <li className="badge badge-ghost">{QUESTION_TYPE_LABELS[question.qt]}</li>
              <li className="badge badge-ghost">Marks: +{formatNumber(question.pm)}{question.nm ? ` / -${formatNumber(Math.abs(question.nm))}` : ''}</li>
              {row.status !== 'pending' ? <li className="badge badge-ghost">Scored: {formatMarks(row.marks)}{row.graded ? ' (graded by your teacher)' : ''}</li> : null}
              <li className="badge badge-ghost">Time: {formatDuration(row.seconds)}</li>
            </ul>
          </header>

          {question.dropped ? <p className="rounded-box border border-info/40 bg-info/10 p-3">This question was dropped after the test: it does not count, for anyone.</p> : null}
          <QuestionBody context={row.context} state={row.state} userId={userId} keyAnswer={showAnswer ? question.answer : undefined} />

          {showSolution ? (
            <section aria-labelledby="solution-heading" className="rounded-box border border-success/40 bg-success/5 p-3">
              <h3 id="solution-heading" className="mb-2 font-semibold">Solution</h3>
              {question.solution?.trim() ? <SafeHtml html={question.solution} className={RICH_TEXT} /> : <p className="opacity-80">No solution is available for this question.</p>}
            </section>
          ) : null}

          {remark ? (
            <section aria-labelledby="remark-heading" className="rounded-box border border-info/40 bg-info/5 p-3">
              <h3 id="remark-heading" className="mb-1 font-semibold">Teacher&apos;s remark</h3>
              <p className="whitespace-pre-wrap">{remark}</p>
            </section>
          ) : null}

          <div className="flex flex-wrap items-center gap-2 border-t border-base-300 pt-4" role="toolbar" aria-label="Review actions">
            <button type="button" className="btn btn-sm gap-1" disabled={index === 0} onClick={() => go(index - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />Prev
            </button>
            <button type="button" className="btn btn-sm gap-1" disabled={index >= rows.length - 1} onClick={() => go(index + 1)}>
              Next<ChevronRight className="h-4 w-4" aria-hidden="true" />
            </button>
            <button type="button" className={`btn btn-sm ${showSolution ? 'btn-active btn-success' : ''}`} aria-pressed={showSolution} onClick={() => setShowSolution((v) => !v)}>
              Solution
            </button>
            <button type="button" className={`btn btn-sm ${showAnswer ? 'btn-active btn-success' : ''}`} aria-pressed={showAnswer} onClick={() => setShowAnswer((v) => !v)}>
              Answer
            </button>
            <Link href={resultHref} className="btn btn-sm">Result</Link>
            <button type="button" className="btn btn-ghost btn-sm ml-auto gap-1" onClick={() => setReporting(true)}>
              <Flag className="h-4 w-4" aria-hidden="true" />Report
            </button>
          </div>
        </div>
      </article>

      <nav aria-label="Questions" className="card bg-base-100 p-4 shadow">
        <h2 className="mb-2 font-semibold">All questions</h2>
        <ol className="flex flex-wrap gap-2">
          {rows.map((item) => (
            <li key={item.context.question.qn}>
              <Link
                href={reviewHref(id, item.index)}
                className={`btn btn-sm min-w-10 ${STATUS_STYLES[item.status]} ${item.index === index ? 'ring-2 ring-primary ring-offset-2' : 'btn-soft'}`}
                aria-current={item.index === index ? 'page' : undefined}
                aria-label={`Question ${item.context.question.qnf}, ${STATUS_LABELS[item.status]}`}
              >
                {item.context.question.qnf}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <ReportDialog open={reporting} questionId={question._id} questionLabel={question.qnf} onClose={() => setReporting(false)} />
    </main>
  );
}

export default function ReviewPage({ title }: { title: string }) {
  useSignals();
  const id = useRouteId('/test/:id/review');
  const search = useSearch();
  const state = useTestOut(id);
  if (isFlagOn(userConfig.value, 'HIDE_TEST_REVIEW') || (state.status === 'ready' && state.data.review.hidden)) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-6">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="py-8 opacity-80">Review is not available for your account.</p>
        <Link href={`/test/${encodeURIComponent(id)}/result`} className="btn">Result</Link>
      </main>
    );
  }
  if (state.status === 'ready' && !state.data.review.released) {
    // Decision 0051: no key, solution or correctness until the review opens; the page asks again then.
    return (
      <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-lg">{state.data.testData.name}</p>
        </div>
        <ResultPendingNotice review={state.data.review} />
        <Link href={`/test/${encodeURIComponent(id)}/result`} className="btn w-fit">Result</Link>
      </main>
    );
  }
  if (state.status === 'ready') {
    const count = state.data.testData.format.parts.reduce((n, part) => n + part.sections.reduce((m, section) => m + section.questions.length, 0), 0);
    return <ReviewView id={id} reply={state.data} index={questionIndexFromSearch(search, count)} />;
  }
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {state.status === 'loading' ? <LoadingBlock label="Loading review" /> : <p className="py-8 opacity-80">The review could not be loaded.</p>}
    </main>
  );
}

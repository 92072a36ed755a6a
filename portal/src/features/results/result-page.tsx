import type { PartResult, Result, ScoreStats, TestOutReply } from '@invigil/shared/api/tests';
import { DIFFICULTY_FILTERS, filterByDifficulty, type DifficultyFilter } from '@invigil/shared/domain/swot';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useRouteId } from './use-route-id';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { paperQuestions } from '../review/question-display';
import { formatDateTime } from '../../lib/date-time';
import { formatDuration, formatMarks, formatNumber, formatPercent } from './format';
import { LoadingBlock } from './page-status';
import { flagCount, ProctorSection, useProctorTimeline } from './proctor-section';
import { voidedMessage } from './proctor-labels';
import { RankingSection, useRanks } from './ranking-section';
import { ResultPendingNotice, ReviewButton } from './review-gate-view';
import { DIFFICULTY_LABELS, insightFor, questionRows, sectionPoints, STATUS_BADGES, STATUS_LABELS, swotPoint, type QuestionRow, type SwotPoint } from './result-analysis';
import { SwotChart } from './swot-chart';
import { TabPanel, Tabs, type TabItem } from './tabs';
import { useTestOut } from './use-test-out';

const partLabel = (name: string, pi: number) => name.trim() || `Part ${pi + 1}`;

function emptyStats(): ScoreStats {
  return {
    scored: 0, max_marks: 0, percentage: 0, attempted: 0, total: 0, correct: 0, wrong: 0, partial: 0, skipped: 0, pending: 0,
    accuracy: 0, attempt_rate: 0, avg_speed: 0, time_spent: 0, time_per_question: 0,
  };
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-box bg-base-200 p-3">
      <dt className="text-sm opacity-80">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
      {hint ? <dd className="text-xs opacity-70">{hint}</dd> : null}
    </div>
  );
}

function OverallView({ stats, points, chartHeading }: { stats: ScoreStats; points: SwotPoint[]; chartHeading: string }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Score" value={`${formatNumber(stats.scored)} / ${formatNumber(stats.max_marks)}`} />
        <Figure label="Percentage" value={formatPercent(stats.percentage)} />
        <Figure label="Attempted" value={`${stats.attempted} / ${stats.total}`} />
        <Figure label="Accuracy" value={formatPercent(stats.accuracy)} />
      </dl>
      <p className="rounded-box border-l-4 border-primary bg-base-200 p-3">{insightFor(stats)}</p>
      <SwotChart heading={chartHeading} points={points} />
    </div>
  );
}

function DetailedView({ stats, rows, reviewHref, caption }: { stats: ScoreStats; rows: QuestionRow[]; reviewHref: ((qi: number) => string) | null; caption: string }) {
  const [filter, setFilter] = useState<DifficultyFilter>(0);
  const name = useId();
  const shown = filterByDifficulty(rows, filter);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label="Correct" value={String(stats.correct)} />
        <Figure label="Wrong" value={String(stats.wrong)} />
        <Figure label="Skipped" value={String(stats.skipped)} />
        <Figure label="Partial" value={String(stats.partial)} />
        <Figure label="Pending" value={String(stats.pending)} hint="Waiting to be graded" />
        <Figure label="Accuracy" value={formatPercent(stats.accuracy)} />
        <Figure label="Attempt rate" value={formatPercent(stats.attempt_rate)} />
        <Figure label="Avg speed" value={`${formatNumber(stats.avg_speed)} s`} hint="per attempted question" />
        <Figure label="Time spent" value={formatDuration(stats.time_spent)} />
        <Figure label="Time per question" value={`${formatNumber(stats.time_per_question)} s`} />
      </dl>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm font-semibold">Difficulty</legend>
        <div className="join">
          {DIFFICULTY_FILTERS.map((option) => (
            <input
              key={option.value}
              type="radio"
              name={name}
              className="btn btn-sm join-item"
              aria-label={option.label}
              checked={filter === option.value}
              onChange={() => setFilter(option.value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="overflow-x-auto rounded-box bg-base-100">
        <table className="table table-sm">
          <caption className="sr-only">{caption}, {DIFFICULTY_FILTERS.find((f) => f.value === filter)?.label ?? 'All'} questions</caption>
          <thead>
            <tr>
              <th scope="col">Q. No.</th>
              {/* On a phone the difficulty goes under the question number, so the table fits. */}
              <th scope="col" className="hidden sm:table-cell">Difficulty</th>
              <th scope="col">Status</th>
              <th scope="col">Marks</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.context.question.qn}>
                <th scope="row">
                  {reviewHref ? (
                    <Link href={reviewHref(row.index)} className="link link-primary" aria-label={`Review question ${row.context.question.qnf}`}>
                      {row.context.question.qnf}
                    </Link>
                  ) : (
                    row.context.question.qnf
                  )}
                  {row.difficulty ? <span className="block text-xs font-normal opacity-80 sm:hidden">{DIFFICULTY_LABELS[row.difficulty]}</span> : null}
                </th>
                <td className="hidden sm:table-cell">{row.difficulty ? DIFFICULTY_LABELS[row.difficulty] : '-'}</td>
                <td><span className={`badge badge-sm ${STATUS_BADGES[row.status]}`}>{STATUS_LABELS[row.status]}</span></td>
                <td>{row.status === 'pending' ? '-' : formatMarks(row.marks)}{row.graded ? <span className="ml-1 text-xs opacity-70">(graded)</span> : null}</td>
                <td>{formatDuration(row.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 ? <p className="p-4 text-center opacity-80">No questions of this difficulty.</p> : null}
      </div>
    </div>
  );
}

/** The Overall / Detailed views of one tab (the whole test or one part). */
function AnalysisPanel({ idPrefix, heading, stats, points, rows, reviewHref }: {
  idPrefix: string;
  heading: string;
  stats: ScoreStats;
  points: SwotPoint[];
  rows: QuestionRow[];
  reviewHref: ((qi: number) => string) | null;
}) {
  const [view, setView] = useState('overall');
  const views: TabItem[] = [
    { key: 'overall', label: 'Overall view' },
    { key: 'detailed', label: 'Detailed view' },
  ];
  return (
    <section className="flex flex-col gap-4" aria-label={heading}>
      <h2 className="sr-only">{heading}</h2>
      <Tabs label={`${heading} views`} items={views} selected={view} onSelect={setView} idPrefix={idPrefix} className="tabs-box w-fit" />
      <TabPanel idPrefix={idPrefix} tabKey={view}>
        {view === 'overall' ? (
          <OverallView stats={stats} points={points} chartHeading={`SWOT: ${heading}`} />
        ) : (
          <DetailedView stats={stats} rows={rows} reviewHref={reviewHref} caption={`Question-wise result: ${heading}`} />
        )}
      </TabPanel>
    </section>
  );
}

function ScoreCard({ reply, result, parts }: { reply: TestOutReply; result: Result; parts: { label: string; stats: ScoreStats }[] }) {
  const { userData } = reply;
  const rows = parts.length > 1 ? parts : [];
  const cells = (stats: ScoreStats) => (
    <>
      <td>{formatNumber(stats.scored)} / {formatNumber(stats.max_marks)}</td>
      <td>{formatPercent(stats.percentage)}</td>
      <td className="hidden sm:table-cell">{stats.correct}</td>
      <td className="hidden sm:table-cell">{stats.wrong}</td>
      <td className="hidden sm:table-cell">{stats.skipped}</td>
      <td>{formatPercent(stats.accuracy)}</td>
      <td className="hidden md:table-cell">{formatDuration(stats.time_spent)}</td>
    </>
  );
  const figures = (stats: ScoreStats): [string, string][] => [
    ['Score', `${formatNumber(stats.scored)} / ${formatNumber(stats.max_marks)}`],
    ['Percentage', formatPercent(stats.percentage)],
    ['Accuracy', formatPercent(stats.accuracy)],
    ['Correct', String(stats.correct)],
    ['Wrong', String(stats.wrong)],
    ['Skipped', String(stats.skipped)],
    ['Time spent', formatDuration(stats.time_spent)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="score-card-heading" className="flex flex-col gap-3">
        <h2 id="score-card-heading" className="text-lg font-bold">Score Card</h2>
        {/* A phone gets one card per part instead of a table that would scroll sideways. */}
        <ul className="flex flex-col gap-3 sm:hidden" aria-label="Score Card by part">
          {[...rows, { label: 'Total', stats: result }].map((part) => (
            <li key={part.label} className="rounded-box bg-base-200 p-3">
              <h3 className="font-semibold">{part.label}</h3>
              <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
                {figures(part.stats).map(([label, value]) => (
                  <div key={label}>
                    <dt className="opacity-80">{label}</dt>
                    <dd className="font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-box bg-base-100 sm:block">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Score</th>
                <th scope="col">Percentage</th>
                <th scope="col" className="hidden sm:table-cell">Correct</th>
                <th scope="col" className="hidden sm:table-cell">Wrong</th>
                <th scope="col" className="hidden sm:table-cell">Skipped</th>
                <th scope="col">Accuracy</th>
                <th scope="col" className="hidden md:table-cell">Time spent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((part) => (
                <tr key={part.label}>
                  <th scope="row">{part.label}</th>
                  {cells(part.stats)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="text-base-content">
                <th scope="row">Total</th>
                {cells(result)}
              </tr>
            </tfoot>
          </table>
        </div>
        {userData.remark ? (
          <div className="rounded-box bg-base-100 p-3">
            <h3 className="font-semibold">Teacher&apos;s remark</h3>
            <p className="whitespace-pre-wrap">{userData.remark}</p>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/**
 * Before the review is released (decision 0051): the spec's 'Result will be declared soon.', when
 * the review opens, and the student's own submission; the page asks again by itself at that time.
 */
function ResultPendingView({ id, reply }: { id: string; reply: TestOutReply }) {
  useSignals();
  const { testData, userData, review } = reply;
  const hideReview = isFlagOn(userConfig.value, 'HIDE_TEST_REVIEW');
  const answered = userData.test_data.filter((state) => state.ua !== null && state.ua !== '' && !(Array.isArray(state.ua) && state.ua.length === 0)).length;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Result</h1>
          <p className="text-lg">{testData.name}</p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <ReviewButton href={`/test/${encodeURIComponent(id)}/review`} review={review} hideReview={hideReview} className="btn btn-primary btn-sm" icon />
          <Link href="/test-results" className="btn btn-sm">All results</Link>
        </div>
      </div>
      <section aria-labelledby="submission-heading" className="flex flex-col gap-4 rounded-box bg-base-100 p-4 shadow">
        <h2 id="submission-heading" className="text-lg font-bold">Your submission</h2>
        <ResultPendingNotice review={review} />
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label="Submitted at" value={formatDateTime(userData.test_submitted_at)} />
          <Figure label="Answered" value={`${answered} / ${testData.format.noq}`} />
          <Figure label="Time taken" value={formatDuration(((userData.test_submitted_at ?? userData.test_created_at) - userData.test_created_at) / 1000)} />
        </dl>
      </section>
    </main>
  );
}

function ResultView({ id, reply, result }: { id: string; reply: TestOutReply; result: Result }) {
  useSignals();
  const { testData, userData, review } = reply;
  const hideReview = isFlagOn(userConfig.value, 'HIDE_TEST_REVIEW') || review.hidden;
  const [tab, setTab] = useState('overall');
  const live = testData.type === 'live';
  const ranks = useRanks(id, live && review.released);
  const proctoring = useProctorTimeline(id);
  const flags = flagCount(proctoring.state);

  const rows = useMemo(() => questionRows(paperQuestions(testData.format, testData.config), userData.test_data), [testData, userData]);
  const parts = testData.format.parts.map((part, pi) => {
    const stats: ScoreStats | PartResult = result.partResults.find((item) => item.pi === pi) ?? emptyStats();
    return { pi, label: partLabel(part.name, pi), stats, sections: part.sections.length };
  });
  const reviewBase = `/test/${encodeURIComponent(id)}/review`;
  const reviewHref = hideReview ? null : (qi: number) => `${reviewBase}?qi=${qi}`;

  const tabs: TabItem[] = [
    { key: 'overall', label: 'Overall' },
    ...(parts.length > 1 ? parts.map((part) => ({ key: `part-${part.pi}`, label: part.label })) : []),
    { key: 'score-card', label: 'Score Card' },
    { key: 'proctoring', label: flags ? `Proctoring (${flags})` : 'Proctoring' },
  ];
  const selected = tabs.some((item) => item.key === tab) ? tab : 'overall';

  const overallPoints: SwotPoint[] = [
    swotPoint('Overall', result),
    ...(parts.length > 1
      ? parts.map((part) => swotPoint(part.label, part.stats))
      : (parts[0]?.sections ?? 0) > 1 ? sectionPoints(rows, 0) : []),
  ];

  let panel;
  if (selected === 'proctoring') {
    panel = <ProctorSection state={proctoring.state} onRetry={proctoring.retry} />;
  } else if (selected === 'score-card') {
    panel = (
      <div className="flex flex-col gap-6">
        <ScoreCard reply={reply} result={result} parts={parts} />
        <RankingSection live={live} ranks={ranks} />
      </div>
    );
  } else if (selected === 'overall') {
    panel = <AnalysisPanel key="overall" idPrefix="overall-view" heading="Overall" stats={result} points={overallPoints} rows={rows} reviewHref={reviewHref} />;
  } else {
    const part = parts.find((item) => `part-${item.pi}` === selected) ?? parts[0];
    const partRows = rows.filter((row) => row.context.question.pi === part?.pi);
    const points = part ? [swotPoint(part.label, part.stats), ...(part.sections > 1 ? sectionPoints(rows, part.pi) : [])] : [];
    panel = part ? (
      <AnalysisPanel key={selected} idPrefix={`${selected}-view`} heading={part.label} stats={part.stats} points={points} rows={partRows} reviewHref={reviewHref} />
    ) : null;
  }

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Result</h1>
          <p className="text-lg">{testData.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ReviewButton href={reviewBase} review={review} hideReview={hideReview} className="btn btn-primary btn-sm" icon />
          <Link href="/test-results" className="btn btn-sm">All results</Link>
        </div>
      </div>
      <Tabs label="Result sections" items={tabs} selected={selected} onSelect={setTab} idPrefix="result" className="tabs-border" />
      <TabPanel idPrefix="result" tabKey={selected} className="rounded-box bg-base-100 p-4 shadow">
        {panel}
      </TabPanel>
    </main>
  );
}

/**
 * A void attempt (the proctoring review, issue 29): no score, the decision's reason, and the
 * proctoring record with each flag's verdict.
 */
function VoidView({ id, reply, reason }: { id: string; reply: TestOutReply; reason: string }) {
  const proctoring = useProctorTimeline(id);
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Result</h1>
          <p className="text-lg">{reply.testData.name}</p>
        </div>
        <Link href="/test-results" className="btn btn-sm">All results</Link>
      </div>
      <p className="alert alert-error" role="alert">{voidedMessage(reason)}</p>
      <div className="rounded-box bg-base-100 p-4 shadow">
        <ProctorSection state={proctoring.state} onRetry={proctoring.retry} />
      </div>
    </main>
  );
}

export default function ResultPage({ title }: { title: string }) {
  const id = useRouteId('/test/:id/result');
  const state = useTestOut(id);
  if (state.status === 'ready') {
    const { result, decision } = state.data;
    if (decision?.decision === 'void') return <VoidView id={id} reply={state.data} reason={decision.reason} />;
    return result ? <ResultView id={id} reply={state.data} result={result} /> : <ResultPendingView id={id} reply={state.data} />;
  }
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {state.status === 'loading' ? <LoadingBlock label="Loading result" /> : <p className="py-8 opacity-80">The result could not be loaded.</p>}
    </main>
  );
}

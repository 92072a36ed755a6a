import type { TestGetReply, TestInfo } from '@invigil/shared/api/tests';
import { instructionPath, isStartDisabled, testCardLabel } from '@invigil/shared/domain/test-card';
import { useSignals } from '@preact/signals-react/runtime';
import { Play } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useRouteId } from '../results/use-route-id';
import { ApiError } from '../../lib/api-client';
import { useEarlyReply } from '../../lib/use-early-reply';
import { showSnackbar } from '../../lib/snackbar';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { formatDateTime } from '../../lib/date-time';
import { formatNumber, formatPercent } from '../results/format';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { RESULT_PENDING } from '../results/review-gate';
import { ReviewButton } from '../results/review-gate-view';
import { useRefetchAtRelease } from '../results/use-refetch-at-release';
import { testDetailCall } from './test-detail-api';

export const TEST_NOT_FOUND = 'Test not found!';
export const TEST_FETCH_FAILED = 'Error fetching tests!';

const TYPE_LABELS: Record<TestInfo['type'], string> = { live: 'Live', 'aio-pdf': 'PDF', 'third-party': 'Third party', chapter: 'Chapter Test' };

function InfoTable({ test }: { test: TestInfo }) {
  const rows: [string, string][] = [
    ['Type', TYPE_LABELS[test.type]],
    ['Duration', `${formatNumber(test.format.duration)} min`],
    ['Questions', String(test.format.noq)],
    ['Max Marks', formatNumber(test.format.max_marks)],
    ['Parts', test.format.parts.map((part, pi) => part.name.trim() || `Part ${pi + 1}`).join(', ') || '-'],
    ['Opens', test.activation_date === null ? 'Always open' : formatDateTime(test.activation_date)],
    ['Ends', test.ends_at === null ? 'No end date' : formatDateTime(test.ends_at)],
  ];
  if (test.mp_cost > 0) rows.push(['Merit points', String(test.mp_cost)]);
  if (test.access_code) rows.push(['Access code', 'Needed to start']);
  return (
    <table className="table table-sm sm:table-md">
      <caption className="sr-only">About this test</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="w-28 sm:w-40">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TestDetail({ reply }: { reply: TestGetReply }) {
  useSignals();
  const { test, results } = reply;
  const hideReview = isFlagOn(userConfig.value, 'HIDE_TEST_REVIEW');
  const base = `/test/${encodeURIComponent(test._id)}`;
  const attemptNo = results.length + 1;
  const disabled = isStartDisabled(test);
  const startHref = `${instructionPath(test)}${test.resumeable ? '?resume=true' : ''}`;
  const startLabel = test.resumeable ? `Resume Test #${Math.max(1, results.length)}` : `Start Test #${attemptNo}`;
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li><Link href="/mock-test">Mock Test</Link></li>
          <li aria-current="page">{test.name}</li>
        </ul>
      </nav>
      <section className="card bg-base-100 shadow" aria-labelledby="test-heading">
        <div className="card-body gap-3">
          <h1 id="test-heading" className="card-title text-2xl">{test.name}</h1>
          {test.description ? <p className="opacity-80">{test.description}</p> : null}
          <div className="overflow-x-auto"><InfoTable test={test} /></div>
          <div className="card-actions items-center justify-end">
            {disabled ? (
              <>
                <span id="start-note" className="text-sm opacity-80">{testCardLabel(test)}</span>
                <button type="button" className="btn" disabled aria-describedby="start-note">{startLabel}</button>
              </>
            ) : (
              <Link href={startHref} className="btn btn-primary gap-1">
                <Play className="h-4 w-4" aria-hidden="true" />{startLabel}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section className="card bg-base-100 shadow" aria-labelledby="attempts-heading">
        <div className="card-body gap-3">
          <h2 id="attempts-heading" className="card-title">Results</h2>
          {results.length === 0 ? <p className="opacity-80">You have no results for this test yet.</p> : (
            <div className="overflow-x-auto">
              <table className="table table-sm sm:table-md">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col" className="hidden sm:table-cell">Submitted At</th>
                    <th scope="col">
                      {/* The short label on a phone, so the table fits; the full one stays for screen readers. */}
                      <span className="sm:hidden" aria-hidden="true">Score</span>
                      <span className="max-sm:sr-only">Scored / Max Marks</span>
                    </th>
                    <th scope="col" className="hidden sm:table-cell">Percentage</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((row, i) => (
                    <tr key={`${row.test_created_at}-${i}`}>
                      <th scope="row">{i + 1}</th>
                      <td className="hidden sm:table-cell">{formatDateTime(row.test_submitted_at)}</td>
                      {/* Decision 0051: no score until the review is released. */}
                      <td>{row.result ? `${formatNumber(row.result.scored)} / ${formatNumber(row.result.max_marks)}` : <span className="text-sm">{RESULT_PENDING}</span>}</td>
                      <td className="hidden sm:table-cell">{row.result ? formatPercent(row.result.percentage) : '-'}</td>
                      <td>
                        <div className="flex flex-col gap-1 sm:flex-row sm:items-start">
                          <Link href={`${base}/result`} className="btn btn-primary btn-xs" aria-label={`Result of attempt ${i + 1}`}>Result</Link>
                          <ReviewButton href={`${base}/review`} review={row.review} hideReview={hideReview} className="btn btn-xs" label={`Review of attempt ${i + 1}`} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </main>
  );
}

export default function TestDetailPage({ title }: { title: string }) {
  const id = useRouteId('/test/:id', '/test/:id/dashboard');
  const { early, skipLoad } = useEarlyReply(() => testDetailCall(id).settled());
  const [loaded, setLoaded] = useState<{ id: string; reply: TestGetReply | null; notFound: boolean } | null>(early ? { id, reply: early.value, notFound: false } : null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    testDetailCall(id)().then(
      (reply) => {
        if (alive) setLoaded({ id, reply, notFound: false });
      },
      (error: unknown) => {
        if (!alive) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setLoaded({ id, reply: null, notFound });
        if (!notFound) showSnackbar(TEST_FETCH_FAILED, { color: 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, attempt, skipLoad]);

  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  }, []);

  const current = loaded?.id === id ? loaded : null;
  useRefetchAtRelease(current?.reply?.results.map((row) => row.review) ?? null, () => testDetailCall(id)(), (reply) => setLoaded({ id, reply, notFound: false }));
  if (current?.reply) return <TestDetail reply={current.reply} />;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {current === null ? <LoadingBlock label="Loading test" /> : null}
      {current?.notFound ? <EmptyState text={TEST_NOT_FOUND} /> : null}
      {current && !current.reply && !current.notFound ? <LoadError message={TEST_FETCH_FAILED} onRetry={retry} /> : null}
    </main>
  );
}

import type { TestListItem } from '@invigil/shared/api/tests';
import { REFRESH_HIDE_MS } from '@invigil/shared/domain/constants';
import { isStartDisabled, testCardLabel, testStartLink } from '@invigil/shared/domain/test-card';
import { useSignals } from '@preact/signals-react/runtime';
import { ChartColumn, Clock, Coins, KeyRound, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { fetchTestList } from './tests-api';
import { PdfUploadButton } from '../uploads/pdf-upload-button';
import { TestChatButton } from '../live/test-chat';
import { ReviewButton } from '../results/review-gate-view';
import { useRefetchAtRelease } from '../results/use-refetch-at-release';

const LIST_FAILED = 'Error fetching tests!';

function TestCard({ test }: { test: TestListItem }) {
  useSignals();
  const config = userConfig.value;
  const label = testCardLabel(test);
  const disabled = isStartDisabled(test);
  const headingId = `test-${test._id}`;
  // A submitted attempt has a result; the user's HIDE_TEST_REVIEW hides its review, and until the
  // review is released (decision 0051) the button says when it opens.
  const submitted = test.attempted && test.test_submitted_at !== null;
  const hideReview = isFlagOn(config, 'HIDE_TEST_REVIEW');
  const base = `/test/${encodeURIComponent(test._id)}`;
  return (
    <li>
      <article className="card h-full bg-base-100 shadow" aria-labelledby={headingId}>
        <div className="card-body gap-2">
          <h2 id={headingId} className="card-title">{test.name}</h2>
          {test.description ? <p className="text-sm opacity-80">{test.description}</p> : null}
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Test facts">
            <li className="badge badge-ghost gap-1"><Clock className="h-3.5 w-3.5" aria-hidden="true" />{test.duration} min</li>
            {test.mp_cost > 0 ? (
              <li className="badge badge-warning gap-1"><Coins className="h-3.5 w-3.5" aria-hidden="true" />{test.mp_cost} merit points</li>
            ) : null}
            {test.access_code ? (
              <li className="badge badge-info gap-1"><KeyRound className="h-3.5 w-3.5" aria-hidden="true" />Access code</li>
            ) : null}
            {test.time_to_start > 0 ? <li className="badge badge-ghost h-auto">Opens {formatDateTime(test.activation_date ?? Date.now() + test.time_to_start)}</li> : null}
          </ul>
          <div className="card-actions mt-auto items-center justify-end pt-2">
            {submitted ? (
              <>
                <Link href={`${base}/result`} className="btn btn-sm gap-1" aria-label={`Result of ${test.name}`}>
                  <ChartColumn className="h-4 w-4" aria-hidden="true" />Result
                </Link>
                <ReviewButton href={`${base}/review`} review={test.review} hideReview={hideReview} label={`Review of ${test.name}`} icon />
              </>
            ) : null}
            <TestChatButton test={test} />
            <PdfUploadButton test={test} />
            {disabled ? (
              <button type="button" className="btn btn-sm" disabled aria-label={`${label}: ${test.name}`}>{label}</button>
            ) : (
              <Link href={testStartLink(test, config)} className="btn btn-primary btn-sm" aria-label={`${label}: ${test.name}`}>
                {label}
              </Link>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}

export default function ScheduledTestsPage({ title }: { title: string }) {
  const [location] = useLocation();
  const { early, skipLoad } = useEarlyReply(fetchTestList.settled);
  const [tests, setTests] = useState<TestListItem[] | null>(early ? early.value : null);
  const [failed, setFailed] = useState(false);
  const [refreshHidden, setRefreshHidden] = useState(true);

  const load = useCallback(async () => {
    setRefreshHidden(true);
    try {
      setTests(await fetchTestList());
      setFailed(false);
    } catch (error) {
      setFailed(true);
      showSnackbar(error instanceof ApiError && error.message ? error.message : LIST_FAILED, { color: 'error' });
    }
  }, []);

  // A submitted test's Review button turns on when its review opens (decision 0051).
  useRefetchAtRelease(tests?.map((test) => test.review) ?? null, () => fetchTestList(), setTests);

  // Spec: the list refreshes when the path changes.
  useEffect(() => {
    if (skipLoad()) return;
    void load();
  }, [load, location, skipLoad]);

  // Spec: the refresh button is hidden for 10 seconds after each load.
  useEffect(() => {
    if (!refreshHidden || tests === null) return;
    const timer = setTimeout(() => setRefreshHidden(false), REFRESH_HIDE_MS);
    return () => clearTimeout(timer);
  }, [refreshHidden, tests]);

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        {!refreshHidden ? (
          <button type="button" className="btn btn-ghost btn-sm gap-1" onClick={() => void load()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />Refresh
          </button>
        ) : null}
      </div>
      {tests === null && !failed ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading tests">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : null}
      {failed && tests === null ? (
        <div className="alert alert-error" role="alert">
          <span>{LIST_FAILED}</span>
          <button type="button" className="btn btn-sm" onClick={() => void load()}>Retry</button>
        </div>
      ) : null}
      {tests !== null && tests.length === 0 ? <p className="py-16 text-center text-lg opacity-80">No assesment scheduled!</p> : null}
      {tests && tests.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Scheduled tests">
          {tests.map((test) => <TestCard key={test._id} test={test} />)}
        </ul>
      ) : null}
    </main>
  );
}

import type { TestListItem } from '@invigil/shared/api/tests';
import { FileCheck2, Info } from 'lucide-react';
import { Link } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { formatDateTime } from '../../lib/date-time';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { fetchAttemptedList } from './answer-sheet-api';

export const ANSWER_SHEET_BANNER = 'You can verify you submitted answer here.';
export const NO_ANSWER_SHEETS = 'No data found!';
export const ATTEMPTED_LIST_FAILED = 'Error fetching tests!';

function AnswerSheetCard({ test }: { test: TestListItem }) {
  const headingId = `answer-sheet-${test._id}`;
  const submitted = test.test_submitted_at !== null;
  return (
    <li>
      <article className="card h-full bg-base-100 shadow" aria-labelledby={headingId}>
        <div className="card-body gap-2">
          <h2 id={headingId} className="card-title">{test.name}</h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium">Started At</dt>
            <dd>{formatDateTime(test.test_created_at)}</dd>
            <dt className="font-medium">Submitted At</dt>
            <dd>{submitted ? formatDateTime(test.test_submitted_at) : 'Not submitted'}</dd>
          </dl>
          <div className="card-actions mt-auto justify-end pt-2">
            {submitted ? (
              <Link href={`/answer-sheet/${encodeURIComponent(test._id)}`} className="btn btn-primary btn-sm gap-1" aria-label={`View My Answer Sheet: ${test.name}`}>
                <FileCheck2 className="h-4 w-4" aria-hidden="true" />View My Answer Sheet
              </Link>
            ) : (
              <button type="button" className="btn btn-sm" disabled aria-label={`View My Answer Sheet: ${test.name} (not submitted)`}>
                View My Answer Sheet
              </button>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}

export default function AnswerSheetListPage({ title }: { title: string }) {
  const { data: tests, failed, retry } = useRetryableLoad(fetchAttemptedList, (error) =>
    showSnackbar(error instanceof ApiError && error.message ? error.message : ATTEMPTED_LIST_FAILED, { color: 'error' }),
  );

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <p className="alert alert-info mb-4">
        <Info className="h-5 w-5" aria-hidden="true" />
        <span>{ANSWER_SHEET_BANNER}</span>
      </p>
      {tests === null && !failed ? <LoadingBlock label="Loading answer sheets" /> : null}
      {failed && tests === null ? <LoadError message={ATTEMPTED_LIST_FAILED} onRetry={retry} /> : null}
      {tests && tests.length === 0 ? <EmptyState text={NO_ANSWER_SHEETS} /> : null}
      {tests && tests.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Attempted tests">
          {tests.map((test) => <AnswerSheetCard key={test._id} test={test} />)}
        </ul>
      ) : null}
    </main>
  );
}

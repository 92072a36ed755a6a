import type { ResultRow } from '@invigil/shared/api/tests';
import { instructionPath } from '@invigil/shared/domain/test-card';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { formatDateTime } from '../../lib/date-time';
import { formatNumber, formatPercent } from './format';
import { EmptyState, LoadError, LoadingBlock } from './page-status';
import { Pager } from './pager';
import { chapterSummary, hasNextPage, pageFromSearch, sortResults, type ResultSortKey, type SortDirection } from './result-rows';
import { myResultsCall } from './results-api';
import { RESULT_PENDING } from './review-gate';
import { ReviewButton } from './review-gate-view';
import { useRefetchAtRelease } from './use-refetch-at-release';

export const RESULTS_FAILED = 'Error fetching results!';
export const NO_RESULTS = 'No test result found!';

function SortHeader({ label, short, sortKey, sort, onSort, className = '' }: {
  label: string;
  /** Shown instead of the label on small screens (the label stays for screen readers). */
  short?: string;
  sortKey: ResultSortKey;
  sort: { key: ResultSortKey; direction: SortDirection };
  onSort: (key: ResultSortKey) => void;
  className?: string;
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined} className={`whitespace-normal ${className}`}>
      <button type="button" className="flex items-center gap-1 text-left font-semibold hover:underline" onClick={() => onSort(sortKey)}>
        {short ? <span className="sm:hidden" aria-hidden="true">{short}</span> : null}
        <span className={short ? 'max-sm:sr-only' : undefined}>{label}</span>
        <Icon className={`h-3.5 w-3.5 shrink-0 ${active ? '' : 'opacity-40'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

function ResultTableRow({ row, hideReview }: { row: ResultRow; hideReview: boolean }) {
  const chapters = chapterSummary(row);
  const { result } = row;
  const base = `/test/${encodeURIComponent(row._id)}`;
  return (
    <tr>
      <th scope="row" className="font-normal">
        <span className="font-semibold">{row.name}</span>
        {chapters ? (
          // A chapter test's chapters lead to its own instruction page (/chapter-test/{id}/instruction).
          <Link
            href={instructionPath({ _id: row._id, type: 'chapter' })}
            className="link link-hover block text-xs opacity-80"
            title={row.chapters.map((chapter) => chapter.name).join(', ')}
          >
            Chapters: {chapters}
          </Link>
        ) : null}
        <span className="block text-xs opacity-70">{formatDateTime(row.test_submitted_at ?? row.test_created_at)}</span>
      </th>
      {/* Decision 0051: no figures until the review is released. */}
      <td className="hidden whitespace-nowrap md:table-cell">
        {result ? (
          <>
            <span className="text-success">{result.correct}</span> / <span className="text-error">{result.wrong}</span> / <span>{result.skipped}</span>
          </>
        ) : '-'}
      </td>
      <td className={result ? 'whitespace-nowrap' : undefined}>
        {result ? (
          `${formatNumber(result.scored)} / ${formatNumber(result.max_marks)}`
        ) : row.decision?.decision === 'void' ? (
          // The proctoring review voided the attempt (issue 29): it has no score.
          <span className="badge badge-error badge-sm">Void</span>
        ) : (
          <span className="text-xs sm:text-sm">{RESULT_PENDING}</span>
        )}
      </td>
      <td>{result ? formatPercent(result.percentage) : '-'}</td>
      <td>
        <div className="flex flex-col gap-1 sm:flex-row sm:items-start">
          <Link href={`${base}/result`} className="btn btn-primary btn-xs" aria-label={`Result of ${row.name}`}>Result</Link>
          <ReviewButton href={`${base}/review`} review={row.review} hideReview={hideReview} className="btn btn-xs" label={`Review of ${row.name}`} />
        </div>
      </td>
    </tr>
  );
}

export default function ResultsPage({ title }: { title: string }) {
  useSignals();
  const search = useSearch();
  const page = pageFromSearch(search);
  const hideReview = isFlagOn(userConfig.value, 'HIDE_TEST_REVIEW');
  const { early, skipLoad } = useEarlyReply(() => myResultsCall(page).settled());
  const [loaded, setLoaded] = useState<{ page: number; rows: ResultRow[] | null } | null>(early ? { page, rows: early.value } : null);
  const [attempt, setAttempt] = useState(0);
  const [sort, setSort] = useState<{ key: ResultSortKey; direction: SortDirection }>({ key: 'name', direction: 'ascending' });

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    myResultsCall(page)().then(
      (rows) => {
        if (alive) setLoaded({ page, rows });
      },
      () => {
        if (!alive) return;
        setLoaded({ page, rows: null });
        showSnackbar(RESULTS_FAILED, { color: 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [page, attempt, skipLoad]);

  const retry = useCallback(() => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  }, []);

  const onSort = (key: ResultSortKey) =>
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending' }));

  const current = loaded?.page === page ? loaded : null;
  useRefetchAtRelease(current?.rows?.map((row) => row.review) ?? null, () => myResultsCall(page)(), (rows) => setLoaded({ page, rows }));
  const rows = current?.rows ? sortResults(current.rows, sort.key, sort.direction) : null;

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      {current === null ? <LoadingBlock label="Loading results" /> : null}
      {current && current.rows === null ? <LoadError message={RESULTS_FAILED} onRetry={retry} /> : null}
      {rows && rows.length === 0 ? <EmptyState text={NO_RESULTS} /> : null}
      {rows && rows.length > 0 ? (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table table-xs sm:table-md">
            <caption className="sr-only">Your test results, page {page}</caption>
            <thead>
              <tr>
                <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
                <th scope="col" className="hidden md:table-cell">Correct / Wrong / Skipped</th>
                <SortHeader label="Scored / Max Marks" short="Score" sortKey="scored" sort={sort} onSort={onSort} />
                <SortHeader label="Percentage" short="%" sortKey="percentage" sort={sort} onSort={onSort} />
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => <ResultTableRow key={`${row._id}-${row.test_created_at}`} row={row} hideReview={hideReview} />)}
            </tbody>
          </table>
        </div>
      ) : null}
      {current?.rows && (page > 1 || hasNextPage(current.rows.length)) ? (
        <Pager page={page} hasNext={hasNextPage(current.rows.length)} hrefFor={(n) => `/test-results?page=${n}`} label="Results pages" />
      ) : null}
    </main>
  );
}

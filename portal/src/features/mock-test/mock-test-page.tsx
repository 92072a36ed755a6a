import type { TestListItem } from '@invigil/shared/api/tests';
import { ChevronRight, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { fetchMockTests } from './mock-test-api';
import { mockTestStatus, seriesTitle, type MockTestTone } from './mock-test-status';

const LIST_FAILED = 'Error fetching tests!';
const NO_TESTS = 'No assesment scheduled!';

const TONE_BADGE: Record<MockTestTone, string> = {
  open: 'badge-success',
  upcoming: 'badge-info',
  progress: 'badge-warning',
  done: 'badge-neutral',
  ended: 'badge-ghost',
};

function MockTestRow({ test }: { test: TestListItem }) {
  const status = mockTestStatus(test);
  return (
    <li>
      <Link
        href={`/test/${encodeURIComponent(test._id)}`}
        className="flex items-center gap-3 rounded-box p-3 hover:bg-base-200 focus-visible:bg-base-200"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{test.name}</span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span className="inline-flex items-center gap-1 opacity-80"><Clock className="h-3.5 w-3.5" aria-hidden="true" />{test.duration} min</span>
            <span className={`badge badge-sm h-auto ${TONE_BADGE[status.tone]}`}>{status.text}</span>
          </span>
        </span>
        <ChevronRight className="h-5 w-5 shrink-0 opacity-60" aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * Mock Test (/mock-test), the test detail page's breadcrumb: the student's tests grouped by their
 * series (mock_id), each leading to its detail page (/test/{id}) with its attempts and results.
 */
export default function MockTestPage({ title }: { title: string }) {
  const { data: series, failed, retry } = useRetryableLoad(fetchMockTests, () => showSnackbar(LIST_FAILED, { color: 'error' }));

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {series === null && !failed ? <LoadingBlock label="Loading tests" /> : null}
      {series === null && failed ? <LoadError message={LIST_FAILED} onRetry={retry} /> : null}
      {series !== null && series.length === 0 ? <EmptyState text={NO_TESTS} /> : null}
      {series?.map((group) => {
        const headingId = `series-${group.mock_id ?? 'none'}`.replace(/[^A-Za-z0-9_-]+/g, '-');
        return (
          <section key={group.mock_id ?? ''} className="card bg-base-100 shadow" aria-labelledby={headingId}>
            <div className="card-body gap-2 p-4 sm:p-6">
              <h2 id={headingId} className="card-title">
                {seriesTitle(group.mock_id)}
                <span className="badge badge-ghost font-normal">{group.tests.length} {group.tests.length === 1 ? 'test' : 'tests'}</span>
              </h2>
              <ul className="-mx-3 flex flex-col" aria-label={`Tests of ${seriesTitle(group.mock_id)}`}>
                {group.tests.map((test) => <MockTestRow key={test._id} test={test} />)}
              </ul>
            </div>
          </section>
        );
      })}
    </main>
  );
}

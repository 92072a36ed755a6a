import type { ResultsTestListReply } from '@invigil/shared/api/staff-results';
import { useId, useRef } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useStaffList } from '../staff-shell/use-staff-list';
import type { ResultsFilters } from './results-api';
import { fetchResultsTests } from './results-api';
import { formatPercent, reviewText } from './results-text';

function ResultsTable({ reply }: { reply: ResultsTestListReply }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  const now = Date.now();
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Tests with results' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Tests with results</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Submitted</th>
            <th scope="col">Average</th>
            <th scope="col">To grade</th>
            <th scope="col">Review</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="min-w-48 font-normal">
                <Link href={`/staff/results/${encodeURIComponent(item.id)}`} className="link link-primary font-semibold">{item.name}</Link>
                <p className="text-sm opacity-80">{item.id} · {item.questions} questions, {item.max_marks} marks</p>
              </th>
              <td className="whitespace-nowrap">
                <span className="block">{item.submitted} submitted</span>
                {item.running > 0 && <span className="block">{item.running} running</span>}
                {item.void > 0 && <span className="block">{item.void} void</span>}
              </td>
              <td className="whitespace-nowrap">{formatPercent(item.average)}</td>
              <td className="whitespace-nowrap">{item.pending_grading === 0 ? 'None' : `${item.pending_grading} attempts`}</td>
              <td className="min-w-56">{reviewText(item.review, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultsList() {
  const searchId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<ResultsFilters, ResultsTestListReply>({ q: '', page: 1 }, fetchResultsTests);
  return (
    <>
      <div className="mb-4 max-w-md">
        <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search tests</span></label>
        <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name or id" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading tests" onRetry={refresh}>
        {(reply) => (
          <>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{filters.q ? 'No tests match the search.' : 'No published tests yet.'}</p>
            ) : (
              <ResultsTable reply={reply} />
            )}
            <StaffListPages label="Test pages" page={reply.page} pageSize={reply.page_size} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}

/** /staff/results (admin, teacher: their tests and their classes'): each test with its submissions, average, grading left and review. */
export default function ResultsPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <ResultsList />
      </main>
    </StaffLayout>
  );
}

import type { TestEditorStatus, TestListReply } from '@invigil/shared/api/staff-tests';
import { Plus } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { useStaffList } from '../staff-shell/use-staff-list';
import { assignedText, scheduleText } from './test-list-text';
import { TEST_STATUS_LABELS, TEST_STATUSES, TestStatusBadge } from './test-status-badge';
import type { TestFilters } from './tests-api';
import { fetchTests } from './tests-api';

function TestsTable({ reply }: { reply: TestListReply }) {
  const box = useRef<HTMLDivElement>(null);
  // A table wider than a phone scrolls inside its own box, which Tab then reaches (axe: scrollable-region-focusable).
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Tests table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Tests</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Status</th>
            <th scope="col">Questions / marks</th>
            <th scope="col">Duration</th>
            <th scope="col">Opens – ends</th>
            <th scope="col">Assigned to</th>
            <th scope="col">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="min-w-48 font-normal">
                <Link href={`/staff/tests/${encodeURIComponent(item.id)}`} className="link link-primary font-semibold">{item.name}</Link>
                <p className="text-sm opacity-80">{item.id}</p>
              </th>
              <td><TestStatusBadge status={item.status} /></td>
              <td className="whitespace-nowrap">{item.questions} / {item.max_marks}</td>
              <td className="whitespace-nowrap">{item.duration} min</td>
              <td className="min-w-44">{scheduleText(item.activation_at, item.ends_at)}</td>
              <td className="min-w-36">{assignedText(item)}</td>
              <td className="whitespace-nowrap">
                <span className="block">{item.attempts.running} running</span>
                <span className="block">{item.attempts.submitted} submitted</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TestsList() {
  const searchId = useId();
  const statusId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<TestFilters, TestListReply>({ q: '', status: '', page: 1 }, fetchTests);
  const filtered = filters.q !== '' || filters.status !== '';
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search tests</span></label>
          <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name or id" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-52">
          <label htmlFor={statusId} className="label pb-1"><span className="label-text font-medium text-base-content">Status</span></label>
          <select id={statusId} className="select select-bordered w-full" value={filters.status} onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value as '' | TestEditorStatus, page: 1 }))}>
            <option value="">Any status</option>
            {TEST_STATUSES.map((status) => <option key={status} value={status}>{TEST_STATUS_LABELS[status]}</option>)}
          </select>
        </div>
        <Link href="/staff/tests/new" className="btn btn-primary gap-1"><Plus className="h-4 w-4" aria-hidden="true" />New test</Link>
      </div>
      <StaffListBox failure={failure} reply={reply} loadingLabel="Loading tests" onRetry={refresh}>
        {(reply) => (
          <>
            {reply.items.length === 0 ? (
              <p className="px-4 py-10 text-center">{filtered ? 'No tests match the search and status.' : 'No tests yet: make one with New test.'}</p>
            ) : (
              <TestsTable reply={reply} />
            )}
            <StaffListPages label="Test pages" page={reply.page} pageSize={reply.page_size} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
          </>
        )}
      </StaffListBox>
    </>
  );
}

/** /staff/tests (admin, teacher: theirs and their classes'): searched, filtered by status, paged; New test. */
export default function TestsPage({ title }: ScreenProps) {
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-7xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <TestsList />
      </main>
    </StaffLayout>
  );
}

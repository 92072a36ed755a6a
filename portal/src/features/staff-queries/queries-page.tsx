import type { StaffQueryListReply, StaffQueryStatus, StaffQueryTypeOption } from '@invigil/shared/api/staff-queries';
import { ageText, STAFF_QUERY_STATUS_LABELS, STAFF_QUERY_STATUSES } from '@invigil/shared/api/staff-queries-text';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatDateTime } from '../../lib/date-time';
import { useOverflows } from '../../ui/use-keyboard-scroll';
import { StaffLayout } from '../staff-shell/staff-layout';
import { StaffListBox } from '../staff-shell/staff-list-box';
import { StaffListPages } from '../staff-shell/staff-list-pages';
import { useStaffList } from '../staff-shell/use-staff-list';
import { fetchQueries } from './staff-queries-api';
import type { QueryFilters } from './staff-queries-api';

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 basis-36 sm:flex-none sm:basis-44">
      <label htmlFor={id} className="label pb-1"><span className="label-text font-medium text-base-content">{label}</span></label>
      <select id={id} className="select select-bordered w-full" value={value} onChange={(event) => onChange(event.target.value)}>{children}</select>
    </div>
  );
}

function QueriesTable({ reply, now }: { reply: StaffQueryListReply; now: number }) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(box, true);
  return (
    <div ref={box} className="overflow-x-auto" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': 'Queries table' } : {})}>
      <table className="table table-sm lg:table-md">
        <caption className="sr-only">Students’ queries</caption>
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Student</th>
            <th scope="col">Type</th>
            <th scope="col">Age</th>
            <th scope="col">Last reply</th>
          </tr>
        </thead>
        <tbody>
          {reply.items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="min-w-48 font-normal">
                <Link href={`/staff/queries/${encodeURIComponent(item.id)}`} className="link link-primary font-semibold">{item.subject}</Link>
                <span className="mt-1 flex flex-wrap gap-1">
                  {item.status === 'closed' ? <span className="badge badge-ghost badge-sm">Closed</span> : null}
                  {item.awaitingStaff ? <span className="badge badge-warning badge-sm">Waiting for a reply</span> : null}
                </span>
              </th>
              <td className="min-w-32">{item.studentName}<span className="block text-xs">{item.regNo}{item.className ? `, ${item.className}` : ''}</span></td>
              <td className="min-w-28">{item.typeName}<span className="block text-xs">{item.subTypeName}{item.subjectName ? `, ${item.subjectName}` : ''}</span></td>
              <td className="whitespace-nowrap"><time dateTime={new Date(item.createdAt).toISOString()} title={formatDateTime(item.createdAt)}>{ageText(item.createdAt, now)}</time></td>
              <td className="min-w-28">{item.lastReplyBy ? <>{item.lastReplyBy}<span className="block text-xs">{ageText(item.lastReplyAt ?? now, now)} ago</span></> : <span className="opacity-80">No reply yet</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /staff/queries (admin; teacher: their classes' students): oldest open first, filtered, paged. */
export default function QueriesPage({ title }: ScreenProps) {
  const searchId = useId();
  const { filters, setFilters, query, setQuery, reply, failure, refresh } = useStaffList<QueryFilters, StaffQueryListReply>({ q: '', type: '', subType: '', status: 'open', page: 1 }, fetchQueries);
  const [types, setTypes] = useState<StaffQueryTypeOption[]>([]);
  useEffect(() => {
    if (reply) setTypes(reply.types);
  }, [reply]);
  const subTypes = types.find((type) => type.id === filters.type)?.subTypes ?? [];
  const now = Date.now();
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={searchId} className="label pb-1"><span className="label-text font-medium text-base-content">Search by student</span></label>
            <input id={searchId} type="search" className="input input-bordered w-full" placeholder="Name or reg. no." value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          <Select label="Type" value={filters.type} onChange={(type) => setFilters((current) => ({ ...current, type, subType: '', page: 1 }))}>
            <option value="">All types</option>
            {types.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
          </Select>
          <Select label="Sub type" value={filters.subType} onChange={(subType) => setFilters((current) => ({ ...current, subType, page: 1 }))}>
            <option value="">{filters.type === '' ? 'Choose a type first' : 'All sub types'}</option>
            {subTypes.map((sub) => <option key={sub.id} value={sub.id}>{sub.name}</option>)}
          </Select>
          <Select label="Status" value={filters.status} onChange={(status) => setFilters((current) => ({ ...current, status: status as '' | StaffQueryStatus, page: 1 }))}>
            {STAFF_QUERY_STATUSES.map((status) => <option key={status} value={status}>{STAFF_QUERY_STATUS_LABELS[status]}</option>)}
            <option value="">Open and closed</option>
          </Select>
        </div>
        <StaffListBox failure={failure} reply={reply} loadingLabel="Loading queries" onRetry={refresh}>
          {(reply) => (
            <>
              {reply.items.length === 0 ? <p className="px-4 py-10 text-center">{filters.status === 'open' && filters.q === '' && filters.type === '' ? 'No open queries: all answered.' : 'No queries match the search and filters.'}</p> : <QueriesTable reply={reply} now={now} />}
              <StaffListPages label="Query pages" page={reply.page} pageSize={reply.pageSize} total={reply.total} shown={reply.items.length} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
            </>
          )}
        </StaffListBox>
      </main>
    </StaffLayout>
  );
}

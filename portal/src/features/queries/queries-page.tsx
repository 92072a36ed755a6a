import { QUERIES_PAGE_SIZE } from '@invigil/shared/api/query-messages';
import { MessageSquareReply, Plus } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { formatDateTime } from '../../lib/date-time';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { EmptyState, LoadingBlock } from '../results/page-status';
import { Pager } from '../results/pager';
import { pageFromSearch } from '../results/result-rows';
import { fetchQueries } from './queries-api';
import { StatusChip } from './query-parts';

/** Spec section 8: load failures of query lists are only logged, with no user message. */
const logLoadFailure = (error: unknown) => console.error('Loading the queries failed:', error);

/** /queries: the student's queries, newest first, 25 a page (spec sections 2 and 9). */
export default function QueriesPage({ title }: { title: string }) {
  const { data: rows, failed, retry } = useRetryableLoad(fetchQueries, logLoadFailure);
  const pages = Math.max(1, Math.ceil((rows?.length ?? 0) / QUERIES_PAGE_SIZE));
  const page = Math.min(pageFromSearch(useSearch()), pages);
  const first = (page - 1) * QUERIES_PAGE_SIZE;
  const shown = rows?.slice(first, first + QUERIES_PAGE_SIZE) ?? [];

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link href="/query-new" className="btn btn-primary gap-1">
          <Plus className="h-4 w-4" aria-hidden="true" />NEW QUERY
        </Link>
      </div>
      {rows === null && !failed ? <LoadingBlock label="Loading queries" /> : null}
      {rows === null && failed ? (
        <div className="flex justify-center py-10">
          <button type="button" className="btn" onClick={retry}>Retry</button>
        </div>
      ) : null}
      {rows && rows.length === 0 ? <EmptyState text="No queries yet." /> : null}
      {rows && rows.length > 0 ? (
        <div className="rounded-box bg-base-100 shadow" data-testid="queries-table">
          <table className="table">
            <caption className="sr-only">Your queries, newest first, page {page}</caption>
            <thead>
              <tr>
                <th scope="col" className="hidden md:table-cell">SN</th>
                <th scope="col" className="hidden md:table-cell">Type</th>
                <th scope="col" className="hidden md:table-cell">Sub Type</th>
                <th scope="col">Query</th>
                <th scope="col" className="hidden md:table-cell">Subject</th>
                <th scope="col" className="hidden md:table-cell">Time</th>
                <th scope="col">Status</th>
                <th scope="col"><span className="sr-only md:not-sr-only">Follow up</span></th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row, i) => (
                <tr key={row._id}>
                  <td className="hidden md:table-cell">{first + i + 1}</td>
                  <td className="hidden md:table-cell">{row.query_type_name}</td>
                  <td className="hidden md:table-cell">{row.query_sub_type_name}</td>
                  <td className="max-w-xs break-words">
                    {/* Small screens: the hidden columns, above the query. */}
                    <span className="block text-xs opacity-80 md:hidden">
                      {first + i + 1}. {row.query_type_name} / {row.query_sub_type_name}
                      {row.subject_name ? ` · ${row.subject_name}` : ''}
                    </span>
                    <span className="line-clamp-3">{row.query}</span>
                    <span className="block text-xs opacity-80 md:hidden">{formatDateTime(row.created_at)}</span>
                  </td>
                  <td className="hidden md:table-cell">{row.subject_name ?? '-'}</td>
                  <td className="hidden whitespace-nowrap md:table-cell">{formatDateTime(row.created_at)}</td>
                  <td><StatusChip status={row.status} /></td>
                  <td>
                    <Link href={`/queries/${encodeURIComponent(row._id)}`} className="btn btn-sm btn-outline gap-1 whitespace-nowrap" aria-label={`Follow up: ${row.query_type_name}, ${row.query_sub_type_name}, ${formatDateTime(row.created_at)}`}>
                      <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
                      <span className="hidden sm:inline">Follow up</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows && pages > 1 ? <Pager page={page} hasNext={page < pages} hrefFor={(n) => `/queries?page=${n}`} label="Query pages" /> : null}
    </main>
  );
}

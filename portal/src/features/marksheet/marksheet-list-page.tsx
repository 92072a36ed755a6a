import type { MarksheetListReply } from '@invigil/shared/api/tests';
import { Eye, Printer } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { formatDateTime } from '../../lib/date-time';
import { useEarlyReply } from '../../lib/use-early-reply';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { Pager } from '../results/pager';
import { hasNextPage, pageFromSearch } from '../results/result-rows';
import { dataFetchFailed, MARKSHEETS_PAGE_SIZE, messageOf, NO_MARKSHEETS } from './marksheet-messages';
import { marksheetsCall } from './marksheet-api';

export default function MarksheetListPage({ title }: { title: string }) {
  const page = pageFromSearch(useSearch());
  const { early, skipLoad } = useEarlyReply(() => marksheetsCall(page).settled());
  const [loaded, setLoaded] = useState<{ page: number; rows: MarksheetListReply | null; error?: string } | null>(early ? { page, rows: early.value } : null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    marksheetsCall(page)().then(
      (rows) => {
        if (alive) setLoaded({ page, rows });
      },
      (error: unknown) => {
        if (!alive) return;
        const message = dataFetchFailed(messageOf(error));
        setLoaded({ page, rows: null, error: message });
        showSnackbar(message, { color: 'error' });
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

  const current = loaded?.page === page ? loaded : null;
  const rows = current?.rows ?? null;
  const more = rows !== null && hasNextPage(rows.length, MARKSHEETS_PAGE_SIZE);
  const first = (page - 1) * MARKSHEETS_PAGE_SIZE;

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      {current === null ? <LoadingBlock label="Loading marksheets" /> : null}
      {current && rows === null ? <LoadError message={current.error ?? dataFetchFailed('Something went wrong!')} onRetry={retry} /> : null}
      {rows && rows.length === 0 ? <EmptyState text={NO_MARKSHEETS} /> : null}
      {rows && rows.length > 0 ? (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table">
            <caption className="sr-only">Your marksheets, page {page}</caption>
            <thead>
              <tr>
                <th scope="col" className="hidden sm:table-cell">#</th>
                <th scope="col">Name</th>
                <th scope="col" className="hidden sm:table-cell">Updated At</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const href = `/marksheet/${encodeURIComponent(row._id)}`;
                return (
                  <tr key={row._id}>
                    <td className="hidden sm:table-cell">{first + i + 1}</td>
                    <th scope="row" className="font-semibold">
                      {row.name}
                      <span className="block text-xs font-normal opacity-70 sm:hidden">{formatDateTime(row.updated_at)}</span>
                    </th>
                    <td className="hidden sm:table-cell">{formatDateTime(row.updated_at)}</td>
                    <td>
                      <div className="flex flex-col gap-1 sm:flex-row">
                        <Link href={href} className="btn btn-primary btn-xs gap-1" aria-label={`View ${row.name}`}>
                          <Eye className="h-3.5 w-3.5" aria-hidden="true" />View
                        </Link>
                        <Link href={`${href}?print=true`} className="btn btn-xs gap-1" aria-label={`Print ${row.name}`}>
                          <Printer className="h-3.5 w-3.5" aria-hidden="true" />Print
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows && (page > 1 || more) ? <Pager page={page} hasNext={more} hrefFor={(n) => `/marksheet?page=${n}`} label="Marksheet pages" /> : null}
    </main>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { pageOf } from './table-rows';

/** Below a paged table (fees, certificates): rows per page (the spec's sizes), the range shown, Prev and Next. */
export function TablePages<Size extends number>({ label, sizes, total, page, pages, first, shown, perPage, onPage, onPerPage }: {
  label: string;
  sizes: readonly Size[];
  total: number;
  page: number;
  pages: number;
  first: number;
  shown: number;
  perPage: Size;
  onPage: (page: number) => void;
  onPerPage: (perPage: Size) => void;
}) {
  const selectId = useId();
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 px-4 py-3 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={selectId}>Rows per page</label>
        <select
          id={selectId}
          className="select select-sm w-20"
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value) as Size)}
        >
          {sizes.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
      <span aria-live="polite">{total === 0 ? '0 of 0' : `${first + 1}-${first + shown} of ${total}`}</span>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm gap-1" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />Prev
        </button>
        <button type="button" className="btn btn-sm gap-1" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next<ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

/**
 * A paged table's state: the page of rows shown, and TablePages' props but its label and sizes
 * (a new rows-per-page goes back to the first page).
 */
export function usePagedRows<T, Size extends number>(rows: readonly T[], initialPerPage: Size) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<Size>(initialPerPage);
  const shown = pageOf(rows, page, perPage);
  const pager = {
    total: rows.length,
    page: shown.page,
    pages: shown.pages,
    first: shown.first,
    shown: shown.rows.length,
    perPage,
    onPage: setPage,
    onPerPage: (next: Size) => {
      setPerPage(next);
      setPage(1);
    },
  };
  return { shown, pager };
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';

/** Prev / Next links between pages of a list whose page lives in the `page` query value. */
export function Pager({ page, hasNext, hrefFor, label }: { page: number; hasNext: boolean; hrefFor: (page: number) => string; label: string }) {
  const prev = page > 1;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-end gap-2">
      {prev ? (
        <Link href={hrefFor(page - 1)} className="btn btn-sm gap-1">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />Prev
        </Link>
      ) : (
        <button type="button" className="btn btn-sm gap-1" disabled>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />Prev
        </button>
      )}
      <span className="px-2 text-sm" aria-current="page">Page {page}</span>
      {hasNext ? (
        <Link href={hrefFor(page + 1)} className="btn btn-sm gap-1">
          Next<ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <button type="button" className="btn btn-sm gap-1" disabled>
          Next<ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </nav>
  );
}

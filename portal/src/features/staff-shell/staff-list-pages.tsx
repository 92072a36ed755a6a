import { TablePages } from '../../ui/table-pages';

/** The page count of a list: at least one, so an empty list still reads "page 1 of 1". */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The pager under a staff list (staff, students, classes, tests, results, the review queue, a test's attempts): the server's page size, no size choice. */
export function StaffListPages({ label, page, pageSize, total, shown, onPage }: { label: string; page: number; pageSize: number; total: number; shown: number; onPage: (page: number) => void }) {
  return (
    <TablePages
      label={label}
      sizes={[pageSize]}
      total={total}
      page={page}
      pages={pageCount(total, pageSize)}
      first={(page - 1) * pageSize}
      shown={shown}
      perPage={pageSize}
      onPage={onPage}
      onPerPage={() => onPage(1)}
    />
  );
}

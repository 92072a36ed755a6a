import { TablePages } from '../../ui/table-pages';

/** A page of a staff list as the server replies (its size fixed by the server). */
export interface StaffListPage {
  page: number;
  page_size: number;
  total: number;
}

/** The page count of a reply: at least one, so an empty list still reads "page 1 of 1". */
export const pageCount = (reply: StaffListPage | null): number => (reply ? Math.max(1, Math.ceil(reply.total / reply.page_size)) : 1);

/** The pager under a staff list (Tests, Results, the review queue, a test's attempts): the server's page size, no size choice. */
export function StaffListPages({ label, reply, shown, onPage }: { label: string; reply: StaffListPage; shown: number; onPage: (page: number) => void }) {
  return (
    <TablePages
      label={label}
      sizes={[reply.page_size]}
      total={reply.total}
      page={reply.page}
      pages={pageCount(reply)}
      first={(reply.page - 1) * reply.page_size}
      shown={shown}
      perPage={reply.page_size}
      onPage={onPage}
      onPerPage={() => onPage(1)}
    />
  );
}

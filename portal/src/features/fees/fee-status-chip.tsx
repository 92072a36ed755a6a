import type { FeeItem } from '@invigil/shared/api/fees';

/** Spec section 4: green when paid, red when overdue (unpaid and not yet due: neutral). */
export function FeeStatusChip({ fee }: { fee: FeeItem }) {
  if (fee.payment_status === 'paid') return <span className="badge badge-success badge-sm whitespace-nowrap">Paid</span>;
  if (fee.overdue) return <span className="badge badge-error badge-sm whitespace-nowrap">Overdue</span>;
  return <span className="badge badge-ghost badge-sm whitespace-nowrap">Unpaid</span>;
}

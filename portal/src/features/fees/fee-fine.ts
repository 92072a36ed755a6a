import type { FeeItem } from '@invigil/shared/api/fees';

/**
 * The fine of a fee, split into what is paid and what is still due (issue 31's walk: an unpaid
 * overdue fee read "Rs 0.00 / Fine Rs 250.00" under Paid (with Fine), as if the fine were paid).
 * A paid fee has its fine paid; otherwise a payment goes to the fee first and only what is paid
 * beyond the fee goes to the fine (the fine is charged for the fee being late, so it is the last
 * part of the balance).
 */
export function fineOf(fee: Pick<FeeItem, 'fee_amount' | 'fine_amount' | 'pay_amount' | 'payment_status'>): { paid: number; due: number } {
  const fine = Math.max(0, fee.fine_amount);
  if (fine === 0) return { paid: 0, due: 0 };
  if (fee.payment_status === 'paid') return { paid: fine, due: 0 };
  const paid = Math.min(fine, Math.max(0, fee.pay_amount - fee.fee_amount));
  return { paid, due: fine - paid };
}

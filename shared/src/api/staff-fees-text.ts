/**
 * The words and constants of fees in the staff console (shared/api/staff-fees.ts), without zod,
 * so the portal's staff screens take them without the server's schemas. Money is integer paise.
 */

export const FEE_ROW_PAGE_SIZE = 25;
export const RECEIPT_PAGE_SIZE = 20;
export const ORDER_PAGE_SIZE = 25;

/** Fee types (fee_heads.fee_type): tuition, transport and hostel are monthly (a due month). */
export const FEE_TYPES = ['tuition', 'transport', 'hostel', 'exam', 'admission', 'library', 'other'] as const;
export type FeeTypeName = (typeof FEE_TYPES)[number];
export const FEE_TYPE_LABELS: Record<FeeTypeName, string> = {
  tuition: 'Tuition (monthly)',
  transport: 'Transport (monthly)',
  hostel: 'Hostel (monthly)',
  exam: 'Exam',
  admission: 'Admission',
  library: 'Library',
  other: 'Other',
};
export const isMonthlyFeeType = (type: string): boolean => type === 'tuition' || type === 'transport' || type === 'hostel';

/** A student fee's state: unpaid, part paid, paid; overdue is unpaid or part paid past its due date. */
export const FEE_STATUSES = ['unpaid', 'part', 'paid', 'overdue'] as const;
export type FeeStatusName = (typeof FEE_STATUSES)[number];
export const FEE_STATUS_LABELS: Record<FeeStatusName, string> = { unpaid: 'Unpaid', part: 'Part paid', paid: 'Paid', overdue: 'Overdue' };

export const OFFLINE_MODES = ['cash', 'cheque', 'bank'] as const;
export type OfflineModeName = (typeof OFFLINE_MODES)[number];
export const OFFLINE_MODE_LABELS: Record<OfflineModeName, string> = { cash: 'Cash', cheque: 'Cheque', bank: 'Bank transfer' };

export const RECEIPT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type ReceiptStatusName = (typeof RECEIPT_STATUSES)[number];
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatusName, string> = { pending: 'To verify', confirmed: 'Accepted', rejected: 'Rejected' };

/** The orders list's filter: '' every order; open: created or attempted. */
export const ORDER_FILTERS = ['', 'paid', 'failed', 'open'] as const;
export type OrderFilterName = (typeof ORDER_FILTERS)[number];
export const ORDER_FILTER_LABELS: Record<OrderFilterName, string> = { '': 'All orders', paid: 'Paid', failed: 'Failed', open: 'Open' };

export const RECONCILE_LABELS = {
  matched: 'Matched',
  missing_here: 'Captured at the gateway, not recorded here',
  missing_at_gateway: 'Recorded here, not at the gateway',
  amount_mismatch: 'Amounts differ',
} as const;
export type ReconcileKind = keyof typeof RECONCILE_LABELS;
/** The longest period a reconciliation covers (days). */
export const RECONCILE_MAX_DAYS = 31;

/** The CSV export's header (the students' fees table). */
export const FEE_EXPORT_HEADER = ['Student', 'Reg. no', 'Class', 'Fee', 'Type', 'Due month', 'Due date', 'Amount (Rs)', 'Fine (Rs)', 'Paid (Rs)', 'Balance (Rs)', 'Status'] as const;

export const STAFF_FEE_MESSAGES = {
  headNotFound: 'No such fee head.',
  headTitleTaken: 'A fee head with this title already exists.',
  feeNotFound: 'No such fee.',
  classNotFound: 'No such class.',
  studentNotFound: 'No such student.',
  classEmpty: 'This class has no students to charge.',
  chargeTarget: 'Choose a class or a student to charge.',
  dueMonthNeeded: 'A monthly fee needs its due month.',
  amountBelowPaid: 'The fee and fine cannot be less than what has already been paid.',
  waiveReasonNeeded: 'Give a reason for waiving or lowering the fine.',
  feeHasPayments: 'This fee has payments (or a receipt or an online order): it cannot be deleted. Edit it instead.',
  overBalance: 'The amount is more than the balance of this fee.',
  feePaid: 'This fee is already paid.',
  referenceReused: 'This reference was already recorded for this fee with another amount or mode.',
  receiptNotFound: 'No such receipt.',
  receiptDone: 'This receipt has already been processed.',
  rejectReasonNeeded: 'Give the reason the receipt is rejected.',
  paymentNotFound: 'No such payment.',
  notToRefund: 'This payment is not waiting for a refund.',
  referenceNeeded: 'Enter the gateway\'s refund reference.',
  periodTooLong: `A reconciliation covers at most ${31} days.`,
  periodOrder: 'The period\'s end is before its start.',
  gatewayUnavailable: 'The payment gateway could not be reached. Please try again.',
} as const;

export const amountError = 'Enter an amount in rupees, with at most two decimals.';

/** '1,250.50' or '1250.5' -> 125050 paise (exact: no float), or null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^Rs\.?\s*/i, '').replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number(((match[2] ?? '') + '00').slice(0, 2));
}

/** 125050 -> '1250.50' (for a form field; no grouping). */
export function rupeesField(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

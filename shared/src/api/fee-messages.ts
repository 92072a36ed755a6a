/**
 * The fee screen's messages, limits and formatting (spec: My Fees; sections 3, 4, 5, 8, 9), apart
 * from the zod schemas (fees.ts) so the portal's screen takes them without zod.
 */

export const FEE_MESSAGES = {
  loadFailed: 'Failed fetching data!',
  noPaymentData: 'No Payment data available',
  receiptWaiting: 'Waiting for processing!',
  receiptConfirmed: 'Confirmed',
  receiptRejected: 'Rejected',
  previewFailed: 'Update failed!',
  /** The print alert: 'Error : {message}'. */
  printError: (message: string) => `Error : ${message}`,
  feeNotFound: 'Fee not found.',
  alreadyPaid: 'This fee is already paid.',
  /** The checkout page of an order for more than the fee's balance now (settled in part meanwhile). */
  balanceChanged: 'The amount due for this fee has changed. Go back to My Fees and press Pay again.',
  nothingPaid: 'Nothing has been paid for this fee yet.',
  receiptType: 'Only .png, .jpeg and .jpg images can be uploaded as a receipt.',
  receiptTooLarge: 'The image is larger than 5 MB.',
  receiptNotUploaded: 'The image has not been uploaded yet.',
  receiptBadFile: 'This upload link was not given out for your receipt.',
  receiptBadLink: 'This upload link is not valid or has expired; ask for a new one.',
  receiptNotImage: 'The file is not a valid .png or .jpg image.',
  transactionDateRequired: 'Transaction date is required.',
  transactionDateFuture: 'The transaction date cannot be in the future.',
  paymentVerified: 'Payment successful!',
  paymentPending: 'Payment received; it will show here once the gateway confirms it.',
  paymentFailed: 'Payment failed!',
  paymentCancelled: 'Payment cancelled.',
  /** Paid from a tab left open after the fee was settled: kept for a refund (decision 0053). */
  paymentRefund: 'This fee was already paid: this payment was not counted and will be refunded.',
} as const;

/** Rows per page of the fee table (spec section 9). */
export const FEE_PAGE_SIZES = [10, 20, 50] as const;
/** The print dialog opens this long after the receipt arrives (spec section 9). */
export const PRINT_DELAY_MS = 500;
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** The receipt image types (spec section 5) and the extension each is stored with. */
export const RECEIPT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg' } as const;
export type ReceiptContentType = keyof typeof RECEIPT_TYPES;
export const RECEIPT_ACCEPT = '.png,.jpeg,.jpg,image/png,image/jpeg';
export const RECEIPT_TEXT_MAX = 200;

/** Fee types whose title gets the due month as a suffix (spec section 3). */
export const MONTHLY_FEE_TYPES = ['tuition', 'transport', 'hostel'] as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Tuition Fee - April 2026' for tuition, transport and hostel with a due month ('yyyy-MM'); other fees as titled. */
export function feeDetails(item: { fee_head_title: string; fee_type: string; due_month: string | null }): string {
  const match = item.due_month ? /^(\d{4})-(\d{2})$/.exec(item.due_month) : null;
  if (!match || !(MONTHLY_FEE_TYPES as readonly string[]).includes(item.fee_type.toLowerCase())) return item.fee_head_title;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${item.fee_head_title} - ${month} ${match[1]}` : item.fee_head_title;
}


/** A standard UPI deep link (NPCI's upi://pay): payee address, name, currency, and the amount when known. */
export function upiPayLink(upiId: string, payeeName: string | null, amountPaise?: number, note?: string): string {
  const params: [string, string][] = [['pa', upiId]];
  if (payeeName) params.push(['pn', payeeName]);
  if (amountPaise !== undefined && amountPaise > 0) params.push(['am', (amountPaise / 100).toFixed(2)]);
  params.push(['cu', 'INR']);
  if (note) params.push(['tn', note.slice(0, 50)]);
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

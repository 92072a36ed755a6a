import { z } from 'zod';
import { FEE_STATUSES, FEE_TYPES, OFFLINE_MODES, ORDER_FILTERS, RECEIPT_STATUSES, STAFF_FEE_MESSAGES } from './staff-fees-text';
import type { ReconcileKind } from './staff-fees-text';

export * from './staff-fees-text';

/**
 * Fees in the staff console (issue 30, decision 0065). Admin only (a teacher or proctor: 403).
 * Money is integer PAISE everywhere; days 'yyyy-MM-dd', months 'yyyy-MM'.
 *
 *   GET    /api/staff/fees/heads                         {heads}
 *   POST   /api/staff/fees/heads                         feeHeadRequest -> {head}
 *   PATCH  /api/staff/fees/heads/{id}                    feeHeadRequest -> {head}
 *   POST   /api/staff/fees/charge                        chargeRequest -> {charged, skipped}
 *   GET    /api/staff/fees?class=&head=&status=&q=&page= feeRowsReply (25 a page)
 *   GET    /api/staff/fees.csv?class=&head=&status=&q=   the filtered table as CSV (BOM; formula-safe)
 *   PATCH  /api/staff/fees/{id}                          feeEditRequest -> {fee}
 *   DELETE /api/staff/fees/{id}                          {deleted: true}; 409 when it has payments
 *   POST   /api/staff/fees/{id}/offline-payments         offlinePaymentRequest -> {fee, recorded} (once per reference)
 *   GET    /api/staff/fees/receipts?status=&page=        receiptsReply (pending: oldest first)
 *   POST   /api/staff/fees/receipts/{id}/accept          {amountPaise} -> {receipt, fee}; 409 when already processed
 *   POST   /api/staff/fees/receipts/{id}/reject          {reason} -> {receipt}
 *   GET    /api/staff/payments/orders?status=&q=&page=   ordersReply
 *   GET    /api/staff/payments/rejections?page=          rejectionsReply
 *   GET    /api/staff/payments/refunds?status=           refundsReply
 *   POST   /api/staff/payments/refunds/{paymentId}       {reference} -> {refund}
 *   POST   /api/staff/payments/reconcile                 {from, to} -> reconcileReply
 *   POST   /api/staff/payments/reconcile-open            -> {checked, paid}
 */

const id = z.string().trim().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date.');
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month.');
const paise = z.number({ message: 'Enter an amount.' }).int('An amount is whole paise.').min(0, 'An amount cannot be negative.').max(100_000_000_00, 'That amount is too large.');
const positivePaise = paise.min(1, 'Enter an amount above zero.');
const page = z.coerce.number().int().min(1, 'page starts at 1.').max(100_000).default(1);

export const feeHeadSchema = z.object({ id: z.string(), title: z.string(), feeType: z.string(), charged: z.number().int(), createdAt: z.number() });
export type FeeHead = z.infer<typeof feeHeadSchema>;
export const feeHeadsReplySchema = z.object({ heads: z.array(feeHeadSchema) });
export type FeeHeadsReply = z.infer<typeof feeHeadsReplySchema>;

export const feeHeadRequestSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(120, 'A title has at most 120 characters.'),
  feeType: z.enum(FEE_TYPES, { message: 'Choose a fee type.' }),
});
export type FeeHeadRequest = z.infer<typeof feeHeadRequestSchema>;

export const chargeRequestSchema = z
  .object({
    headId: id,
    classId: id.optional(),
    studentId: id.optional(),
    amountPaise: positivePaise,
    dueDate: day,
    dueMonth: month.nullable().default(null),
    finePaise: paise.default(0),
  })
  .refine((body) => (body.classId ? 1 : 0) + (body.studentId ? 1 : 0) === 1, { message: STAFF_FEE_MESSAGES.chargeTarget, path: ['classId'] });
export type ChargeRequest = z.input<typeof chargeRequestSchema>;
export const chargeReplySchema = z.object({ charged: z.number().int(), skipped: z.number().int() });
export type ChargeReply = z.infer<typeof chargeReplySchema>;

export const feeRowsQuerySchema = z.object({
  q: z.string().trim().max(200, 'A search has at most 200 characters.').default(''),
  class: z.string().trim().max(64).default(''),
  head: z.string().trim().max(64).default(''),
  status: z.enum(['', ...FEE_STATUSES], { message: 'A status is unpaid, part, paid or overdue.' }).default(''),
  page,
});
export type FeeRowsQuery = z.infer<typeof feeRowsQuerySchema>;

export const feeRowSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  regNo: z.string(),
  className: z.string().nullable(),
  headId: z.string(),
  title: z.string(),
  feeType: z.string(),
  /** 'Tuition Fee - April 2026' as the student sees it. */
  details: z.string(),
  dueMonth: z.string().nullable(),
  dueDate: z.string(),
  amountPaise: z.number().int(),
  finePaise: z.number().int(),
  paidPaise: z.number().int(),
  balancePaise: z.number().int(),
  status: z.enum(FEE_STATUSES),
  /** Whether it may be deleted (nothing paid, no receipt, no online order). */
  deletable: z.boolean(),
});
export type FeeRow = z.infer<typeof feeRowSchema>;
export const feeRowsReplySchema = z.object({
  items: z.array(feeRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The filtered rows' sums (every page). */
  sums: z.object({ duePaise: z.number().int(), paidPaise: z.number().int(), balancePaise: z.number().int() }),
});
export type FeeRowsReply = z.infer<typeof feeRowsReplySchema>;

export const feeEditRequestSchema = z.object({
  amountPaise: paise,
  dueDate: day,
  dueMonth: month.nullable().optional(),
  finePaise: paise,
  /** Required when the fine is lowered (waived). */
  fineReason: z.string().trim().max(500, 'A reason has at most 500 characters.').default(''),
});
export type FeeEditRequest = z.input<typeof feeEditRequestSchema>;
export const feeReplySchema = z.object({ fee: feeRowSchema });
export type FeeReply = z.infer<typeof feeReplySchema>;

export const offlinePaymentRequestSchema = z.object({
  mode: z.enum(OFFLINE_MODES, { message: 'Choose cash, cheque or bank transfer.' }),
  reference: z.string().trim().min(1, 'Enter the receipt or cheque number.').max(100, 'A reference has at most 100 characters.'),
  amountPaise: positivePaise,
  paidOn: day,
});
export type OfflinePaymentRequest = z.infer<typeof offlinePaymentRequestSchema>;
export const offlinePaymentReplySchema = z.object({ fee: feeRowSchema, recorded: z.boolean() });
export type OfflinePaymentReply = z.infer<typeof offlinePaymentReplySchema>;

export const receiptsQuerySchema = z.object({ status: z.enum(RECEIPT_STATUSES).default('pending'), page });
export type ReceiptsQuery = z.infer<typeof receiptsQuerySchema>;
export const staffReceiptSchema = z.object({
  id: z.string(),
  feeId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  regNo: z.string(),
  className: z.string().nullable(),
  feeDetails: z.string(),
  balancePaise: z.number().int(),
  transactionDate: z.string(),
  transactionId: z.string(),
  chequeNumber: z.string(),
  comment: z.string(),
  /** A signed link to the image (expires; fetch the list again for a new one). */
  imageUrl: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  amountPaise: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type StaffReceipt = z.infer<typeof staffReceiptSchema>;
export const receiptsReplySchema = z.object({ items: z.array(staffReceiptSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type StaffReceiptsReply = z.infer<typeof receiptsReplySchema>;
export const acceptReceiptRequestSchema = z.object({ amountPaise: positivePaise });
export const rejectReceiptRequestSchema = z.object({ reason: z.string().trim().min(1, STAFF_FEE_MESSAGES.rejectReasonNeeded).max(500, 'A reason has at most 500 characters.') });
export const receiptReplySchema = z.object({ receipt: staffReceiptSchema });
export type StaffReceiptReply = z.infer<typeof receiptReplySchema>;

export const ordersQuerySchema = z.object({ status: z.enum(ORDER_FILTERS).default(''), q: z.string().trim().max(200).default(''), page });
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;
export const staffOrderSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  regNo: z.string(),
  purposeKind: z.string(),
  description: z.string(),
  amountPaise: z.number().int(),
  status: z.string(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  paymentIds: z.array(z.string()),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const ordersReplySchema = z.object({ items: z.array(staffOrderSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type OrdersReply = z.infer<typeof ordersReplySchema>;

export const rejectionsQuerySchema = z.object({ page });
export const staffRejectionSchema = z.object({ id: z.string(), source: z.string(), reason: z.string(), orderId: z.string().nullable(), createdAt: z.number() });
export type StaffRejection = z.infer<typeof staffRejectionSchema>;
export const rejectionsReplySchema = z.object({ items: z.array(staffRejectionSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type RejectionsReply = z.infer<typeof rejectionsReplySchema>;

export const refundsQuerySchema = z.object({ status: z.enum(['to_refund', 'refunded']).default('to_refund') });
export const staffRefundSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  studentName: z.string(),
  regNo: z.string(),
  description: z.string(),
  amountPaise: z.number().int(),
  refundPaise: z.number().int(),
  reason: z.string(),
  status: z.enum(['to_refund', 'refunded']),
  capturedAt: z.number(),
  refundedAt: z.number().nullable(),
  refundReference: z.string().nullable(),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;
export const refundsReplySchema = z.object({ items: z.array(staffRefundSchema) });
export type RefundsReply = z.infer<typeof refundsReplySchema>;
export const markRefundedRequestSchema = z.object({ reference: z.string().trim().min(1, STAFF_FEE_MESSAGES.referenceNeeded).max(100, 'A reference has at most 100 characters.') });
export const refundReplySchema = z.object({ refund: staffRefundSchema });
export type RefundReply = z.infer<typeof refundReplySchema>;

export const reconcileRequestSchema = z.object({ from: day, to: day });
export type ReconcileRequest = z.infer<typeof reconcileRequestSchema>;
export interface ReconcileLine {
  kind: ReconcileKind;
  paymentId: string;
  orderId: string;
  /** What we recorded (null: nothing) and what the gateway reports (null: nothing). */
  ourPaise: number | null;
  gatewayPaise: number | null;
  at: number;
}
export interface ReconcileReply {
  gateway: string;
  from: string;
  to: string;
  counts: Record<ReconcileKind, number>;
  lines: ReconcileLine[];
}
export const reconcileOpenReplySchema = z.object({ checked: z.number().int(), paid: z.number().int() });
export type ReconcileOpenReply = z.infer<typeof reconcileOpenReplySchema>;

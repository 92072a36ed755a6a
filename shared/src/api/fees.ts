import { z } from 'zod';
import { FEE_MESSAGES, RECEIPT_TEXT_MAX, RECEIPT_TYPES } from './fee-messages';

export { FEE_MESSAGES, FEE_PAGE_SIZES, PRINT_DELAY_MS, RECEIPT_ACCEPT, RECEIPT_MAX_BYTES, RECEIPT_TYPES, feeDetails, upiPayLink } from './fee-messages';
export type { ReceiptContentType } from './fee-messages';

/**
 * My Fees (spec sections 2, 3, 4, 5, 7, 8). Every amount is integer PAISE (decision 0027); the
 * portal shows Rs with 2 decimals.
 *
 *   GET  /fee-list                     -> FeeListReply (the student's own fees)
 *   GET  /payment-methods              -> PaymentMethodsReply
 *   GET  /uploaded-receipts/{fee id}   -> ReceiptsReply (the student's own fee only)
 *   POST /upload-receipt  contentType  -> { url, fileName }; then PUT of the image to url
 *   POST /save-receipt    id, comment, transaction_date, transaction_id, cheque_number, url
 *   POST /fee/{fee id}/pay-online      -> OrderReply (payments.ts): an order for the fee's balance
 *   GET  {admin origin}/admin/fee-head/{fee_head_id}/print?student_id=&student_fee_id=  -> receipt HTML
 */

export const feeItemSchema = z.object({
  _id: z.string(),
  fee_head_id: z.string(),
  student_id: z.string(),
  fee_head_title: z.string(),
  fee_type: z.string(),
  /** 'yyyy-MM' for monthly fees (the title's suffix), else null. */
  due_month: z.string().nullable(),
  /** 'yyyy-MM-dd'. */
  due_date: z.string(),
  fee_amount: z.number().int(),
  /** Paid so far, fine included. */
  pay_amount: z.number().int(),
  fine_amount: z.number().int(),
  balance: z.number().int(),
  payment_status: z.enum(['paid', 'unpaid']),
  overdue: z.boolean(),
  /** Where the receipt prints (the admin service; send the token). */
  print_url: z.string(),
});
export type FeeItem = z.infer<typeof feeItemSchema>;

export const feeListReplySchema = z.object({
  total_fee: z.number().int(),
  total_paid_fee: z.number().int(),
  balance: z.number().int(),
  advance_fee: z.number().int(),
  fee_collections: z.array(feeItemSchema),
});
export type FeeListReply = z.infer<typeof feeListReplySchema>;

export const paymentMethodSchema = z.discriminatedUnion('type', [
  z.object({
    _id: z.string(),
    type: z.literal('upi'),
    upi_id: z.string(),
    payee_name: z.string().nullable(),
    instruction: z.string(),
    /** A standard upi://pay link, drawn as a QR code by the portal. */
    upi_qr_code: z.string(),
  }),
  z.object({ _id: z.string(), type: z.literal('sib'), instruction: z.string() }),
]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsReplySchema = z.object({ data: z.array(paymentMethodSchema) });
export type PaymentMethodsReply = z.infer<typeof paymentMethodsReplySchema>;

export const receiptSchema = z.object({
  _id: z.string(),
  transaction_date: z.string(),
  transaction_id: z.string(),
  cheque_number: z.string(),
  comment: z.string(),
  /** 'Waiting for processing!' until the institute confirms it. */
  status: z.string(),
  /** A signed link to the image. */
  url: z.string(),
  created_at: z.number(),
  /** Why the institute rejected it (issue 30), when it did. */
  reason: z.string().nullable().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptsReplySchema = z.object({ data: z.array(receiptSchema) });
export type ReceiptsReply = z.infer<typeof receiptsReplySchema>;

export const uploadReceiptRequestSchema = z.object({
  contentType: z.enum(Object.keys(RECEIPT_TYPES) as [keyof typeof RECEIPT_TYPES, ...(keyof typeof RECEIPT_TYPES)[]], { message: FEE_MESSAGES.receiptType }),
});
export type UploadReceiptRequest = z.infer<typeof uploadReceiptRequestSchema>;
export const uploadReceiptReplySchema = z.object({ url: z.string(), fileName: z.string() });
export type UploadReceiptReply = z.infer<typeof uploadReceiptReplySchema>;

const optionalText = z.string().trim().max(RECEIPT_TEXT_MAX).optional().default('');
export const saveReceiptRequestSchema = z.object({
  id: z.string().min(1).max(64),
  transaction_date: z.string({ message: FEE_MESSAGES.transactionDateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, FEE_MESSAGES.transactionDateRequired),
  transaction_id: optionalText,
  cheque_number: optionalText,
  comment: z.string().trim().max(1000).optional().default(''),
  /** The upload URL (its query string is ignored). */
  url: z.string().min(1).max(2000),
});
export type SaveReceiptRequest = z.input<typeof saveReceiptRequestSchema>;
export const saveReceiptReplySchema = z.object({ message: z.string(), receipt: receiptSchema });
export type SaveReceiptReply = z.infer<typeof saveReceiptReplySchema>;

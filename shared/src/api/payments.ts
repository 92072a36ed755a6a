import { z } from 'zod';

/**
 * Online payments (issue 11, decision 0027). The server creates an order at the gateway for the
 * amount it computes and answers with where to pay; the gateway's checkout page posts its signed
 * reply to /payments/callback, which sends the student back to the order's return path with
 * `order_id` and `payment` (paid, pending, failed, refund) in the query; the gateway's signed webhook
 * (/payments/webhook) is the source of truth.
 *
 *   POST /fee/{student fee id}/pay-online            -> OrderReply (fees)
 *   GET  /payments/orders/{order id}                  -> OrderStatusReply (the student's own order)
 *   POST /payments/callback  razorpay_order_id, razorpay_payment_id, razorpay_signature (form)  -> 303
 *   POST /payments/webhook   raw gateway event, X-Razorpay-Signature, X-Razorpay-Event-Id -> { status }
 */
export const orderReplySchema = z.object({
  order_id: z.string(),
  /** A path of our server (the simulator's or Razorpay's checkout page) carrying the order_id. */
  checkout_url: z.string(),
});
export type OrderReply = z.infer<typeof orderReplySchema>;

export const PAYMENT_ORDER_STATUSES = ['created', 'attempted', 'failed', 'paid'] as const;
export const orderStatusReplySchema = z.object({
  order_id: z.string(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  /** In paise. */
  amount: z.number().int(),
  purpose_kind: z.string(),
  purpose_id: z.string(),
  paid_at: z.number().nullable(),
});
export type OrderStatusReply = z.infer<typeof orderStatusReplySchema>;

export const checkoutReplySchema = z.object({
  razorpay_order_id: z.string().min(1).max(64),
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(256),
});
export type CheckoutReplyForm = z.infer<typeof checkoutReplySchema>;

/** The `payment` query value on return from the gateway ('refund': the fee was already paid, this payment is kept for a refund). */
export const PAYMENT_RETURN_OUTCOMES = ['paid', 'pending', 'failed', 'cancelled', 'refund'] as const;
export type PaymentReturnOutcome = (typeof PAYMENT_RETURN_OUTCOMES)[number];

export const webhookReplySchema = z.object({ status: z.enum(['applied', 'duplicate', 'ignored', 'refused']) });
export type WebhookReply = z.infer<typeof webhookReplySchema>;

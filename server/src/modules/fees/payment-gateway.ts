/** What the payment service needs of a gateway: Razorpay (razorpay-gateway.ts) or the local simulator (gateway-simulator.ts). */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  status: GatewayPaymentStatus;
  method: string;
}

export interface PaymentGateway {
  readonly name: 'simulator' | 'razorpay';
  /** The public key id the checkout page is given. */
  readonly keyId: string;
  /** Signs checkout replies (HMAC of order_id|payment_id). */
  readonly keySecret: string;
  /** Signs webhook bodies. */
  readonly webhookSecret: string;
  /** Creates an order at the gateway for exactly this amount; returns its id (order_...). */
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  /** The gateway's own view of an order's payments (for verifying a checkout reply and reconciling). */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Every payment the gateway made in [fromMs, toMs) (captured, failed, refunded...), for the
   * staff's reconciliation (Razorpay: GET /v1/payments?from&to, paged). At most `limit`.
   */
  listPayments(fromMs: number, toMs: number, limit: number): Promise<(GatewayPayment & { createdAt: number })[]>;
  /** Where the student pays: a page whose address carries the order_id. */
  checkoutPath(orderId: string): string;
}

import type Razorpay from 'razorpay';
import type { GatewayPayment, GatewayPaymentStatus, PaymentGateway } from './payment-gateway';

/** Our page that opens Razorpay's Checkout for an order (payment-routes.ts). */
export const RAZORPAY_CHECKOUT_PATH = '/pay/razorpay';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Razorpay through its `razorpay` npm package, used when the institute sets RAZORPAY_KEY_ID,
 * RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET. The package is loaded on first use, so a server
 * on the simulator never loads it.
 */
export function createRazorpayGateway(keys: RazorpayKeys): PaymentGateway {
  let client: Promise<Razorpay> | undefined;
  const razorpay = () =>
    (client ??= import('razorpay').then((module) => {
      const RazorpayClient = (module as unknown as { default: typeof Razorpay }).default;
      return new RazorpayClient({ key_id: keys.keyId, key_secret: keys.keySecret });
    }));

  return {
    name: 'razorpay',
    keyId: keys.keyId,
    keySecret: keys.keySecret,
    webhookSecret: keys.webhookSecret,
    async createOrder({ amountPaise, currency, receipt, notes }) {
      const order = await (await razorpay()).orders.create({ amount: amountPaise, currency, receipt, notes });
      return { id: order.id };
    },
    async fetchOrderPayments(orderId) {
      const { items } = await (await razorpay()).orders.fetchPayments(orderId);
      return items.map((item) => ({
        id: item.id,
        orderId: item.order_id ?? orderId,
        amountPaise: Number(item.amount),
        status: item.status as GatewayPaymentStatus,
        method: String(item.method),
      }));
    },
    // GET /v1/payments?from&to (seconds), 100 a page.
    async listPayments(fromMs, toMs, limit) {
      const client = await razorpay();
      const found: (GatewayPayment & { createdAt: number })[] = [];
      for (let skip = 0; found.length < limit; skip += 100) {
        const { items } = await client.payments.all({ from: Math.floor(fromMs / 1000), to: Math.ceil(toMs / 1000) - 1, count: 100, skip });
        for (const item of items) {
          found.push({ id: item.id, orderId: item.order_id ?? '', amountPaise: Number(item.amount), status: item.status as GatewayPaymentStatus, method: String(item.method), createdAt: Number(item.created_at) * 1000 });
        }
        if (items.length < 100) break;
      }
      return found.slice(0, limit);
    },
    checkoutPath: (orderId) => `${RAZORPAY_CHECKOUT_PATH}?order_id=${encodeURIComponent(orderId)}`,
  };
}

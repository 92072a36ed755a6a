import { Hono } from 'hono';
import type { OrderStatusReply, PaymentReturnOutcome, WebhookReply } from '@invigil/shared/api/payments';
import { checkoutReplySchema } from '@invigil/shared/api/payments';
import { AppError } from '../../platform/lib/app-error';
import { requireAuth } from '../auth/auth-module';
import { refuseIfPageOff } from '../auth/auth-module';
import type { MenuKey } from '@invigil/shared/domain/menu-flags';
import { MENU_KEYS } from '@invigil/shared/domain/menu-flags';
import type { AuthService } from '../auth/auth-module';
import type { PaymentService } from './payment-service';
import { PAYMENT_MESSAGES } from './payment-service';

export interface PaymentRoutesDeps {
  auth: AuthService;
  payments: PaymentService;
}

/** Our own path with the outcome added to its query (never another site: an open redirect). */
export function returnLocation(returnPath: string, orderId: string | undefined, outcome: PaymentReturnOutcome): string {
  const path = returnPath.startsWith('/') && !returnPath.startsWith('//') ? returnPath : '/fee-list';
  const url = new URL(path, 'http://local.invalid');
  if (orderId) url.searchParams.set('order_id', orderId);
  url.searchParams.set('payment', outcome);
  return `${url.pathname}${url.search}`;
}

/** The menu page an order's purpose belongs to. */
const PURPOSE_PAGES: Readonly<Record<string, MenuKey>> = { fee: MENU_KEYS.myFee, certificate: MENU_KEYS.certificate };

const ORDER_ID_PATTERN = /^order_[A-Za-z0-9]{6,40}$/;

/** The orderId inside Razorpay's error reply (error[metadata] is a JSON string with order_id). */
function erroredOrderId(form: Record<string, unknown>): string | undefined {
  const metadata = form['error[metadata]'];
  if (typeof metadata !== 'string') return undefined;
  try {
    const parsed = JSON.parse(metadata) as { order_id?: unknown };
    return typeof parsed.order_id === 'string' && ORDER_ID_PATTERN.test(parsed.order_id) ? parsed.order_id : undefined;
  } catch {
    return undefined;
  }
}

/** The payment calls under /api: the checkout callback, the webhook, and a student's order status. */
export function paymentRoutes({ auth, payments }: PaymentRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/payments/orders/:id', signedIn, async (c) => {
    const order = await payments.findOrder(c.get('user').id, c.req.param('id'));
    if (!order) throw new AppError('not_found', PAYMENT_MESSAGES.orderNotFound);
    // An order belongs to the page of its purpose: a 403 when the institute turned that page off.
    const page = PURPOSE_PAGES[order.purposeKind];
    if (page) refuseIfPageOff(c.get('user'), page);
    return c.json({
      order_id: order.id,
      status: order.status,
      amount: order.amountPaise,
      purpose_kind: order.purposeKind,
      purpose_id: order.purposeId,
      paid_at: order.paidAt,
    } satisfies OrderStatusReply);
  });

  // The gateway's checkout page posts here (a form, as Razorpay's redirect mode does). No token:
  // the HMAC of the stored order's id and the payment id is what is trusted, then the gateway's own
  // record of the payment. The student is sent back to the order's page either way.
  routes.post('/payments/callback', async (c) => {
    let form: Record<string, unknown>;
    try {
      const body: unknown = (c.req.header('content-type') ?? '').includes('json') ? await c.req.json() : await c.req.parseBody();
      // JSON may be null, a number or an array: none is a reply from the gateway's page.
      form = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    } catch {
      throw new AppError('bad_request', PAYMENT_MESSAGES.notVerified);
    }
    const reply = checkoutReplySchema.safeParse(form);
    if (!reply.success) {
      // Razorpay posts error[code], error[description], error[metadata] when a payment fails or is cancelled: unsigned, so it changes nothing.
      const orderId = erroredOrderId(form);
      const order = orderId ? await payments.orderById(orderId) : undefined;
      const outcome: PaymentReturnOutcome = form['error[code]'] === 'PAYMENT_CANCELLED' ? 'cancelled' : 'failed';
      return c.redirect(returnLocation(order?.returnPath ?? '/fee-list', order?.id, outcome), 303);
    }
    try {
      const { order, outcome } = await payments.verifyCheckout({
        orderId: reply.data.razorpay_order_id,
        paymentId: reply.data.razorpay_payment_id,
        signature: reply.data.razorpay_signature,
      });
      return c.redirect(returnLocation(order.returnPath, order.id, outcome), 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const order = await payments.orderById(reply.data.razorpay_order_id);
      return c.redirect(returnLocation(order?.returnPath ?? '/fee-list', order?.id, 'failed'), 303);
    }
  });

  // The raw body is what is signed: read as bytes, never re-serialised.
  routes.post('/payments/webhook', async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const { outcome } = await payments.handleWebhook({ rawBody, signature: c.req.header('x-razorpay-signature'), eventId: c.req.header('x-razorpay-event-id') });
    return c.json({ status: outcome } satisfies WebhookReply);
  });

  return routes;
}

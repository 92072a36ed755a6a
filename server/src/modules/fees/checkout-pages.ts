import { Hono } from 'hono';
import { formatRupees } from '@invigil/shared/domain/money';
import { API_PREFIX } from '@invigil/shared/api/http';
import type { GatewaySimulator } from './gateway-simulator';
import { SIMULATOR_CHECKOUT_PATH, SIMULATOR_KEY_ID } from './gateway-simulator';
import type { PaymentService } from './payment-service';
import { RAZORPAY_CHECKOUT_PATH } from './razorpay-gateway';
import { INVALID_FORM_MESSAGE } from '../../platform/http/validate-json';

export const PAYMENT_CALLBACK_PATH = `${API_PREFIX}/payments/callback`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}


function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#475569}dd{margin:0;word-break:break-all}
fieldset{border:1px solid #cbd5e1;border-radius:.5rem;margin:0 0 1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:.5rem;border:1px solid #1e3a8a;background:#1e40af;color:#fff;cursor:pointer;margin:.25rem .25rem .25rem 0}
button.secondary{background:#fff;color:#1e3a8a}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{color:#475569;font-size:.9rem}
</style>${head}</head>
<body><main>${body}</main></body></html>`;
}

/**
 * A checkout page is never kept by the browser (issue 31's walk: the browser's Back after paying
 * showed the page as it was, with its Pay, from its cache): it is asked for again, and then says
 * the order is paid. A page restored from the back-forward cache anyway is reloaded (FRESH_SCRIPT).
 */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const FRESH_SCRIPT = "addEventListener('pageshow', (event) => { if (event.persisted) location.reload(); });\n";
const freshScriptTag = (base: string) => `<script src="${base}/fresh.js" defer></script>`;

/** The page of an order its purpose no longer needs (the fee was settled meanwhile): no Pay, a way back. */
function notNeededPage(message: string, returnPath: string): string {
  const back = returnPath.startsWith('/') && !returnPath.startsWith('//') ? returnPath : '/fee-list';
  return page('Payment', `<h1>${escapeHtml(message)}</h1><p>Nothing more needs to be paid here.</p><p><a href="${escapeHtml(back)}">Back to the institute</a></p>`);
}

/**
 * The gateway simulator's pages (decision 0027): a checkout page whose address carries the
 * order_id, as Razorpay's does, which books the payment at the "gateway" and posts the signed
 * reply to our callback exactly as Razorpay's redirect mode does.
 */
export function simulatorPages({ simulator, payments }: { simulator: GatewaySimulator; payments: PaymentService }) {
  const routes = new Hono();

  routes.get(SIMULATOR_CHECKOUT_PATH, async (c) => {
    for (const [name, value] of Object.entries(NO_STORE)) c.header(name, value);
    const orderId = c.req.query('order_id') ?? '';
    const order = await simulator.findOrder(orderId);
    if (!order) return c.html(page('Payment gateway', '<h1>Order not found</h1><p>This order does not exist at the gateway.</p>'), 404);
    const ours = await payments.orderById(order.id);
    const description = ours?.description ?? order.receipt;
    if (order.status === 'paid') {
      return c.html(page('Payment gateway', `<h1>Already paid</h1><p>This order has been paid: nothing more needs to be paid here.</p><p><a href="${escapeHtml(ours?.returnPath ?? '/fee-list')}">Back to the institute</a></p>`));
    }
    // An order opened before the fee was settled another way (a newer order after a fine): paying it would be paid twice.
    const need = ours ? await payments.checkoutNeed(ours) : { offer: true as const };
    if (!need.offer) return c.html(notNeededPage(need.message, ours?.returnPath ?? '/fee-list'), 409);
    return c.html(
      page(
        'Invigil test payment gateway',
        `<h1>Invigil test payment gateway</h1>
<p class="note">A local stand-in for Razorpay: no real money moves.</p>
<dl><dt>Order</dt><dd>${escapeHtml(order.id)}</dd><dt>For</dt><dd>${escapeHtml(description)}</dd><dt>Amount</dt><dd>${formatRupees(order.amountPaise)}</dd><dt>Key</dt><dd>${SIMULATOR_KEY_ID}</dd></dl>
<form method="post" action="${SIMULATOR_CHECKOUT_PATH}/pay">
<input type="hidden" name="order_id" value="${escapeHtml(order.id)}">
<fieldset><legend>Pay with</legend>
<label><input type="radio" name="method" value="upi" checked> UPI</label><br>
<label><input type="radio" name="method" value="card"> Card</label><br>
<label><input type="radio" name="method" value="netbanking"> Netbanking</label>
</fieldset>
<button type="submit" name="outcome" value="success">Pay ${formatRupees(order.amountPaise)}</button>
<button type="submit" name="outcome" value="failure" class="secondary">Fail payment</button>
<button type="submit" name="outcome" value="cancel" class="secondary">Cancel</button>
</form>`,
        freshScriptTag(SIMULATOR_CHECKOUT_PATH),
      ),
    );
  });

  routes.get(`${SIMULATOR_CHECKOUT_PATH}/fresh.js`, (c) => c.body(FRESH_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }));

  routes.post(`${SIMULATOR_CHECKOUT_PATH}/pay`, async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.html(page('Payment gateway', `<h1>${INVALID_FORM_MESSAGE}</h1>`), 400);
    }
    const orderId = typeof form['order_id'] === 'string' ? form['order_id'] : '';
    const method = ['upi', 'card', 'netbanking'].includes(String(form['method'])) ? String(form['method']) : 'upi';
    const outcome = String(form['outcome']);
    const order = await simulator.findOrder(orderId);
    if (!order) return c.html(page('Payment gateway', '<h1>Order not found</h1>'), 404);
    let fields: Record<string, string>;
    let heading: string;
    if (outcome === 'cancel') {
      heading = 'Payment cancelled';
      fields = { 'error[code]': 'PAYMENT_CANCELLED', 'error[description]': 'Payment cancelled', 'error[metadata]': JSON.stringify({ order_id: order.id }) };
    } else {
      const paid = await simulator.pay(order.id, { succeed: outcome === 'success', method });
      if (!paid) return c.redirect(`${SIMULATOR_CHECKOUT_PATH}?order_id=${encodeURIComponent(order.id)}`, 303);
      if (paid.status === 'captured') {
        heading = 'Payment successful';
        fields = { razorpay_payment_id: paid.paymentId, razorpay_order_id: paid.orderId, razorpay_signature: paid.signature };
      } else {
        heading = 'Payment failed';
        fields = { 'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Payment failed', 'error[metadata]': JSON.stringify({ order_id: order.id, payment_id: paid.paymentId }) };
      }
    }
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    // The reply goes back by itself (like Razorpay's redirect); the button is there without script.
    return c.html(
      page(
        heading,
        `<h1>${heading}</h1><form method="post" action="${PAYMENT_CALLBACK_PATH}" data-auto-submit>${inputs}<button type="submit">Return to the institute</button></form>`,
        `<script src="${SIMULATOR_CHECKOUT_PATH}/auto-submit.js" defer></script>`,
      ),
    );
  });

  routes.get(`${SIMULATOR_CHECKOUT_PATH}/auto-submit.js`, (c) =>
    c.body("document.querySelector('form[data-auto-submit]')?.submit();\n", 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
  );

  return routes;
}

const RAZORPAY_CSP = [
  "default-src 'self'",
  "script-src 'self' https://checkout.razorpay.com",
  "frame-src https://api.razorpay.com https://checkout.razorpay.com",
  "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
  "img-src 'self' data: https:",
  "style-src 'self' 'unsafe-inline'",
  "form-action 'self' https://api.razorpay.com",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** Our page that opens Razorpay's Checkout for an order, in its redirect mode (the reply is posted to our callback). */
export function razorpayPages({ payments }: { payments: PaymentService }) {
  const routes = new Hono();
  routes.get(RAZORPAY_CHECKOUT_PATH, async (c) => {
    for (const [name, value] of Object.entries(NO_STORE)) c.header(name, value);
    const order = await payments.orderById(c.req.query('order_id') ?? '');
    if (!order || order.gateway !== 'razorpay') return c.html(page('Payment', '<h1>Order not found</h1>'), 404);
    // A paid order, or one its fee no longer needs (settled through a newer order): no Checkout to open.
    const need = await payments.checkoutNeed(order);
    if (!need.offer) return c.html(notNeededPage(need.message, order.returnPath), 409);
    const origin = new URL(c.req.url).origin;
    const data = {
      key: payments.keyId,
      order_id: order.id,
      amount: String(order.amountPaise),
      currency: order.currency,
      description: order.description,
      callback_url: `${origin}${PAYMENT_CALLBACK_PATH}`,
    };
    const attributes = Object.entries(data)
      .map(([name, value]) => `data-${name.replace('_', '-')}="${escapeHtml(value)}"`)
      .join(' ');
    return c.html(
      page(
        'Pay online',
        `<h1>Pay ${formatRupees(order.amountPaise)}</h1><p>${escapeHtml(order.description)}</p><button type="button" id="pay" ${attributes}>Pay ${formatRupees(order.amountPaise)}</button>`,
        `<script src="https://checkout.razorpay.com/v1/checkout.js" defer></script><script src="${RAZORPAY_CHECKOUT_PATH}/open.js" defer></script>${freshScriptTag(RAZORPAY_CHECKOUT_PATH)}`,
      ),
      200,
      { 'Content-Security-Policy': RAZORPAY_CSP },
    );
  });
  routes.get(`${RAZORPAY_CHECKOUT_PATH}/fresh.js`, (c) => c.body(FRESH_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }));
  routes.get(`${RAZORPAY_CHECKOUT_PATH}/open.js`, (c) =>
    c.body(
      `(() => {
  const button = document.getElementById('pay');
  const d = button.dataset;
  const open = () => new window.Razorpay({ key: d.key, order_id: d.orderId, amount: d.amount, currency: d.currency, description: d.description, callback_url: d.callbackUrl, redirect: true }).open();
  button.addEventListener('click', open);
  open();
})();
`,
      200,
      { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    ),
  );
  return routes;
}

import { Hono } from 'hono';
import { formatRupees } from '@invigil/shared/domain/money';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { CertificateRequestsReply, CertificateTypesReply } from '@invigil/shared/api/certificates';
import { certificatePayQuerySchema } from '@invigil/shared/api/certificates';
import { MENU_KEYS, pageOffMessage } from '@invigil/shared/domain/menu-flags';
import { AppError, statusOf } from '../../platform/lib/app-error';
import type { Logger } from '../../platform/lib/logger';
import { requireAuth } from '../auth/auth-module';
import { checkedBody } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import { CERTIFICATE_GET_PREFIX, CERTIFICATE_PAY_DONE_PATH, CERTIFICATE_PAY_PATH } from './certificate-links';
import type { CertificateService, PayPage } from './certificate-service';
import type { BlobStore } from '../../platform/storage/blob-store';

export interface CertificateRoutesDeps {
  auth: AuthService;
  certificates: CertificateService;
}

/** The certificate calls of spec section 7 under /api: the signed-in student's own only. */
export function certificateRoutes({ auth, certificates }: CertificateRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/certificate-request-types', signedIn, async (c) => c.json({ data: await certificates.listTypes(c.get('user')) } satisfies CertificateTypesReply));

  routes.get('/certificate-requests', signedIn, async (c) => c.json({ data: await certificates.listRequests(c.get('user')) } satisfies CertificateRequestsReply));

  return routes;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The admin page's HTML: our server's own small page, no script (the portal's CSP allows no inline script). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #111827;outline-offset:2px}
.note{color:#374151}.error{color:#b91c1c;font-weight:600}
@media (max-width:30rem){main{margin:0;border-radius:0}}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function payPage({ type, student }: PayPage, query: { type: string; student: string; e?: number | undefined; s?: string | undefined }): string {
  const hidden = (name: string, value: string | number | undefined) => (value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(String(value))}">`);
  return page(
    'Certificate Request',
    `<h1>Certificate Request</h1>
<dl>
<dt>Student</dt><dd>${escapeHtml(student.name)}</dd>
<dt>Certificate</dt><dd>${escapeHtml(type.title)}</dd>
<dt>Fee Amount</dt><dd>${escapeHtml(formatRupees(type.feePaise))}</dd>
${type.description ? `<dt>Description</dt><dd>${escapeHtml(type.description)}</dd>` : ''}
</dl>
<p class="note">Once the payment is successfull the request will be generated.</p>
<form method="post" action="${CERTIFICATE_PAY_PATH}">
${hidden('type', query.type)}${hidden('student', query.student)}${hidden('e', query.e)}${hidden('s', query.s)}
<button type="submit">${type.feePaise === 0 ? 'Request' : `Pay ${escapeHtml(formatRupees(type.feePaise))}`}</button>
</form>`,
  );
}

/** A message page: the request generated, or why this page cannot help. */
export function certificateMessagePage(title: string, message: string, error = false): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="${error ? 'error' : 'note'}" role="${error ? 'alert' : 'status'}">${escapeHtml(message)}</p><p class="note">You can close this window.</p>`);
}

export const REQUEST_GENERATED_MESSAGE = 'Your certificate request has been generated.';
export const PAYMENT_PENDING_MESSAGE = 'Your payment is being confirmed. The request will be generated once it is.';
export const PAYMENT_FAILED_MESSAGE = 'The payment did not go through. Close this window and press Request again to retry.';

/**
 * Outside /api: the admin page where the student pays for a certificate (GET shows it, POST
 * starts the payment and sends the browser to the gateway), and the signed download of a
 * delivered certificate.
 */
export function certificatePages({ certificates, logger, blobs }: { certificates: CertificateService; logger: Logger; blobs: BlobStore }) {
  const routes = new Hono();

  const failure = (c: Context, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    const status = statusOf(error.kind) as ContentfulStatusCode;
    return c.html(certificateMessagePage('Certificate Request', error.message, true), status, { 'Cache-Control': 'no-store' });
  };

  routes.get(CERTIFICATE_PAY_PATH, async (c) => {
    try {
      const query = checkedBody(certificatePayQuerySchema, c.req.query());
      return c.html(payPage(await certificates.checkPayLink(query), query), 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      return failure(c, error);
    }
  });

  routes.post(CERTIFICATE_PAY_PATH, async (c) => {
    try {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new AppError('bad_request', 'The request body is not a valid form.');
      }
      const query = checkedBody(certificatePayQuerySchema, form);
      const started = await certificates.startPayment(query);
      if ('checkoutUrl' in started) return c.redirect(started.checkoutUrl, 303);
      return c.html(certificateMessagePage('Certificate Request', REQUEST_GENERATED_MESSAGE), 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      if (!(error instanceof AppError)) logger.error('Certificates: starting a payment failed:', error);
      return failure(c, error);
    }
  });

  // Where the gateway sends the student back. Says only what the outcome and our records say.
  routes.get(CERTIFICATE_PAY_DONE_PATH, async (c) => {
    const orderId = c.req.query('order_id') ?? '';
    const outcome = c.req.query('payment');
    const headers = { 'Cache-Control': 'no-store' };
    if (orderId && orderId.length <= 64 && (await certificates.generatedBy(orderId))) {
      return c.html(certificateMessagePage('Payment successful', REQUEST_GENERATED_MESSAGE), 200, headers);
    }
    if (outcome === 'failed' || outcome === 'cancelled') return c.html(certificateMessagePage('Payment failed', PAYMENT_FAILED_MESSAGE, true), 200, headers);
    return c.html(certificateMessagePage('Payment received', PAYMENT_PENDING_MESSAGE), 200, headers);
  });

  routes.get(`${CERTIFICATE_GET_PREFIX}/:id`, async (c) => {
    const found = await certificates.downloadOf(c.req.param('id'), { e: c.req.query('e'), s: c.req.query('s') });
    if (found === 'forbidden') return c.text('This link is not valid or has expired.\n', 403, { 'Cache-Control': 'no-store' });
    if (found === 'page_off') return c.text(`${pageOffMessage(MENU_KEYS.certificate)}\n`, 403, { 'Cache-Control': 'no-store' });
    // The embedded store sends the file; S3 redirects to a presigned GET that names it for the download.
    const served = found === 'not_found' ? undefined : await blobs.serve(c, found.key, { cacheControl: 'private, max-age=3600', downloadName: found.name });
    return served ?? c.text('Not found.\n', 404, { 'Cache-Control': 'no-store' });
  });

  return routes;
}

import { Hono } from 'hono';
import type { Handler } from 'hono';
import { cors } from 'hono/cors';
import type { FeeListReply, PaymentMethodsReply, ReceiptsReply, SaveReceiptReply, UploadReceiptReply } from '@invigil/shared/api/fees';
import { FEE_MESSAGES, saveReceiptRequestSchema, uploadReceiptRequestSchema } from '@invigil/shared/api/fees';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { OrderReply } from '@invigil/shared/api/payments';
import { requireAuth } from '../auth/auth-module';
import { requirePage } from '../auth/auth-module';
import { MENU_KEYS } from '@invigil/shared/domain/menu-flags';
import { validateJson, validateJsonOrForm } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { FeeService } from './fee-service';
import { ADMIN_PREFIX } from './fee-service';
import { signedPutHandler } from '../../platform/http/signed-put';

export interface FeeRoutesDeps {
  auth: AuthService;
  fees: FeeService;
}

/** The My Fees calls of spec section 7 under /api: the signed-in student's own fees only. */
export function feeRoutes({ auth, fees }: FeeRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/fee-list', signedIn, async (c) => c.json((await fees.list(c.get('user'))) satisfies FeeListReply));

  routes.get('/payment-methods', signedIn, async (c) => c.json({ data: await fees.paymentMethods() } satisfies PaymentMethodsReply));

  routes.get('/uploaded-receipts/:id', signedIn, async (c) => c.json({ data: await fees.receipts(c.get('user'), c.req.param('id')) } satisfies ReceiptsReply));

  routes.post('/upload-receipt', signedIn, validateJsonOrForm(uploadReceiptRequestSchema), async (c) =>
    c.json((await fees.presignReceipt(c.get('user'), c.get('body').contentType)) satisfies UploadReceiptReply),
  );

  routes.post('/save-receipt', signedIn, validateJson(saveReceiptRequestSchema), async (c) =>
    c.json({ message: FEE_MESSAGES.receiptWaiting, receipt: await fees.saveReceipt(c.get('user'), c.get('body')) } satisfies SaveReceiptReply),
  );

  routes.post('/fee/:id/pay-online', signedIn, async (c) => c.json((await fees.payOnline(c.get('user'), c.req.param('id'))) satisfies OrderReply));

  return routes;
}

/**
 * The "admin service" of the spec: /admin/fee-head/{fee_head_id}/print on ADMIN_ORIGIN (this server
 * when unset). The portal calls it with the token from its own origin, so it answers CORS; no
 * cookies are involved, so any origin may ask (the token is what authorises).
 */
export function adminFeeRoutes({ auth, fees }: FeeRoutesDeps) {
  const routes = new Hono();
  const path = `${ADMIN_PREFIX}/fee-head/:feeHeadId/print`;
  routes.use(path, cors({ origin: '*', allowMethods: ['GET'], allowHeaders: [ACCESS_TOKEN_HEADER], maxAge: 600 }));
  // Printing a receipt is My Fee's (a 403 when the institute turned it off), after CORS so the portal reads it.
  routes.get(path, requirePage(auth, MENU_KEYS.myFee), async (c) => {
    const html = await fees.printReceipt(c.get('user'), { feeHeadId: c.req.param('feeHeadId'), studentId: c.req.query('student_id'), studentFeeId: c.req.query('student_fee_id') });
    return c.html(html, 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}

/** PUT of a receipt image to its signed URL (outside /api: the API's small body limit does not apply). */
export function receiptPutHandler(fees: FeeService): Handler {
  return signedPutHandler(FEE_MESSAGES.receiptNotImage, (file, signature, contentType, body) => fees.receiveReceipt(file, signature, contentType, body));
}

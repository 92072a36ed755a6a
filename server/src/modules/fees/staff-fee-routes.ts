import { Hono } from 'hono';
import { z } from 'zod';
import type {
  ChargeReply,
  FeeHeadsReply,
  FeeReply,
  FeeRowsReply,
  OfflinePaymentReply,
  OrdersReply,
  ReconcileOpenReply,
  ReconcileReply,
  RefundReply,
  RefundsReply,
  RejectionsReply,
  StaffReceiptReply,
  StaffReceiptsReply,
} from '@invigil/shared/api/staff-fees';
import {
  acceptReceiptRequestSchema,
  chargeRequestSchema,
  feeEditRequestSchema,
  feeHeadRequestSchema,
  feeRowsQuerySchema,
  markRefundedRequestSchema,
  offlinePaymentRequestSchema,
  ordersQuerySchema,
  receiptsQuerySchema,
  reconcileRequestSchema,
  refundsQuerySchema,
  rejectReceiptRequestSchema,
  rejectionsQuerySchema,
} from '@invigil/shared/api/staff-fees';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { AuditActor } from '../audit/audit-module';
import { toCsv } from '../results/results-module';
import type { StaffFeeService } from './staff-fee-service';
import type { StaffPaymentService } from './staff-payment-service';

export interface StaffFeeRoutesDeps {
  staffAuth: StaffAuth;
  fees: StaffFeeService;
  payments: StaffPaymentService;
}

const recordIdSchema = z.string().trim().min(1).max(64, 'That id is too long.');
const actorOf = (c: { get(key: 'staff'): StaffRecord }): AuditActor => {
  const staff = c.get('staff');
  return { id: staff.id, name: staff.name, role: staff.role };
};
const idOf = (c: { req: { param(name: 'id'): string } }): string => checkedBody(recordIdSchema, c.req.param('id'));

/** Fees and online payments in the staff console (shared/src/api/staff-fees.ts): admin only. */
export function staffFeeRoutes({ staffAuth, fees, payments }: StaffFeeRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read.
  const adminOnly = requireStaff(staffAuth, ['admin']);

  routes.get('/staff/fees/heads', adminOnly, async (c) => c.json({ heads: await fees.heads() } satisfies FeeHeadsReply));
  routes.post('/staff/fees/heads', adminOnly, validateJson(feeHeadRequestSchema), async (c) => c.json({ head: await fees.createHead(actorOf(c), c.get('body')) }, 201));
  routes.patch('/staff/fees/heads/:id', adminOnly, validateJson(feeHeadRequestSchema), async (c) => c.json({ head: await fees.updateHead(actorOf(c), idOf(c), c.get('body')) }));
  routes.post('/staff/fees/charge', adminOnly, validateJson(chargeRequestSchema), async (c) => c.json((await fees.charge(actorOf(c), c.get('body'))) satisfies ChargeReply));

  routes.get('/staff/fees', adminOnly, async (c) => c.json((await fees.list(checkedBody(feeRowsQuerySchema, c.req.query()))) satisfies FeeRowsReply));
  routes.get('/staff/fees.csv', adminOnly, async (c) => {
    const { page: _page, ...query } = checkedBody(feeRowsQuerySchema, c.req.query());
    c.header('content-disposition', 'attachment; filename="fees.csv"');
    return c.body(toCsv(await fees.exportGrid(query)), 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  routes.get('/staff/fees/receipts', adminOnly, async (c) => {
    const query = checkedBody(receiptsQuerySchema, c.req.query());
    return c.json((await fees.receipts(query.status, query.page)) satisfies StaffReceiptsReply);
  });
  routes.post('/staff/fees/receipts/:id/accept', adminOnly, validateJson(acceptReceiptRequestSchema), async (c) =>
    c.json({ receipt: await fees.acceptReceipt(actorOf(c), idOf(c), c.get('body').amountPaise) } satisfies StaffReceiptReply),
  );
  routes.post('/staff/fees/receipts/:id/reject', adminOnly, validateJson(rejectReceiptRequestSchema), async (c) =>
    c.json({ receipt: await fees.rejectReceipt(actorOf(c), idOf(c), c.get('body').reason) } satisfies StaffReceiptReply),
  );

  routes.patch('/staff/fees/:id', adminOnly, validateJson(feeEditRequestSchema), async (c) => c.json({ fee: await fees.edit(actorOf(c), idOf(c), c.get('body')) } satisfies FeeReply));
  routes.delete('/staff/fees/:id', adminOnly, async (c) => {
    await fees.remove(actorOf(c), idOf(c));
    return c.json({ deleted: true });
  });
  routes.post('/staff/fees/:id/offline-payments', adminOnly, validateJson(offlinePaymentRequestSchema), async (c) => {
    const reply = await fees.recordOffline(actorOf(c), idOf(c), c.get('body'));
    return c.json(reply satisfies OfflinePaymentReply, reply.recorded ? 201 : 200);
  });

  routes.get('/staff/payments/orders', adminOnly, async (c) => c.json((await payments.orders(checkedBody(ordersQuerySchema, c.req.query()))) satisfies OrdersReply));
  routes.get('/staff/payments/rejections', adminOnly, async (c) => c.json((await payments.rejections(checkedBody(rejectionsQuerySchema, c.req.query()).page)) satisfies RejectionsReply));
  routes.get('/staff/payments/refunds', adminOnly, async (c) => c.json({ items: await payments.refunds(checkedBody(refundsQuerySchema, c.req.query()).status) } satisfies RefundsReply));
  routes.post('/staff/payments/refunds/:id', adminOnly, validateJson(markRefundedRequestSchema), async (c) =>
    c.json({ refund: await payments.markRefunded(actorOf(c), idOf(c), c.get('body').reference) } satisfies RefundReply),
  );
  routes.post('/staff/payments/reconcile', adminOnly, validateJson(reconcileRequestSchema), async (c) =>
    c.json((await payments.reconcile(c.get('body').from, c.get('body').to)) satisfies ReconcileReply),
  );
  routes.post('/staff/payments/reconcile-open', adminOnly, async (c) => c.json((await payments.reconcileOpen(actorOf(c))) satisfies ReconcileOpenReply));

  return routes;
}

import type {
  ChargeReply,
  FeeHead,
  FeeRow,
  FeeRowsReply,
  OfflinePaymentReply,
  OrdersReply,
  ReconcileOpenReply,
  ReconcileReply,
  RejectionsReply,
  StaffReceipt,
  StaffReceiptsReply,
  StaffRefund,
} from '@invigil/shared/api/staff-fees';
import type { FeeStatusName, FeeTypeName, OfflineModeName, OrderFilterName, ReceiptStatusName } from '@invigil/shared/api/staff-fees-text';
import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { toApiError } from '../../lib/api-client';
import { staffCall } from '../staff-auth/staff-api';
import { endStaffSession, staffSession } from '../staff-auth/staff-session';

// The replies of shared/api/staff-fees.ts, checked in shape with zod/mini (the server's schemas
// are the contract; the portal must not take zod itself).
const list = z.looseObject({ items: z.array(z.looseObject({ id: z.string() })), total: z.number(), page: z.number(), pageSize: z.number() });
const feeRowShape = z.looseObject({ id: z.string(), amountPaise: z.number(), finePaise: z.number(), paidPaise: z.number(), balancePaise: z.number() });
const headShape = z.looseObject({ id: z.string(), title: z.string(), feeType: z.string() });
const receiptShape = z.looseObject({ id: z.string(), status: z.string(), imageUrl: z.string() });
const refundShape = z.looseObject({ paymentId: z.string(), status: z.string() });

export interface FeeFilters {
  q: string;
  classId: string;
  headId: string;
  status: '' | FeeStatusName;
  page: number;
}

const feeQuery = (filters: Omit<FeeFilters, 'page'>) => ({ q: filters.q, class: filters.classId, head: filters.headId, status: filters.status });

export async function fetchHeads(signal?: AbortSignal): Promise<FeeHead[]> {
  return ((await staffCall(z.looseObject({ heads: z.array(headShape) }), '/staff/fees/heads', { signal })) as unknown as { heads: FeeHead[] }).heads;
}

export async function saveHead(headId: string | null, body: { title: string; feeType: FeeTypeName }): Promise<FeeHead> {
  const path = headId ? `/staff/fees/heads/${encodeURIComponent(headId)}` : '/staff/fees/heads';
  return ((await staffCall(z.looseObject({ head: headShape }), path, { method: headId ? 'PATCH' : 'POST', body })) as unknown as { head: FeeHead }).head;
}

export async function chargeFee(body: { headId: string; classId?: string; studentId?: string; amountPaise: number; dueDate: string; dueMonth: string | null; finePaise: number }): Promise<ChargeReply> {
  return await staffCall(z.looseObject({ charged: z.number(), skipped: z.number() }), '/staff/fees/charge', { method: 'POST', body });
}

export async function fetchFees(filters: FeeFilters, signal?: AbortSignal): Promise<FeeRowsReply> {
  const schema = z.looseObject({ ...list.shape, items: z.array(feeRowShape), sums: z.looseObject({ duePaise: z.number(), paidPaise: z.number(), balancePaise: z.number() }) });
  return (await staffCall(schema, '/staff/fees', { query: { ...feeQuery(filters), page: filters.page }, signal })) as unknown as FeeRowsReply;
}

export async function editFee(feeId: string, body: { amountPaise: number; dueDate: string; dueMonth?: string | null; finePaise: number; fineReason: string }): Promise<FeeRow> {
  return ((await staffCall(z.looseObject({ fee: feeRowShape }), `/staff/fees/${encodeURIComponent(feeId)}`, { method: 'PATCH', body })) as unknown as { fee: FeeRow }).fee;
}

export async function deleteFee(feeId: string): Promise<void> {
  await staffCall(z.looseObject({ deleted: z.boolean() }), `/staff/fees/${encodeURIComponent(feeId)}`, { method: 'DELETE' });
}

export async function recordOffline(feeId: string, body: { mode: OfflineModeName; reference: string; amountPaise: number; paidOn: string }): Promise<OfflinePaymentReply> {
  return (await staffCall(z.looseObject({ fee: feeRowShape, recorded: z.boolean() }), `/staff/fees/${encodeURIComponent(feeId)}/offline-payments`, { method: 'POST', body })) as unknown as OfflinePaymentReply;
}

/** Saves a file fetched with the staff token (a plain link would go without it). */
async function saveDownload(path: string, query: Record<string, string>, fileName: string): Promise<void> {
  const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });
  let blob: Blob;
  try {
    blob = await client(path, { query, responseType: 'blob', headers: { [ACCESS_TOKEN_HEADER]: staffSession.value?.token ?? '' } });
  } catch (error) {
    throw toApiError(error, endStaffSession);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadFeesCsv(filters: Omit<FeeFilters, 'page'>): Promise<void> {
  return saveDownload('/staff/fees.csv', feeQuery(filters), 'fees.csv');
}

export async function fetchReceipts(filters: { status: ReceiptStatusName; page: number }, signal?: AbortSignal): Promise<StaffReceiptsReply> {
  return (await staffCall(z.looseObject({ ...list.shape, items: z.array(receiptShape) }), '/staff/fees/receipts', { query: { status: filters.status, page: filters.page }, signal })) as unknown as StaffReceiptsReply;
}

export async function acceptReceipt(receiptId: string, amountPaise: number): Promise<StaffReceipt> {
  return ((await staffCall(z.looseObject({ receipt: receiptShape }), `/staff/fees/receipts/${encodeURIComponent(receiptId)}/accept`, { method: 'POST', body: { amountPaise } })) as unknown as { receipt: StaffReceipt }).receipt;
}

export async function rejectReceipt(receiptId: string, reason: string): Promise<StaffReceipt> {
  return ((await staffCall(z.looseObject({ receipt: receiptShape }), `/staff/fees/receipts/${encodeURIComponent(receiptId)}/reject`, { method: 'POST', body: { reason } })) as unknown as { receipt: StaffReceipt }).receipt;
}

export async function fetchOrders(filters: { q: string; status: OrderFilterName; page: number }, signal?: AbortSignal): Promise<OrdersReply> {
  return (await staffCall(list, '/staff/payments/orders', { query: { q: filters.q, status: filters.status, page: filters.page }, signal })) as unknown as OrdersReply;
}

export async function fetchRejections(page: number, signal?: AbortSignal): Promise<RejectionsReply> {
  return (await staffCall(list, '/staff/payments/rejections', { query: { page }, signal })) as unknown as RejectionsReply;
}

export async function fetchRefunds(status: 'to_refund' | 'refunded', signal?: AbortSignal): Promise<StaffRefund[]> {
  return ((await staffCall(z.looseObject({ items: z.array(refundShape) }), '/staff/payments/refunds', { query: { status }, signal })) as unknown as { items: StaffRefund[] }).items;
}

export async function markRefunded(paymentId: string, reference: string): Promise<StaffRefund> {
  return ((await staffCall(z.looseObject({ refund: refundShape }), `/staff/payments/refunds/${encodeURIComponent(paymentId)}`, { method: 'POST', body: { reference } })) as unknown as { refund: StaffRefund }).refund;
}

export async function reconcile(from: string, to: string): Promise<ReconcileReply> {
  return (await staffCall(z.looseObject({ gateway: z.string(), lines: z.array(z.looseObject({ paymentId: z.string() })) }), '/staff/payments/reconcile', { method: 'POST', body: { from, to } })) as unknown as ReconcileReply;
}

export async function reconcileOpen(): Promise<ReconcileOpenReply> {
  return await staffCall(z.looseObject({ checked: z.number(), paid: z.number() }), '/staff/payments/reconcile-open', { method: 'POST', body: {} });
}

/** Today as 'yyyy-MM-dd' in the browser's zone (a form's default date). */
export function todayField(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

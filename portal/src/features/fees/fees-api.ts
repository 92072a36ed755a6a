import type { FeeListReply, PaymentMethodsReply, ReceiptContentType, ReceiptsReply, SaveReceiptReply, UploadReceiptReply } from '@invigil/shared/api/fees';
import type { OrderReply, OrderStatusReply } from '@invigil/shared/api/payments';
import { apiCall, getCall } from '../../lib/api-client';
import { putFile } from '../uploads/upload-api';

export const fetchFeeList = getCall<FeeListReply>('/fee-list');

export const fetchPaymentMethods = async () => (await apiCall<PaymentMethodsReply>('/payment-methods')).data;

export const fetchReceipts = async (feeId: string) => (await apiCall<ReceiptsReply>(`/uploaded-receipts/${encodeURIComponent(feeId)}`)).data;

export const payOnline = (feeId: string) => apiCall<OrderReply>(`/fee/${encodeURIComponent(feeId)}/pay-online`, { method: 'POST' });

export const fetchOrder = (orderId: string) => apiCall<OrderStatusReply>(`/payments/orders/${encodeURIComponent(orderId)}`);

/** The receipt's HTML from the admin service (another origin when ADMIN_ORIGIN is set), with the token. */
export const fetchReceiptHtml = (printUrl: string) => apiCall<string>(new URL(printUrl, window.location.origin).href);

export interface ReceiptFields {
  id: string;
  transaction_date: string;
  transaction_id: string;
  cheque_number: string;
  comment: string;
}

/** POST /upload-receipt, PUT of the image to the URL it gives, then POST /save-receipt. */
export async function uploadReceipt(image: File, contentType: ReceiptContentType, fields: ReceiptFields, onProgress: (fraction: number) => void): Promise<SaveReceiptReply> {
  const { url } = await apiCall<UploadReceiptReply>('/upload-receipt', { method: 'POST', body: { contentType } });
  await putFile(url, image, contentType, onProgress);
  return apiCall<SaveReceiptReply>('/save-receipt', { method: 'POST', body: { ...fields, url } });
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatRupees } from '@invigil/shared/domain/money';
import type { FeeItem, FeeListReply, PaymentMethod, Receipt, ReceiptContentType, SaveReceiptRequest, UploadReceiptReply } from '@invigil/shared/api/fees';
import { FEE_MESSAGES, RECEIPT_MAX_BYTES, RECEIPT_TYPES, feeDetails, upiPayLink } from '@invigil/shared/api/fees';
import type { OrderReply } from '@invigil/shared/api/payments';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { instituteDay } from '../../platform/lib/institute-day';
import { newObjectId } from '../../platform/lib/object-id';
import type { FeeRepository, ReceiptRecord, StudentFeeRecord } from './fee-repository';
import type { UserRecord } from '../auth/auth-module';
import type { JobLocks } from '../../platform/jobs/periodic-jobs';
import { withLease } from '../../platform/jobs/periodic-jobs';
import type { PaymentService } from './payment-service';
import { UploadTooLargeError } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';

/** Where a receipt image's signed PUT goes (outside /api, like the avatar's). */
export const RECEIPT_PUT_PREFIX = '/blobs/receipt';
/** The admin service's paths (ADMIN_ORIGIN, default this origin). */
export const ADMIN_PREFIX = '/admin';

/** 16 hex of randomness, then 24 hex of an HMAC binding the name to its student. */
const RECEIPT_KEY = /^([0-9a-f]{16})([0-9a-f]{24})\.(png|jpg)$/;

export interface FeeServiceDeps {
  fees: FeeRepository;
  payments: PaymentService;
  store: UploadStore;
  clock: Clock;
  timeZone: string;
  /** Keys the HMAC of receipt file names. */
  secret: string;
  /** ADMIN_ORIGIN, or '' for this origin. */
  adminOrigin: string;
  instituteName?: string;
  /** Leases across processes (job_locks): one receipt per uploaded image, whatever presses race. */
  locks: JobLocks;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A fee's amounts: what is due (fee and fine), paid, left, and any excess (an advance). */
function amountsOf(fee: StudentFeeRecord) {
  const due = fee.feeAmountPaise + fee.fineAmountPaise;
  return { due, paid: fee.paidPaise, balance: Math.max(0, due - fee.paidPaise), advance: Math.max(0, fee.paidPaise - due) };
}

/** My Fees (spec sections 2, 3, 4, 5, 7, 8): the list and its totals, payment methods, receipts, paying online, printing. */
export function createFeeService({ fees, payments, store, clock, timeZone, secret, adminOrigin, instituteName = 'Institute Management System', locks }: FeeServiceDeps) {
  const keyMac = createHmac('sha256', secret).update('invigil-receipt-keys').digest();
  const macOf = (userId: string, nonce: string) => createHmac('sha256', keyMac).update(`${userId}\n${nonce}`).digest('hex').slice(0, 24);
  const isOwnReceiptKey = (userId: string, fileKey: string): boolean => {
    const match = RECEIPT_KEY.exec(fileKey);
    if (!match) return false;
    const expected = Buffer.from(macOf(userId, match[1] as string));
    const given = Buffer.from(match[2] as string);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const receiptStatus = (status: ReceiptRecord['status']) =>
    status === 'confirmed' ? FEE_MESSAGES.receiptConfirmed : status === 'rejected' ? FEE_MESSAGES.receiptRejected : FEE_MESSAGES.receiptWaiting;
  const toReceipt = (receipt: ReceiptRecord, now: number): Receipt => ({
    _id: receipt.id,
    transaction_date: receipt.transactionDate,
    transaction_id: receipt.transactionId,
    cheque_number: receipt.chequeNumber,
    comment: receipt.comment,
    status: receiptStatus(receipt.status),
    url: store.getUrl(receipt.imageKey, now),
    created_at: receipt.createdAt,
    ...(receipt.status === 'rejected' && receipt.rejectReason ? { reason: receipt.rejectReason } : {}),
  });

  const printUrl = (fee: StudentFeeRecord) =>
    `${adminOrigin}${ADMIN_PREFIX}/fee-head/${encodeURIComponent(fee.feeHeadId)}/print?student_id=${encodeURIComponent(fee.studentId)}&student_fee_id=${encodeURIComponent(fee.id)}`;

  const toItem = (fee: StudentFeeRecord, today: string): FeeItem => {
    const amounts = amountsOf(fee);
    const paid = amounts.balance === 0;
    return {
      _id: fee.id,
      fee_head_id: fee.feeHeadId,
      student_id: fee.studentId,
      fee_head_title: fee.title,
      fee_type: fee.feeType,
      due_month: fee.dueMonth,
      due_date: fee.dueDate,
      fee_amount: fee.feeAmountPaise,
      pay_amount: fee.paidPaise,
      fine_amount: fee.fineAmountPaise,
      balance: amounts.balance,
      payment_status: paid ? 'paid' : 'unpaid',
      overdue: !paid && fee.dueDate < today,
      print_url: printUrl(fee),
    };
  };

  // A paid fee order adds its amount to the fee, in the capture's transaction (once per order), but
  // never more than the fee still needs: an order opened before a fine and paid from a tab left open
  // after a newer order settled the fee is kept for a refund, not counted as an advance.
  payments.onPaid('fee', async (feeId, payment, trx) => {
    const counted = await fees.addPaidUpTo(trx, feeId, payment.amountPaise, payment.paidAt);
    if (counted === undefined) throw new Error(`Order ${payment.orderId} pays fee ${feeId}, which does not exist.`);
    return { countedPaise: counted };
  });
  // The checkout page of such an order says so instead of offering Pay.
  payments.onNeed('fee', async (feeId, order) => {
    const fee = await fees.feeById(feeId);
    if (!fee) return { offer: false, message: FEE_MESSAGES.feeNotFound };
    const { balance } = amountsOf(fee);
    if (balance <= 0) return { offer: false, message: FEE_MESSAGES.alreadyPaid };
    if (balance < order.amountPaise) return { offer: false, message: FEE_MESSAGES.balanceChanged };
    return { offer: true };
  });

  return {
    async list(user: UserRecord): Promise<FeeListReply> {
      const records = await fees.listFees(user.id);
      const today = instituteDay(clock.now(), timeZone).date;
      let totalFee = 0;
      let totalPaid = 0;
      let balance = 0;
      let advance = 0;
      for (const fee of records) {
        const amounts = amountsOf(fee);
        totalFee += amounts.due;
        totalPaid += Math.min(amounts.paid, amounts.due);
        balance += amounts.balance;
        advance += amounts.advance;
      }
      return { total_fee: totalFee, total_paid_fee: totalPaid, balance, advance_fee: advance, fee_collections: records.map((fee) => toItem(fee, today)) };
    },

    async paymentMethods(): Promise<PaymentMethod[]> {
      return (await fees.listPaymentMethods()).flatMap((row): PaymentMethod[] => {
        if (row.type === 'upi') {
          if (!row.upi_id) return [];
          return [{ _id: row.id, type: 'upi', upi_id: row.upi_id, payee_name: row.payee_name, instruction: row.instruction, upi_qr_code: upiPayLink(row.upi_id, row.payee_name) }];
        }
        return [{ _id: row.id, type: 'sib', instruction: row.instruction }];
      });
    },

    async receipts(user: UserRecord, feeId: string): Promise<Receipt[]> {
      if (!(await fees.findFee(user.id, feeId))) throw new AppError('not_found', FEE_MESSAGES.feeNotFound);
      const now = clock.now();
      return (await fees.listReceipts(user.id, feeId)).map((receipt) => toReceipt(receipt, now));
    },

    /** POST /upload-receipt: a name bound to this student and a signed URL to PUT the image to. */
    async presignReceipt(user: UserRecord, contentType: ReceiptContentType): Promise<UploadReceiptReply> {
      const nonce = randomBytes(8).toString('hex');
      const fileName = `${nonce}${macOf(user.id, nonce)}.${RECEIPT_TYPES[contentType]}`;
      const url = await store.putUrl(fileName, contentType, clock.now(), RECEIPT_PUT_PREFIX);
      return { url, fileName };
    },

    /** PUT /blobs/receipt/{file}: stores the image if the link is valid and the bytes are a png or jpg of at most 5 MB. */
    async receiveReceipt(fileKey: string, query: { e?: string; s?: string }, contentType: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      const match = RECEIPT_KEY.exec(fileKey);
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!match || !store.verify('PUT', fileKey, query, clock.now(), type)) throw new AppError('forbidden', FEE_MESSAGES.receiptBadLink);
      // A saved receipt's image is what the institute confirms: its link cannot replace it afterwards.
      if (await fees.receiptImageTaken(fileKey)) throw new AppError('forbidden', FEE_MESSAGES.receiptBadLink);
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, match[3] as 'png' | 'jpg', body, RECEIPT_MAX_BYTES);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', FEE_MESSAGES.receiptTooLarge);
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', FEE_MESSAGES.receiptNotImage);
    },

    /** POST /save-receipt: the uploaded image with its transaction, 'Waiting for processing!' until the institute confirms it. */
    async saveReceipt(user: UserRecord, request: Required<SaveReceiptRequest>): Promise<Receipt> {
      const fee = await fees.findFee(user.id, request.id);
      if (!fee) throw new AppError('not_found', FEE_MESSAGES.feeNotFound);
      const now = clock.now();
      if (request.transaction_date > instituteDay(now, timeZone).date) throw new AppError('unprocessable', FEE_MESSAGES.transactionDateFuture);
      // The URL given out by /upload-receipt; its query string (the signature) is not part of the name.
      const path = request.url.split('?')[0] ?? '';
      const fileKey = path.slice(path.lastIndexOf('/') + 1);
      if (!isOwnReceiptKey(user.id, fileKey)) throw new AppError('not_found', FEE_MESSAGES.receiptBadFile);
      // The bytes are checked here too: a PUT straight to S3 never passed this server.
      const checked = await store.check(fileKey, RECEIPT_KEY.exec(fileKey)?.[3] as 'png' | 'jpg', RECEIPT_MAX_BYTES);
      if (checked.status === 'missing') throw new AppError('conflict', FEE_MESSAGES.receiptNotUploaded);
      if (checked.status === 'too_large') throw new AppError('payload_too_large', FEE_MESSAGES.receiptTooLarge);
      if (checked.status === 'wrong_type') throw new AppError('unprocessable', FEE_MESSAGES.receiptNotImage);
      // The check and the insert under one lease: ten presses at once stored the image three times
      // on PostgreSQL, and the institute could have confirmed each.
      return withLease(locks, `receipt:${fileKey}`, async () => {
        if (await fees.receiptImageTaken(fileKey)) throw new AppError('conflict', FEE_MESSAGES.receiptBadFile);
        const record = {
          id: newObjectId(now),
          studentFeeId: fee.id,
          studentId: user.id,
          transactionDate: request.transaction_date,
          transactionId: request.transaction_id,
          chequeNumber: request.cheque_number,
          comment: request.comment,
          imageKey: fileKey,
          createdAt: now,
        };
        await fees.insertReceipt(record);
        return toReceipt({ ...record, status: 'pending', amountPaise: null }, now);
      }, () => new AppError('conflict', FEE_MESSAGES.receiptBadFile));
    },

    /** POST /fee/{id}/pay-online: an order at the gateway for the fee's balance as the server computes it. */
    async payOnline(user: UserRecord, feeId: string): Promise<OrderReply> {
      const fee = await fees.findFee(user.id, feeId);
      if (!fee) throw new AppError('not_found', FEE_MESSAGES.feeNotFound);
      const { balance } = amountsOf(fee);
      if (balance <= 0) throw new AppError('conflict', FEE_MESSAGES.alreadyPaid);
      const order = await payments.createOrder({ studentId: user.id, purpose: { kind: 'fee', id: fee.id }, amountPaise: balance, description: feeDetails({ fee_head_title: fee.title, fee_type: fee.feeType, due_month: fee.dueMonth }), returnPath: '/fee-list' });
      return { order_id: order.orderId, checkout_url: order.checkoutUrl };
    },

    /** The admin service's /fee-head/{fee_head_id}/print: the receipt of what has been paid for the student's fee, as HTML. */
    async printReceipt(user: UserRecord, query: { feeHeadId: string; studentId: string | undefined; studentFeeId: string | undefined }): Promise<string> {
      if (query.studentId !== undefined && query.studentId !== user.id) throw new AppError('forbidden', 'You can print only your own receipts.');
      const fee = query.studentFeeId ? await fees.findFee(user.id, query.studentFeeId) : undefined;
      if (!fee || fee.feeHeadId !== query.feeHeadId) throw new AppError('not_found', FEE_MESSAGES.feeNotFound);
      if (fee.paidPaise <= 0) throw new AppError('conflict', FEE_MESSAGES.nothingPaid);
      const lines = await fees.paymentLines(fee);
      const refunds = await fees.refundLines(fee.id);
      const amounts = amountsOf(fee);
      const dateOf = (ms: number) => new Intl.DateTimeFormat('en-IN', { timeZone, day: '2-digit', month: 'short', year: 'numeric' }).format(new Date(ms));
      const row = (label: string, value: string) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
      return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fee receipt ${escapeHtml(fee.id)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}h1{font-size:1.4rem;margin:0}h2{font-size:1.1rem}table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #999;padding:.4rem .6rem;text-align:left}th{background:#f3f3f3}</style>
</head><body>
<h1>${escapeHtml(instituteName)}</h1>
<h2>Fee receipt</h2>
<table>
${row('Student', `${user.name} (${user.regNo})`)}
${row('Fee', feeDetails({ fee_head_title: fee.title, fee_type: fee.feeType, due_month: fee.dueMonth }))}
${row('Due date', fee.dueDate)}
${row('Fee amount', formatRupees(fee.feeAmountPaise))}
${row('Fine', formatRupees(fee.fineAmountPaise))}
${row('Paid', formatRupees(fee.paidPaise))}
${row('Balance', formatRupees(amounts.balance))}
${row('Status', amounts.balance === 0 ? 'Paid' : 'Partly paid')}
</table>
<table><thead><tr><th scope="col">Date</th><th scope="col">Reference</th><th scope="col">Mode</th><th scope="col">Amount</th></tr></thead><tbody>
${lines.map((line) => `<tr><td>${escapeHtml(dateOf(line.paidAt))}</td><td>${escapeHtml(line.id)}</td><td>${escapeHtml(line.method)}</td><td>${escapeHtml(formatRupees(line.amountPaise))}</td></tr>`).join('\n')}
</tbody>
<tfoot><tr><th scope="row" colspan="3">Total paid</th><td>${escapeHtml(formatRupees(lines.reduce((sum, line) => sum + line.amountPaise, 0)))}</td></tr></tfoot></table>
${
  refunds.length === 0
    ? ''
    : `<h2>Not counted: to be refunded</h2>
<p>Paid online after this fee had been settled; not part of "Paid".</p>
<table><thead><tr><th scope="col">Date</th><th scope="col">Reference</th><th scope="col">Order</th><th scope="col">Amount</th><th scope="col">Refund</th></tr></thead><tbody>
${refunds.map((line) => `<tr><td>${escapeHtml(dateOf(line.capturedAt))}</td><td>${escapeHtml(line.id)}</td><td>${escapeHtml(line.orderId)}</td><td>${escapeHtml(formatRupees(line.refundPaise))}</td><td>${line.status === 'refunded' ? 'Refunded' : 'To refund'}</td></tr>`).join('\n')}
</tbody></table>`
}
<p>Printed on ${escapeHtml(dateOf(clock.now()))}. This is a computer-generated receipt.</p>
</body></html>`;
    },
  };
}

export type FeeService = ReturnType<typeof createFeeService>;

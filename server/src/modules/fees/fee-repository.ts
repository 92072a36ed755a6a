import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, FeeReceiptStatus } from '../../platform/db';

export interface StudentFeeRecord {
  id: string;
  feeHeadId: string;
  studentId: string;
  title: string;
  feeType: string;
  dueMonth: string | null;
  dueDate: string;
  feeAmountPaise: number;
  fineAmountPaise: number;
  paidPaise: number;
  /** What was paid before the first import (part of paidPaise; migration 0016). */
  openingPaidPaise: number;
  createdAt: number;
}

export interface ReceiptRecord {
  id: string;
  studentFeeId: string;
  transactionDate: string;
  transactionId: string;
  chequeNumber: string;
  comment: string;
  imageKey: string;
  status: FeeReceiptStatus;
  amountPaise: number | null;
  createdAt: number;
  /** Why the institute rejected it (migration 0028). */
  rejectReason?: string | null;
}

export interface PaymentLine {
  id: string;
  amountPaise: number;
  method: string;
  paidAt: number;
}

/** An online payment (or the part of one) its fee did not need: kept for a refund, never counted. */
export interface RefundLine {
  id: string;
  orderId: string;
  amountPaise: number;
  refundPaise: number;
  status: 'to_refund' | 'refunded';
  capturedAt: number;
}

const feeColumns = [
  'student_fees.id',
  'student_fees.fee_head_id',
  'student_fees.student_id',
  'fee_heads.title',
  'fee_heads.fee_type',
  'student_fees.due_month',
  'student_fees.due_date',
  'student_fees.fee_amount_paise',
  'student_fees.fine_amount_paise',
  'student_fees.paid_paise',
  'student_fees.opening_paid_paise',
  'student_fees.created_at',
] as const;

type FeeRow = {
  id: string;
  fee_head_id: string;
  student_id: string;
  title: string;
  fee_type: string;
  due_month: string | null;
  due_date: string;
  fee_amount_paise: number;
  fine_amount_paise: number;
  paid_paise: number;
  opening_paid_paise: number;
  created_at: number;
};

const toFee = (row: FeeRow): StudentFeeRecord => ({
  id: row.id,
  feeHeadId: row.fee_head_id,
  studentId: row.student_id,
  title: row.title,
  feeType: row.fee_type,
  dueMonth: row.due_month,
  dueDate: row.due_date,
  feeAmountPaise: Number(row.fee_amount_paise),
  fineAmountPaise: Number(row.fine_amount_paise),
  paidPaise: Number(row.paid_paise),
  openingPaidPaise: Number(row.opening_paid_paise),
  createdAt: Number(row.created_at),
});

type ReceiptRow = Selectable<Database['fee_receipts']>;
const toReceipt = (row: ReceiptRow): ReceiptRecord => ({
  id: row.id,
  studentFeeId: row.student_fee_id,
  transactionDate: row.transaction_date,
  transactionId: row.transaction_id,
  chequeNumber: row.cheque_number,
  comment: row.comment,
  imageKey: row.image_key,
  status: row.status,
  amountPaise: row.amount_paise === null ? null : Number(row.amount_paise),
  createdAt: Number(row.created_at),
  rejectReason: row.reject_reason,
});

/** A student's fees, receipts and payment lines (migration 0010); every read is scoped to the student. */
export function createFeeRepository(db: Kysely<Database>) {
  return {
    async listFees(studentId: string): Promise<StudentFeeRecord[]> {
      const rows = await db
        .selectFrom('student_fees')
        .innerJoin('fee_heads', 'fee_heads.id', 'student_fees.fee_head_id')
        .select(feeColumns)
        .where('student_fees.student_id', '=', studentId)
        .orderBy('student_fees.due_date')
        .orderBy('fee_heads.title')
        .orderBy('student_fees.id')
        .execute();
      return rows.map(toFee);
    },

    /** The student's fee, or undefined (another student's id included). */
    async findFee(studentId: string, feeId: string): Promise<StudentFeeRecord | undefined> {
      const row = await db
        .selectFrom('student_fees')
        .innerJoin('fee_heads', 'fee_heads.id', 'student_fees.fee_head_id')
        .select(feeColumns)
        .where('student_fees.student_id', '=', studentId)
        .where('student_fees.id', '=', feeId)
        .executeTakeFirst();
      return row ? toFee(row) : undefined;
    },

    /**
     * Adds at most what the fee still needs of `amountPaise` (its balance), in the capture's
     * transaction; returns the part counted (undefined: no such fee). The row is locked first (a
     * no-op update), so two captures for one fee at once are counted one after the other.
     */
    async addPaidUpTo(trx: Kysely<Database>, feeId: string, amountPaise: number, now: number): Promise<number | undefined> {
      const touched = await trx.updateTable('student_fees').set({ updated_at: now }).where('id', '=', feeId).executeTakeFirst();
      if (Number(touched.numUpdatedRows) !== 1) return undefined;
      const row = await trx.selectFrom('student_fees').select(['fee_amount_paise', 'fine_amount_paise', 'paid_paise']).where('id', '=', feeId).executeTakeFirstOrThrow();
      const balance = Math.max(0, Number(row.fee_amount_paise) + Number(row.fine_amount_paise) - Number(row.paid_paise));
      const counted = Math.min(balance, amountPaise);
      if (counted > 0) await trx.updateTable('student_fees').set({ paid_paise: sql<number>`paid_paise + ${counted}` }).where('id', '=', feeId).execute();
      return counted;
    },

    /** A fee by id whoever's it is (the checkout page of an order, which its order id addresses). */
    async feeById(feeId: string): Promise<StudentFeeRecord | undefined> {
      const row = await db.selectFrom('student_fees').innerJoin('fee_heads', 'fee_heads.id', 'student_fees.fee_head_id').select(feeColumns).where('student_fees.id', '=', feeId).executeTakeFirst();
      return row ? toFee(row) : undefined;
    },

    async listPaymentMethods() {
      return await db.selectFrom('payment_methods').selectAll().orderBy('position').orderBy('id').execute();
    },

    async listReceipts(studentId: string, feeId: string): Promise<ReceiptRecord[]> {
      const rows = await db
        .selectFrom('fee_receipts')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('student_fee_id', '=', feeId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toReceipt);
    },

    async insertReceipt(receipt: Omit<ReceiptRecord, 'status' | 'amountPaise'> & { studentId: string }): Promise<void> {
      await db
        .insertInto('fee_receipts')
        .values({
          id: receipt.id,
          student_fee_id: receipt.studentFeeId,
          student_id: receipt.studentId,
          transaction_date: receipt.transactionDate,
          transaction_id: receipt.transactionId,
          cheque_number: receipt.chequeNumber,
          comment: receipt.comment,
          image_key: receipt.imageKey,
          status: 'pending',
          amount_paise: null,
          created_at: receipt.createdAt,
          updated_at: receipt.createdAt,
        })
        .execute();
    },

    async receiptImageTaken(imageKey: string): Promise<boolean> {
      return (await db.selectFrom('fee_receipts').select('id').where('image_key', '=', imageKey).executeTakeFirst()) !== undefined;
    },

    /**
     * Every payment that makes up a fee's paid amount, oldest first (what the printed receipt lists,
     * so its lines add up to "Paid"): what was paid before the first import, the counted part of each
     * online payment (a capture its fee no longer needed is kept for a refund, not counted), the
     * confirmed receipts, and the cash, cheque or bank payments the office recorded.
     */
    async paymentLines(fee: Pick<StudentFeeRecord, 'id' | 'openingPaidPaise' | 'createdAt'>): Promise<PaymentLine[]> {
      const online = await db
        .selectFrom('payments')
        .innerJoin('payment_orders', 'payment_orders.id', 'payments.order_id')
        .select(['payments.id', 'payments.amount_paise', 'payments.refund_paise', 'payments.method', 'payment_orders.paid_at', 'payments.created_at'])
        .where('payment_orders.purpose_kind', '=', 'fee')
        .where('payment_orders.purpose_id', '=', fee.id)
        .where('payment_orders.status', '=', 'paid')
        .execute();
      const receipts = await db
        .selectFrom('fee_receipts')
        .select(['id', 'amount_paise', 'transaction_id', 'cheque_number', 'updated_at'])
        .where('student_fee_id', '=', fee.id)
        .where('status', '=', 'confirmed')
        .execute();
      // Cash, cheque and bank payments the office recorded (migration 0028).
      const offline = await db.selectFrom('fee_offline_payments').select(['reference', 'mode', 'amount_paise', 'created_at']).where('student_fee_id', '=', fee.id).execute();
      const modeNames = { cash: 'Cash', cheque: 'Cheque', bank: 'Bank transfer' } as const;
      return [
        ...offline.map((row) => ({ id: row.reference, amountPaise: Number(row.amount_paise), method: `${modeNames[row.mode]} (office)`, paidAt: Number(row.created_at) })),
        ...(fee.openingPaidPaise > 0 ? [{ id: 'Before online records', amountPaise: fee.openingPaidPaise, method: 'Paid before (imported)', paidAt: fee.createdAt }] : []),
        ...online
          .map((row) => ({ id: row.id, amountPaise: Number(row.amount_paise) - Number(row.refund_paise), method: `Online (${row.method})`, paidAt: Number(row.created_at) }))
          .filter((line) => line.amountPaise > 0),
        ...receipts
          .filter((row) => Number(row.amount_paise ?? 0) > 0)
          .map((row) => ({
            id: row.transaction_id || row.id,
            amountPaise: Number(row.amount_paise ?? 0),
            method: row.cheque_number ? `Cheque ${row.cheque_number}` : 'Receipt',
            paidAt: Number(row.updated_at),
          })),
      ].sort((a, b) => a.paidAt - b.paidAt);
    },

    /** Online payments of a fee kept for a refund (to refund or refunded), oldest first. */
    async refundLines(feeId: string): Promise<RefundLine[]> {
      const rows = await db
        .selectFrom('payments')
        .innerJoin('payment_orders', 'payment_orders.id', 'payments.order_id')
        .select(['payments.id', 'payments.order_id', 'payments.amount_paise', 'payments.refund_paise', 'payments.refund_status', 'payments.created_at'])
        .where('payment_orders.purpose_kind', '=', 'fee')
        .where('payment_orders.purpose_id', '=', feeId)
        .where('payments.refund_status', '!=', 'none')
        .orderBy('payments.created_at')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        orderId: row.order_id,
        amountPaise: Number(row.amount_paise),
        refundPaise: Number(row.refund_paise),
        status: row.refund_status === 'refunded' ? 'refunded' : 'to_refund',
        capturedAt: Number(row.created_at),
      }));
    },
  };
}

export type FeeRepository = ReturnType<typeof createFeeRepository>;

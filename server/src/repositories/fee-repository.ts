import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, FeeReceiptStatus } from '../db';

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
}

export interface PaymentLine {
  id: string;
  amountPaise: number;
  method: string;
  paidAt: number;
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
});

type ReceiptRow = Database['fee_receipts'];
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

    /** Adds a payment to a fee (in the capture's transaction when given one). */
    async addPaid(trx: Kysely<Database>, feeId: string, amountPaise: number, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('student_fees')
        .set({ paid_paise: sql<number>`paid_paise + ${amountPaise}`, updated_at: now })
        .where('id', '=', feeId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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

    /** Online payments and confirmed receipts of a fee, oldest first (what the printed receipt lists). */
    async paymentLines(feeId: string): Promise<PaymentLine[]> {
      const online = await db
        .selectFrom('payments')
        .innerJoin('payment_orders', 'payment_orders.id', 'payments.order_id')
        .select(['payments.id', 'payments.amount_paise', 'payments.method', 'payment_orders.paid_at', 'payments.created_at'])
        .where('payment_orders.purpose_kind', '=', 'fee')
        .where('payment_orders.purpose_id', '=', feeId)
        .where('payment_orders.status', '=', 'paid')
        .execute();
      const receipts = await db
        .selectFrom('fee_receipts')
        .select(['id', 'amount_paise', 'transaction_id', 'cheque_number', 'updated_at'])
        .where('student_fee_id', '=', feeId)
        .where('status', '=', 'confirmed')
        .execute();
      return [
        // Only the payment that paid the order counts (a second capture on a paid order is refunded).
        ...online.map((row) => ({ id: row.id, amountPaise: Number(row.amount_paise), method: `Online (${row.method})`, paidAt: Number(row.paid_at ?? row.created_at) })),
        ...receipts.map((row) => ({
          id: row.transaction_id || row.id,
          amountPaise: Number(row.amount_paise ?? 0),
          method: row.cheque_number ? `Cheque ${row.cheque_number}` : 'Receipt',
          paidAt: Number(row.updated_at),
        })),
      ].sort((a, b) => a.paidAt - b.paidAt);
    },
  };
}

export type FeeRepository = ReturnType<typeof createFeeRepository>;

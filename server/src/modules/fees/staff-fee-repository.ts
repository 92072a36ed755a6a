import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FeeRow, FeeRowsQuery, FeeStatusName, StaffReceipt } from '@invigil/shared/api/staff-fees';
import { feeDetails } from '@invigil/shared/api/fee-messages';
import type { Database } from '../../platform/db';

/** A student fee as the staff console reads it (money in paise). */
export interface StaffFeeRecord {
  id: string;
  studentId: string;
  studentName: string;
  regNo: string;
  className: string | null;
  headId: string;
  title: string;
  feeType: string;
  dueMonth: string | null;
  dueDate: string;
  amountPaise: number;
  finePaise: number;
  paidPaise: number;
  /** Nothing paid, no receipt, no offline payment, no online order. */
  deletable: boolean;
}

/** The status shown for a fee on `today`: paid (nothing left), overdue (left, past its due date), part paid, unpaid. */
export function feeStatusOf(fee: Pick<StaffFeeRecord, 'amountPaise' | 'finePaise' | 'paidPaise' | 'dueDate'>, today: string): FeeStatusName {
  const balance = fee.amountPaise + fee.finePaise - fee.paidPaise;
  if (balance <= 0) return 'paid';
  if (fee.dueDate < today) return 'overdue';
  return fee.paidPaise > 0 ? 'part' : 'unpaid';
}

export function toFeeRow(fee: StaffFeeRecord, today: string): FeeRow {
  return {
    id: fee.id,
    studentId: fee.studentId,
    studentName: fee.studentName,
    regNo: fee.regNo,
    className: fee.className,
    headId: fee.headId,
    title: fee.title,
    feeType: fee.feeType,
    details: feeDetails({ fee_head_title: fee.title, fee_type: fee.feeType, due_month: fee.dueMonth }),
    dueMonth: fee.dueMonth,
    dueDate: fee.dueDate,
    amountPaise: fee.amountPaise,
    finePaise: fee.finePaise,
    paidPaise: fee.paidPaise,
    balancePaise: Math.max(0, fee.amountPaise + fee.finePaise - fee.paidPaise),
    status: feeStatusOf(fee, today),
    deletable: fee.deletable,
  };
}

const due = sql<number>`(student_fees.fee_amount_paise + student_fees.fine_amount_paise)`;

/** The staff's reads and writes of fees, receipts and offline payments (migrations 0010, 0016, 0028); writes take the transaction. */
export function createStaffFeeRepository(db: Kysely<Database>) {
  const feeBase = (conn: Kysely<Database>) =>
    conn
      .selectFrom('student_fees')
      .innerJoin('fee_heads', 'fee_heads.id', 'student_fees.fee_head_id')
      .innerJoin('users', 'users.id', 'student_fees.student_id')
      .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
      .leftJoin('classes', 'classes.id', 'student_profiles.class_id');

  const feeSelect = (query: ReturnType<typeof feeBase>) =>
    query.select((eb) => [
      'student_fees.id',
      'student_fees.student_id',
      'users.name as student_name',
      'users.reg_no',
      'classes.name as class_name',
      'student_fees.fee_head_id',
      'fee_heads.title',
      'fee_heads.fee_type',
      'student_fees.due_month',
      'student_fees.due_date',
      'student_fees.fee_amount_paise',
      'student_fees.fine_amount_paise',
      'student_fees.paid_paise',
      eb
        .case()
        .when(
          eb.or([
            eb('student_fees.paid_paise', '>', 0),
            eb.exists(eb.selectFrom('fee_receipts').select('fee_receipts.id').whereRef('fee_receipts.student_fee_id', '=', 'student_fees.id')),
            eb.exists(eb.selectFrom('fee_offline_payments').select('fee_offline_payments.id').whereRef('fee_offline_payments.student_fee_id', '=', 'student_fees.id')),
            eb.exists(
              eb
                .selectFrom('payment_orders')
                .select('payment_orders.id')
                .where('payment_orders.purpose_kind', '=', 'fee')
                .whereRef('payment_orders.purpose_id', '=', 'student_fees.id'),
            ),
          ]),
        )
        .then(0)
        .else(1)
        .end()
        .as('deletable'),
    ]);

  type Row = {
    id: string;
    student_id: string;
    student_name: string;
    reg_no: string;
    class_name: string | null;
    fee_head_id: string;
    title: string;
    fee_type: string;
    due_month: string | null;
    due_date: string;
    fee_amount_paise: number;
    fine_amount_paise: number;
    paid_paise: number;
    deletable: number;
  };
  const toRecord = (row: Row): StaffFeeRecord => ({
    id: row.id,
    studentId: row.student_id,
    studentName: row.student_name,
    regNo: row.reg_no,
    className: row.class_name,
    headId: row.fee_head_id,
    title: row.title,
    feeType: row.fee_type,
    dueMonth: row.due_month,
    dueDate: row.due_date,
    amountPaise: Number(row.fee_amount_paise),
    finePaise: Number(row.fine_amount_paise),
    paidPaise: Number(row.paid_paise),
    deletable: Number(row.deletable) === 1,
  });

  /** The filters of the students' fees table, on `today` (overdue: a balance past its due date). */
  const filtered = (filters: Omit<FeeRowsQuery, 'page'>, today: string) => {
    let query = feeBase(db);
    if (filters.class) query = query.where('student_profiles.class_id', '=', filters.class);
    if (filters.head) query = query.where('student_fees.fee_head_id', '=', filters.head);
    if (filters.q) {
      const like = `%${filters.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      query = query.where((eb) => eb.or([eb(sql`lower(users.name)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(users.reg_no)`, 'like', sql`${like} escape '\\'`)]));
    }
    if (filters.status === 'paid') query = query.where('student_fees.paid_paise', '>=', due);
    else if (filters.status === 'overdue') query = query.where('student_fees.paid_paise', '<', due).where('student_fees.due_date', '<', today);
    else if (filters.status === 'part') query = query.where('student_fees.paid_paise', '<', due).where('student_fees.due_date', '>=', today).where('student_fees.paid_paise', '>', 0);
    else if (filters.status === 'unpaid') query = query.where('student_fees.paid_paise', '<', due).where('student_fees.due_date', '>=', today).where('student_fees.paid_paise', '=', 0);
    return query;
  };

  return {
    async listHeads() {
      const rows = await db
        .selectFrom('fee_heads')
        .select((eb) => ['fee_heads.id', 'fee_heads.title', 'fee_heads.fee_type', 'fee_heads.created_at', eb.selectFrom('student_fees').select(eb.fn.countAll<number>().as('n')).whereRef('student_fees.fee_head_id', '=', 'fee_heads.id').as('charged')])
        .orderBy('fee_heads.title')
        .orderBy('fee_heads.id')
        .execute();
      return rows.map((row) => ({ id: row.id, title: row.title, feeType: row.fee_type, charged: Number(row.charged ?? 0), createdAt: Number(row.created_at) }));
    },

    async findHead(conn: Kysely<Database>, headId: string) {
      return await conn.selectFrom('fee_heads').selectAll().where('id', '=', headId).executeTakeFirst();
    },

    async headTitleTaken(conn: Kysely<Database>, title: string, exceptId?: string): Promise<boolean> {
      let query = conn.selectFrom('fee_heads').select('id').where(sql`lower(title)`, '=', title.toLowerCase());
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async studentsOfClass(conn: Kysely<Database>, classId: string): Promise<string[]> {
      const rows = await conn.selectFrom('student_profiles').innerJoin('users', 'users.id', 'student_profiles.user_id').select('users.id').where('student_profiles.class_id', '=', classId).orderBy('users.id').execute();
      return rows.map((row) => row.id);
    },

    /** The students among `studentIds` who already have this head charged for this due date and month (a charge pressed twice adds nothing). */
    async alreadyCharged(conn: Kysely<Database>, headId: string, studentIds: readonly string[], dueDate: string, dueMonth: string | null): Promise<Set<string>> {
      const found = new Set<string>();
      for (let at = 0; at < studentIds.length; at += 500) {
        let query = conn
          .selectFrom('student_fees')
          .select('student_id')
          .where('fee_head_id', '=', headId)
          .where('student_id', 'in', studentIds.slice(at, at + 500))
          .where('due_date', '=', dueDate);
        query = dueMonth === null ? query.where('due_month', 'is', null) : query.where('due_month', '=', dueMonth);
        for (const row of await query.execute()) found.add(row.student_id);
      }
      return found;
    },

    async page(filters: FeeRowsQuery, today: string, pageSize: number) {
      const base = filtered(filters, today);
      const totals = await base
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(due).as('due'), eb.fn.sum<number>('student_fees.paid_paise').as('paid'), eb.fn.sum<number>(sql`case when student_fees.paid_paise < ${due} then ${due} - student_fees.paid_paise else 0 end`).as('balance')])
        .executeTakeFirstOrThrow();
      const rows = (await feeSelect(base)
        .orderBy('student_fees.due_date')
        .orderBy('users.name')
        .orderBy('student_fees.id')
        .limit(pageSize)
        .offset((filters.page - 1) * pageSize)
        .execute()) as Row[];
      return {
        items: rows.map(toRecord),
        total: Number(totals.n),
        sums: { duePaise: Number(totals.due ?? 0), paidPaise: Number(totals.paid ?? 0), balancePaise: Number(totals.balance ?? 0) },
      };
    },

    /** Every filtered row (the CSV export), at most `limit`. */
    async all(filters: Omit<FeeRowsQuery, 'page'>, today: string, limit: number): Promise<StaffFeeRecord[]> {
      const rows = (await feeSelect(filtered(filters, today)).orderBy('student_fees.due_date').orderBy('users.name').orderBy('student_fees.id').limit(limit).execute()) as Row[];
      return rows.map(toRecord);
    },

    async findFee(conn: Kysely<Database>, feeId: string): Promise<StaffFeeRecord | undefined> {
      const row = (await feeSelect(feeBase(conn)).where('student_fees.id', '=', feeId).executeTakeFirst()) as Row | undefined;
      return row ? toRecord(row) : undefined;
    },

    /** Locks the fee's row for the rest of the transaction (a no-op update); false when there is no such fee. */
    async lockFee(conn: Kysely<Database>, feeId: string, now: number): Promise<boolean> {
      const touched = await conn.updateTable('student_fees').set({ updated_at: now }).where('id', '=', feeId).executeTakeFirst();
      return Number(touched.numUpdatedRows) === 1;
    },

    async addPaid(conn: Kysely<Database>, feeId: string, amountPaise: number, now: number): Promise<void> {
      await conn.updateTable('student_fees').set({ paid_paise: sql<number>`paid_paise + ${amountPaise}`, updated_at: now }).where('id', '=', feeId).execute();
    },

    async findOffline(conn: Kysely<Database>, feeId: string, reference: string) {
      return await conn.selectFrom('fee_offline_payments').selectAll().where('student_fee_id', '=', feeId).where('reference', '=', reference).executeTakeFirst();
    },

    /** A page of receipts in a state (or the one receipt `onlyId`). */
    async receiptPage(status: StaffReceipt['status'], page: number, pageSize: number, onlyId?: string) {
      let base = db
        .selectFrom('fee_receipts')
        .innerJoin('student_fees', 'student_fees.id', 'fee_receipts.student_fee_id')
        .innerJoin('fee_heads', 'fee_heads.id', 'student_fees.fee_head_id')
        .innerJoin('users', 'users.id', 'fee_receipts.student_id')
        .leftJoin('student_profiles', 'student_profiles.user_id', 'users.id')
        .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
        .where('fee_receipts.status', '=', status);
      if (onlyId) base = base.where('fee_receipts.id', '=', onlyId);
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      // The queue is worked oldest first; what was decided, newest first.
      const order = status === 'pending' ? 'asc' : 'desc';
      const rows = await base
        .select([
          'fee_receipts.id',
          'fee_receipts.student_fee_id',
          'fee_receipts.student_id',
          'users.name as student_name',
          'users.reg_no',
          'classes.name as class_name',
          'fee_heads.title',
          'fee_heads.fee_type',
          'student_fees.due_month',
          'student_fees.fee_amount_paise',
          'student_fees.fine_amount_paise',
          'student_fees.paid_paise',
          'fee_receipts.transaction_date',
          'fee_receipts.transaction_id',
          'fee_receipts.cheque_number',
          'fee_receipts.comment',
          'fee_receipts.image_key',
          'fee_receipts.status',
          'fee_receipts.amount_paise',
          'fee_receipts.reject_reason',
          'fee_receipts.reviewed_by',
          'fee_receipts.reviewed_at',
          'fee_receipts.created_at',
        ])
        .orderBy(status === 'pending' ? 'fee_receipts.created_at' : 'fee_receipts.reviewed_at', order)
        .orderBy('fee_receipts.id', order)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, total: Number(total.n) };
    },

    async findReceipt(conn: Kysely<Database>, receiptId: string) {
      return await conn.selectFrom('fee_receipts').selectAll().where('id', '=', receiptId).executeTakeFirst();
    },
  };
}

export type StaffFeeRepository = ReturnType<typeof createStaffFeeRepository>;

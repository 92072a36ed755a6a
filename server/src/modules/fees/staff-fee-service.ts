import type { Kysely } from 'kysely';
import { formatRupees } from '@invigil/shared/domain/money';
import type {
  ChargeReply,
  FeeHead,
  FeeRow,
  FeeRowsQuery,
  FeeRowsReply,
  OfflinePaymentReply,
  OfflinePaymentRequest,
  StaffReceipt,
  StaffReceiptsReply,
} from '@invigil/shared/api/staff-fees';
import { FEE_EXPORT_HEADER, FEE_ROW_PAGE_SIZE, FEE_STATUS_LABELS, RECEIPT_PAGE_SIZE, STAFF_FEE_MESSAGES, isMonthlyFeeType } from '@invigil/shared/api/staff-fees';
import type { z } from 'zod';
import type { chargeRequestSchema, feeEditRequestSchema, feeHeadRequestSchema } from '@invigil/shared/api/staff-fees';
import { feeDetails } from '@invigil/shared/api/fee-messages';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { instituteDay } from '../../platform/lib/institute-day';
import { newObjectId } from '../../platform/lib/object-id';
import type { UploadStore } from '../../platform/storage/upload-store';
import { recordAudit } from '../audit/audit-module';
import type { AuditActor } from '../audit/audit-module';
import { notifyStudents, pushNotified } from '../notifications/notifications-module';
import type { PushService } from '../notifications/notifications-module';
import type { StaffFeeRecord, StaffFeeRepository } from './staff-fee-repository';
import { toFeeRow } from './staff-fee-repository';

/** At most this many rows go into one CSV export. */
export const FEE_EXPORT_MAX_ROWS = 50_000;

export interface StaffFeeServiceDeps {
  db: Kysely<Database>;
  repo: StaffFeeRepository;
  store: UploadStore;
  clock: Clock;
  timeZone: string;
  push: Pick<PushService, 'sendNotifications'> | null;
}

type Body<S extends z.ZodType> = z.output<S>;

/** Money as the audit log and notifications show it. */
const rupees = (paise: number) => formatRupees(paise);
const auditFee = (fee: StaffFeeRecord) => ({
  studentId: fee.studentId,
  regNo: fee.regNo,
  headId: fee.headId,
  title: fee.title,
  dueMonth: fee.dueMonth,
  dueDate: fee.dueDate,
  amountPaise: fee.amountPaise,
  finePaise: fee.finePaise,
  paidPaise: fee.paidPaise,
});

/**
 * Fees in the staff console (decision 0065): fee heads, charging a class or a student, the
 * students' fees with edits and offline payments, and the queue of uploaded receipts. Every write
 * is one transaction with its audit entry; money is integer paise and never counted twice (the
 * fee's row is locked before its balance is read).
 */
export function createStaffFeeService({ db, repo, store, clock, timeZone, push }: StaffFeeServiceDeps) {
  const today = () => instituteDay(clock.now(), timeZone).date;
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => db.transaction().execute(work);

  const feeOrThrow = async (conn: Kysely<Database>, feeId: string): Promise<StaffFeeRecord> => {
    const fee = await repo.findFee(conn, feeId);
    if (!fee) throw new AppError('not_found', STAFF_FEE_MESSAGES.feeNotFound);
    return fee;
  };
  const balanceOf = (fee: StaffFeeRecord) => Math.max(0, fee.amountPaise + fee.finePaise - fee.paidPaise);
  const detailsOf = (fee: Pick<StaffFeeRecord, 'title' | 'feeType' | 'dueMonth'>) => feeDetails({ fee_head_title: fee.title, fee_type: fee.feeType, due_month: fee.dueMonth });

  const toReceipt = (row: Awaited<ReturnType<StaffFeeRepository['receiptPage']>>['rows'][number], now: number): StaffReceipt => {
    const dueTotal = Number(row.fee_amount_paise) + Number(row.fine_amount_paise);
    return {
      id: row.id,
      feeId: row.student_fee_id,
      studentId: row.student_id,
      studentName: row.student_name,
      regNo: row.reg_no,
      className: row.class_name,
      feeDetails: feeDetails({ fee_head_title: row.title, fee_type: row.fee_type, due_month: row.due_month }),
      balancePaise: Math.max(0, dueTotal - Number(row.paid_paise)),
      transactionDate: row.transaction_date,
      transactionId: row.transaction_id,
      chequeNumber: row.cheque_number,
      comment: row.comment,
      imageUrl: store.getUrl(row.image_key, now),
      status: row.status,
      amountPaise: row.amount_paise === null ? null : Number(row.amount_paise),
      rejectReason: row.reject_reason,
      reviewedBy: row.reviewed_by,
      reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
      createdAt: Number(row.created_at),
    };
  };

  return {
    async heads(): Promise<FeeHead[]> {
      return await repo.listHeads();
    },

    async createHead(actor: AuditActor, body: Body<typeof feeHeadRequestSchema>): Promise<FeeHead> {
      const now = clock.now();
      return await inTransaction(async (trx) => {
        if (await repo.headTitleTaken(trx, body.title)) throw new AppError('conflict', STAFF_FEE_MESSAGES.headTitleTaken);
        const head = { id: newObjectId(now), title: body.title, fee_type: body.feeType, created_at: now };
        await trx.insertInto('fee_heads').values(head).execute();
        await recordAudit(trx, { actor, action: 'fee.head.create', entityType: 'fee_head', entityId: head.id, summary: `Created the fee head ${head.title} (${head.fee_type})`, after: head }, now);
        return { id: head.id, title: head.title, feeType: head.fee_type, charged: 0, createdAt: now };
      });
    },

    async updateHead(actor: AuditActor, headId: string, body: Body<typeof feeHeadRequestSchema>): Promise<FeeHead> {
      const now = clock.now();
      return await inTransaction(async (trx) => {
        const before = await repo.findHead(trx, headId);
        if (!before) throw new AppError('not_found', STAFF_FEE_MESSAGES.headNotFound);
        if (await repo.headTitleTaken(trx, body.title, headId)) throw new AppError('conflict', STAFF_FEE_MESSAGES.headTitleTaken);
        await trx.updateTable('fee_heads').set({ title: body.title, fee_type: body.feeType }).where('id', '=', headId).execute();
        const after = { ...before, title: body.title, fee_type: body.feeType };
        await recordAudit(trx, { actor, action: 'fee.head.update', entityType: 'fee_head', entityId: headId, summary: `Changed the fee head ${before.title} to ${after.title} (${after.fee_type})`, before, after }, now);
        const charged = (await repo.listHeads()).find((head) => head.id === headId)?.charged ?? 0;
        return { id: headId, title: after.title, feeType: after.fee_type, charged, createdAt: Number(before.created_at) };
      });
    },

    /** Charges a head to every student of a class, or to one student: one student_fees row each (none for a student already charged it for this due date and month). */
    async charge(actor: AuditActor, body: Body<typeof chargeRequestSchema>): Promise<ChargeReply> {
      const now = clock.now();
      const { charged, skipped, notified } = await inTransaction(async (trx) => {
        const head = await repo.findHead(trx, body.headId);
        if (!head) throw new AppError('not_found', STAFF_FEE_MESSAGES.headNotFound);
        if (isMonthlyFeeType(head.fee_type) && !body.dueMonth) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.dueMonthNeeded);
        let studentIds: string[];
        let target: string;
        if (body.classId) {
          const klass = await trx.selectFrom('classes').select(['id', 'name']).where('id', '=', body.classId).executeTakeFirst();
          if (!klass) throw new AppError('not_found', STAFF_FEE_MESSAGES.classNotFound);
          studentIds = await repo.studentsOfClass(trx, klass.id);
          if (studentIds.length === 0) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.classEmpty);
          target = klass.name;
        } else {
          const student = await trx.selectFrom('users').select(['id', 'name', 'reg_no']).where('id', '=', body.studentId ?? '').executeTakeFirst();
          if (!student) throw new AppError('not_found', STAFF_FEE_MESSAGES.studentNotFound);
          studentIds = [student.id];
          target = `${student.name} (${student.reg_no})`;
        }
        const dueMonth = body.dueMonth ?? null;
        const already = await repo.alreadyCharged(trx, head.id, studentIds, body.dueDate, dueMonth);
        const fresh = studentIds.filter((studentId) => !already.has(studentId));
        const rows = fresh.map((studentId, index) => ({
          id: newObjectId(now + index),
          fee_head_id: head.id,
          student_id: studentId,
          due_month: dueMonth,
          due_date: body.dueDate,
          fee_amount_paise: body.amountPaise,
          fine_amount_paise: body.finePaise,
          paid_paise: 0,
          created_at: now,
          updated_at: now,
        }));
        for (let at = 0; at < rows.length; at += 200) await trx.insertInto('student_fees').values(rows.slice(at, at + 200)).execute();
        const details = feeDetails({ fee_head_title: head.title, fee_type: head.fee_type, due_month: dueMonth });
        await recordAudit(
          trx,
          {
            actor,
            action: 'fee.charge',
            entityType: 'fee_head',
            entityId: head.id,
            summary: `Charged ${details} (${rupees(body.amountPaise)}, due ${body.dueDate}) to ${target}: ${rows.length} student(s)${already.size > 0 ? `, ${already.size} already charged` : ''}`,
            after: { headId: head.id, target, classId: body.classId ?? null, studentId: body.studentId ?? null, amountPaise: body.amountPaise, finePaise: body.finePaise, dueDate: body.dueDate, dueMonth, feeIds: rows.map((row) => row.id) },
          },
          now,
        );
        const ids = await notifyStudents(trx, fresh, { title: 'New fee', content: `${details}: ${rupees(body.amountPaise + body.finePaise)}, due on ${body.dueDate}. See My Fees.` }, now);
        return { charged: rows.length, skipped: already.size, notified: ids };
      });
      pushNotified(push, notified);
      return { charged, skipped };
    },

    async list(query: FeeRowsQuery): Promise<FeeRowsReply> {
      const day = today();
      const { items, total, sums } = await repo.page(query, day, FEE_ROW_PAGE_SIZE);
      return { items: items.map((fee) => toFeeRow(fee, day)), total, page: query.page, pageSize: FEE_ROW_PAGE_SIZE, sums };
    },

    /** The filtered table as the CSV's rows: the header, then one row per fee (rupees with two decimals). */
    async exportGrid(query: Omit<FeeRowsQuery, 'page'>): Promise<(string | number | null)[][]> {
      const day = today();
      const money = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
      const rows = (await repo.all(query, day, FEE_EXPORT_MAX_ROWS)).map((fee) => toFeeRow(fee, day));
      return [
        [...FEE_EXPORT_HEADER],
        ...rows.map((row) => [
          row.studentName,
          row.regNo,
          row.className ?? '',
          row.details,
          row.feeType,
          row.dueMonth ?? '',
          row.dueDate,
          money(row.amountPaise),
          money(row.finePaise),
          money(row.paidPaise),
          money(row.balancePaise),
          FEE_STATUS_LABELS[row.status],
        ]),
      ];
    },

    /** Edits a fee's amount, due date and fine; lowering the fine (waiving it) needs a reason; the total never falls below what was paid. */
    async edit(actor: AuditActor, feeId: string, body: Body<typeof feeEditRequestSchema>): Promise<FeeRow> {
      const now = clock.now();
      return await inTransaction(async (trx) => {
        if (!(await repo.lockFee(trx, feeId, now))) throw new AppError('not_found', STAFF_FEE_MESSAGES.feeNotFound);
        const before = await feeOrThrow(trx, feeId);
        if (body.amountPaise + body.finePaise < before.paidPaise) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.amountBelowPaid);
        if (body.finePaise < before.finePaise && !body.fineReason) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.waiveReasonNeeded);
        const dueMonth = body.dueMonth === undefined ? before.dueMonth : body.dueMonth;
        if (isMonthlyFeeType(before.feeType) && !dueMonth) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.dueMonthNeeded);
        await trx
          .updateTable('student_fees')
          .set({ fee_amount_paise: body.amountPaise, fine_amount_paise: body.finePaise, due_date: body.dueDate, due_month: dueMonth, updated_at: now })
          .where('id', '=', feeId)
          .execute();
        const after = await feeOrThrow(trx, feeId);
        const changes: string[] = [];
        if (before.amountPaise !== after.amountPaise) changes.push(`amount ${rupees(before.amountPaise)} -> ${rupees(after.amountPaise)}`);
        if (before.finePaise !== after.finePaise) changes.push(`fine ${rupees(before.finePaise)} -> ${rupees(after.finePaise)}${body.fineReason ? ` (${body.fineReason})` : ''}`);
        if (before.dueDate !== after.dueDate) changes.push(`due ${before.dueDate} -> ${after.dueDate}`);
        if (before.dueMonth !== after.dueMonth) changes.push(`month ${before.dueMonth ?? '-'} -> ${after.dueMonth ?? '-'}`);
        const waived = after.finePaise < before.finePaise;
        await recordAudit(
          trx,
          {
            actor,
            action: waived ? 'fee.fine.waive' : 'fee.update',
            entityType: 'student_fee',
            entityId: feeId,
            summary: `${detailsOf(after)} of ${after.studentName} (${after.regNo}): ${changes.join('; ') || 'no change'}`,
            before: auditFee(before),
            after: { ...auditFee(after), ...(body.fineReason ? { fineReason: body.fineReason } : {}) },
          },
          now,
        );
        return toFeeRow(after, today());
      });
    },

    /** Deletes a fee nothing was paid toward (no receipt, offline payment or online order either). */
    async remove(actor: AuditActor, feeId: string): Promise<void> {
      const now = clock.now();
      await inTransaction(async (trx) => {
        if (!(await repo.lockFee(trx, feeId, now))) throw new AppError('not_found', STAFF_FEE_MESSAGES.feeNotFound);
        const before = await feeOrThrow(trx, feeId);
        if (!before.deletable) throw new AppError('conflict', STAFF_FEE_MESSAGES.feeHasPayments);
        await trx.deleteFrom('student_fees').where('id', '=', feeId).execute();
        await recordAudit(trx, { actor, action: 'fee.delete', entityType: 'student_fee', entityId: feeId, summary: `Deleted ${detailsOf(before)} of ${before.studentName} (${before.regNo})`, before: auditFee(before) }, now);
      });
    },

    /**
     * Records a cash, cheque or bank payment against a fee: once per (fee, reference): the same
     * reference again with the same amount and mode answers recorded: false and adds nothing; never
     * above the balance.
     */
    async recordOffline(actor: AuditActor, feeId: string, body: OfflinePaymentRequest): Promise<OfflinePaymentReply> {
      const now = clock.now();
      return await inTransaction(async (trx) => {
        if (!(await repo.lockFee(trx, feeId, now))) throw new AppError('not_found', STAFF_FEE_MESSAGES.feeNotFound);
        const existing = await repo.findOffline(trx, feeId, body.reference);
        if (existing) {
          if (Number(existing.amount_paise) !== body.amountPaise || existing.mode !== body.mode) throw new AppError('conflict', STAFF_FEE_MESSAGES.referenceReused);
          return { fee: toFeeRow(await feeOrThrow(trx, feeId), today()), recorded: false };
        }
        const before = await feeOrThrow(trx, feeId);
        const balance = balanceOf(before);
        if (balance === 0) throw new AppError('conflict', STAFF_FEE_MESSAGES.feePaid);
        if (body.amountPaise > balance) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.overBalance);
        const payment = { id: newObjectId(now), student_fee_id: feeId, mode: body.mode, reference: body.reference, amount_paise: body.amountPaise, paid_on: body.paidOn, recorded_by: actor.id, created_at: now };
        await trx.insertInto('fee_offline_payments').values(payment).execute();
        await repo.addPaid(trx, feeId, body.amountPaise, now);
        const after = await feeOrThrow(trx, feeId);
        await recordAudit(
          trx,
          {
            actor,
            action: 'fee.payment.record',
            entityType: 'student_fee',
            entityId: feeId,
            summary: `Recorded ${rupees(body.amountPaise)} (${body.mode} ${body.reference}) for ${detailsOf(after)} of ${after.studentName} (${after.regNo})`,
            before: auditFee(before),
            after: { ...auditFee(after), payment },
          },
          now,
        );
        return { fee: toFeeRow(after, today()), recorded: true };
      });
    },

    async receipts(status: StaffReceipt['status'], page: number): Promise<StaffReceiptsReply> {
      const now = clock.now();
      const { rows, total } = await repo.receiptPage(status, page, RECEIPT_PAGE_SIZE);
      return { items: rows.map((row) => toReceipt(row, now)), total, page, pageSize: RECEIPT_PAGE_SIZE };
    },

    /** Accepts a pending receipt for `amountPaise` (at most the fee's balance): the receipt confirmed and the fee's paid amount raised in one transaction; a second accept is a 409. */
    async acceptReceipt(actor: AuditActor, receiptId: string, amountPaise: number): Promise<StaffReceipt> {
      const now = clock.now();
      const { notified } = await inTransaction(async (trx) => {
        const receipt = await repo.findReceipt(trx, receiptId);
        if (!receipt) throw new AppError('not_found', STAFF_FEE_MESSAGES.receiptNotFound);
        if (!(await repo.lockFee(trx, receipt.student_fee_id, now))) throw new AppError('not_found', STAFF_FEE_MESSAGES.feeNotFound);
        // Claim the receipt first: of two accepts at once, one moves it and the other gets the 409.
        const moved = await trx
          .updateTable('fee_receipts')
          .set({ status: 'confirmed', amount_paise: amountPaise, reviewed_by: actor.name, reviewed_at: now, updated_at: now })
          .where('id', '=', receiptId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new AppError('conflict', STAFF_FEE_MESSAGES.receiptDone);
        const before = await feeOrThrow(trx, receipt.student_fee_id);
        const balance = balanceOf(before);
        if (balance === 0) throw new AppError('conflict', STAFF_FEE_MESSAGES.feePaid);
        if (amountPaise > balance) throw new AppError('unprocessable', STAFF_FEE_MESSAGES.overBalance);
        await repo.addPaid(trx, before.id, amountPaise, now);
        const after = await feeOrThrow(trx, before.id);
        await recordAudit(
          trx,
          {
            actor,
            action: 'fee.receipt.accept',
            entityType: 'fee_receipt',
            entityId: receiptId,
            summary: `Accepted ${rupees(amountPaise)} from the receipt of ${after.studentName} (${after.regNo}) for ${detailsOf(after)}`,
            before: { receipt: { status: receipt.status, amountPaise: null }, fee: auditFee(before) },
            after: { receipt: { status: 'confirmed', amountPaise }, fee: auditFee(after) },
          },
          now,
        );
        const left = balanceOf(after);
        const ids = await notifyStudents(
          trx,
          [after.studentId],
          { title: 'Receipt accepted', content: `Your receipt for ${detailsOf(after)} was accepted: ${rupees(amountPaise)} paid${left > 0 ? `, ${rupees(left)} left to pay` : ', the fee is paid'}.` },
          now,
        );
        return { notified: ids };
      });
      pushNotified(push, notified);
      return await this.receiptById(receiptId);
    },

    /** Rejects a pending receipt with a reason the student sees; nothing is counted. */
    async rejectReceipt(actor: AuditActor, receiptId: string, reason: string): Promise<StaffReceipt> {
      const now = clock.now();
      const { notified } = await inTransaction(async (trx) => {
        const receipt = await repo.findReceipt(trx, receiptId);
        if (!receipt) throw new AppError('not_found', STAFF_FEE_MESSAGES.receiptNotFound);
        const moved = await trx
          .updateTable('fee_receipts')
          .set({ status: 'rejected', reject_reason: reason, reviewed_by: actor.name, reviewed_at: now, updated_at: now })
          .where('id', '=', receiptId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new AppError('conflict', STAFF_FEE_MESSAGES.receiptDone);
        const fee = await feeOrThrow(trx, receipt.student_fee_id);
        await recordAudit(
          trx,
          {
            actor,
            action: 'fee.receipt.reject',
            entityType: 'fee_receipt',
            entityId: receiptId,
            summary: `Rejected the receipt of ${fee.studentName} (${fee.regNo}) for ${detailsOf(fee)}: ${reason}`,
            before: { status: receipt.status },
            after: { status: 'rejected', reason },
          },
          now,
        );
        const ids = await notifyStudents(trx, [fee.studentId], { title: 'Receipt rejected', content: `Your receipt for ${detailsOf(fee)} was rejected: ${reason}` }, now);
        return { notified: ids };
      });
      pushNotified(push, notified);
      return await this.receiptById(receiptId);
    },

    async receiptById(receiptId: string): Promise<StaffReceipt> {
      const receipt = await repo.findReceipt(db, receiptId);
      if (!receipt) throw new AppError('not_found', STAFF_FEE_MESSAGES.receiptNotFound);
      const { rows } = await repo.receiptPage(receipt.status, 1, 1, receiptId);
      const row = rows[0];
      if (!row) throw new AppError('not_found', STAFF_FEE_MESSAGES.receiptNotFound);
      return toReceipt(row, clock.now());
    },
  };
}

export type StaffFeeService = ReturnType<typeof createStaffFeeService>;

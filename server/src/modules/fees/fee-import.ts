import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FeeImportSummary } from '@invigil/shared/api/fee-import';
import { emptyFeeSummary } from '@invigil/shared/api/fee-import';
import type { ImportFile } from '@invigil/shared/api/test-import';
import type { Database } from '../../platform/db';
import type { ReadableIssue } from '../../platform/lib/readable-issues';

/**
 * The fees' sections of an import (shared/src/api/fee-import.ts), inside the import's one
 * transaction: `checkFeeReferences` finds references neither the file nor the database holds
 * (before any write); `writeFeeSections` writes heads, students' fees, payment methods, then the
 * receipt confirmations (a confirmed receipt adds its amount to its fee once).
 */

export function feeRegNos(file: ImportFile): string[] {
  return file.student_fees.map((fee) => fee.reg_no);
}

export interface FeePlan {
  storedHeads: Set<string>;
  storedFees: Map<string, string>;
  storedMethods: Set<string>;
  receipts: Map<string, { status: string; feeId: string }>;
}

export async function checkFeeReferences(
  db: Kysely<Database>,
  file: ImportFile,
  knownRegNo: (regNo: string) => boolean,
  storedUserId: (regNo: string) => string | undefined,
  issues: ReadableIssue[],
): Promise<FeePlan> {
  const headIds = [...new Set([...file.fee_heads.map((head) => head.id), ...file.student_fees.map((fee) => fee.fee_head_id)])];
  const feeIds = file.student_fees.map((fee) => fee.id);
  const methodIds = file.payment_methods.map((method) => method.id);
  const receiptIds = file.receipt_confirmations.map((action) => action.receipt_id);
  const plan: FeePlan = {
    storedHeads: new Set(headIds.length ? (await db.selectFrom('fee_heads').select('id').where('id', 'in', headIds).execute()).map((row) => row.id) : []),
    storedFees: new Map(feeIds.length ? (await db.selectFrom('student_fees').select(['id', 'student_id']).where('id', 'in', feeIds).execute()).map((row) => [row.id, row.student_id]) : []),
    storedMethods: new Set(methodIds.length ? (await db.selectFrom('payment_methods').select('id').where('id', 'in', methodIds).execute()).map((row) => row.id) : []),
    receipts: new Map(
      receiptIds.length ? (await db.selectFrom('fee_receipts').select(['id', 'status', 'student_fee_id']).where('id', 'in', receiptIds).execute()).map((row) => [row.id, { status: row.status, feeId: row.student_fee_id }]) : [],
    ),
  };
  const fileHeads = new Set(file.fee_heads.map((head) => head.id));
  file.student_fees.forEach((fee, index) => {
    const path = `student_fees.${index}`;
    if (!knownRegNo(fee.reg_no)) issues.push({ path: `${path}.reg_no`, message: `There is no student ${fee.reg_no}.` });
    if (!fileHeads.has(fee.fee_head_id) && !plan.storedHeads.has(fee.fee_head_id)) issues.push({ path: `${path}.fee_head_id`, message: `There is no fee head ${fee.fee_head_id}.` });
    const owner = plan.storedFees.get(fee.id);
    if (owner !== undefined && owner !== storedUserId(fee.reg_no)) issues.push({ path: `${path}.id`, message: `Student fee ${fee.id} belongs to another student.` });
  });
  file.receipt_confirmations.forEach((action, index) => {
    const receipt = plan.receipts.get(action.receipt_id);
    if (!receipt) issues.push({ path: `receipt_confirmations.${index}.receipt_id`, message: `There is no receipt ${action.receipt_id}.` });
    else if (receipt.status !== 'pending' && receipt.status !== action.status) {
      issues.push({ path: `receipt_confirmations.${index}.status`, message: `Receipt ${action.receipt_id} was already ${receipt.status}.` });
    }
  });
  return plan;
}

export async function writeFeeSections(db: Kysely<Database>, file: ImportFile, plan: FeePlan, userIdOf: (regNo: string) => string, now: number): Promise<FeeImportSummary> {
  const summary = emptyFeeSummary();
  for (const head of file.fee_heads) {
    if (plan.storedHeads.has(head.id)) {
      await db.updateTable('fee_heads').set({ title: head.title, fee_type: head.fee_type }).where('id', '=', head.id).execute();
      summary.fee_heads.updated += 1;
    } else {
      await db.insertInto('fee_heads').values({ id: head.id, title: head.title, fee_type: head.fee_type, created_at: now }).execute();
      summary.fee_heads.inserted += 1;
    }
  }
  for (const fee of file.student_fees) {
    const fields = { fee_head_id: fee.fee_head_id, due_date: fee.due_date, due_month: fee.due_month, fee_amount_paise: fee.fee_amount_paise, fine_amount_paise: fee.fine_amount_paise, updated_at: now };
    if (plan.storedFees.has(fee.id)) {
      await db.updateTable('student_fees').set(fields).where('id', '=', fee.id).execute();
      summary.student_fees.updated += 1;
    } else {
      // What was paid before the first import is kept apart too: the receipt lists it as a line of its own.
      await db.insertInto('student_fees').values({ id: fee.id, student_id: userIdOf(fee.reg_no), paid_paise: fee.paid_amount_paise, opening_paid_paise: fee.paid_amount_paise, created_at: now, ...fields }).execute();
      summary.student_fees.inserted += 1;
    }
  }
  for (const method of file.payment_methods) {
    const fields =
      method.type === 'upi'
        ? { type: method.type, upi_id: method.upi_id, payee_name: method.payee_name, instruction: method.instruction, position: method.position }
        : { type: method.type, upi_id: null, payee_name: null, instruction: method.instruction, position: method.position };
    if (plan.storedMethods.has(method.id)) {
      await db.updateTable('payment_methods').set(fields).where('id', '=', method.id).execute();
      summary.payment_methods.updated += 1;
    } else {
      await db.insertInto('payment_methods').values({ id: method.id, created_at: now, ...fields }).execute();
      summary.payment_methods.inserted += 1;
    }
  }
  for (const action of file.receipt_confirmations) {
    const receipt = plan.receipts.get(action.receipt_id);
    if (!receipt || receipt.status !== 'pending') continue; // confirming twice changes nothing
    const moved = await db
      .updateTable('fee_receipts')
      .set({ status: action.status, amount_paise: action.status === 'confirmed' ? (action.amount_paise ?? 0) : null, updated_at: now })
      .where('id', '=', action.receipt_id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) continue;
    if (action.status === 'confirmed' && action.amount_paise) {
      await db.updateTable('student_fees').set({ paid_paise: sql<number>`paid_paise + ${action.amount_paise}`, updated_at: now }).where('id', '=', receipt.feeId).execute();
    }
    summary.receipt_confirmations.updated += 1;
  }
  return summary;
}

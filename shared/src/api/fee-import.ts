import { z } from 'zod';
import { idSchema } from './import-fields';

/**
 * The fees' sections of the import file (docs/import-format.md, "Fees and payment methods"): fee
 * heads, each student's fees (amounts in paise), the institute's payment methods, and the
 * institute's action "confirm a receipt" (or reject it) until there is a staff console. Composed
 * into `importFileSchema` (test-import.ts); checks against the database (an unknown student, fee
 * head or receipt) are made by the import (server/src/modules/fees/fee-import.ts).
 */

const paiseSchema = z.number().int('Amounts are whole paise (Rs 1 = 100).').min(0).max(10_000_000_000);
const daySchema = z.iso.date({ message: 'A date looks like 2025-04-10.' });

export const importFeeHeadSchema = z.strictObject({
  id: idSchema,
  title: z.string().trim().min(1).max(200),
  /** tuition, transport and hostel fees show their due month after the title. */
  fee_type: z.string().trim().toLowerCase().min(1).max(50),
});
export type ImportFeeHead = z.infer<typeof importFeeHeadSchema>;

export const importStudentFeeSchema = z.strictObject({
  id: idSchema,
  reg_no: z.string().trim().min(1).max(64),
  fee_head_id: idSchema,
  due_date: daySchema,
  /** 'yyyy-MM': the month a tuition, transport or hostel fee is for. */
  due_month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month looks like 2025-04.').nullable().default(null),
  fee_amount_paise: paiseSchema,
  fine_amount_paise: paiseSchema.default(0),
  /** Paid outside the portal before the first import (history). A re-import leaves what has been paid alone: online payments and confirmed receipts add to it. */
  paid_amount_paise: paiseSchema.default(0),
});
export type ImportStudentFee = z.infer<typeof importStudentFeeSchema>;

export const importPaymentMethodSchema = z.discriminatedUnion('type', [
  z.strictObject({ id: idSchema, type: z.literal('upi'), upi_id: z.string().trim().regex(/^[\w.-]{2,256}@[A-Za-z]{2,64}$/, 'A UPI id looks like institute@bank.'), payee_name: z.string().trim().min(1).max(100), instruction: z.string().trim().max(2_000).default(''), position: z.number().int().min(0).default(0) }),
  z.strictObject({ id: idSchema, type: z.literal('sib'), instruction: z.string().trim().min(1).max(2_000), position: z.number().int().min(0).default(0) }),
]);
export type ImportPaymentMethod = z.infer<typeof importPaymentMethodSchema>;

/** The institute checked an uploaded receipt: confirmed (its amount is added to the fee, once) or rejected. */
export const importReceiptActionSchema = z.strictObject({
  /** The receipt's id (24 hex, as /uploaded-receipts lists it). */
  receipt_id: z.string().regex(/^[0-9a-f]{24}$/, 'A receipt id is 24 hex characters.'),
  status: z.enum(['confirmed', 'rejected']).default('confirmed'),
  amount_paise: paiseSchema.optional(),
});
export type ImportReceiptAction = z.infer<typeof importReceiptActionSchema>;

export const feeSectionsShape = {
  fee_heads: z.array(importFeeHeadSchema).max(10_000).default([]),
  student_fees: z.array(importStudentFeeSchema).max(1_000_000).default([]),
  payment_methods: z.array(importPaymentMethodSchema).max(100).default([]),
  receipt_confirmations: z.array(importReceiptActionSchema).max(100_000).default([]),
};
export type FeeSections = z.infer<z.ZodObject<typeof feeSectionsShape>>;
export type FeeSectionName = keyof typeof feeSectionsShape;
export const FEE_SECTIONS = Object.keys(feeSectionsShape) as FeeSectionName[];

type Issue = { path: (string | number)[]; message: string };

/** The checks within the fees' sections that need more than one field. */
export function checkFeeSections(file: FeeSections, issues: Issue[]): void {
  const dup = <T>(section: FeeSectionName, items: readonly T[], key: (item: T) => string, field: string, what: (item: T) => string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k)) issues.push({ path: [section, index, field], message: `${what(item)} appears twice in the file.` });
      seen.add(k);
    });
  };
  dup('fee_heads', file.fee_heads, (h) => h.id, 'id', (h) => `Fee head ${h.id}`);
  dup('student_fees', file.student_fees, (f) => f.id, 'id', (f) => `Student fee ${f.id}`);
  dup('payment_methods', file.payment_methods, (m) => m.id, 'id', (m) => `Payment method ${m.id}`);
  dup('receipt_confirmations', file.receipt_confirmations, (r) => r.receipt_id, 'receipt_id', (r) => `Receipt ${r.receipt_id}`);
  file.receipt_confirmations.forEach((action, index) => {
    if (action.status === 'confirmed' && action.amount_paise === undefined) issues.push({ path: ['receipt_confirmations', index, 'amount_paise'], message: 'A confirmed receipt needs its amount_paise.' });
  });
}

export type FeeImportSummary = Record<FeeSectionName, { inserted: number; updated: number }>;

export function emptyFeeSummary(): FeeImportSummary {
  return Object.fromEntries(FEE_SECTIONS.map((section) => [section, { inserted: 0, updated: 0 }])) as FeeImportSummary;
}

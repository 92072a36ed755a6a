import type { ImportFileInput } from '@invigil/shared/api/test-import';
import { addDays } from '../platform/lib/institute-day';

/** The demo's fees: e2e specs and tests name them. */
export const DEMO_FEES = {
  /** Rohan's unpaid tuition for this month: paid online by the fees spec. */
  rohanTuition: 'demo-fee-rohan-tuition',
  /** Rohan's unpaid transport fee: a receipt is uploaded for it by the fees spec. */
  rohanTransport: 'demo-fee-rohan-transport',
  rohanExam: 'demo-fee-rohan-exam',
  ashaTuitionOverdue: 'demo-fee-asha-tuition-m1',
  ashaTuitionPaid: 'demo-fee-asha-tuition-m3',
} as const;

/** 'yyyy-MM' of the month `offset` months from the month of `day` ('yyyy-MM-dd'). */
function monthOf(day: string, offset: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The demo's fees, through the import (server/src/seed/demo-portal.ts composes them): for Asha
 * (DEMO001) twelve fees over six months of tuition, three of transport, hostel, an exam and a
 * library fee — paid, partly paid, unpaid and overdue (one with a fine), one paid beyond its
 * amount (an advance); for Rohan (DEMO002) an unpaid tuition, transport and a paid exam fee, for
 * specs to pay and upload receipts for. A UPI id and bank transfer instructions.
 */
export function demoFeeSections(today: string): Pick<ImportFileInput, 'fee_heads' | 'student_fees' | 'payment_methods'> {
  const tuition = (id: string, regNo: string, offset: number, paid: number, fine = 0) => {
    const month = monthOf(today, offset);
    return { id, reg_no: regNo, fee_head_id: 'demo-fh-tuition', due_month: month, due_date: `${month}-10`, fee_amount_paise: 12_500_00, fine_amount_paise: fine, paid_amount_paise: paid };
  };
  const transport = (id: string, regNo: string, offset: number, paid: number) => {
    const month = monthOf(today, offset);
    return { id, reg_no: regNo, fee_head_id: 'demo-fh-transport', due_month: month, due_date: `${month}-05`, fee_amount_paise: 1_800_00, paid_amount_paise: paid };
  };
  return {
    fee_heads: [
      { id: 'demo-fh-tuition', title: 'Tuition Fee', fee_type: 'tuition' },
      { id: 'demo-fh-transport', title: 'Transport Fee', fee_type: 'transport' },
      { id: 'demo-fh-hostel', title: 'Hostel Fee', fee_type: 'hostel' },
      { id: 'demo-fh-exam', title: 'Examination Fee', fee_type: 'exam' },
      { id: 'demo-fh-library', title: 'Library Fee', fee_type: 'library' },
    ],
    student_fees: [
      tuition('demo-fee-asha-tuition-m4', 'DEMO001', -4, 12_500_00),
      tuition(DEMO_FEES.ashaTuitionPaid, 'DEMO001', -3, 12_500_00),
      tuition('demo-fee-asha-tuition-m2', 'DEMO001', -2, 12_750_00, 250_00),
      tuition(DEMO_FEES.ashaTuitionOverdue, 'DEMO001', -1, 0, 250_00),
      tuition('demo-fee-asha-tuition-m0', 'DEMO001', 0, 5_000_00),
      tuition('demo-fee-asha-tuition-p1', 'DEMO001', 1, 0),
      transport('demo-fee-asha-transport-m2', 'DEMO001', -2, 1_800_00),
      transport('demo-fee-asha-transport-m1', 'DEMO001', -1, 1_800_00),
      transport('demo-fee-asha-transport-m0', 'DEMO001', 0, 0),
      { id: 'demo-fee-asha-hostel', reg_no: 'DEMO001', fee_head_id: 'demo-fh-hostel', due_month: monthOf(today, -1), due_date: addDays(today, -20), fee_amount_paise: 30_000_00, paid_amount_paise: 15_000_00 },
      { id: 'demo-fee-asha-exam', reg_no: 'DEMO001', fee_head_id: 'demo-fh-exam', due_date: addDays(today, 20), fee_amount_paise: 1_500_00 },
      { id: 'demo-fee-asha-library', reg_no: 'DEMO001', fee_head_id: 'demo-fh-library', due_date: addDays(today, -60), fee_amount_paise: 1_000_00, paid_amount_paise: 1_500_00 },
      tuition(DEMO_FEES.rohanTuition, 'DEMO002', 0, 0),
      transport(DEMO_FEES.rohanTransport, 'DEMO002', 0, 0),
      { id: DEMO_FEES.rohanExam, reg_no: 'DEMO002', fee_head_id: 'demo-fh-exam', due_date: addDays(today, -30), fee_amount_paise: 1_500_00, paid_amount_paise: 1_500_00 },
    ],
    payment_methods: [
      { id: 'demo-pm-upi', type: 'upi', upi_id: 'invigil.institute@sbi', payee_name: 'Invigil Institute', instruction: 'Scan the QR code with any UPI app (BHIM, Google Pay, PhonePe, Paytm) or pay to the UPI id, then upload the receipt with the transaction ID.', position: 0 },
      {
        id: 'demo-pm-bank',
        type: 'sib',
        instruction: 'Bank transfer (NEFT/IMPS) or cheque to: Invigil Institute, South Indian Bank, Account No. 0123053000012345, IFSC SIBL0000123. Write your registration number in the remarks, then upload the receipt.',
        position: 1,
      },
    ],
  };
}

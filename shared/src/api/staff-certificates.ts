import { z } from 'zod';
import { REJECT_REASON_MAX, REJECT_REASON_MIN, STAFF_CERTIFICATE_FILTERS, STAFF_CERTIFICATE_MESSAGES } from './staff-certificates-text';
import type { StaffCertificateStatus } from './staff-certificates-text';

/**
 * Certificates in the staff console (issue 30; decision 0063): admins only (teachers and
 * proctors 403, students 401). The queue holds paid requests (pending, processing) oldest paid
 * first; delivered and rejected ones are a filter away.
 *
 *   GET  /api/staff/certificates?status=&q=&page=          staffCertificatesQuerySchema -> StaffCertificateListReply
 *   POST /api/staff/certificates/{id}/processing           -> StaffCertificateReply
 *   POST /api/staff/certificates/{id}/deliver  multipart: file (a PDF, at most 10 MB) -> StaffCertificateReply
 *   POST /api/staff/certificates/{id}/reject               staffCertificateRejectSchema -> StaffCertificateReply
 *
 * Delivering stores the PDF where the student's signed download reads it; rejecting keeps the
 * reason for the student and marks the order's captures as a refund owed. The student is
 * notified (stored, then pushed); every change is audited.
 */

export { CERTIFICATE_PDF_MAX_BYTES, REJECT_REASON_MAX, REJECT_REASON_MIN, rupeesText, STAFF_CERTIFICATE_FILTER_LABELS, STAFF_CERTIFICATE_FILTERS, STAFF_CERTIFICATE_MESSAGES, STAFF_CERTIFICATE_STATUS_LABELS, STAFF_CERTIFICATES_PAGE_SIZE } from './staff-certificates-text';
export type { StaffCertificateFilter, StaffCertificateStatus } from './staff-certificates-text';

export const staffCertificatesQuerySchema = z.object({
  status: z.enum(STAFF_CERTIFICATE_FILTERS).catch('open'),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const staffCertificateRejectSchema = z.object({
  reason: z
    .string({ error: STAFF_CERTIFICATE_MESSAGES.reasonRequired })
    .trim()
    .min(1, STAFF_CERTIFICATE_MESSAGES.reasonRequired)
    .min(REJECT_REASON_MIN, STAFF_CERTIFICATE_MESSAGES.reasonShort)
    .max(REJECT_REASON_MAX, STAFF_CERTIFICATE_MESSAGES.reasonLong),
});

export interface StaffCertificateItem {
  id: string;
  studentId: string;
  studentName: string;
  regNo: string;
  className: string | null;
  typeName: string;
  feePaise: number;
  paidAt: number | null;
  status: StaffCertificateStatus;
  deliveredAt: number | null;
  rejectReason: string | null;
  rejectedAt: number | null;
  /** The delivered PDF's signed link (the student's own); null until delivered. */
  fileUrl: string | null;
}

export interface StaffCertificateListReply {
  items: StaffCertificateItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StaffCertificateReply {
  request: StaffCertificateItem;
  message: string;
}

// Certificates in the staff console (issue 30): words and limits, without zod (the portal imports
// these; shared/src/api/staff-certificates.ts has the schemas and re-exports them).

export const STAFF_CERTIFICATE_FILTERS = ['open', 'delivered', 'rejected', 'all'] as const;
export type StaffCertificateFilter = (typeof STAFF_CERTIFICATE_FILTERS)[number];
export const STAFF_CERTIFICATE_FILTER_LABELS: Record<StaffCertificateFilter, string> = { open: 'To do', delivered: 'Delivered', rejected: 'Rejected', all: 'All' };
export type StaffCertificateStatus = 'pending' | 'processing' | 'delivered' | 'rejected';
export const STAFF_CERTIFICATE_STATUS_LABELS: Record<StaffCertificateStatus, string> = { pending: 'Paid, waiting', processing: 'Processing', delivered: 'Delivered', rejected: 'Rejected' };
export const STAFF_CERTIFICATES_PAGE_SIZE = 20;
export const CERTIFICATE_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const REJECT_REASON_MIN = 5;
export const REJECT_REASON_MAX = 500;

export const STAFF_CERTIFICATE_MESSAGES = {
  noSuchRequest: 'There is no such paid certificate request.',
  notPdf: 'The file must be a PDF.',
  tooLarge: `The PDF can be at most ${CERTIFICATE_PDF_MAX_BYTES / 1024 / 1024} MB.`,
  fileRequired: 'Choose the certificate’s PDF.',
  reasonRequired: 'Give the reason the student will see.',
  reasonShort: `The reason must be at least ${REJECT_REASON_MIN} characters.`,
  reasonLong: `The reason can be at most ${REJECT_REASON_MAX} characters.`,
  alreadyDone: (status: StaffCertificateStatus) => `This request is already ${status}.`,
  delivered: 'Delivered: the student can download it now.',
  rejected: 'Rejected: the student sees the reason, and the fee is listed as a refund owed.',
  processing: 'Marked processing.',
} as const;

/** "₹150.00" from paise. */
export const rupeesText = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

// The certificate screens' words and limits (student-portal.md sections 2 Certificates, 9), kept
// apart from the schemas so the portal's certificate screens do not load the schema library.

/** Spec section 9: certificate tables show 10, 20 or 50 rows. */
export const CERTIFICATE_ROWS_PER_PAGE = [10, 20, 50] as const;

export const CERTIFICATE_MESSAGES = {
  /** The request dialog (spec section 2), spelling as written. */
  redirectNotice: 'It will redirect to payment page. Once the payment is successfull the request will be generated.',
  typeNotFound: 'There is no such certificate.',
  requestNotFound: 'There is no such certificate request.',
  notDelivered: 'This certificate has not been delivered yet.',
  linkExpired: 'This payment link has expired. Close this window and press Request again.',
  linkInvalid: 'This payment link is not valid.',
} as const;

/** What the student's list shows for each delivery status. */
export const DELIVERY_STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  delivered: 'Delivered',
  /** Issue 30: the institute rejected the request (with a reason; the fee is owed back). */
  rejected: 'Rejected',
} as const;
export type VisibleDeliveryStatus = keyof typeof DELIVERY_STATUS_LABELS;


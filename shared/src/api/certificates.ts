import { z } from 'zod';

export { CERTIFICATE_MESSAGES, CERTIFICATE_ROWS_PER_PAGE, DELIVERY_STATUS_LABELS } from './certificate-messages';

/**
 * Certificates (student-portal.md sections 2 Certificates, 3 Certificate type / request, 4, 7).
 *
 *   GET /certificate-request-types  -> data: [CertificateType] the types a student may request
 *   GET /certificate-requests       -> data: [CertificateRequest] the student's paid requests, latest update first
 *
 * Money: `fee_paise` is the exact amount (integer paise); `fee_amount` is the spec's field, the
 * same amount in rupees. `pay_url` is the admin page where the student pays for a type: it
 * carries type, student and a short-lived signature, so only this student's portal opens it.
 * `certificate_url` is a signed download link once delivered, else null.
 */

export const certificateTypeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  fee_amount: z.number().nonnegative(),
  fee_paise: z.number().int().nonnegative(),
  description: z.string(),
  pay_url: z.string(),
});
export type CertificateType = z.infer<typeof certificateTypeSchema>;

export const certificateTypesReplySchema = z.object({ data: z.array(certificateTypeSchema) });
export type CertificateTypesReply = z.infer<typeof certificateTypesReplySchema>;

export const deliveryStatusSchema = z.enum(['pending', 'processing', 'delivered', 'rejected']);

export const certificateRequestSchema = z.object({
  _id: z.string(),
  type_name: z.string(),
  fee_amount: z.number().nonnegative(),
  fee_paise: z.number().int().nonnegative(),
  delivery_status: deliveryStatusSchema,
  /** ms since the epoch. */
  updated_at: z.number().int(),
  certificate_url: z.string().nullable(),
  /** Issue 30: why the institute rejected it (only when rejected). */
  reject_reason: z.string().nullable().optional(),
});
export type CertificateRequest = z.infer<typeof certificateRequestSchema>;

export const certificateRequestsReplySchema = z.object({ data: z.array(certificateRequestSchema) });
export type CertificateRequestsReply = z.infer<typeof certificateRequestsReplySchema>;

/** The admin page's query (and its Pay form): a type, a student, and the portal's signature. */
export const certificatePayQuerySchema = z.object({
  type: z.string().trim().min(1, 'type is required.').max(64),
  student: z.string().trim().min(1, 'student is required.').max(64),
  e: z.coerce.number().int().positive().optional(),
  s: z.string().max(200).optional(),
});
export type CertificatePayQuery = z.infer<typeof certificatePayQuerySchema>;

import { z } from 'zod';
import { idSchema, instantSchema } from './import-fields';

/**
 * The certificate sections of the import file (docs/import-format.md, "Certificates"): the types a
 * student may request, requests paid before (an earlier system's history, the demo), and the
 * institute's action "deliver a certificate". Composed into `importFileSchema` (test-import.ts);
 * checks against the database (an unknown type, student or request) are made by the import
 * (server/src/modules/certificates/certificate-import.ts).
 */

/** A PDF the institute put in BLOB_DIR/certificates (default DATA_DIR/blobs/certificates). */
const certificateFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.pdf$/, 'The file is the name of a PDF in BLOB_DIR/certificates, e.g. "DEMO001-bonafide.pdf" (letters, digits, "-", "_").');

export const importCertificateTypeSchema = z.strictObject({
  id: idSchema,
  title: z.string().trim().min(1).max(200),
  /** The fee in paise (Rs 1 = 100); 0: free. */
  fee_paise: z.number().int('The fee is whole paise.').nonnegative().max(1e11),
  description: z.string().trim().max(2_000).default(''),
  /** false: no longer offered (requests already made keep it). */
  active: z.boolean().default(true),
  /** The order of the list (smaller first; then by title). */
  position: z.number().int().min(0).max(100_000).default(0),
});
export type ImportCertificateType = z.infer<typeof importCertificateTypeSchema>;

/** A request already paid for (history). Its name and fee are the type's at import. */
export const importCertificateRequestSchema = z.strictObject({
  id: idSchema,
  reg_no: z.string().trim().min(1).max(64),
  type_id: idSchema,
  status: z.enum(['pending', 'processing', 'delivered'], { message: 'The status is "pending", "processing" or "delivered".' }).default('pending'),
  /** The certificate, when delivered. */
  file: certificateFileSchema.optional(),
  paid_at: instantSchema,
  /** The last change the student sees (Last update); default paid_at. */
  updated_at: instantSchema.optional(),
});
export type ImportCertificateRequest = z.infer<typeof importCertificateRequestSchema>;

/** The institute's action: a paid request is being processed, or is delivered with its PDF. */
export const importCertificateDeliverySchema = z.strictObject({
  request_id: idSchema,
  status: z.enum(['processing', 'delivered'], { message: 'The status is "processing" or "delivered".' }).default('delivered'),
  file: certificateFileSchema.optional(),
  /** When it happened; default: the import's time. */
  at: instantSchema.optional(),
});
export type ImportCertificateDelivery = z.infer<typeof importCertificateDeliverySchema>;

export const certificateSectionsShape = {
  certificate_types: z.array(importCertificateTypeSchema).max(1_000).default([]),
  certificate_requests: z.array(importCertificateRequestSchema).max(100_000).default([]),
  certificate_deliveries: z.array(importCertificateDeliverySchema).max(100_000).default([]),
};
export type CertificateSections = z.infer<z.ZodObject<typeof certificateSectionsShape>>;

type Issue = { path: (string | number)[]; message: string };

/** The checks within the certificate sections that need more than one field. */
export function checkCertificateSections(file: CertificateSections, issues: Issue[]): void {
  const dup = <T>(section: keyof CertificateSections, items: readonly T[], key: (item: T) => string, field: string, what: (item: T) => string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(key(item))) issues.push({ path: [section, index, field], message: `${what(item)} appears twice in the file.` });
      seen.add(key(item));
    });
  };
  dup('certificate_types', file.certificate_types, (t) => t.id, 'id', (t) => `Certificate type ${t.id}`);
  dup('certificate_requests', file.certificate_requests, (r) => r.id, 'id', (r) => `Certificate request ${r.id}`);
  dup('certificate_deliveries', file.certificate_deliveries, (d) => d.request_id, 'request_id', (d) => `The delivery of ${d.request_id}`);
  const fileNeeded = (section: 'certificate_requests' | 'certificate_deliveries', item: { status: string; file?: string | undefined }, index: number) => {
    if (item.status === 'delivered' && item.file === undefined) issues.push({ path: [section, index, 'file'], message: 'A delivered certificate needs its file.' });
    if (item.status !== 'delivered' && item.file !== undefined) issues.push({ path: [section, index, 'file'], message: 'A file goes with the status "delivered".' });
  };
  file.certificate_requests.forEach((request, index) => {
    fileNeeded('certificate_requests', request, index);
    if (request.updated_at !== undefined && Date.parse(request.updated_at) < Date.parse(request.paid_at)) {
      issues.push({ path: ['certificate_requests', index, 'updated_at'], message: 'updated_at must not be before paid_at.' });
    }
  });
  file.certificate_deliveries.forEach((delivery, index) => fileNeeded('certificate_deliveries', delivery, index));
}

/** What the import did with the certificate sections. */
export interface CertificateImportSummary {
  certificate_types: { inserted: number; updated: number };
  certificate_requests: { inserted: number; updated: number };
  certificate_deliveries: { inserted: number; updated: number };
}

export const emptyCertificateSummary = (): CertificateImportSummary => ({
  certificate_types: { inserted: 0, updated: 0 },
  certificate_requests: { inserted: 0, updated: 0 },
  certificate_deliveries: { inserted: 0, updated: 0 },
});

import type { ImportFileInput } from '@invigil/shared/api/test-import';
import { tinyPdf } from '../platform/lib/tiny-pdf';
import type { BlobStore } from '../platform/storage/blob-store';

/** Asha's delivered certificate, a PDF in BLOB_DIR/certificates (written by `writeDemoCertificateFiles`). */
export const DEMO_CERTIFICATE_FILE = 'DEMO001-bonafide.pdf';
export const DEMO_CERTIFICATE_TYPES = {
  bonafide: 'demo-cert-bonafide',
  character: 'demo-cert-character',
  transfer: 'demo-cert-transfer',
  completion: 'demo-cert-completion',
} as const;

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The demo's certificates as import sections: four types, Asha's delivered Bonafide Certificate
 * and a Character Certificate being processed, and one pending request of Rohan's (e2e specs add
 * to his; Asha's stay as they are for the accessibility scans).
 */
export function demoCertificateSections(now: number): Pick<ImportFileInput, 'certificate_types' | 'certificate_requests'> {
  return {
    certificate_types: [
      { id: DEMO_CERTIFICATE_TYPES.bonafide, title: 'Bonafide Certificate', fee_paise: 10_000, description: 'Proof that you are a student of the institute, for a bank, a scholarship or a passport.', position: 1 },
      { id: DEMO_CERTIFICATE_TYPES.character, title: 'Character Certificate', fee_paise: 15_000, description: 'The institute\'s statement of your conduct during your studies.', position: 2 },
      { id: DEMO_CERTIFICATE_TYPES.completion, title: 'Course Completion Certificate', fee_paise: 19_950, description: 'States that you completed your course, with its dates.', position: 3 },
      { id: DEMO_CERTIFICATE_TYPES.transfer, title: 'Transfer Certificate', fee_paise: 50_000, description: 'Needed to join another school or college. Clear your dues first.', position: 4 },
    ],
    certificate_requests: [
      { id: 'demo-cert-request-asha-1', reg_no: 'DEMO001', type_id: DEMO_CERTIFICATE_TYPES.bonafide, status: 'delivered', file: DEMO_CERTIFICATE_FILE, paid_at: iso(now - 12 * DAY), updated_at: iso(now - 9 * DAY) },
      { id: 'demo-cert-request-asha-2', reg_no: 'DEMO001', type_id: DEMO_CERTIFICATE_TYPES.character, status: 'processing', paid_at: iso(now - 2 * DAY), updated_at: iso(now - 1 * DAY) },
      { id: 'demo-cert-request-rohan-1', reg_no: 'DEMO002', type_id: DEMO_CERTIFICATE_TYPES.bonafide, status: 'pending', paid_at: iso(now - 3 * DAY) },
    ],
  };
}

/** Writes the demo's certificate PDF into the blob store's certificates/ (the repository ships no binaries). */
export async function writeDemoCertificateFiles(blobs: BlobStore): Promise<void> {
  await blobs.putBytes(`certificates/${DEMO_CERTIFICATE_FILE}`, tinyPdf('Invigil Demo Institute: Bonafide Certificate', ['This is to certify that Asha Verma (DEMO001)', 'is a bonafide student of Class 10 - A.', '', 'Principal']), 'application/pdf');
}

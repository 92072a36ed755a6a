import type { AppDatabase } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { AuthService } from '../auth/auth-module';
import { createCertificateLinks } from './certificate-links';
import { certificatePages, certificateRoutes } from './certificate-routes';
import { createCertificateService } from './certificate-service';
import type { CertificatePayments, CertificateService } from './certificate-service';
import type { StaffModule } from '../staff/staff-module';
import type { PushService } from '../notifications/notifications-module';
import { createStaffCertificateRepository } from './staff-certificate-repository';
import { staffCertificateRoutes } from './staff-certificate-routes';
import { createStaffCertificateService } from './staff-certificate-service';

// The certificates module's public face (decision 0054): what others may use of it.
export { CERTIFICATE_PAY_PATH } from './certificate-links';
export { certificateRegNos, checkCertificateReferences, writeCertificateSections } from './certificate-import';
export type { CertificatePayments, CertificateService } from './certificate-service';
export { staffCertificateUploadLimit } from './staff-certificate-routes';

export interface CertificatesDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger: Logger;
  auth: AuthService;
  /** Certificates are paid online; a paid order generates its request. */
  payments: CertificatePayments;
  /** Where delivered certificates are read from. */
  blobs: BlobStore;
  /** The staff console's side of this area (issue 30): who may change it, and push to students' browsers. */
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  push: PushService;
}

export interface CertificatesModule {
  certificates: CertificateService;
}

/** Certificate types and requests (API), their pay page on the admin origin and the signed downloads. */
export function mountCertificates({ api, root }: AppRoutes, { db, config, clock, logger, auth, payments, blobs, staff, push }: CertificatesDeps): CertificatesModule {
  // Certificates are paid on the admin page (ADMIN_ORIGIN, else this origin); a paid order generates its request.
  const links = createCertificateLinks(config.blobDir, config.jwtSecret);
  const certificates = createCertificateService({ db: db.kysely, links, clock, logger, adminBase: config.adminOrigin ?? '', payments });
  api.route('/', certificateRoutes({ auth, certificates }));
  root.route('/', certificatePages({ certificates, logger, blobs }));
  // Issue 30: the staff console's queue: processing, deliver a PDF, reject with a reason (refund owed).
  const staffCertificates = createStaffCertificateService({ db: db.kysely, repo: createStaffCertificateRepository(db.kysely), links, blobs, clock, logger, payments, push });
  api.route('/', staffCertificateRoutes({ staffAuth: staff.staffAuth, certificates: staffCertificates }));
  return { certificates };
}

import type { Kysely } from 'kysely';
import type { CertificateRequest, CertificateType } from '@invigil/shared/api/certificates';
import { CERTIFICATE_MESSAGES } from '@invigil/shared/api/certificate-messages';
import type { Database } from '../../platform/db';
import type { UserConfig } from '@invigil/shared/api/auth';
import { userConfigSchema } from '@invigil/shared/api/auth';
import { isPageOff, MENU_KEYS } from '@invigil/shared/domain/menu-flags';
import { refuseIfPageOff } from '../auth/auth-module';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { newObjectId } from '../../platform/lib/object-id';
import { createCertificateRepository } from './certificate-repository';
import type { CertificateRequestRecord, CertificateTypeRecord } from './certificate-repository';
import type { UserRecord } from '../auth/auth-module';
import { createJobLocks, processOwner, withLease } from '../../platform/jobs/periodic-jobs';
import type { CertificateLinks } from './certificate-links';
import { CERTIFICATE_PAY_DONE_PATH } from './certificate-links';

/** What certificates need of the payment service (server/src/modules/fees/payment-service.ts). */
export interface CertificatePayments {
  createOrder(order: { studentId: string; purpose: { kind: 'certificate'; id: string }; amountPaise: number; description: string; returnPath?: string }): Promise<{ orderId: string; checkoutUrl: string }>;
  /** Issue 30: a rejected request's captures are owed back (in the rejection's transaction); how many. */
  oweRefundOfOrder?(orderId: string, reason: string, trx?: Kysely<Database>): Promise<number>;
  /** Registers what happens, inside the capture's transaction, once an order of this kind is paid. */
  onPaid(kind: 'certificate', handler: (purposeId: string, payment: PaidOrder, trx: Kysely<Database>) => Promise<void>): void;
}

/** A paid order, as the payment service reports it to its purpose. */
export interface PaidOrder {
  orderId: string;
  amountPaise?: number | undefined;
}

export interface CertificateServiceDeps {
  db: Kysely<Database>;
  links: CertificateLinks;
  clock: Clock;
  logger: Logger;
  /** Where the admin page lives: the admin origin ('' = this origin). */
  adminBase: string;
  payments?: CertificatePayments | undefined;
}

/** A user's stored config (JSON text); unreadable is no config (user-repository logs it on sign-in). */
function storedConfig(raw: string): UserConfig {
  try {
    const parsed = userConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The admin page's view of a valid Pay link. */
export interface PayPage {
  type: CertificateTypeRecord;
  student: { id: string; name: string };
}

const rupees = (paise: number) => paise / 100;

/**
 * Certificate types and requests (spec: Certificates). A request is generated when its order is
 * paid (`recordPayment`, called by the payment service), once per paid order; a student sees and
 * downloads only their own.
 */
export function createCertificateService({ db, links, clock, logger, adminBase, payments }: CertificateServiceDeps) {
  const certificates = createCertificateRepository(db);
  const locks = createJobLocks(db, processOwner());
  // The request is generated inside the transaction that marks its order paid (exactly once).
  payments?.onPaid('certificate', (requestId, payment, trx) => recordPayment(trx, requestId, payment));

  const toType = (type: CertificateTypeRecord, studentId: string, now: number): CertificateType => ({
    _id: type.id,
    title: type.title,
    fee_amount: rupees(type.feePaise),
    fee_paise: type.feePaise,
    description: type.description,
    pay_url: links.payUrl(adminBase, type.id, studentId, now),
  });

  const toRequest = (request: CertificateRequestRecord, now: number): CertificateRequest => ({
    _id: request.id,
    type_name: request.typeName,
    fee_amount: rupees(request.feePaise),
    fee_paise: request.feePaise,
    delivery_status: request.deliveryStatus === 'unpaid' ? 'pending' : request.deliveryStatus,
    updated_at: request.updatedAt,
    certificate_url: request.deliveryStatus === 'delivered' && request.certificateFile ? links.downloadUrl(request.id, request.certificateFile, now) : null,
    reject_reason: request.deliveryStatus === 'rejected' ? request.rejectReason : null,
  });

  /** The admin page's student and type for a signed Pay link; AppError when it is not valid. */
  async function checkPayLink(query: { type: string; student: string; e?: number | undefined; s?: string | undefined }): Promise<PayPage> {
    const verdict = links.verifyPay(query.type, query.student, query, clock.now());
    if (verdict === 'invalid') throw new AppError('forbidden', CERTIFICATE_MESSAGES.linkInvalid);
    if (verdict === 'expired') throw new AppError('forbidden', CERTIFICATE_MESSAGES.linkExpired);
    const type = await certificates.findActiveType(query.type);
    if (!type) throw new AppError('not_found', CERTIFICATE_MESSAGES.typeNotFound);
    const row = await db.selectFrom('users').select(['id', 'name', 'config']).where('id', '=', query.student).executeTakeFirst();
    if (!row) throw new AppError('not_found', CERTIFICATE_MESSAGES.linkInvalid);
    // The page is Certificate's: a link given out before the institute turned it off is refused too.
    refuseIfPageOff({ config: storedConfig(row.config) }, MENU_KEYS.certificate);
    return { type, student: { id: row.id, name: row.name } };
  }

  /**
   * Generates the request an order paid for: its unpaid request becomes pending, once. The same
   * order reported again changes nothing; a second order paid for a request already paid gets a
   * request of its own (the student paid twice: the institute sees both).
   */
  async function recordPayment(trx: Kysely<Database>, requestId: string, payment: PaidOrder): Promise<void> {
    const repo = createCertificateRepository(trx);
    const now = clock.now();
    if (await repo.findByOrder(payment.orderId)) return;
    const request = await repo.findRequest(requestId);
    if (!request) {
      logger.error(`Certificates: order ${payment.orderId} was paid for an unknown request ${requestId}.`);
      return;
    }
    if (payment.amountPaise !== undefined && payment.amountPaise !== request.feePaise) {
      logger.warn(`Certificates: order ${payment.orderId} paid ${payment.amountPaise} paise for request ${requestId} of ${request.feePaise}.`);
    }
    if (await repo.markPaid(requestId, payment.orderId, now)) {
      logger.info(`Certificates: request ${requestId} (${request.typeName}) generated by order ${payment.orderId}.`);
      return;
    }
    const copyId = newObjectId(now);
    await repo.insertPaidCopy({ id: copyId, of: request, orderId: payment.orderId, now });
    logger.warn(`Certificates: request ${requestId} was already paid; order ${payment.orderId} generated request ${copyId}.`);
  }

  return {
    recordPayment,
    checkPayLink,

    async listTypes(user: UserRecord): Promise<CertificateType[]> {
      const now = clock.now();
      return (await certificates.listTypes()).map((type) => toType(type, user.id, now));
    },

    async listRequests(user: UserRecord): Promise<CertificateRequest[]> {
      const now = clock.now();
      return (await certificates.listRequests(user.id)).map((request) => toRequest(request, now));
    },

    /**
     * Pay on the admin page: the student's unpaid request of this type (made now, or by an
     * earlier visit) and an order for the type's fee; where to send the browser. A free type is
     * generated at once, with no order.
     */
    async startPayment(query: { type: string; student: string; e?: number | undefined; s?: string | undefined }): Promise<{ checkoutUrl: string } | { generated: true }> {
      const { type, student } = await checkPayLink(query);
      const now = clock.now();
      // Under one lease: presses at once each found no unpaid request and each made one (PostgreSQL).
      const request = await withLease(
        locks,
        `certificate-request:${student.id}:${type.id}`,
        async () => {
          const unpaid = await certificates.findUnpaid(student.id, type.id);
          if (unpaid) {
            await certificates.refreshUnpaid(unpaid.id, type, now);
            return unpaid;
          }
          const id = newObjectId(now);
          await certificates.insertUnpaid({ id, userId: student.id, type, now });
          return await certificates.findRequest(id);
        },
        () => new AppError('unavailable', 'The request could not be made.'),
      );
      if (!request) throw new AppError('internal', 'The request could not be made.');
      if (type.feePaise === 0) {
        await recordPayment(db, request.id, { orderId: `free-${request.id}`, amountPaise: 0 });
        return { generated: true };
      }
      if (!payments) throw new AppError('unavailable', 'Online payment is not available.');
      const order = await payments.createOrder({
        studentId: student.id,
        purpose: { kind: 'certificate', id: request.id },
        amountPaise: type.feePaise,
        description: `Certificate: ${type.title}`,
        returnPath: CERTIFICATE_PAY_DONE_PATH,
      });
      return { checkoutUrl: order.checkoutUrl };
    },

    /** Whether a paid order has generated its request (the page the gateway returns to). */
    async generatedBy(orderId: string): Promise<boolean> {
      return (await certificates.findByOrder(orderId)) !== undefined;
    },

    /** The file behind a signed download link, or why not. */
    async downloadOf(requestId: string, query: { e?: string | undefined; s?: string | undefined }): Promise<{ path: string; key: string; name: string } | 'forbidden' | 'not_found' | 'page_off'> {
      const request = await certificates.findRequest(requestId);
      if (!request || request.deliveryStatus !== 'delivered' || !request.certificateFile) return 'not_found';
      if (!links.verifyDownload(requestId, request.certificateFile, query, clock.now())) return 'forbidden';
      // Certificate's page: a download link given out before the institute turned it off is refused too.
      const owner = await db.selectFrom('users').select('config').where('id', '=', request.userId).executeTakeFirst();
      if (owner && isPageOff(storedConfig(owner.config), MENU_KEYS.certificate)) return 'page_off';
      return { path: links.pathOf(request.certificateFile), key: `certificates/${request.certificateFile}`, name: `${request.typeName.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'certificate'}.pdf` };
    },
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;

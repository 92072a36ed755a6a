import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CERTIFICATE_PDF_MAX_BYTES, STAFF_CERTIFICATE_MESSAGES, STAFF_CERTIFICATES_PAGE_SIZE, rupeesText } from '@invigil/shared/api/staff-certificates';
import type { StaffCertificateFilter, StaffCertificateItem, StaffCertificateListReply, StaffCertificateReply } from '@invigil/shared/api/staff-certificates';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { BlobStore } from '../../platform/storage/blob-store';
import { BlobTooLargeError } from '../../platform/storage/blob-store';
import { recordAudit } from '../audit/audit-module';
import { notifyStudents, pushNotified } from '../notifications/notifications-module';
import type { PushService } from '../notifications/notifications-module';
import type { StaffRecord } from '../staff/staff-module';
import type { CertificateLinks } from './certificate-links';
import type { CertificatePayments } from './certificate-service';
import type { StaffCertificateRepository, StaffCertificateRow } from './staff-certificate-repository';

export interface StaffCertificateServiceDeps {
  db: Kysely<Database>;
  repo: StaffCertificateRepository;
  links: CertificateLinks;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  payments?: Pick<CertificatePayments, 'oweRefundOfOrder'> | undefined;
  push: Pick<PushService, 'sendNotifications'> | null;
}

/** A PDF starts with %PDF- (a few leading bytes of junk are not accepted). */
export const isPdfHead = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

/** The stored file's name: the request's id (made safe) and some randomness, under BLOB_DIR/certificates. */
const fileNameFor = (requestId: string) => `${requestId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}-${randomBytes(6).toString('hex')}.pdf`.replace(/^[^A-Za-z0-9]/, 'c');

/**
 * The certificates queue in the staff console (issue 30): mark processing, deliver a PDF, reject
 * with a reason (the order's captures owed back). Each change is audited in its transaction and
 * the student is notified (stored with it, pushed after).
 */
export function createStaffCertificateService({ db, repo, links, blobs, clock, logger, payments, push }: StaffCertificateServiceDeps) {
  const item = (row: StaffCertificateRow, now: number): StaffCertificateItem => ({
    id: row.id,
    studentId: row.user_id,
    studentName: row.student_name,
    regNo: row.reg_no,
    className: row.class_name,
    typeName: row.type_name,
    feePaise: row.fee_paise,
    paidAt: row.paid_at,
    status: row.delivery_status,
    deliveredAt: row.delivered_at,
    rejectReason: row.reject_reason,
    rejectedAt: row.rejected_at,
    fileUrl: row.delivery_status === 'delivered' && row.certificate_file ? links.downloadUrl(row.id, row.certificate_file, now) : null,
  });

  async function find(id: string): Promise<StaffCertificateRow> {
    const row = await repo.find(id);
    if (!row) throw new AppError('not_found', STAFF_CERTIFICATE_MESSAGES.noSuchRequest);
    return row;
  }
  const refuseDone = (row: StaffCertificateRow) => {
    if (row.delivery_status === 'delivered' || row.delivery_status === 'rejected') throw new AppError('conflict', STAFF_CERTIFICATE_MESSAGES.alreadyDone(row.delivery_status));
  };
  const described = (row: StaffCertificateRow) => `${row.type_name} for ${row.student_name} (${row.reg_no})`;
  const snapshot = (row: StaffCertificateRow) => ({ id: row.id, delivery_status: row.delivery_status, certificate_file: row.certificate_file, reject_reason: row.reject_reason });

  async function replyOf(id: string, message: string): Promise<StaffCertificateReply> {
    return { request: item(await find(id), clock.now()), message };
  }

  return {
    async list(filter: StaffCertificateFilter, q: string, page: number): Promise<StaffCertificateListReply> {
      const { rows, total } = await repo.list(filter, q, page, STAFF_CERTIFICATES_PAGE_SIZE);
      const now = clock.now();
      return { items: rows.map((row) => item(row, now)), total, page, pageSize: STAFF_CERTIFICATES_PAGE_SIZE };
    },

    async markProcessing(staff: StaffRecord, id: string): Promise<StaffCertificateReply> {
      const row = await find(id);
      refuseDone(row);
      if (row.delivery_status === 'processing') throw new AppError('conflict', STAFF_CERTIFICATE_MESSAGES.alreadyDone('processing'));
      const now = clock.now();
      const notified = await db.transaction().execute(async (trx) => {
        if (!(await repo.move(trx, id, ['pending'], { delivery_status: 'processing' }, now))) throw new AppError('conflict', STAFF_CERTIFICATE_MESSAGES.alreadyDone('processing'));
        await recordAudit(trx, { actor: staff, action: 'certificate.processing', entityType: 'certificate_request', entityId: id, summary: `Marked ${described(row)} processing`, before: snapshot(row), after: { ...snapshot(row), delivery_status: 'processing' } }, now);
        return notifyStudents(trx, [row.user_id], { title: 'Certificate in progress', content: `Your ${row.type_name} request is being processed.` }, now);
      });
      pushNotified(push, notified);
      return replyOf(id, STAFF_CERTIFICATE_MESSAGES.processing);
    },

    /** Stores the PDF (checked: %PDF-, at most 10 MB) where the student's download reads it, then marks it delivered. */
    async deliver(staff: StaffRecord, id: string, bytes: Uint8Array): Promise<StaffCertificateReply> {
      const row = await find(id);
      refuseDone(row);
      if (bytes.byteLength === 0) throw new AppError('unprocessable', STAFF_CERTIFICATE_MESSAGES.fileRequired, { issues: [{ path: 'file', message: STAFF_CERTIFICATE_MESSAGES.fileRequired }] });
      if (bytes.byteLength > CERTIFICATE_PDF_MAX_BYTES) throw new AppError('payload_too_large', STAFF_CERTIFICATE_MESSAGES.tooLarge);
      const file = fileNameFor(id);
      const key = `certificates/${file}`;
      let written: { typeOk: boolean };
      try {
        written = await blobs.write(key, (async function* () { yield bytes; })(), { maxBytes: CERTIFICATE_PDF_MAX_BYTES, contentType: 'application/pdf', accept: isPdfHead });
      } catch (error) {
        if (error instanceof BlobTooLargeError) throw new AppError('payload_too_large', STAFF_CERTIFICATE_MESSAGES.tooLarge);
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', STAFF_CERTIFICATE_MESSAGES.notPdf, { issues: [{ path: 'file', message: STAFF_CERTIFICATE_MESSAGES.notPdf }] });
      const now = clock.now();
      let notified: string[];
      try {
        notified = await db.transaction().execute(async (trx) => {
          if (!(await repo.move(trx, id, ['pending', 'processing'], { delivery_status: 'delivered', certificate_file: file, delivered_at: now }, now))) throw new AppError('conflict', STAFF_CERTIFICATE_MESSAGES.alreadyDone('delivered'));
          await recordAudit(trx, { actor: staff, action: 'certificate.deliver', entityType: 'certificate_request', entityId: id, summary: `Delivered ${described(row)} (PDF, ${Math.ceil(bytes.byteLength / 1024)} KB)`, before: snapshot(row), after: { ...snapshot(row), delivery_status: 'delivered', certificate_file: file, delivered_at: now } }, now);
          return notifyStudents(trx, [row.user_id], { title: 'Certificate delivered', content: `Your ${row.type_name} is ready: download it from Certificates.` }, now);
        });
      } catch (error) {
        // Nothing refers to the file: it goes (a second delivery at the same moment keeps its own).
        await blobs.remove(key).catch((removeError: unknown) => logger.warn(`Certificates: could not remove ${key}:`, removeError));
        throw error;
      }
      pushNotified(push, notified);
      return replyOf(id, STAFF_CERTIFICATE_MESSAGES.delivered);
    },

    /** Rejected with the reason the student sees; the order's captures are owed back in the same transaction. */
    async reject(staff: StaffRecord, id: string, reason: string): Promise<StaffCertificateReply> {
      const row = await find(id);
      refuseDone(row);
      const now = clock.now();
      const notified = await db.transaction().execute(async (trx) => {
        if (!(await repo.move(trx, id, ['pending', 'processing'], { delivery_status: 'rejected', reject_reason: reason, rejected_at: now }, now))) throw new AppError('conflict', STAFF_CERTIFICATE_MESSAGES.alreadyDone('rejected'));
        const owed = row.order_id && payments?.oweRefundOfOrder ? await payments.oweRefundOfOrder(row.order_id, `Certificate rejected: ${reason}`, trx) : 0;
        await recordAudit(
          trx,
          {
            actor: staff,
            action: 'certificate.reject',
            entityType: 'certificate_request',
            entityId: id,
            summary: `Rejected ${described(row)}: ${reason}${owed > 0 ? ` (fee ${rupeesText(row.fee_paise)} owed back)` : ''}`,
            before: snapshot(row),
            after: { ...snapshot(row), delivery_status: 'rejected', reject_reason: reason, rejected_at: now, refunds_owed: owed },
          },
          now,
        );
        return notifyStudents(trx, [row.user_id], { title: 'Certificate request rejected', content: `Your ${row.type_name} request was rejected: ${reason}` }, now);
      });
      pushNotified(push, notified);
      return replyOf(id, STAFF_CERTIFICATE_MESSAGES.rejected);
    },
  };
}

export type StaffCertificateService = ReturnType<typeof createStaffCertificateService>;

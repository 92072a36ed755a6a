import type { Kysely } from 'kysely';
import type { CertificateDeliveryStatus, Database } from '../../platform/db';

export interface CertificateTypeRecord {
  id: string;
  title: string;
  feePaise: number;
  description: string;
}

export interface CertificateRequestRecord {
  id: string;
  userId: string;
  typeId: string;
  typeName: string;
  feePaise: number;
  deliveryStatus: CertificateDeliveryStatus;
  orderId: string | null;
  certificateFile: string | null;
  updatedAt: number;
  /** Issue 30: why the institute rejected it. */
  rejectReason: string | null;
}

type RequestRow = Database['certificate_requests'];

const toRequest = (row: Pick<RequestRow, 'id' | 'user_id' | 'type_id' | 'type_name' | 'fee_paise' | 'delivery_status' | 'order_id' | 'certificate_file' | 'updated_at' | 'reject_reason'>): CertificateRequestRecord => ({
  id: row.id,
  userId: row.user_id,
  typeId: row.type_id,
  typeName: row.type_name,
  feePaise: Number(row.fee_paise),
  deliveryStatus: row.delivery_status,
  orderId: row.order_id,
  certificateFile: row.certificate_file,
  updatedAt: Number(row.updated_at),
  rejectReason: row.reject_reason,
});

const REQUEST_COLUMNS = ['id', 'user_id', 'type_id', 'type_name', 'fee_paise', 'delivery_status', 'order_id', 'certificate_file', 'updated_at', 'reject_reason'] as const;

/** Certificate types and requests (migration 0012). A student's reads are scoped to the student. */
export function createCertificateRepository(db: Kysely<Database>) {
  return {
    /** The types a student may request, in the institute's order. */
    async listTypes(): Promise<CertificateTypeRecord[]> {
      const rows = await db
        .selectFrom('certificate_types')
        .select(['id', 'title', 'fee_paise', 'description'])
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('title')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, title: row.title, feePaise: Number(row.fee_paise), description: row.description }));
    },

    /** An offered type, or undefined (unknown or no longer offered). */
    async findActiveType(id: string): Promise<CertificateTypeRecord | undefined> {
      const row = await db.selectFrom('certificate_types').select(['id', 'title', 'fee_paise', 'description']).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
      return row && { id: row.id, title: row.title, feePaise: Number(row.fee_paise), description: row.description };
    },

    /** The student's paid requests, the latest update first. */
    async listRequests(userId: string): Promise<CertificateRequestRecord[]> {
      const rows = await db
        .selectFrom('certificate_requests')
        .select(REQUEST_COLUMNS)
        .where('user_id', '=', userId)
        .where('delivery_status', '<>', 'unpaid')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRequest);
    },

    /** Any request by id (the signed download link and the payment hook know no student). */
    async findRequest(id: string): Promise<CertificateRequestRecord | undefined> {
      const row = await db.selectFrom('certificate_requests').select(REQUEST_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toRequest(row);
    },

    /** The student's unpaid request of a type, made by an earlier visit to the admin page. */
    async findUnpaid(userId: string, typeId: string): Promise<CertificateRequestRecord | undefined> {
      const row = await db
        .selectFrom('certificate_requests')
        .select(REQUEST_COLUMNS)
        .where('user_id', '=', userId)
        .where('type_id', '=', typeId)
        .where('delivery_status', '=', 'unpaid')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row && toRequest(row);
    },

    async insertUnpaid(request: { id: string; userId: string; type: CertificateTypeRecord; now: number }): Promise<void> {
      await db
        .insertInto('certificate_requests')
        .values({
          id: request.id,
          user_id: request.userId,
          type_id: request.type.id,
          type_name: request.type.title,
          fee_paise: request.type.feePaise,
          delivery_status: 'unpaid',
          order_id: null,
          certificate_file: null,
          created_at: request.now,
          paid_at: null,
          delivered_at: null,
          updated_at: request.now,
        })
        .execute();
    },

    /** The price and name the student is about to pay: the type's current ones. */
    async refreshUnpaid(id: string, type: CertificateTypeRecord, now: number): Promise<void> {
      await db.updateTable('certificate_requests').set({ type_name: type.title, fee_paise: type.feePaise, updated_at: now }).where('id', '=', id).where('delivery_status', '=', 'unpaid').execute();
    },

    /**
     * Generates the request: unpaid -> pending, once. True when this call did it; false when it
     * was already paid (a webhook delivered twice, the return page and the webhook both...).
     */
    async markPaid(id: string, orderId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('certificate_requests')
        .set({ delivery_status: 'pending', order_id: orderId, paid_at: now, updated_at: now })
        .where('id', '=', id)
        .where('delivery_status', '=', 'unpaid')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The request a paid order generated, if any. */
    async findByOrder(orderId: string): Promise<CertificateRequestRecord | undefined> {
      const row = await db.selectFrom('certificate_requests').select(REQUEST_COLUMNS).where('order_id', '=', orderId).executeTakeFirst();
      return row && toRequest(row);
    },

    /** A second paid order for a request already paid: its own request, so money and requests stay one to one. */
    async insertPaidCopy(copy: { id: string; of: CertificateRequestRecord; orderId: string; now: number }): Promise<void> {
      await db
        .insertInto('certificate_requests')
        .values({
          id: copy.id,
          user_id: copy.of.userId,
          type_id: copy.of.typeId,
          type_name: copy.of.typeName,
          fee_paise: copy.of.feePaise,
          delivery_status: 'pending',
          order_id: copy.orderId,
          certificate_file: null,
          created_at: copy.now,
          paid_at: copy.now,
          delivered_at: null,
          updated_at: copy.now,
        })
        .execute();
    },
  };
}

export type CertificateRepository = ReturnType<typeof createCertificateRepository>;

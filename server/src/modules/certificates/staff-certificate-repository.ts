import type { Kysely } from 'kysely';
import type { StaffCertificateFilter } from '@invigil/shared/api/staff-certificates';
import type { Database } from '../../platform/db';

export interface StaffCertificateRow {
  id: string;
  user_id: string;
  student_name: string;
  reg_no: string;
  class_name: string | null;
  type_name: string;
  fee_paise: number;
  delivery_status: 'pending' | 'processing' | 'delivered' | 'rejected';
  order_id: string | null;
  certificate_file: string | null;
  paid_at: number | null;
  delivered_at: number | null;
  reject_reason: string | null;
  rejected_at: number | null;
  updated_at: number;
}

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The staff queue of paid certificate requests (issue 30); unpaid ones are never shown. */
export function createStaffCertificateRepository(db: Kysely<Database>) {
  const base = () =>
    db
      .selectFrom('certificate_requests')
      .innerJoin('users', 'users.id', 'certificate_requests.user_id')
      .leftJoin('student_profiles', 'student_profiles.user_id', 'certificate_requests.user_id')
      .leftJoin('classes', 'classes.id', 'student_profiles.class_id')
      .where('certificate_requests.delivery_status', '<>', 'unpaid');
  const columns = [
    'certificate_requests.id',
    'certificate_requests.user_id',
    'users.name as student_name',
    'users.reg_no',
    'classes.name as class_name',
    'certificate_requests.type_name',
    'certificate_requests.fee_paise',
    'certificate_requests.delivery_status',
    'certificate_requests.order_id',
    'certificate_requests.certificate_file',
    'certificate_requests.paid_at',
    'certificate_requests.delivered_at',
    'certificate_requests.reject_reason',
    'certificate_requests.rejected_at',
    'certificate_requests.updated_at',
  ] as const;
  type Raw = Awaited<ReturnType<ReturnType<ReturnType<typeof base>['select']>['executeTakeFirstOrThrow']>>;
  const num = (value: number | null) => (value === null ? null : Number(value));
  const toRow = (row: Raw & Record<string, unknown>): StaffCertificateRow => ({
    ...(row as unknown as StaffCertificateRow),
    class_name: (row['class_name'] as string | null | undefined) ?? null,
    fee_paise: Number(row['fee_paise']),
    paid_at: num(row['paid_at'] as number | null),
    delivered_at: num(row['delivered_at'] as number | null),
    rejected_at: num(row['rejected_at'] as number | null),
    updated_at: Number(row['updated_at']),
  });

  return {
    /** To do (pending, processing) oldest paid first; delivered / rejected latest first; all: to do first. */
    async list(filter: StaffCertificateFilter, q: string, page: number, pageSize: number): Promise<{ rows: StaffCertificateRow[]; total: number }> {
      let query = base();
      if (filter === 'open') query = query.where('certificate_requests.delivery_status', 'in', ['pending', 'processing']);
      else if (filter !== 'all') query = query.where('certificate_requests.delivery_status', '=', filter);
      if (q !== '') {
        const like = likeOf(q);
        query = query.where((eb) => eb.or([eb(eb.fn('lower', ['users.name']), 'like', like), eb(eb.fn('lower', ['users.reg_no']), 'like', like), eb(eb.fn('lower', ['certificate_requests.type_name']), 'like', like)]));
      }
      const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await query
        .select(columns)
        .orderBy((eb) => eb.case().when('certificate_requests.delivery_status', 'in', ['pending', 'processing']).then(0).else(1).end())
        .orderBy((eb) =>
          eb
            .case()
            .when('certificate_requests.delivery_status', 'in', ['pending', 'processing'])
            .then(eb.fn.coalesce('certificate_requests.paid_at', 'certificate_requests.created_at'))
            .else(eb.neg(eb.ref('certificate_requests.updated_at')))
            .end(),
        )
        .orderBy('certificate_requests.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows: rows.map((row) => toRow(row)), total: Number(count?.n ?? 0) };
    },

    async find(id: string): Promise<StaffCertificateRow | undefined> {
      const row = await base().select(columns).where('certificate_requests.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** Moves a request on from one of `from`; false when it was not in one of them any more. */
    async move(
      trx: Kysely<Database>,
      id: string,
      from: readonly ('pending' | 'processing')[],
      to: { delivery_status: 'processing' | 'delivered' | 'rejected'; certificate_file?: string; delivered_at?: number; reject_reason?: string; rejected_at?: number },
      now: number,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('certificate_requests')
        .set({ ...to, updated_at: now })
        .where('id', '=', id)
        .where('delivery_status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type StaffCertificateRepository = ReturnType<typeof createStaffCertificateRepository>;

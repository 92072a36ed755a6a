import type { Kysely } from 'kysely';
import type { StaffQueriesQuery } from '@invigil/shared/api/staff-queries';
import type { Database, QueryEngagementsTable } from '../../platform/db';

/** null: every student (an admin); else a teacher's classes. */
export type QueryScope = { classIds: string[] } | null;

export interface StaffQueryRow {
  id: string;
  user_id: string;
  student_name: string;
  reg_no: string;
  class_id: string | null;
  class_name: string | null;
  query_type_name: string;
  query_sub_type_name: string;
  subject_name: string | null;
  query: string;
  attachment: string | null;
  status: 'open' | 'closed';
  created_at: number;
  closed_at: number | null;
}

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The staff side of support queries (issue 30): every student's, or a teacher's classes'. */
export function createStaffQueryRepository(db: Kysely<Database>) {
  const base = (scope: QueryScope) => {
    let query = db
      .selectFrom('queries')
      .innerJoin('users', 'users.id', 'queries.user_id')
      .leftJoin('student_profiles', 'student_profiles.user_id', 'queries.user_id')
      .leftJoin('classes', 'classes.id', 'student_profiles.class_id');
    if (scope) query = query.where('student_profiles.class_id', 'in', scope.classIds.length > 0 ? scope.classIds : ['']);
    return query;
  };
  const columns = [
    'queries.id',
    'queries.user_id',
    'users.name as student_name',
    'users.reg_no',
    'student_profiles.class_id',
    'classes.name as class_name',
    'queries.query_type_name',
    'queries.query_sub_type_name',
    'queries.subject_name',
    'queries.query',
    'queries.attachment',
    'queries.status',
    'queries.created_at',
    'queries.closed_at',
  ] as const;
  const toRow = (row: Omit<StaffQueryRow, 'class_id' | 'class_name'> & { class_id: string | null | undefined; class_name: string | null | undefined }): StaffQueryRow => ({
    ...row,
    class_id: row.class_id ?? null,
    class_name: row.class_name ?? null,
    created_at: Number(row.created_at),
    closed_at: row.closed_at === null ? null : Number(row.closed_at),
  });

  return {
    /** One page: open ones oldest first, then closed ones latest closed first. */
    async list(scope: QueryScope, filters: StaffQueriesQuery, pageSize: number): Promise<{ rows: StaffQueryRow[]; total: number }> {
      let query = base(scope);
      if (filters.type !== '') query = query.where('queries.query_type_id', '=', filters.type);
      if (filters.subType !== '') query = query.where('queries.query_sub_type_id', '=', filters.subType);
      if (filters.status !== '') query = query.where('queries.status', '=', filters.status);
      if (filters.q !== '') {
        const like = likeOf(filters.q);
        query = query.where((eb) => eb.or([eb(eb.fn('lower', ['users.name']), 'like', like), eb(eb.fn('lower', ['users.reg_no']), 'like', like)]));
      }
      const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const rows = await query
        .select(columns)
        .orderBy((eb) => eb.case().when('queries.status', '=', 'open').then(0).else(1).end())
        .orderBy((eb) => eb.case().when('queries.status', '=', 'open').then(eb.ref('queries.created_at')).else(eb.neg(eb.fn.coalesce('queries.closed_at', 'queries.created_at'))).end())
        .orderBy('queries.id')
        .limit(pageSize)
        .offset((filters.page - 1) * pageSize)
        .execute();
      return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
    },

    async find(scope: QueryScope, id: string): Promise<StaffQueryRow | undefined> {
      const row = await base(scope).select(columns).where('queries.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** Whether the query exists at all (a teacher is told 403 for another class's, 404 for none). */
    async exists(id: string): Promise<boolean> {
      return (await db.selectFrom('queries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async engagementsOf(queryIds: readonly string[]): Promise<QueryEngagementsTable[]> {
      if (queryIds.length === 0) return [];
      return db.selectFrom('query_engagements').selectAll().where('query_id', 'in', [...queryIds]).orderBy('created_at').orderBy('id').execute();
    },

    async engagement(id: string): Promise<QueryEngagementsTable | undefined> {
      return db.selectFrom('query_engagements').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Adds the institute's reply if the query is open (its row is touched first: see addStudentReply); false when closed. */
    async addReply(trx: Kysely<Database>, row: QueryEngagementsTable): Promise<boolean> {
      const open = await trx.updateTable('queries').set((eb) => ({ status: eb.ref('status') })).where('id', '=', row.query_id).where('status', '=', 'open').executeTakeFirst();
      if (Number(open.numUpdatedRows) !== 1) return false;
      await trx.insertInto('query_engagements').values(row).execute();
      return true;
    },

    /** open <-> closed; false when it already was. */
    async setStatus(trx: Kysely<Database>, id: string, status: 'open' | 'closed', now: number): Promise<boolean> {
      const result = await trx
        .updateTable('queries')
        .set({ status, closed_at: status === 'closed' ? now : null })
        .where('id', '=', id)
        .where('status', '=', status === 'closed' ? 'open' : 'closed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async queryTypes() {
      const types = await db.selectFrom('query_types').select(['id', 'name']).orderBy('position').orderBy('id').execute();
      const subTypes = await db.selectFrom('query_sub_types').select(['query_type_id', 'id', 'name']).orderBy('position').orderBy('id').execute();
      return types.map((type) => ({ id: type.id, name: type.name, subTypes: subTypes.filter((sub) => sub.query_type_id === type.id).map((sub) => ({ id: sub.id, name: sub.name })) }));
    },
  };
}

export type StaffQueryRepository = ReturnType<typeof createStaffQueryRepository>;

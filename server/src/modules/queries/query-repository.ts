import type { Kysely } from 'kysely';
import type { Database, QueriesTable, QueryEngagementsTable } from '../../platform/db';

export interface QueryTypeRecord {
  id: string;
  name: string;
  subTypes: { id: string; name: string }[];
}

export type QueryRow = QueriesTable & { request_by_name: string };
export type EngagementRow = QueryEngagementsTable;

/**
 * Support queries (migration 0011). Every read and write of a student's query is scoped to the
 * student: another student's query is never read or changed (it is simply not found).
 */
export function createQueryRepository(db: Kysely<Database>) {
  const queryColumns = [
    'queries.id',
    'queries.user_id',
    'queries.query_type_id',
    'queries.query_type_name',
    'queries.query_sub_type_id',
    'queries.query_sub_type_name',
    'queries.subject_id',
    'queries.subject_name',
    'queries.query',
    'queries.attachment',
    'queries.status',
    'queries.created_at',
    'queries.closed_at',
    'users.name as request_by_name',
  ] as const;

  return {
    /** Every query type with its sub types, in the import's order. */
    async queryTypes(): Promise<QueryTypeRecord[]> {
      const types = await db.selectFrom('query_types').select(['id', 'name']).orderBy('position').orderBy('id').execute();
      const subTypes = await db.selectFrom('query_sub_types').select(['query_type_id', 'id', 'name']).orderBy('position').orderBy('id').execute();
      return types.map((type) => ({
        id: type.id,
        name: type.name,
        subTypes: subTypes.filter((sub) => sub.query_type_id === type.id).map((sub) => ({ id: sub.id, name: sub.name })),
      }));
    },

    /** The names of a type and one of its sub types, or null when the pair does not exist. */
    async typeAndSubType(typeId: string, subTypeId: string): Promise<{ typeName: string; subTypeName: string } | null> {
      const row = await db
        .selectFrom('query_sub_types')
        .innerJoin('query_types', 'query_types.id', 'query_sub_types.query_type_id')
        .select(['query_types.name as typeName', 'query_sub_types.name as subTypeName'])
        .where('query_sub_types.query_type_id', '=', typeId)
        .where('query_sub_types.id', '=', subTypeId)
        .executeTakeFirst();
      return row ?? null;
    },

    async typeExists(typeId: string): Promise<boolean> {
      return (await db.selectFrom('query_types').select('id').where('id', '=', typeId).executeTakeFirst()) !== undefined;
    },

    /** The subjects of the student's class, by name. */
    async subjectsOf(userId: string): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('student_profiles')
        .innerJoin('class_subjects', 'class_subjects.class_id', 'student_profiles.class_id')
        .innerJoin('subjects', 'subjects.id', 'class_subjects.subject_id')
        .select(['subjects.id', 'subjects.name'])
        .where('student_profiles.user_id', '=', userId)
        .orderBy('subjects.name')
        .orderBy('subjects.id')
        .execute();
    },

    async insertQuery(row: QueriesTable): Promise<void> {
      await db.insertInto('queries').values(row).execute();
    },

    /** The student's queries, newest first. */
    async listOf(userId: string): Promise<QueryRow[]> {
      return db
        .selectFrom('queries')
        .innerJoin('users', 'users.id', 'queries.user_id')
        .select(queryColumns)
        .where('queries.user_id', '=', userId)
        .orderBy('queries.created_at', 'desc')
        .orderBy('queries.id', 'desc')
        .execute();
    },

    /** One of the student's queries, or null (also when it is another student's). */
    async findOwn(userId: string, id: string): Promise<QueryRow | null> {
      const row = await db
        .selectFrom('queries')
        .innerJoin('users', 'users.id', 'queries.user_id')
        .select(queryColumns)
        .where('queries.user_id', '=', userId)
        .where('queries.id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Whether a query or a reply already carries this stored attachment. */
    async attachmentUsed(attachment: string): Promise<boolean> {
      const inQuery = await db.selectFrom('queries').select('id').where('attachment', '=', attachment).executeTakeFirst();
      if (inQuery) return true;
      return (await db.selectFrom('query_engagements').select('id').where('attachment', '=', attachment).executeTakeFirst()) !== undefined;
    },

    /** A query's thread, oldest first. */
    async engagementsOf(queryId: string): Promise<EngagementRow[]> {
      return db.selectFrom('query_engagements').selectAll().where('query_id', '=', queryId).orderBy('created_at').orderBy('id').execute();
    },

    /**
     * Adds a reply to the student's query if it is open; false when it is closed (or not theirs).
     * The query's row is touched first in the same transaction: PostgreSQL locks it (SQLite the
     * whole database), so the institute closing it cannot slip between the check and the insert.
     */
    async addStudentReply(userId: string, row: EngagementRow): Promise<boolean> {
      const work = async (trx: Kysely<Database>) => {
        const open = await trx
          .updateTable('queries')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', '=', row.query_id)
          .where('user_id', '=', userId)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (Number(open.numUpdatedRows) !== 1) return false;
        await trx.insertInto('query_engagements').values(row).execute();
        return true;
      };
      return db.isTransaction ? work(db) : db.transaction().execute(work);
    },
  };
}

export type QueryRepository = ReturnType<typeof createQueryRepository>;

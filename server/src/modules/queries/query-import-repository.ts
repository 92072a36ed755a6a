import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

/** The import's reads and writes of support queries (migration 0011), inside the import's transaction. */
export function createQueryImportRepository(db: Kysely<Database>) {
  return {
    /** Stored types among `ids`, with their sub type ids. */
    async typesWithSubTypes(ids: readonly string[]): Promise<Map<string, Set<string>>> {
      const found = new Map<string, Set<string>>();
      if (ids.length === 0) return found;
      const unique = [...new Set(ids)];
      for (const type of await db.selectFrom('query_types').select('id').where('id', 'in', unique).execute()) found.set(type.id, new Set());
      for (const sub of await db.selectFrom('query_sub_types').select(['query_type_id', 'id']).where('query_type_id', 'in', unique).execute()) found.get(sub.query_type_id)?.add(sub.id);
      return found;
    },

    async existingSubjects(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      return new Set((await db.selectFrom('subjects').select('id').where('id', 'in', [...new Set(ids)]).execute()).map((row) => row.id));
    },

    /** Stored queries among `ids`: their student and creation time. */
    async queries(ids: readonly string[]): Promise<Map<string, { userId: string; createdAt: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('queries').select(['id', 'user_id', 'created_at']).where('id', 'in', [...new Set(ids)]).execute();
      return new Map(rows.map((row) => [row.id, { userId: row.user_id, createdAt: row.created_at }]));
    },

    /** Stored replies among `ids`: their query and creation time. */
    async replies(ids: readonly string[]): Promise<Map<string, { queryId: string; createdAt: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('query_engagements').select(['id', 'query_id', 'created_at']).where('id', 'in', [...new Set(ids)]).execute();
      return new Map(rows.map((row) => [row.id, { queryId: row.query_id, createdAt: row.created_at }]));
    },

    /** Writes a type and replaces its sub types. */
    async upsertType(type: { id: string; name: string; position: number; subTypes: { id: string; name: string }[] }, existed: boolean): Promise<void> {
      if (existed) await db.updateTable('query_types').set({ name: type.name, position: type.position }).where('id', '=', type.id).execute();
      else await db.insertInto('query_types').values({ id: type.id, name: type.name, position: type.position }).execute();
      await db.deleteFrom('query_sub_types').where('query_type_id', '=', type.id).execute();
      await db
        .insertInto('query_sub_types')
        .values(type.subTypes.map((sub, position) => ({ query_type_id: type.id, id: sub.id, name: sub.name, position })))
        .execute();
    },

    async names(typeId: string, subTypeId: string, subjectId: string | null): Promise<{ typeName: string; subTypeName: string; subjectName: string | null }> {
      const type = await db
        .selectFrom('query_sub_types')
        .innerJoin('query_types', 'query_types.id', 'query_sub_types.query_type_id')
        .select(['query_types.name as typeName', 'query_sub_types.name as subTypeName'])
        .where('query_sub_types.query_type_id', '=', typeId)
        .where('query_sub_types.id', '=', subTypeId)
        .executeTakeFirstOrThrow();
      const subject = subjectId === null ? null : await db.selectFrom('subjects').select('name').where('id', '=', subjectId).executeTakeFirstOrThrow();
      return { ...type, subjectName: subject?.name ?? null };
    },

    async upsertQuery(
      query: { id: string; userId: string; typeId: string; typeName: string; subTypeId: string; subTypeName: string; subjectId: string | null; subjectName: string | null; text: string; attachment: string | null; createdAt: number },
      existed: boolean,
    ): Promise<void> {
      const fields = {
        user_id: query.userId,
        query_type_id: query.typeId,
        query_type_name: query.typeName,
        query_sub_type_id: query.subTypeId,
        query_sub_type_name: query.subTypeName,
        subject_id: query.subjectId,
        subject_name: query.subjectName,
        query: query.text,
        attachment: query.attachment,
        created_at: query.createdAt,
      };
      // A re-import keeps the query's status: closing it is an action of its own.
      if (existed) await db.updateTable('queries').set(fields).where('id', '=', query.id).execute();
      else await db.insertInto('queries').values({ id: query.id, ...fields, status: 'open', closed_at: null }).execute();
    },

    /** The name of the student who asked the query. */
    async askerName(queryId: string): Promise<string> {
      const row = await db.selectFrom('queries').innerJoin('users', 'users.id', 'queries.user_id').select('users.name').where('queries.id', '=', queryId).executeTakeFirstOrThrow();
      return row.name;
    },

    async upsertReply(
      reply: { id: string; queryId: string; author: 'student' | 'institute'; postByName: string; content: string; attachment: string | null; createdAt: number },
      existed: boolean,
    ): Promise<void> {
      const fields = { query_id: reply.queryId, author: reply.author, post_by_name: reply.postByName, content: reply.content, attachment: reply.attachment, created_at: reply.createdAt };
      if (existed) await db.updateTable('query_engagements').set(fields).where('id', '=', reply.id).execute();
      else await db.insertInto('query_engagements').values({ id: reply.id, ...fields }).execute();
    },

    /** Closes an open query; false when it was closed already. */
    async close(queryId: string, at: number): Promise<boolean> {
      const result = await db.updateTable('queries').set({ status: 'closed', closed_at: at }).where('id', '=', queryId).where('status', '=', 'open').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

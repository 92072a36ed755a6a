import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Support queries (student-portal.md sections 2 New Query, Queries list, Query follow-up; 3).
//
// Query types and their sub types come from the import. A query keeps the names of its type, sub
// type and subject as they were when it was asked (an institute may rename or drop a type later).
// Its thread (engagements) holds the student's and the institute's replies, oldest first; a query
// is open until the institute closes it (by the import until there is a staff console).
// Attachments are 'store:{file key}' for a file in the upload store, else a link. Times are BIGINT ms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('query_types')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('query_sub_types')
    .addColumn('query_type_id', 'text', (col) => col.notNull().references('query_types.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('query_sub_types_pk', ['query_type_id', 'id'])
    .execute();

  await db.schema
    .createTable('queries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query_type_id', 'text', (col) => col.notNull())
    .addColumn('query_type_name', 'text', (col) => col.notNull())
    .addColumn('query_sub_type_id', 'text', (col) => col.notNull())
    .addColumn('query_sub_type_name', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('subject_name', 'text')
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('attachment', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('queries_user').on('queries').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('query_engagements')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('query_id', 'text', (col) => col.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('student', 'institute')`))
    .addColumn('post_by_name', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('attachment', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('query_engagements_query').on('query_engagements').columns(['query_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['query_engagements', 'queries', 'query_sub_types', 'query_types']) {
    await db.schema.dropTable(table).execute();
  }
}

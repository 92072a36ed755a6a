import type { Kysely } from 'kysely';
import type { ImportFile } from '@invigil/shared/api/test-import';
import type { QuerySummary } from '@invigil/shared/api/query-import';
import { emptyQuerySummary } from '@invigil/shared/api/query-import';
import type { Database } from '../../platform/db';
import type { ReadableIssue } from '../../platform/lib/readable-issues';
import { createQueryImportRepository } from './query-import-repository';

/**
 * The support queries' sections of an import (shared/src/api/query-import.ts), inside the
 * import's one transaction: `checkQueryReferences` finds every reference that neither the file
 * nor the database holds (before any write); `writeQuerySections` writes them after the students
 * and the portal's sections (subjects). Types first, then queries, replies, and closings last, so
 * one file can reply to a query and close it.
 */

/** Every registration number the queries' sections name. */
export function queryRegNos(file: ImportFile): string[] {
  return file.queries.map((query) => query.reg_no);
}

export interface QueryPlan {
  types: Map<string, Set<string>>;
  queries: Map<string, { userId: string; createdAt: number }>;
  replies: Map<string, { queryId: string; createdAt: number }>;
}

export async function checkQueryReferences(
  db: Kysely<Database>,
  file: ImportFile,
  knownRegNo: (regNo: string) => boolean,
  storedUserId: (regNo: string) => string | undefined,
  issues: ReadableIssue[],
): Promise<QueryPlan> {
  const repo = createQueryImportRepository(db);
  const plan: QueryPlan = {
    types: await repo.typesWithSubTypes([...file.query_types.map((type) => type.id), ...file.queries.map((query) => query.query_type_id)]),
    queries: await repo.queries([...file.queries.map((query) => query.id), ...file.query_replies.map((reply) => reply.query_id), ...file.query_closures.map((closure) => closure.query_id)]),
    replies: await repo.replies(file.query_replies.map((reply) => reply.id)),
  };
  const fileTypes = new Map(file.query_types.map((type) => [type.id, new Set(type.sub_types.map((sub) => sub.id))]));
  const fileSubjects = new Set(file.subjects.map((subject) => subject.id));
  const storedSubjects = await repo.existingSubjects(file.queries.flatMap((query) => (query.subject_id === null ? [] : [query.subject_id])));
  const fileQueries = new Set(file.queries.map((query) => query.id));

  file.queries.forEach((query, index) => {
    const path = `queries.${index}`;
    if (!knownRegNo(query.reg_no)) issues.push({ path: `${path}.reg_no`, message: `There is no student ${query.reg_no}.` });
    // A type in the file replaces its stored sub types: the file's list is the one that counts.
    const subTypes = fileTypes.get(query.query_type_id) ?? plan.types.get(query.query_type_id);
    if (!subTypes) issues.push({ path: `${path}.query_type_id`, message: `There is no query type ${query.query_type_id}.` });
    else if (!fileTypes.has(query.query_type_id) && !subTypes.has(query.query_sub_type_id)) {
      issues.push({ path: `${path}.query_sub_type_id`, message: `Query type ${query.query_type_id} has no sub type ${query.query_sub_type_id}.` });
    }
    if (query.subject_id !== null && !fileSubjects.has(query.subject_id) && !storedSubjects.has(query.subject_id)) {
      issues.push({ path: `${path}.subject_id`, message: `There is no subject ${query.subject_id}.` });
    }
    const stored = plan.queries.get(query.id);
    if (stored && stored.userId !== storedUserId(query.reg_no)) issues.push({ path: `${path}.id`, message: `Query ${query.id} belongs to another student.` });
  });
  file.query_replies.forEach((reply, index) => {
    const path = `query_replies.${index}`;
    if (!fileQueries.has(reply.query_id) && !plan.queries.has(reply.query_id)) issues.push({ path: `${path}.query_id`, message: `There is no query ${reply.query_id}.` });
    const stored = plan.replies.get(reply.id);
    if (stored && stored.queryId !== reply.query_id) issues.push({ path: `${path}.id`, message: `Reply ${reply.id} belongs to another query.` });
  });
  file.query_closures.forEach((closure, index) => {
    if (!fileQueries.has(closure.query_id) && !plan.queries.has(closure.query_id)) issues.push({ path: `query_closures.${index}.query_id`, message: `There is no query ${closure.query_id}.` });
  });
  return plan;
}

const instant = (date: string | undefined, fallback: number): number => (date === undefined ? fallback : Date.parse(date));

export async function writeQuerySections(db: Kysely<Database>, file: ImportFile, plan: QueryPlan, userIdOf: (regNo: string) => string, now: number): Promise<QuerySummary> {
  const repo = createQueryImportRepository(db);
  const summary = emptyQuerySummary();
  const count = (section: keyof QuerySummary, existed: boolean) => {
    summary[section][existed ? 'updated' : 'inserted'] += 1;
  };

  for (const [position, type] of file.query_types.entries()) {
    const existed = plan.types.has(type.id);
    await repo.upsertType({ id: type.id, name: type.name, position, subTypes: type.sub_types }, existed);
    count('query_types', existed);
  }

  for (const query of file.queries) {
    const stored = plan.queries.get(query.id);
    const names = await repo.names(query.query_type_id, query.query_sub_type_id, query.subject_id);
    await repo.upsertQuery(
      {
        id: query.id,
        userId: userIdOf(query.reg_no),
        typeId: query.query_type_id,
        typeName: names.typeName,
        subTypeId: query.query_sub_type_id,
        subTypeName: names.subTypeName,
        subjectId: query.subject_id,
        subjectName: names.subjectName,
        text: query.query,
        attachment: query.attachment,
        createdAt: instant(query.created_at, stored?.createdAt ?? now),
      },
      stored !== undefined,
    );
    count('queries', stored !== undefined);
  }

  for (const reply of file.query_replies) {
    const stored = plan.replies.get(reply.id);
    await repo.upsertReply(
      {
        id: reply.id,
        queryId: reply.query_id,
        author: reply.by,
        postByName: reply.by === 'student' ? await repo.askerName(reply.query_id) : reply.post_by_name,
        content: reply.content,
        attachment: reply.attachment,
        createdAt: instant(reply.created_at, stored?.createdAt ?? now),
      },
      stored !== undefined,
    );
    count('query_replies', stored !== undefined);
  }

  for (const closure of file.query_closures) {
    const closed = await repo.close(closure.query_id, instant(closure.closed_at, now));
    count('query_closures', !closed);
  }
  return summary;
}

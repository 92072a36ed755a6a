import { z } from 'zod';
import { QUERY_MAX_LENGTH } from './query-messages';
import { idSchema, instantSchema, linkSchema } from './import-fields';

/**
 * The support queries' sections of the import file (docs/import-format.md, "Support queries"):
 * query types with their sub types, students' queries from an earlier system, and the
 * institute's actions on a query until there is a staff console: a reply (shown in the student's
 * thread) and closing it. Composed into `importFileSchema` (test-import.ts); checks against the
 * database (an unknown type, subject, student or query) are made by the import
 * (server/src/modules/queries/query-import.ts).
 */

const nameSchema = z.string().trim().min(1).max(200);
const contentSchema = z.string().trim().min(1, 'The text is required.').max(QUERY_MAX_LENGTH, `Max ${QUERY_MAX_LENGTH} characters`);

/** A query type and its sub types (both lists in the order the New Query screen shows them). */
export const importQueryTypeSchema = z.strictObject({
  id: idSchema,
  name: nameSchema,
  /** Replaces the earlier list on re-import. */
  sub_types: z.array(z.strictObject({ id: idSchema, name: nameSchema })).min(1, 'A query type needs at least one sub type.').max(100),
});
export type ImportQueryType = z.infer<typeof importQueryTypeSchema>;

/** A student's query (history from an earlier system, or demo data). New queries come from the portal. */
export const importQuerySchema = z.strictObject({
  id: idSchema,
  reg_no: z.string().trim().min(1).max(64),
  query_type_id: idSchema,
  query_sub_type_id: idSchema,
  subject_id: idSchema.nullable().default(null),
  query: contentSchema,
  attachment: linkSchema.nullable().default(null),
  /** When it was asked; default: when first imported (kept on re-import). */
  created_at: instantSchema.optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

/** A message in a query's thread: by default the institute's reply; `by: "student"` for a student's (history). */
export const importQueryReplySchema = z.strictObject({
  id: idSchema,
  /** A query in this file or stored (a query asked in the portal has a 24-hex id). */
  query_id: idSchema,
  by: z.enum(['institute', 'student'], { message: 'by is "institute" or "student".' }).default('institute'),
  /** Who the thread names as Post By for the institute's reply; a student's reply is by the student's name. */
  post_by_name: nameSchema.default('Support Desk'),
  content: contentSchema,
  attachment: linkSchema.nullable().default(null),
  /** When it was posted; default: when first imported (kept on re-import). */
  created_at: instantSchema.optional(),
});
export type ImportQueryReply = z.infer<typeof importQueryReplySchema>;

/** The institute closes a query: the student can no longer reply. Closing a closed query changes nothing. */
export const importQueryClosureSchema = z.strictObject({
  query_id: idSchema,
  /** Default: when imported. */
  closed_at: instantSchema.optional(),
});
export type ImportQueryClosure = z.infer<typeof importQueryClosureSchema>;

export const querySectionsShape = {
  query_types: z.array(importQueryTypeSchema).max(1_000).default([]),
  queries: z.array(importQuerySchema).max(100_000).default([]),
  query_replies: z.array(importQueryReplySchema).max(100_000).default([]),
  query_closures: z.array(importQueryClosureSchema).max(100_000).default([]),
};
export type QuerySections = z.infer<z.ZodObject<typeof querySectionsShape>>;
export type QuerySectionName = keyof typeof querySectionsShape;
export const QUERY_SECTIONS = Object.keys(querySectionsShape) as QuerySectionName[];

type Issue = { path: (string | number)[]; message: string };

/** The checks within the queries' sections that need more than one field. */
export function checkQuerySections(file: QuerySections, issues: Issue[]): void {
  const dup = <T>(section: QuerySectionName, items: readonly T[], key: (item: T) => string, field: string, what: (item: T) => string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k)) issues.push({ path: [section, index, field], message: `${what(item)} appears twice in the file.` });
      seen.add(k);
    });
  };
  dup('query_types', file.query_types, (t) => t.id, 'id', (t) => `Query type ${t.id}`);
  dup('queries', file.queries, (q) => q.id, 'id', (q) => `Query ${q.id}`);
  dup('query_replies', file.query_replies, (r) => r.id, 'id', (r) => `Reply ${r.id}`);
  dup('query_closures', file.query_closures, (c) => c.query_id, 'query_id', (c) => `The closing of query ${c.query_id}`);
  file.query_types.forEach((type, index) => {
    const seen = new Set<string>();
    type.sub_types.forEach((sub, j) => {
      if (seen.has(sub.id)) issues.push({ path: ['query_types', index, 'sub_types', j, 'id'], message: `Sub type ${sub.id} is listed twice for ${type.id}.` });
      seen.add(sub.id);
    });
  });
  const typesInFile = new Map(file.query_types.map((type) => [type.id, type]));
  file.queries.forEach((query, index) => {
    const type = typesInFile.get(query.query_type_id);
    if (type && !type.sub_types.some((sub) => sub.id === query.query_sub_type_id)) {
      issues.push({ path: ['queries', index, 'query_sub_type_id'], message: `Query type ${type.id} has no sub type ${query.query_sub_type_id}.` });
    }
  });
  const asked = new Map(file.queries.map((query) => [query.id, query.created_at]));
  file.query_replies.forEach((reply, index) => {
    const at = asked.get(reply.query_id);
    if (at !== undefined && reply.created_at !== undefined && Date.parse(reply.created_at) < Date.parse(at)) {
      issues.push({ path: ['query_replies', index, 'created_at'], message: `A reply cannot be older than its query ${reply.query_id}.` });
    }
  });
}

/** What the import did with the queries' sections: inserted and updated per section. */
export type QuerySummary = Record<QuerySectionName, { inserted: number; updated: number }>;

export function emptyQuerySummary(): QuerySummary {
  return Object.fromEntries(QUERY_SECTIONS.map((section) => [section, { inserted: 0, updated: 0 }])) as QuerySummary;
}

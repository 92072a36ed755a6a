import type { Kysely } from 'kysely';
import { STAFF_QUERIES_PAGE_SIZE, STAFF_QUERY_MESSAGES } from '@invigil/shared/api/staff-queries';
import type { StaffQueriesQuery, StaffQueryListItem, StaffQueryListReply, StaffQueryReply, StaffQueryStatus } from '@invigil/shared/api/staff-queries';
import type { Database, QueryEngagementsTable } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { UploadStore } from '../../platform/storage/upload-store';
import { recordAudit } from '../audit/audit-module';
import { notifyStudents, pushNotified } from '../notifications/notifications-module';
import type { PushService } from '../notifications/notifications-module';
import type { StaffRecord } from '../staff/staff-module';
import { attachmentLink } from './query-service';
import type { QueryService } from './query-service';
import type { QueryScope, StaffQueryRepository, StaffQueryRow } from './staff-query-repository';

export interface QueryStaff {
  staff: StaffRecord;
  scope: QueryScope;
}

export interface StaffQueryServiceDeps {
  db: Kysely<Database>;
  repo: StaffQueryRepository;
  queries: Pick<QueryService, 'attachmentUrlFor' | 'storedAttachmentFor'>;
  store: UploadStore;
  clock: Clock;
  push: Pick<PushService, 'sendNotifications'> | null;
}

/** The query's first words, for a list row and a notification. */
const subjectOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};
/** Whose names staff attachments are bound to (query-service's HMAC). */
const ownerOf = (staff: StaffRecord) => `staff:${staff.id}`;

/**
 * Queries in the staff console (issue 30): the inbox, a thread, the institute's replies (the
 * student's engagements with author 'institute') and close / reopen. Every write is audited in its
 * transaction; the student is notified (stored with it, pushed after).
 */
export function createStaffQueryService({ db, repo, queries, store, clock, push }: StaffQueryServiceDeps) {
  const item = (row: StaffQueryRow, thread: readonly QueryEngagementsTable[]): StaffQueryListItem => {
    const last = thread.at(-1);
    return {
      id: row.id,
      studentId: row.user_id,
      studentName: row.student_name,
      regNo: row.reg_no,
      className: row.class_name,
      typeName: row.query_type_name,
      subTypeName: row.query_sub_type_name,
      subjectName: row.subject_name,
      subject: subjectOf(row.query),
      status: row.status,
      createdAt: row.created_at,
      lastReplyBy: last ? last.post_by_name : null,
      lastReplyAt: last ? Number(last.created_at) : null,
      awaitingStaff: row.status === 'open' && (last === undefined || last.author === 'student'),
    };
  };

  async function findInScope(actor: QueryStaff, id: string): Promise<StaffQueryRow> {
    const row = await repo.find(actor.scope, id);
    if (row) return row;
    if (actor.scope && (await repo.exists(id))) throw new AppError('forbidden', STAFF_QUERY_MESSAGES.notYours);
    throw new AppError('not_found', STAFF_QUERY_MESSAGES.noSuchQuery);
  }

  async function reply(row: StaffQueryRow, message?: string): Promise<StaffQueryReply> {
    const thread = await repo.engagementsOf([row.id]);
    const now = clock.now();
    return {
      query: { ...item(row, thread), closedAt: row.closed_at },
      thread: [
        { id: row.id, author: 'student', name: row.student_name, content: row.query, attachment: attachmentLink(store, row.attachment, now), createdAt: row.created_at },
        ...thread.map((post) => ({ id: post.id, author: post.author, name: post.post_by_name, content: post.content, attachment: attachmentLink(store, post.attachment, now), createdAt: Number(post.created_at) })),
      ],
      ...(message ? { message } : {}),
    };
  }

  return {
    async list(actor: QueryStaff, filters: StaffQueriesQuery): Promise<StaffQueryListReply> {
      const { rows, total } = await repo.list(actor.scope, filters, STAFF_QUERIES_PAGE_SIZE);
      const threads = await repo.engagementsOf(rows.map((row) => row.id));
      return {
        items: rows.map((row) => item(row, threads.filter((post) => post.query_id === row.id))),
        total,
        page: filters.page,
        pageSize: STAFF_QUERIES_PAGE_SIZE,
        types: await repo.queryTypes(),
      };
    },

    async get(actor: QueryStaff, id: string): Promise<StaffQueryReply> {
      return reply(await findInScope(actor, id));
    },

    attachmentUrl(actor: QueryStaff, contentType: 'application/pdf' | 'image/png' | 'image/jpeg') {
      return queries.attachmentUrlFor(ownerOf(actor.staff), contentType);
    },

    /**
     * The institute's reply. Its id comes from the browser's requestId, so a second press or a
     * retry of the same reply finds it stored and adds nothing.
     */
    async reply(actor: QueryStaff, id: string, body: { content: string; requestId: string; attachment: string | null }): Promise<{ reply: StaffQueryReply; created: boolean }> {
      const row = await findInScope(actor, id);
      const engagementId = `staff-${body.requestId}`;
      const done = await repo.engagement(engagementId);
      if (done) {
        if (done.query_id !== id) throw new AppError('conflict', STAFF_QUERY_MESSAGES.badRequestId);
        return { reply: await reply(row, STAFF_QUERY_MESSAGES.replied), created: false };
      }
      if (row.status !== 'open') throw new AppError('conflict', STAFF_QUERY_MESSAGES.closed);
      const attachment = await queries.storedAttachmentFor(ownerOf(actor.staff), body.attachment);
      const now = clock.now();
      const engagement: QueryEngagementsTable = { id: engagementId, query_id: id, author: 'institute', post_by_name: actor.staff.name, content: body.content, attachment, created_at: now };
      const notified = await db.transaction().execute(async (trx) => {
        // A double press racing past the check above: the second insert finds the id taken.
        if (await trx.selectFrom('query_engagements').select('id').where('id', '=', engagementId).executeTakeFirst()) return null;
        if (!(await repo.addReply(trx, engagement))) throw new AppError('conflict', STAFF_QUERY_MESSAGES.closed);
        await recordAudit(trx, { actor: actor.staff, action: 'query.reply', entityType: 'query', entityId: id, summary: `Replied to ${row.student_name} (${row.reg_no})’s query “${subjectOf(row.query)}”`, after: engagement }, now);
        return notifyStudents(trx, [row.user_id], { title: 'Reply to your query', content: `${actor.staff.name} replied to your query “${subjectOf(row.query)}”.` }, now);
      });
      if (notified) pushNotified(push, notified);
      return { reply: await reply(row, STAFF_QUERY_MESSAGES.replied), created: notified !== null };
    },

    /** Close or reopen (audited); the student is told either way. */
    async setStatus(actor: QueryStaff, id: string, status: StaffQueryStatus): Promise<StaffQueryReply> {
      const row = await findInScope(actor, id);
      const now = clock.now();
      const notified = await db.transaction().execute(async (trx) => {
        if (!(await repo.setStatus(trx, id, status, now))) throw new AppError('conflict', STAFF_QUERY_MESSAGES.alreadyThat(status));
        await recordAudit(
          trx,
          {
            actor: actor.staff,
            action: status === 'closed' ? 'query.close' : 'query.reopen',
            entityType: 'query',
            entityId: id,
            summary: `${status === 'closed' ? 'Closed' : 'Reopened'} ${row.student_name} (${row.reg_no})’s query “${subjectOf(row.query)}”`,
            before: { status: row.status, closed_at: row.closed_at },
            after: { status, closed_at: status === 'closed' ? now : null },
          },
          now,
        );
        const subject = subjectOf(row.query);
        return notifyStudents(trx, [row.user_id], status === 'closed' ? { title: 'Query closed', content: `Your query “${subject}” was closed by ${actor.staff.name}.` } : { title: 'Query reopened', content: `Your query “${subject}” was reopened by ${actor.staff.name}.` }, now);
      });
      pushNotified(push, notified);
      return reply(await findInScope(actor, id), status === 'closed' ? STAFF_QUERY_MESSAGES.closedNow : STAFF_QUERY_MESSAGES.reopened);
    },
  };
}

export type StaffQueryService = ReturnType<typeof createStaffQueryService>;

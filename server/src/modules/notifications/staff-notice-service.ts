import type { Kysely } from 'kysely';
import { NOTICE_AUDIENCE_LABELS, NOTICE_KIND_LABELS, NOTICE_MESSAGES, NOTICES_PAGE_SIZE } from '@invigil/shared/api/staff-notices';
import type { NoticeAudiencesReply, NoticeDetailReply, NoticeKind, NoticeListItem, NoticeListReply, NoticePreviewReply, NoticeSentReply, ParsedNoticeCompose } from '@invigil/shared/api/staff-notices';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import { recordAudit } from '../audit/audit-module';
import type { StaffRecord } from '../staff/staff-module';
import { pushNotified } from './notify-students';
import type { PushService } from './push-service';
import type { NoticeScope, StaffNoticeRepository, StaffNoticeRow } from './staff-notice-repository';
import { noticeText } from './staff-notice-text';

export interface NoticeSender {
  staff: StaffRecord;
  scope: NoticeScope;
}

export interface StaffNoticeServiceDeps {
  db: Kysely<Database>;
  repo: StaffNoticeRepository;
  clock: Clock;
  push: Pick<PushService, 'sendNotifications'> | null;
}

const parseLinks = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Composing, listing and withdrawing notifications and notices (issue 30). The audience is
 * checked against the sender's scope on every call; the send is stored and audited in one
 * transaction, and a notification is then pushed to the audience's subscribed browsers.
 */
export function createStaffNoticeService({ db, repo, clock, push }: StaffNoticeServiceDeps) {
  /** The audience's name and size, once the sender may reach it; 403/404/422 otherwise. */
  async function checkAudience(sender: NoticeSender, audience: ParsedNoticeCompose['audience'], audienceId: string | null): Promise<{ name: string; size: number }> {
    if (audience === 'all') {
      if (sender.scope) throw new AppError('forbidden', NOTICE_MESSAGES.everyoneAdminOnly);
      return { name: NOTICE_AUDIENCE_LABELS.all, size: await repo.audienceSize('all', null) };
    }
    if (audience === 'class') {
      const name = await repo.className(audienceId ?? '');
      if (name === undefined) throw new AppError('unprocessable', NOTICE_MESSAGES.noSuchClass, { issues: [{ path: 'audienceId', message: NOTICE_MESSAGES.noSuchClass }] });
      if (sender.scope && !sender.scope.classIds.includes(audienceId ?? '')) throw new AppError('forbidden', NOTICE_MESSAGES.notYourClass);
      return { name, size: await repo.audienceSize('class', audienceId) };
    }
    const student = await repo.student(audienceId ?? '');
    if (!student) throw new AppError('unprocessable', NOTICE_MESSAGES.noSuchStudent, { issues: [{ path: 'audienceId', message: NOTICE_MESSAGES.noSuchStudent }] });
    if (sender.scope && (student.classId === null || !sender.scope.classIds.includes(student.classId))) throw new AppError('forbidden', NOTICE_MESSAGES.notYourStudent);
    return { name: `${student.name} (${student.regNo})`, size: 1 };
  }

  async function audienceName(row: Pick<StaffNoticeRow, 'audience' | 'audience_id'>): Promise<string> {
    if (row.audience === 'all') return NOTICE_AUDIENCE_LABELS.all;
    if (row.audience === 'class') return (await repo.className(row.audience_id ?? '')) ?? 'A class no longer there';
    const student = await repo.student(row.audience_id ?? '');
    return student ? `${student.name} (${student.regNo})` : 'A student no longer there';
  }

  async function items(rows: readonly StaffNoticeRow[]): Promise<NoticeListItem[]> {
    const reads = await repo.readCounts(rows);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        audience: row.audience,
        audienceId: row.audience_id,
        audienceName: await audienceName(row),
        sentBy: row.sent_by_name,
        sentAt: row.created_at,
        readCount: reads.get(`${row.kind}:${row.id}`) ?? 0,
        audienceSize: await repo.audienceSize(row.audience, row.audience_id),
      })),
    );
  }

  async function findOwn(sender: NoticeSender, kind: NoticeKind, id: string): Promise<StaffNoticeRow> {
    const row = await repo.find(kind, sender.scope, id);
    if (!row) throw new AppError('not_found', NOTICE_MESSAGES.noSuchNotice);
    return row;
  }

  return {
    async list(sender: NoticeSender, kind: NoticeKind | '', page: number): Promise<NoticeListReply> {
      const { rows, total } = await repo.list(sender.scope, kind, page, NOTICES_PAGE_SIZE);
      return { items: await items(rows), total, page, pageSize: NOTICES_PAGE_SIZE };
    },

    async audiences(sender: NoticeSender, q: string): Promise<NoticeAudiencesReply> {
      return { everyone: sender.scope === null, ...(await repo.audiences(sender.scope, q)) };
    },

    async preview(sender: NoticeSender, body: ParsedNoticeCompose): Promise<NoticePreviewReply> {
      const audience = await checkAudience(sender, body.audience, body.audienceId);
      return { text: noticeText(body.content), title: body.title, links: body.links, audienceName: audience.name, audienceSize: audience.size };
    },

    /** Stores it (audited), then pushes a notification; an audience of nobody is refused. */
    async send(sender: NoticeSender, body: ParsedNoticeCompose): Promise<NoticeSentReply> {
      const audience = await checkAudience(sender, body.audience, body.audienceId);
      if (audience.size === 0) throw new AppError('unprocessable', NOTICE_MESSAGES.emptyAudience, { issues: [{ path: 'audienceId', message: NOTICE_MESSAGES.emptyAudience }] });
      const now = clock.now();
      const row = {
        id: newObjectId(now),
        title: body.title,
        content: noticeText(body.content),
        attachments: JSON.stringify(body.links),
        audience: body.audience,
        audience_id: body.audienceId,
        created_at: now,
        sent_by: sender.staff.id,
        sent_by_name: sender.staff.name,
      };
      await db.transaction().execute(async (trx) => {
        await repo.insert(trx, body.kind, row);
        await recordAudit(
          trx,
          {
            actor: sender.staff,
            action: 'notice.send',
            entityType: body.kind,
            entityId: row.id,
            summary: `Sent the ${NOTICE_KIND_LABELS[body.kind].toLowerCase()} “${body.title}” to ${audience.name} (${audience.size} student${audience.size === 1 ? '' : 's'})`,
            after: { ...row, kind: body.kind },
          },
          now,
        );
      });
      // The import pushes notifications, not notices (the notice board is read when the student opens it).
      if (body.kind === 'notification') pushNotified(push, [row.id]);
      const [item] = await items([{ ...row, kind: body.kind }]);
      return { message: NOTICE_MESSAGES.sent(body.kind, audience.size), notice: item as NoticeListItem };
    },

    async detail(sender: NoticeSender, kind: NoticeKind, id: string): Promise<NoticeDetailReply> {
      const row = await findOwn(sender, kind, id);
      const [item] = await items([row]);
      return { notice: { ...(item as NoticeListItem), text: row.content, links: parseLinks(row.attachments) }, readers: await repo.readers(row), canWithdraw: sender.scope === null || row.sent_by === sender.staff.id };
    },

    /** Deletes it and its reads (audited with what it was); students no longer see it. */
    async withdraw(sender: NoticeSender, kind: NoticeKind, id: string): Promise<{ message: string }> {
      const row = await findOwn(sender, kind, id);
      // A teacher sees what was sent to their classes (an admin's too) but withdraws only their own.
      if (sender.scope && row.sent_by !== sender.staff.id) throw new AppError('forbidden', NOTICE_MESSAGES.notYoursToWithdraw);
      const now = clock.now();
      // Read before the transaction: SQLite has one connection, which the transaction holds.
      const to = await audienceName(row);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.remove(trx, kind, id))) throw new AppError('not_found', NOTICE_MESSAGES.noSuchNotice);
        await recordAudit(trx, { actor: sender.staff, action: 'notice.withdraw', entityType: kind, entityId: id, summary: `Withdrew the ${NOTICE_KIND_LABELS[kind].toLowerCase()} “${row.title}” (${to})`, before: row }, now);
      });
      return { message: NOTICE_MESSAGES.withdrawn };
    },
  };
}

export type StaffNoticeService = ReturnType<typeof createStaffNoticeService>;

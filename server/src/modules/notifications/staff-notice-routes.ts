import { Hono } from 'hono';
import { z } from 'zod';
import type { NoticeAudiencesReply, NoticeDetailReply, NoticeListReply, NoticePreviewReply, NoticeSentReply } from '@invigil/shared/api/staff-notices';
import { NOTICE_KINDS, NOTICE_MESSAGES, noticeAudiencesQuerySchema, noticeComposeSchema, noticesQuerySchema } from '@invigil/shared/api/staff-notices';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import { AppError } from '../../platform/lib/app-error';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { NoticeSender, StaffNoticeService } from './staff-notice-service';

export interface StaffNoticeRoutesDeps {
  staffAuth: StaffAuth;
  notices: StaffNoticeService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

const idSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);

/** Notices and notifications (shared/src/api/staff-notices.ts): admins and teachers (their classes). */
export function staffNoticeRoutes({ staffAuth, notices, scopeOf }: StaffNoticeRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  const senders = requireStaff(staffAuth, ['admin', 'teacher']);
  const senderOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<NoticeSender> => {
    const staff = c.get('staff');
    const scope = await scopeOf(staff);
    return { staff, scope: scope && { classIds: scope.classIds } };
  };
  const target = (c: { req: { param(name: string): string } }) => {
    const kind = z.enum(NOTICE_KINDS).safeParse(c.req.param('kind'));
    const id = idSchema.safeParse(c.req.param('id'));
    if (!kind.success || !id.success) throw new AppError('not_found', NOTICE_MESSAGES.noSuchNotice);
    return { kind: kind.data, id: id.data };
  };

  routes.get('/staff/notices', senders, async (c) => {
    const { kind, page } = checkedBody(noticesQuerySchema, c.req.query());
    return c.json((await notices.list(await senderOf(c), kind, page)) satisfies NoticeListReply);
  });

  routes.get('/staff/notices/audiences', senders, async (c) => {
    const { q } = checkedBody(noticeAudiencesQuerySchema, c.req.query());
    return c.json((await notices.audiences(await senderOf(c), q)) satisfies NoticeAudiencesReply);
  });

  routes.post('/staff/notices/preview', senders, validateJson(noticeComposeSchema), async (c) => c.json((await notices.preview(await senderOf(c), c.get('body'))) satisfies NoticePreviewReply));

  routes.post('/staff/notices', senders, validateJson(noticeComposeSchema), async (c) => c.json((await notices.send(await senderOf(c), c.get('body'))) satisfies NoticeSentReply, 201));

  routes.get('/staff/notices/:kind/:id', senders, async (c) => {
    const { kind, id } = target(c);
    return c.json((await notices.detail(await senderOf(c), kind, id)) satisfies NoticeDetailReply);
  });

  routes.delete('/staff/notices/:kind/:id', senders, async (c) => {
    const { kind, id } = target(c);
    return c.json(await notices.withdraw(await senderOf(c), kind, id));
  });

  return routes;
}

import { Hono } from 'hono';
import type { StaffQueryListReply, StaffQueryReply } from '@invigil/shared/api/staff-queries';
import { STAFF_QUERY_MESSAGES, staffQueriesQuerySchema, staffQueryAttachmentUrlSchema, staffQueryReplySchema, staffQueryStatusSchema } from '@invigil/shared/api/staff-queries';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import { AppError } from '../../platform/lib/app-error';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { QueryStaff, StaffQueryService } from './staff-query-service';

export interface StaffQueryRoutesDeps {
  staffAuth: StaffAuth;
  queries: StaffQueryService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

const QUERY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Queries (shared/src/api/staff-queries.ts): admins every student's, teachers their classes'. */
export function staffQueryRoutes({ staffAuth, queries, scopeOf }: StaffQueryRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  const staffOnly = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<QueryStaff> => {
    const staff = c.get('staff');
    const scope = await scopeOf(staff);
    return { staff, scope: scope && { classIds: scope.classIds } };
  };
  const idOf = (c: { req: { param(name: string): string } }) => {
    const id = c.req.param('id');
    if (!QUERY_ID.test(id)) throw new AppError('not_found', STAFF_QUERY_MESSAGES.noSuchQuery);
    return id;
  };

  routes.get('/staff/queries', staffOnly, async (c) => c.json((await queries.list(await actorOf(c), checkedBody(staffQueriesQuerySchema, c.req.query()))) satisfies StaffQueryListReply));

  routes.post('/staff/queries/attachment-url', staffOnly, validateJson(staffQueryAttachmentUrlSchema), async (c) => c.json(await queries.attachmentUrl(await actorOf(c), c.get('body').contentType)));

  routes.get('/staff/queries/:id', staffOnly, async (c) => c.json((await queries.get(await actorOf(c), idOf(c))) satisfies StaffQueryReply));

  routes.post('/staff/queries/:id/replies', staffOnly, validateJson(staffQueryReplySchema), async (c) => {
    const { reply, created } = await queries.reply(await actorOf(c), idOf(c), c.get('body'));
    return c.json(reply satisfies StaffQueryReply, created ? 201 : 200);
  });

  routes.post('/staff/queries/:id/status', staffOnly, validateJson(staffQueryStatusSchema), async (c) => c.json((await queries.setStatus(await actorOf(c), idOf(c), c.get('body').status)) satisfies StaffQueryReply));

  return routes;
}

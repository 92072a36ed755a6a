import { Hono } from 'hono';
import type { DeskReply, MarkNoticeReadReply } from '@invigil/shared/api/desk';
import { markNoticeReadRequestSchema } from '@invigil/shared/api/desk';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { requireAuth } from '../auth/auth-module';
import { validateJson } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { DeskService } from './desk-service';

export interface DeskRoutesDeps {
  auth: AuthService;
  desk: DeskService;
}

/** GET /desk (spec section 6: callable without login) and POST /notices/mark-read. */
export function deskRoutes({ auth, desk }: DeskRoutesDeps) {
  const routes = new Hono();

  routes.get('/desk', async (c) => {
    // No token: the public desk. A token that is sent must be valid (a 401 tells the portal its
    // session is over rather than quietly showing a signed-out desk).
    const token = c.req.header(ACCESS_TOKEN_HEADER);
    const user = token === undefined ? null : await auth.userForToken(token);
    return c.json((await desk.desk(user)) satisfies DeskReply);
  });

  routes.post('/notices/mark-read', requireAuth(auth), validateJson(markNoticeReadRequestSchema), async (c) =>
    c.json({ data: await desk.markNoticeRead(c.get('user'), c.get('body').id) } satisfies MarkNoticeReadReply),
  );

  return routes;
}

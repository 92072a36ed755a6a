import { Hono } from 'hono';
import type { LiveClassReply, LiveClassRoomReply } from '@invigil/shared/api/timetable';
import { liveClassIdSchema, liveClassQuerySchema, liveClassRoomQuerySchema } from '@invigil/shared/api/timetable';
import { requireAuth } from '../auth/auth-module';
import { checkedBody } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { TimetableService } from './timetable-service';

export interface TimetableRoutesDeps {
  auth: AuthService;
  timetable: TimetableService;
}

/** GET /live-class (spec section 7) and the live-class page's GET /live-class/{id}, signed in. */
export function timetableRoutes({ auth, timetable }: TimetableRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/live-class', signedIn, async (c) => {
    const { ts } = checkedBody(liveClassQuerySchema, { ts: c.req.query('ts') });
    return c.json((await timetable.week(c.get('user'), ts)) satisfies LiveClassReply);
  });

  routes.get('/live-class/:id', signedIn, async (c) => {
    const id = checkedBody(liveClassIdSchema, c.req.param('id'));
    const { date } = checkedBody(liveClassRoomQuerySchema, { date: c.req.query('date') });
    return c.json((await timetable.room(c.get('user'), id, date)) satisfies LiveClassRoomReply);
  });

  return routes;
}

import { Hono } from 'hono';
import { attendanceQuerySchema } from '@invigil/shared/api/attendance';
import type { AttendanceReply, AttendanceStatReply } from '@invigil/shared/api/attendance';
import { requireAuth } from '../auth/auth-module';
import { checkedBody } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { AttendanceService } from './attendance-service';

export interface AttendanceRoutesDeps {
  auth: AuthService;
  attendance: AttendanceService;
}

/** GET /attendances/stat and GET /attendances (spec section 7): the signed-in student's own only. */
export function attendanceRoutes({ auth, attendance }: AttendanceRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/attendances/stat', signedIn, async (c) =>
    c.json({ data: await attendance.stat(c.get('user')) } satisfies AttendanceStatReply),
  );

  routes.get('/attendances', signedIn, async (c) => {
    const query = checkedBody(attendanceQuerySchema, { startDate: c.req.query('startDate'), endDate: c.req.query('endDate') });
    return c.json((await attendance.between(c.get('user'), query)) satisfies AttendanceReply);
  });

  return routes;
}

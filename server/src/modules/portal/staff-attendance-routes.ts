import { Hono } from 'hono';
import { attendanceSaveRequestSchema, staffAttendanceQuerySchema } from '@invigil/shared/api/staff-attendance';
import type { AttendanceSaveReply, StaffAttendanceReply } from '@invigil/shared/api/staff-attendance';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { StaffAttendanceService } from './staff-attendance-service';

export interface StaffAttendanceRoutesDeps {
  staffAuth: StaffAuth;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
  attendance: StaffAttendanceService;
}

/** The attendance register (shared/src/api/staff-attendance.ts): admins every class, teachers their own. */
export function staffAttendanceRoutes({ staffAuth, scopeOf, attendance }: StaffAttendanceRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read.
  const takers = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }) => {
    const staff = c.get('staff');
    return { staff, scope: await scopeOf(staff) };
  };

  routes.get('/staff/attendance', takers, async (c) => {
    const query = checkedBody(staffAttendanceQuerySchema, c.req.query());
    return c.json((await attendance.day(await actorOf(c), query.class, query.date)) satisfies StaffAttendanceReply);
  });

  routes.put('/staff/attendance', takers, validateJson(attendanceSaveRequestSchema), async (c) =>
    c.json((await attendance.save(await actorOf(c), c.get('body'))) satisfies AttendanceSaveReply),
  );

  return routes;
}

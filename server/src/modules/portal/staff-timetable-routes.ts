import { Hono } from 'hono';
import { z } from 'zod';
import {
  calendarDay,
  scheduleCancelRequestSchema,
  scheduleCreateRequestSchema,
  scheduleUpdateRequestSchema,
  staffTimetableQuerySchema,
} from '@invigil/shared/api/staff-timetable';
import type { ScheduleReply, StaffTimetableReply } from '@invigil/shared/api/staff-timetable';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { StaffActor, StaffTimetableService } from './staff-timetable-service';

export interface StaffTimetableRoutesDeps {
  staffAuth: StaffAuth;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
  timetable: StaffTimetableService;
}

const scheduleId = z.string().trim().min(1).max(64);

/** The staff timetable (shared/src/api/staff-timetable.ts): admins every class, teachers their own. */
export function staffTimetableRoutes({ staffAuth, scopeOf, timetable }: StaffTimetableRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read.
  const editors = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<StaffActor> => {
    const staff = c.get('staff');
    return { staff, scope: await scopeOf(staff) };
  };
  const idOf = (c: { req: { param(name: string): string } }) => checkedBody(scheduleId, c.req.param('id'));

  routes.get('/staff/timetable', editors, async (c) => {
    const query = checkedBody(staffTimetableQuerySchema, c.req.query());
    return c.json((await timetable.week(await actorOf(c), query.class)) satisfies StaffTimetableReply);
  });

  routes.post('/staff/timetable/schedules', editors, validateJson(scheduleCreateRequestSchema), async (c) =>
    c.json({ schedule: await timetable.create(await actorOf(c), c.get('body')) } satisfies ScheduleReply, 201),
  );

  routes.patch('/staff/timetable/schedules/:id', editors, validateJson(scheduleUpdateRequestSchema), async (c) =>
    c.json({ schedule: await timetable.update(await actorOf(c), idOf(c), c.get('body')) } satisfies ScheduleReply),
  );

  routes.delete('/staff/timetable/schedules/:id', editors, async (c) => c.json({ deleted: await timetable.remove(await actorOf(c), idOf(c)) }));

  routes.post('/staff/timetable/schedules/:id/cancellations', editors, validateJson(scheduleCancelRequestSchema), async (c) =>
    c.json({ schedule: await timetable.cancel(await actorOf(c), idOf(c), c.get('body').date) } satisfies ScheduleReply),
  );

  routes.delete('/staff/timetable/schedules/:id/cancellations/:date', editors, async (c) =>
    c.json({ schedule: await timetable.uncancel(await actorOf(c), idOf(c), checkedBody(calendarDay, c.req.param('date'))) } satisfies ScheduleReply),
  );

  return routes;
}

import { Hono } from 'hono';
import { z } from 'zod';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { StaffAccount, StaffDirectoryReply, StaffListReply, StaffLoginReply, StaffMember } from '@invigil/shared/api/staff';
import {
  staffAssignmentsRequestSchema,
  staffCreateRequestSchema,
  staffListQuerySchema,
  staffLoginRequestSchema,
  staffPasswordResetRequestSchema,
  staffUpdateRequestSchema,
} from '@invigil/shared/api/staff';
import { clientIp } from '../../platform/http/client-ip';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth } from './staff-auth';
import { toStaffMember } from './staff-auth';
import type { StaffService } from './staff-service';
import { requireStaff } from './require-staff';

export interface StaffRoutesDeps {
  staffAuth: StaffAuth;
  staff: StaffService;
  trustProxy: boolean;
}

const idParam = z.string().min(1).max(64);

/** The staff sign-in and the admin's staff accounts (shared/api/staff.ts). */
export function staffRoutes({ staffAuth, staff, trustProxy }: StaffRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireStaff(staffAuth);
  const adminOnly = requireStaff(staffAuth, ['admin']);

  routes.post('/staff/login', validateJson(staffLoginRequestSchema), async (c) => {
    const { email, password } = c.get('body');
    return c.json((await staffAuth.login(email, password, clientIp(c, trustProxy))) satisfies StaffLoginReply);
  });

  routes.post('/staff/logout', signedIn, async (c) => {
    await staffAuth.logout(c.get('staff'), c.req.header(ACCESS_TOKEN_HEADER) ?? '');
    return c.json({ success: true, message: 'Signed out.' });
  });

  routes.get('/staff/me', signedIn, (c) => c.json({ staff: toStaffMember(c.get('staff')) } satisfies { staff: StaffMember }));

  routes.get('/staff/accounts', adminOnly, async (c) => {
    const { q, page } = checkedBody(staffListQuerySchema, c.req.query());
    return c.json((await staff.list(q, page)) satisfies StaffListReply);
  });

  routes.post('/staff/accounts', adminOnly, validateJson(staffCreateRequestSchema), async (c) =>
    c.json({ account: await staff.create(c.get('staff'), c.get('body')) } satisfies { account: StaffAccount }, 201),
  );

  routes.get('/staff/accounts/:id', adminOnly, async (c) => c.json({ account: await staff.account(checkedBody(idParam, c.req.param('id'))) } satisfies { account: StaffAccount }));

  routes.patch('/staff/accounts/:id', adminOnly, validateJson(staffUpdateRequestSchema), async (c) =>
    c.json({ account: await staff.update(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body')) } satisfies { account: StaffAccount }),
  );

  routes.post('/staff/accounts/:id/password', adminOnly, validateJson(staffPasswordResetRequestSchema), async (c) =>
    c.json({ account: await staff.resetPassword(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body').password) } satisfies { account: StaffAccount }),
  );

  routes.put('/staff/accounts/:id/assignments', adminOnly, validateJson(staffAssignmentsRequestSchema), async (c) =>
    c.json({ account: await staff.setAssignments(c.get('staff'), checkedBody(idParam, c.req.param('id')), c.get('body')) } satisfies { account: StaffAccount }),
  );

  routes.get('/staff/directory', adminOnly, async (c) => c.json((await staff.directory()) satisfies StaffDirectoryReply));

  return routes;
}

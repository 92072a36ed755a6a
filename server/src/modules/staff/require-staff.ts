import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { StaffRole } from '@invigil/shared/api/staff';
import { STAFF_MESSAGES } from '@invigil/shared/api/staff';
import { AppError } from '../../platform/lib/app-error';
import type { StaffAuth } from './staff-auth';
import { roleAllows } from './staff-auth';
import type { StaffRecord } from './staff-repository';

export interface StaffEnv {
  Variables: { staff: StaffRecord };
}

/**
 * 401 'Log in required!' unless x-access-token holds a live staff session; 403 when the account's
 * role is not among `roles` (an admin passes every check). Sets `c.get('staff')`. Runs before the
 * body is read, so a stranger's request costs no parsing.
 */
export function requireStaff(auth: StaffAuth, roles: readonly StaffRole[] = ['admin', 'teacher', 'proctor']) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const staff = await auth.staffForToken(c.req.header(ACCESS_TOKEN_HEADER));
    if (!roleAllows(staff.role, roles)) throw new AppError('forbidden', roles.length === 1 && roles[0] === 'admin' ? STAFF_MESSAGES.adminOnly : STAFF_MESSAGES.roleRequired(roles));
    c.set('staff', staff);
    await next();
  });
}

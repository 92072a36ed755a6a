import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { StaffAuth, StaffRecord } from '../staff/staff-module';

export interface ProctorEnv {
  Variables: { proctor: StaffRecord };
}

/**
 * 401 'Log in required!' unless x-access-token holds a staff session (issue 28: the console is
 * part of the staff side; what each person may watch is their assigned tests); sets `c.get('proctor')`.
 */
export function requireProctor(auth: StaffAuth) {
  return createMiddleware<ProctorEnv>(async (c, next) => {
    c.set('proctor', await auth.staffForToken(c.req.header(ACCESS_TOKEN_HEADER)));
    await next();
  });
}

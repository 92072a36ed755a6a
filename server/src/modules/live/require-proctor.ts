import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { ProctorRecord } from './proctor-console-repository';
import type { ProctorConsoleAuth } from './proctor-console-auth';

export interface ProctorEnv {
  Variables: { proctor: ProctorRecord };
}

/** 401 'Log in required!' unless x-access-token holds a proctor's session token; sets `c.get('proctor')`. */
export function requireProctor(auth: ProctorConsoleAuth) {
  return createMiddleware<ProctorEnv>(async (c, next) => {
    c.set('proctor', await auth.proctorForToken(c.req.header(ACCESS_TOKEN_HEADER)));
    await next();
  });
}

import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { UserRecord } from './user-repository';
import type { AuthService } from './auth-service';

export interface AuthEnv {
  Variables: { user: UserRecord };
}

/**
 * 401 'Log in required!' unless the x-access-token header holds a valid token; sets `c.get('user')`.
 * A user already set for this request (requirePage, mounted in front) is the same check's result.
 */
export function requireAuth(auth: AuthService) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    if (c.get('user') === undefined) c.set('user', await auth.userForToken(c.req.header(ACCESS_TOKEN_HEADER)));
    await next();
  });
}

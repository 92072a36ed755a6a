import { Hono } from 'hono';
import {
  AUTH_MESSAGES,
  changePasswordRequestSchema,
  loginRequestSchema,
  verifyOtpRequestSchema,
} from '@invigil/shared/api/auth';
import type { ChangePasswordReply, LoginReply, LogoutReply, UserReply } from '@invigil/shared/api/auth';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { clientIp } from '../../platform/http/client-ip';
import { requireAuth } from './require-auth';
import { validateJson } from '../../platform/http/validate-json';
import type { AuthService } from './auth-service';
import { tokenAvatar } from './avatar-link';

export interface AuthRoutesDeps {
  auth: AuthService;
  trustProxy: boolean;
  /** The avatar as a link the browser can show (a stored one is signed for this reply). */
  avatarUrl?: (avatar: string | null) => string | null;
}

/** POST /login, POST /verifyOTP, GET /user, POST /changePassword (spec section 7), POST /logout. */
export function authRoutes({ auth, trustProxy, avatarUrl = tokenAvatar }: AuthRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.post('/login', validateJson(loginRequestSchema), async (c) => {
    const reply = await auth.login(c.get('body'), clientIp(c, trustProxy));
    return c.json(reply satisfies LoginReply);
  });

  routes.post('/verifyOTP', validateJson(verifyOtpRequestSchema), async (c) => {
    const reply = await auth.verifyOtp(c.get('body'), clientIp(c, trustProxy));
    return c.json(reply satisfies LoginReply);
  });

  routes.get('/user', signedIn, (c) => {
    const { id, name, phone, email, meritpoints, avatar, config } = c.get('user');
    return c.json({ user: { id, name, phone, email, meritpoints, avatar: avatarUrl(avatar), config } } satisfies UserReply);
  });

  // Authenticate before reading the body: no token, no validation messages.
  routes.post('/changePassword', signedIn, validateJson(changePasswordRequestSchema), async (c) => {
    const token = await auth.changePassword(c.get('user'), c.get('body'), clientIp(c, trustProxy));
    return c.json({ message: AUTH_MESSAGES.passwordUpdated, token } satisfies ChangePasswordReply);
  });

  // The token stops working on every server process; the body, if any, is not read.
  routes.post('/logout', signedIn, async (c) => {
    await auth.logout(c.get('user'), c.req.header(ACCESS_TOKEN_HEADER) ?? '');
    return c.json({ message: AUTH_MESSAGES.signedOut } satisfies LogoutReply);
  });

  return routes;
}

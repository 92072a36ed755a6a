import { Hono } from 'hono';
import type { Context, Handler } from 'hono';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import {
  PROFILE_MESSAGES,
  REQUIRES_RECENT_LOGIN,
  presignAvatarRequestSchema,
  saveAvatarRequestSchema,
  updateEmailRequestSchema,
  updateNameRequestSchema,
  updateOtherRequestSchema,
  updatePasswordRequestSchema,
} from '@invigil/shared/api/profile';
import type {
  PresignAvatarReply,
  ProfileReply,
  RecentLoginError,
  SaveAvatarReply,
  UpdatePasswordReply,
  UpdateReply,
} from '@invigil/shared/api/profile';
import { AppError } from '../../platform/lib/app-error';
import { clientIp } from '../../platform/http/client-ip';
import { requireAuth } from '../auth/auth-module';
import { validateJsonOrForm } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { ProfileService } from './profile-service';
import { signedPutHandler } from '../../platform/http/signed-put';

export interface ProfileRoutesDeps {
  auth: AuthService;
  profile: ProfileService;
  trustProxy: boolean;
}

const updated = { message: PROFILE_MESSAGES.updated } satisfies UpdateReply;

/** 403 with the code the portal answers by asking the student to log in again. */
const requiresRecentLogin = (c: Context) =>
  c.json({ message: PROFILE_MESSAGES.requiresRecentLogin, code: REQUIRES_RECENT_LOGIN } satisfies RecentLoginError, 403);

/**
 * GET /user/profile, POST /update/basic/{name|email|password}, POST /update/other,
 * POST /presignAvatar, POST /saveAvatar (spec section 7). A student sees and changes only their own.
 */
export function profileRoutes({ auth, profile, trustProxy }: ProfileRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/user/profile', signedIn, async (c) => c.json({ data: await profile.profile(c.get('user')) } satisfies ProfileReply));

  routes.post('/update/basic/name', signedIn, validateJsonOrForm(updateNameRequestSchema), async (c) => {
    await profile.updateName(c.get('user'), c.get('body'));
    return c.json(updated);
  });

  // The recent-login check comes after validation (a form's mistakes are shown first) and before
  // the current password is tried, so an old token learns nothing about the password.
  routes.post('/update/basic/email', signedIn, validateJsonOrForm(updateEmailRequestSchema), async (c) => {
    if (!profile.isRecentLogin(c.req.header(ACCESS_TOKEN_HEADER))) return requiresRecentLogin(c);
    await profile.updateEmail(c.get('user'), c.get('body'));
    return c.json(updated);
  });

  routes.post('/update/basic/password', signedIn, validateJsonOrForm(updatePasswordRequestSchema), async (c) => {
    if (!profile.isRecentLogin(c.req.header(ACCESS_TOKEN_HEADER))) return requiresRecentLogin(c);
    const token = await profile.updatePassword(c.get('user'), c.get('body'), clientIp(c, trustProxy));
    return c.json({ ...updated, token } satisfies UpdatePasswordReply);
  });

  // Any other field (the three above answer first).
  routes.post('/update/basic/:field', signedIn, () => {
    throw new AppError('not_found', PROFILE_MESSAGES.unknownField);
  });

  routes.post('/update/other', signedIn, validateJsonOrForm(updateOtherRequestSchema), async (c) => {
    await profile.updateOther(c.get('user'), c.get('body'));
    return c.json(updated);
  });

  routes.post('/presignAvatar', signedIn, validateJsonOrForm(presignAvatarRequestSchema), async (c) =>
    c.json((await profile.presignAvatar(c.get('user'), c.get('body').contentType)) satisfies PresignAvatarReply),
  );

  routes.post('/saveAvatar', signedIn, validateJsonOrForm(saveAvatarRequestSchema), async (c) =>
    c.json((await profile.saveAvatar(c.get('user'), c.get('body').fileName)) satisfies SaveAvatarReply),
  );

  return routes;
}

/** PUT /blobs/avatar/{file}?e&s: the avatar's signed URL; no access token (the signature is the permission). */
export function avatarPutHandler(profile: ProfileService): Handler {
  return signedPutHandler(PROFILE_MESSAGES.avatarNotImage, (file, signature, contentType, body) => profile.receiveAvatar(file, signature, contentType, body));
}

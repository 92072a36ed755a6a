import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import type { MenuKey } from '@invigil/shared/domain/menu-flags';
import { isPageOff, MENU_KEYS, pageOffMessage } from '@invigil/shared/domain/menu-flags';
import { AppError } from '../../platform/lib/app-error';
import type { UserRecord } from './user-repository';
import type { AuthService } from './auth-service';
import type { AuthEnv } from './require-auth';

/**
 * 403 with the page's message when the user's config turns that menu page off (decision 0003:
 * an explicit false). The config is the user's record as stored now (an institute may change it
 * after the token was issued), not the token's claim.
 */
export function refuseIfPageOff(user: Pick<UserRecord, 'config'>, key: MenuKey): void {
  if (isPageOff(user.config, key)) throw new AppError('forbidden', pageOffMessage(key));
}

/**
 * Signs the caller in (401 first: who is asking, before anything else) and refuses a page that is
 * turned off. Sets `c.get('user')`, which the route's own requireAuth then reuses.
 */
export function requirePage(auth: AuthService, key: MenuKey, { signedOut = 'refuse' }: { signedOut?: 'refuse' | 'allow' } = {}) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = c.req.header(ACCESS_TOKEN_HEADER);
    // A call the spec allows signed out (GET /desk) has no config to check without a token.
    if (token === undefined && signedOut === 'allow') return next();
    const user = c.get('user') ?? (await auth.userForToken(token));
    c.set('user', user);
    refuseIfPageOff(user, key);
    await next();
  });
}

type Method = 'GET' | 'POST';
/** A call of a page: its method, its path, and whether it answers signed out (then only a token is checked). */
type PageCall = readonly [Method, string] | readonly [Method, string, 'signed-out-allowed'];

/**
 * The API calls that serve one menu page only, by page (paths under /api, as the route modules
 * declare them). Calls a page shares with others are checked where their data decides the page:
 * study items by their type (study-service), a payment's order by its purpose (payment-routes),
 * the certificate pay page by its student (certificate-service). Sign-in, the notifications, the
 * live channel and the test-taking calls (instructions, start, the test itself, its uploads and
 * proctoring, and the profile the identity check reads its photo from) are never refused: a test
 * under way keeps working whatever the menu shows.
 */
export const PAGE_CALLS: Readonly<Partial<Record<MenuKey, readonly PageCall[]>>> = {
  [MENU_KEYS.desk]: [
    ['GET', '/desk', 'signed-out-allowed'],
    ['POST', '/notices/mark-read'],
    // The to-do and bookmark widgets live on the desk only (a bookmark's notes page stays open).
    ['GET', '/todo/list'],
    ['POST', '/todo/save'],
    ['POST', '/todo/delete'],
    ['POST', '/todo/update'],
    ['GET', '/bookmark/list'],
    ['POST', '/bookmark/delete'],
  ],
  [MENU_KEYS.timetable]: [
    ['GET', '/live-class'],
    ['GET', '/live-class/:id'],
  ],
  [MENU_KEYS.assessment]: [
    // The Assessment page's lists and a test's detail page; not the instructions, start or test itself.
    ['GET', '/test/list'],
    ['GET', '/test/mock-tests'],
    ['GET', '/test/get/:id'],
  ],
  [MENU_KEYS.result]: [
    ['GET', '/test/myresults'],
    ['GET', '/test/out/:id'],
    ['GET', '/test/out/:id/ranking'],
  ],
  [MENU_KEYS.marksheet]: [
    ['GET', '/marksheets'],
    ['GET', '/marksheets/:id'],
  ],
  [MENU_KEYS.attendance]: [
    ['GET', '/attendances'],
    ['GET', '/attendances/stat'],
  ],
  [MENU_KEYS.myFee]: [
    ['GET', '/fee-list'],
    ['GET', '/payment-methods'],
    ['GET', '/uploaded-receipts/:id'],
    ['POST', '/upload-receipt'],
    ['POST', '/save-receipt'],
    ['POST', '/fee/:id/pay-online'],
  ],
  [MENU_KEYS.certificate]: [
    ['GET', '/certificate-request-types'],
    ['GET', '/certificate-requests'],
  ],
  [MENU_KEYS.profile]: [
    // GET /user/profile stays open: a test's identity check reads the profile photo from it.
    ['POST', '/update/basic/:field'],
    ['POST', '/update/other'],
    ['POST', '/presignAvatar'],
    ['POST', '/saveAvatar'],
  ],
  [MENU_KEYS.query]: [
    ['GET', '/query-types'],
    ['GET', '/subjects'],
    ['POST', '/queries-attachment-url'],
    ['POST', '/submit-query'],
    ['GET', '/queries'],
    ['GET', '/query/:id'],
    ['POST', '/query/:id'],
  ],
};

/** Puts requirePage in front of every call of PAGE_CALLS. Mount before the routes (Hono runs handlers in the order they were added). */
export function guardPages(api: Hono, auth: AuthService): void {
  for (const [key, calls] of Object.entries(PAGE_CALLS) as [MenuKey, readonly PageCall[]][]) {
    const guard = requirePage(auth, key);
    const openGuard = requirePage(auth, key, { signedOut: 'allow' });
    for (const [method, path, signedOut] of calls) api.on(method, path, signedOut ? openGuard : guard);
  }
}

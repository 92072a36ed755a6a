import { matchRoute } from 'wouter';
import { parse as parsePattern } from 'regexparam';
import type { UserConfig } from '@invigil/shared/api/auth';
import { isPageOff, MENU_KEYS, STUDY_TYPE_PAGES, type MenuKey } from '@invigil/shared/domain/menu-flags';
import { STUDY_TYPES } from '@invigil/shared/api/study-messages';
import { studyQuery } from '../features/study/study-route';
import { NOT_FOUND, ROUTES, type RouteMeta } from './route-table';

export const LOGIN_TO_CONTINUE = 'Please log in to continue!';

/** The route a path belongs to (first match in table order), or the not-found route. */
export function routeFor(pathname: string, routes: readonly RouteMeta[] = ROUTES): RouteMeta {
  return routes.find((route) => matchRoute(parsePattern, route.path, pathname)[0]) ?? NOT_FOUND;
}

/**
 * The calls a route's `data` names, for a visit of `pathname`: `:name` filled from the path (as
 * the screens encode them) and the `?query` split off.
 */
export function earlyCallsFor(route: RouteMeta, pathname: string): { path: string; query: Record<string, string> }[] {
  const [, params] = matchRoute(parsePattern, route.path, pathname);
  if (!params) return [];
  return (route.data ?? []).map((call) => {
    const [path = '', search = ''] = call.split('?');
    const filled = path.replace(/:(\w+)/g, (_whole, name: string) => {
      const raw = (params as Record<string, string | undefined>)[name] ?? '';
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // a malformed escape: sent as it came
      }
      return encodeURIComponent(value);
    });
    return { path: filled, query: Object.fromEntries(new URLSearchParams(search)) };
  });
}

/** Where an unauthenticated visit goes: the login page with the full target as nextUrl. */
export function loginRedirectFor(fullPath: string): string {
  return `/auth/login?nextUrl=${encodeURIComponent(fullPath)}`;
}

/** Does this visit need a login the visitor does not have? */
export function needsLogin(route: RouteMeta, loggedIn: boolean): boolean {
  return !route.skipAuth && !loggedIn;
}

/**
 * May the student go from one path to another? While a test runs, leaving a test-in route for
 * another route is cancelled (query changes on the same route stay allowed).
 */
export function mayLeave(fromPath: string, toPath: string, testRunning: boolean): boolean {
  if (!testRunning) return true;
  const from = routeFor(fromPath);
  if (!from.testIn) return true;
  return toPath.split(/[?#]/)[0] === fromPath;
}

/**
 * The menu page this visit shows that the user's config turns off, or null (decision 0003). The
 * study screen's page is its type's (Homework, Video Lecture...); with every type (All Type) it is
 * off only when all four are.
 */
export function turnedOffPage(route: RouteMeta, pathname: string, search: string, config: UserConfig | null | undefined): MenuKey | null {
  if (!route.page) return null;
  if (route.page !== 'study') return isPageOff(config, route.page) ? route.page : null;
  const { type } = studyQuery(search, pathname);
  if (type) return isPageOff(config, STUDY_TYPE_PAGES[type]) ? STUDY_TYPE_PAGES[type] : null;
  return STUDY_TYPES.every((each) => isPageOff(config, STUDY_TYPE_PAGES[each])) ? MENU_KEYS.studyMaterial : null;
}

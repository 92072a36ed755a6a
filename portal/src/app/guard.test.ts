import { describe, expect, it } from 'vitest';
import { MENU_PAGES } from '@invigil/shared/domain/menu-flags';
import { earlyCallsFor, loginRedirectFor, mayLeave, needsLogin, routeFor, turnedOffPage } from './guard';

describe('routeFor', () => {
  it('finds the route and its title', () => {
    expect(routeFor('/').title).toBe('Institute Management System');
    expect(routeFor('/test/abc/in').testIn).toBe(true);
    expect(routeFor('/test/abc').testIn).toBeUndefined();
    expect(routeFor('/test-submitted').skipAuth).toBe(true);
    expect(routeFor('/nowhere/at/all').title).toBe('Page not found');
  });
});

describe('needsLogin', () => {
  it('lets anyone see the skip-auth routes', () => {
    for (const path of ['/auth', '/auth/login', '/test-submitted', '/']) {
      expect(needsLogin(routeFor(path), false)).toBe(false);
    }
  });
  it('asks for a login everywhere else', () => {
    for (const path of ['/test', '/profile', '/password/change', '/test/1/review']) {
      expect(needsLogin(routeFor(path), false)).toBe(true);
      expect(needsLogin(routeFor(path), true)).toBe(false);
    }
  });
  it('keeps the full target in nextUrl', () => {
    expect(loginRedirectFor('/test/42/instruction?resume=true')).toBe('/auth/login?nextUrl=%2Ftest%2F42%2Finstruction%3Fresume%3Dtrue');
  });
});

describe('mayLeave', () => {
  it('blocks leaving a test-in route while a test runs', () => {
    expect(mayLeave('/test/1/in', '/test', true)).toBe(false);
    expect(mayLeave('/test/1/test-in-partwise', '/', true)).toBe(false);
  });
  it('allows staying on the route and leaving once the test is over', () => {
    expect(mayLeave('/test/1/in', '/test/1/in?qi=3', true)).toBe(true);
    expect(mayLeave('/test/1/in', '/test-submitted', false)).toBe(true);
    expect(mayLeave('/test', '/profile', true)).toBe(true);
  });
});

describe('earlyCallsFor: the GETs a route starts at the app start', () => {
  it('fills the path parameters and splits the query', () => {
    expect(earlyCallsFor(routeFor('/test/abc-1/result'), '/test/abc-1/result')).toEqual([{ path: '/test/out/abc-1', query: {} }]);
    expect(earlyCallsFor(routeFor('/test-results'), '/test-results')).toEqual([{ path: '/test/myresults', query: { page: '1' } }]);
    expect(earlyCallsFor(routeFor('/notes/Physics/Laws%20of%20Motion/ch%201'), '/notes/Physics/Laws%20of%20Motion/ch%201')).toEqual([{ path: '/notes/ch%201', query: {} }]);
  });
  it('none for a route without data, and none for the test itself (its clock is anchored when its reply arrives)', () => {
    expect(earlyCallsFor(routeFor('/auth/login'), '/auth/login')).toEqual([]);
    expect(earlyCallsFor(routeFor('/test/abc/in'), '/test/abc/in')).toEqual([]);
  });
});

describe('turnedOffPage', () => {
  const off = (pathAndSearch: string, config: Record<string, boolean | number | string>) => {
    const [pathname = '', search = ''] = pathAndSearch.split('?');
    return turnedOffPage(routeFor(pathname), pathname, search, config);
  };
  const ROHAN = { ALLOW_CHANGE_PASSWORD: true, MY_FEE: false, CERTIFICATE: false, VIDEO_LECTURE: false, DESK: false };

  it('names the menu page a visit shows when the config turns it off (its explicit false only)', () => {
    expect(off('/fee-list', ROHAN)).toBe('MY_FEE');
    expect(off('/certificate-request', ROHAN)).toBe('CERTIFICATE');
    expect(off('/dashboard/desk', ROHAN)).toBe('DESK');
    expect(off('/video-lecture', ROHAN)).toBe('VIDEO_LECTURE');
    expect(off('/study/demo-physics?type=video-lecture', ROHAN)).toBe('VIDEO_LECTURE');
    expect(off('/queries/abc', { QUERY: '0' })).toBe('QUERY');
    expect(off('/fee-list', {})).toBeNull();
    expect(off('/fee-list', { MY_FEE: true, ASSESSMENT: 'yes' })).toBeNull();
    expect(off('/timetable', ROHAN)).toBeNull();
    expect(off('/', ROHAN)).toBeNull();
    expect(off('/test/abc/in', { ASSESSMENT: false, RESULT: false })).toBeNull();
  });

  it('every menu entry\'s own address is turned off by its own key', () => {
    for (const entry of MENU_PAGES) expect([entry.href, off(entry.href, { [entry.key]: false })]).toEqual([entry.href, entry.key]);
  });

  it('the study screen with every type is off only when all four types are', () => {
    expect(off('/study', ROHAN)).toBeNull();
    expect(off('/study?type=all', { STUDY_MATERIAL: false, HOMEWORK: false, ASSIGNMENT: false, VIDEO_LECTURE: false })).toBe('STUDY_MATERIAL');
    expect(off('/study?type=material', { STUDY_MATERIAL: 'false' })).toBe('STUDY_MATERIAL');
  });
});

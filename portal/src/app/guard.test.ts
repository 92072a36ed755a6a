import { describe, expect, it } from 'vitest';
import { loginRedirectFor, mayLeave, needsLogin, routeFor } from './guard';

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

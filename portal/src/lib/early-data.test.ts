import { describe, expect, it } from 'vitest';
import { earlyCallKey, plannedCalls } from './early-data';
import { earlyCallsFor, routeFor } from '../app/guard';
import { ROUTES } from '../app/route-table';

describe("the page's early calls", () => {
  it("fill a route's calls from the path exactly as the app's own first calls do", () => {
    const visits = ['/desk', '/notes/Physics/Laws%20of%20Motion/demo-laws', '/notes/a%2Fb/c/id%20x', '/test/demo-mcq/result', '/test-results', '/queries/q1/', '/marksheet/term%2F1'];
    for (const pathname of visits) {
      const route = routeFor(pathname);
      const expected = earlyCallsFor(route, pathname).map((call) => earlyCallKey(call.path, call.query));
      expect(expected.length, pathname).toBeGreaterThan(0);
      const planned = plannedCalls({ pattern: route.path, calls: route.data ?? [] }, pathname);
      expect(planned?.map((call) => earlyCallKey(call.path, call.query)), pathname).toEqual(expected);
    }
  });

  it('ask nothing for a path that does not fit the pattern', () => {
    expect(plannedCalls({ pattern: '/test/:id/result', calls: ['/test/out/:id'] }, '/test/x/review')).toBeNull();
    expect(plannedCalls({ pattern: '/test/:id/result', calls: ['/test/out/:id'] }, '/test//result')).toBeNull();
  });

  it('key a call by its path and its query in name order', () => {
    expect(earlyCallKey('/test/myresults', { page: '1', b: 2 })).toBe('/test/myresults?b=2&page=1');
    expect(earlyCallKey('/desk')).toBe('/desk');
    expect(ROUTES.some((route) => (route.data ?? []).some((call) => call.includes('?')))).toBe(true);
  });
});

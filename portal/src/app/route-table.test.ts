import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRouteTable } from '../../../scripts/route-preloads-vite-plugin';
import { ROUTES } from './route-table';

describe('the route table as the build reads it (module preloads per route)', () => {
  it('finds every route with the module of its screen', () => {
    const parsed = parseRouteTable(readFileSync(join(__dirname, 'route-table.ts'), 'utf8'));
    expect(parsed.map((route) => route.path)).toEqual(ROUTES.map((route) => route.path));
    expect(parsed.find((route) => route.path === '/desk')?.module).toBe('../features/desk/desk-page');
    expect(parsed.find((route) => route.path === '/fee-list')?.module).toBe('../features/fees/fee-list-page');
  });

  it("reads each route's first GETs as the table names them, for the page's early-data script", () => {
    const parsed = parseRouteTable(readFileSync(join(__dirname, 'route-table.ts'), 'utf8'));
    for (const route of ROUTES) expect(parsed.find((entry) => entry.path === route.path)?.data ?? [], route.path).toEqual(route.data ?? []);
    expect(parsed.find((route) => route.path === '/desk')?.data).toEqual(['/desk', '/attendances/stat', '/live-class']);
  });

  it('loads the test page while the instructions show, one screen for both test-in routes', () => {
    const screenOf = (path: string) => ROUTES.find((route) => route.path === path)?.screen;
    expect(screenOf('/test/:id/in')).toBe(screenOf('/test/:id/test-in-partwise'));
    for (const path of ['/test/:id/instruction', '/chapter-test/:ids/instruction']) {
      expect(ROUTES.find((route) => route.path === path)?.next, path).toEqual([screenOf('/test/:id/in')]);
    }
  });
});

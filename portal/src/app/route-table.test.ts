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
});

import { describe, expect, it } from 'vitest';
import { routeId } from './route-id';

describe('routeId', () => {
  it('reads and decodes the id of the first matching pattern', () => {
    expect(routeId('/test/demo-1/result', ['/test/:id/result'])).toBe('demo-1');
    expect(routeId('/test/a%20b/review', ['/test/:id/review'])).toBe('a b');
    expect(routeId('/test/x/dashboard', ['/test/:id', '/test/:id/dashboard'])).toBe('x');
    expect(routeId('/test/x', ['/test/:id', '/test/:id/dashboard'])).toBe('x');
  });
  it('gives an empty id when nothing matches, and keeps a malformed escape as it is', () => {
    expect(routeId('/marksheet', ['/marksheet/:id'])).toBe('');
    expect(routeId('/marksheet/%E0%A4', ['/marksheet/:id'])).toBe('%E0%A4');
  });
});

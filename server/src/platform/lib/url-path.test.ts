import { describe, expect, it } from 'vitest';
import { safePathSegments } from './url-path';

describe('safePathSegments', () => {
  it('decodes the segments of a path and drops empty ones', () => {
    expect(safePathSegments('/a%20b//c.pdf')).toEqual(['a b', 'c.pdf']);
    expect(safePathSegments('/')).toEqual([]);
  });
  it('refuses what could climb out or is malformed', () => {
    for (const path of ['/../x', '/a/%2e%2e/b', '/./x', '/a%5Cb', '/a%00b', '/%E0%A4%A']) expect(safePathSegments(path), path).toBeUndefined();
  });
});

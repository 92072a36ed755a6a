import { describe, expect, it } from 'vitest';
import { patternToRegExp } from './portal-index';

describe('patternToRegExp', () => {
  it('matches whole paths with :name segments, a trailing slash allowed', () => {
    const pattern = patternToRegExp('/test/:id/in');
    expect(['/test/abc/in', '/test/abc/in/', '/TEST/abc/in'].map((path) => pattern.test(path))).toEqual([true, true, true]);
    expect(['/test/abc', '/test/a/b/in', '/test/abc/in/x'].map((path) => pattern.test(path))).toEqual([false, false, false]);
  });

  it("takes a last '*?' as the rest of the path or nothing, and '*' as the rest", () => {
    const optional = patternToRegExp('/staff/*?');
    expect(['/staff', '/staff/', '/staff/bank/12', '/staff/login'].map((path) => optional.test(path))).toEqual([true, true, true, true]);
    expect(['/staffer', '/stafff/x', '/desk'].map((path) => optional.test(path))).toEqual([false, false, false]);
    const rest = patternToRegExp('/files/*');
    expect(['/files/a', '/files/a/b', '/files'].map((path) => rest.test(path))).toEqual([true, true, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { safeNextUrl } from './safe-next-url';

describe('safeNextUrl', () => {
  it('keeps a path with its query', () => {
    expect(safeNextUrl('/test?x=1')).toBe('/test?x=1');
  });
  it('refuses other origins and protocol-relative urls', () => {
    expect(safeNextUrl('https://evil.example/')).toBe('/');
    expect(safeNextUrl('//evil.example/')).toBe('/');
    expect(safeNextUrl('/\\evil.example')).toBe('/');
  });
  it('falls back to home when missing or pointing back at sign-in', () => {
    expect(safeNextUrl(null)).toBe('/');
    expect(safeNextUrl('')).toBe('/');
    expect(safeNextUrl('/auth/login')).toBe('/');
  });
});

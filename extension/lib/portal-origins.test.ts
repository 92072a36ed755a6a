import { describe, expect, it } from 'vitest';

import { DEFAULT_PORTAL_ORIGINS, resolvePortalOrigins } from './portal-origins';

describe('resolvePortalOrigins', () => {
  it('uses the local portal when unset or blank', () => {
    const local = ['http://127.0.0.1:8080', 'http://localhost:8080'];
    expect(resolvePortalOrigins(undefined)).toEqual(local);
    expect(resolvePortalOrigins('')).toEqual(local);
    expect(resolvePortalOrigins('  ')).toEqual(local);
    expect(resolvePortalOrigins(DEFAULT_PORTAL_ORIGINS)).toEqual(local);
  });

  it('normalises the configured origins and keeps only origins', () => {
    expect(resolvePortalOrigins(' https://Exam.Example.edu/ , https://exam.example.edu:443,ftp://x.org, nonsense')).toEqual([
      'https://exam.example.edu',
    ]);
    expect(resolvePortalOrigins('https://a.example:8443,http://127.0.0.1:18080')).toEqual([
      'https://a.example:8443',
      'http://127.0.0.1:18080',
    ]);
  });

  it('trusts nothing rather than the default when the value holds no origin', () => {
    expect(resolvePortalOrigins('not-an-origin')).toEqual([]);
  });
});

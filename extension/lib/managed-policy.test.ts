import { describe, expect, it } from 'vitest';

import { checkPolicyOrigin, MAX_POLICY_ORIGINS, originsNeedingBridge, patternCovers, readTrust, trustFromPolicy } from './managed-policy';

const BUILT_IN = ['http://127.0.0.1:8080', 'http://localhost:8080'];

describe('checkPolicyOrigin', () => {
  it('accepts exact https origins and loopback http, normalised', () => {
    expect(checkPolicyOrigin('https://exam.example.edu')).toEqual({ origin: 'https://exam.example.edu' });
    expect(checkPolicyOrigin(' https://Exam.Example.edu:443/ ')).toEqual({ origin: 'https://exam.example.edu' });
    expect(checkPolicyOrigin('https://exam.example.edu:8443')).toEqual({ origin: 'https://exam.example.edu:8443' });
    expect(checkPolicyOrigin('http://127.0.0.1:18080')).toEqual({ origin: 'http://127.0.0.1:18080' });
    expect(checkPolicyOrigin('http://localhost:8080')).toEqual({ origin: 'http://localhost:8080' });
  });

  it('refuses anything wider or vaguer than one origin', () => {
    const refused = [
      ['http://exam.example.edu', 'plain http is allowed only for 127.0.0.1 and localhost'],
      ['https://*.example.edu', 'wildcards are not allowed: name each origin exactly'],
      ['*', 'wildcards are not allowed: name each origin exactly'],
      ['https://exam.example.edu/portal', 'an origin has no path, query or fragment'],
      ['https://exam.example.edu/?a=1', 'an origin has no path, query or fragment'],
      ['https://exam.example.edu/#x', 'an origin has no path, query or fragment'],
      ['https://user:pw@exam.example.edu', 'an origin has no user name or password'],
      ['exam.example.edu', 'not an origin (scheme, host and port, e.g. https://exam.example.edu)'],
      ['ftp://exam.example.edu', 'only https origins are allowed'],
      ['', 'not an origin (scheme, host and port, e.g. https://exam.example.edu)'],
    ] as const;
    for (const [value, reason] of refused) expect(checkPolicyOrigin(value), value).toEqual({ reason });
    expect(checkPolicyOrigin(42)).toEqual({ reason: 'not text' });
  });
});

describe('trustFromPolicy', () => {
  it('keeps the built-in origins when no policy names PortalOrigins', () => {
    expect(trustFromPolicy(null, BUILT_IN)).toEqual({ origins: BUILT_IN, source: 'built-in', rejected: [], support: null });
    expect(trustFromPolicy({}, BUILT_IN)).toMatchObject({ origins: BUILT_IN, source: 'built-in' });
    expect(trustFromPolicy({ SupportContact: 'IT desk' }, BUILT_IN)).toMatchObject({ origins: BUILT_IN, source: 'built-in', support: 'IT desk' });
  });

  it('replaces them with the policy origins, ignoring and listing invalid entries', () => {
    const trust = trustFromPolicy(
      { PortalOrigins: ['https://exam.example.edu', 'http://exam.example.edu', 'https://EXAM.example.edu/', 7], SupportContact: '  IT desk,\n room 12  ' },
      BUILT_IN,
    );
    expect(trust).toEqual({
      origins: ['https://exam.example.edu'],
      source: 'policy',
      rejected: [
        { value: 'http://exam.example.edu', reason: 'plain http is allowed only for 127.0.0.1 and localhost' },
        { value: '7', reason: 'not text' },
      ],
      support: 'IT desk, room 12',
    });
  });

  it('trusts nothing, not the built-in list, when every policy entry is invalid', () => {
    expect(trustFromPolicy({ PortalOrigins: ['https://*.example.edu'] }, BUILT_IN)).toMatchObject({ origins: [], source: 'policy' });
    expect(trustFromPolicy({ PortalOrigins: [] }, BUILT_IN)).toMatchObject({ origins: [], source: 'policy', rejected: [] });
    expect(trustFromPolicy({ PortalOrigins: 'https://exam.example.edu' }, BUILT_IN)).toEqual({
      origins: [],
      source: 'policy',
      rejected: [{ value: 'https://exam.example.edu', reason: 'PortalOrigins must be a list' }],
      support: null,
    });
  });

  it('reads at most the first entries', () => {
    const many = Array.from({ length: MAX_POLICY_ORIGINS + 2 }, (_, i) => `https://exam${i}.example.edu`);
    const trust = trustFromPolicy({ PortalOrigins: many }, BUILT_IN);
    expect(trust.origins).toHaveLength(MAX_POLICY_ORIGINS);
    expect(trust.rejected).toHaveLength(2);
  });
});

describe('readTrust', () => {
  it('reads the managed area, and takes a failing one as no policy', async () => {
    const area = { get: () => Promise.resolve({ PortalOrigins: ['https://exam.example.edu'] }) };
    expect(await readTrust(area, BUILT_IN)).toMatchObject({ origins: ['https://exam.example.edu'], source: 'policy' });
    const broken = { get: () => Promise.reject(new Error('Managed storage is not available')) };
    expect(await readTrust(broken, BUILT_IN)).toMatchObject({ origins: BUILT_IN, source: 'built-in' });
    expect(await readTrust(undefined, BUILT_IN)).toMatchObject({ origins: BUILT_IN, source: 'built-in' });
  });
});

describe('the bridge on policy origins', () => {
  it('knows which origins the static content script covers', () => {
    expect(patternCovers('http://127.0.0.1/*', 'http://127.0.0.1:18080')).toBe(true);
    expect(patternCovers('http://127.0.0.1/*', 'https://127.0.0.1')).toBe(false);
    expect(patternCovers('https://exam.example.edu/*', 'https://exam.example.edu')).toBe(true);
    expect(patternCovers('https://exam.example.edu:8443/*', 'https://exam.example.edu:8443')).toBe(true);
    expect(patternCovers('https://exam.example.edu:8443/*', 'https://exam.example.edu')).toBe(false);
    expect(patternCovers('https://exam.example.edu/*', 'https://other.example.edu')).toBe(false);
  });

  it('registers the bridge only where the static script does not run and access was granted', () => {
    const trust = trustFromPolicy({ PortalOrigins: ['http://127.0.0.1:18080', 'https://exam.example.edu', 'https://exam2.example.edu'] }, BUILT_IN);
    const granted = (origin: string) => origin === 'https://exam.example.edu';
    expect(originsNeedingBridge(trust, ['http://127.0.0.1/*', 'http://localhost/*'], granted)).toEqual({
      register: ['https://exam.example.edu'],
      missing: ['https://exam2.example.edu'],
    });
  });
});

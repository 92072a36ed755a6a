import { describe, expect, it } from 'vitest';

import { parseOriginList } from '@invigil/shared/protocol/pairing';

import { DEFAULT_PORTAL_ORIGINS as DEFAULT_IN_CODE, resolvePortalOrigins } from '../lib/portal-origins';
import { readFileSync } from 'node:fs';

import { POLICY_ORIGINS_KEY, POLICY_SUPPORT_KEY } from '../lib/managed-policy';
import { DEFAULT_PORTAL_ORIGINS, MANAGED_SCHEMA_FILE, contentMatchPatterns, resolveOrigins, withContentMatches, withManagedSchema } from './match-patterns.mjs';

describe('build helpers', () => {
  it('share the default allow-list with the extension code', () => {
    expect(DEFAULT_PORTAL_ORIGINS).toBe(DEFAULT_IN_CODE);
  });

  it('resolve the allow-list exactly as the extension code does', () => {
    const samples = [
      undefined,
      '',
      'http://127.0.0.1:18080',
      ' https://Exam.Example.edu/ ,https://exam.example.edu:443, ftp://x.org,junk,http://LOCALHOST:80',
      'https://a.example:8443/path?q=1,http://[::1]:8080',
      'nothing-valid',
    ];
    for (const raw of samples) {
      expect(resolveOrigins(raw)).toEqual(resolvePortalOrigins(raw));
      if (raw) expect(resolveOrigins(raw)).toEqual(parseOriginList(raw));
    }
  });

  it('match loopback hosts on any port and other origins exactly', () => {
    expect(contentMatchPatterns(resolveOrigins(undefined))).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(contentMatchPatterns(['http://127.0.0.1:18080'])).toEqual(['http://127.0.0.1/*']);
    expect(contentMatchPatterns(['https://exam.example.edu', 'https://exam.example.edu:8443', 'http://localhost:3000'])).toEqual([
      'https://exam.example.edu/*',
      'https://exam.example.edu:8443/*',
      'http://localhost/*',
    ]);
  });

  it('set the matches of every content script in the built manifest', () => {
    const manifest = { name: 'x', content_scripts: [{ matches: ['<all_urls>'], js: ['bridge.js'] }] };
    expect(withContentMatches(manifest, ['https://a.example/*'])).toEqual({
      name: 'x',
      content_scripts: [{ matches: ['https://a.example/*'], js: ['bridge.js'] }],
    });
    expect(() => withContentMatches({ name: 'x' }, [])).toThrow(/content_scripts/);
  });

  it('name the managed-storage schema, which declares exactly the settings the extension reads', () => {
    expect(withManagedSchema({ name: 'x' })).toEqual({ name: 'x', storage: { managed_schema: 'managed-schema.json' } });
    const schema = JSON.parse(readFileSync(new URL(`../${MANAGED_SCHEMA_FILE}`, import.meta.url), 'utf8')) as {
      type: string;
      properties: Record<string, { type: string; items?: { type: string } }>;
    };
    // Chrome's rules: an object at the top, no additionalProperties there, one type per schema.
    expect(schema.type).toBe('object');
    expect(Object.keys(schema)).not.toContain('additionalProperties');
    expect(Object.keys(schema.properties).sort()).toEqual([POLICY_ORIGINS_KEY, POLICY_SUPPORT_KEY].sort());
    expect(schema.properties[POLICY_ORIGINS_KEY]).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(schema.properties[POLICY_SUPPORT_KEY]).toMatchObject({ type: 'string' });
  });
});

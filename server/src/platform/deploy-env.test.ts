import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from './config';

/** deploy/env.example documents every variable config.ts reads, so an operator never has to read the code. */
describe('deploy/env.example', () => {
  it('names every environment variable the server reads', () => {
    const root = findRepoRoot();
    const source = readFileSync(join(root, 'server', 'src', 'platform', 'config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1] as string));
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET', 'S3_REGION', 'S3_CORS_ORIGINS']) read.add(name);
    expect(read.size).toBeGreaterThan(30);
    const example = readFileSync(join(root, 'deploy', 'env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] as string));
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});

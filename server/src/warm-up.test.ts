import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot, loadConfig } from './platform/config';
import { systemClock } from './platform/lib/clock';
import { warmUp } from './warm-up';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function config() {
  const dataDir = mkdtempSync(join(tmpdir(), 'invigil-warm-up-test-'));
  dirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'warm-up-test-secret-warm-up-test-secret-01234' }, findRepoRoot());
}

describe('warmUp', () => {
  it('runs every round of start, sync and ping, and leaves no file and no database behind', async () => {
    // Its own temporary root: other tests (and the process test's warm-up) share the system's.
    const tmpRoot = mkdtempSync(join(tmpdir(), 'invigil-warm-up-test-root-'));
    dirs.push(tmpRoot);
    const config_ = config();
    const result = await warmUp({ rounds: 12, config: config_, clock: systemClock, tmpRoot });
    expect(result.rounds).toBe(12);
    expect(readdirSync(tmpRoot)).toEqual([]);
    // The real DATA_DIR is not written: no database file, no stored files.
    expect(readdirSync(config_.dataDir).filter((name) => name.startsWith('invigil'))).toEqual([]);
  });

  it('stops between rounds when asked (the process is shutting down)', async () => {
    let asked = 0;
    const result = await warmUp({ rounds: 50, config: config(), clock: systemClock, stop: () => ++asked > 3 });
    expect(result.rounds).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { livenessReplySchema, readinessReplySchema } from '@invigil/shared/api/common';
import { buildApp } from '../../app';
import { useTestApp } from '../../test-support/test-app';

const makeApp = useTestApp();

describe('GET /api/health/live and /api/health/ready', () => {
  it('liveness asks nothing; readiness is 200 with every check ok', async () => {
    const t = await makeApp();
    const live = await t.get('/api/health/live');
    expect(live.status).toBe(200);
    expect(livenessReplySchema.parse(await live.json()).pid).toBe(process.pid);
    const ready = await t.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(readinessReplySchema.parse(await ready.json())).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('readiness is 503 naming what is not ready: a migration not applied, a dependency down', async () => {
    const t = await makeApp();
    await t.db.kysely.deleteFrom('kysely_migration' as never).where('name' as never, '=', '0014-create-job-locks' as never).execute();
    const app = buildApp({ db: t.db, config: t.config, clock: t.clock, logger: t.logger, readiness: { redis: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')), s3: () => Promise.resolve() } });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(readinessReplySchema.parse(await ready.json())).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'not applied: 0014-create-job-locks (run npm run migrate)', redis: 'connect ECONNREFUSED 127.0.0.1:6379', s3: 'ok' },
    });
    // Liveness does not depend on them: the process is fine, do not restart it.
    expect((await app.request('/api/health/live')).status).toBe(200);
  });

  it('logs a change of readiness once, not every poll (a balancer asks while the process warms up)', async () => {
    const t = await makeApp();
    const warnings: unknown[][] = [];
    const infos: unknown[][] = [];
    const logger = { ...t.logger, warn: (...args: unknown[]) => void warnings.push(args), info: (...args: unknown[]) => void infos.push(args) };
    let warming = true;
    const app = buildApp({ db: t.db, config: t.config, clock: t.clock, logger, readiness: { warmUp: () => (warming ? Promise.reject(new Error('warming up')) : Promise.resolve()) } });
    for (let i = 0; i < 5; i += 1) expect((await app.request('/api/health/ready')).status).toBe(503);
    expect(warnings).toEqual([['Not ready:', JSON.stringify({ database: 'ok', migrations: 'ok', warmUp: 'warming up' })]]);
    warming = false;
    for (let i = 0; i < 3; i += 1) expect((await app.request('/api/health/ready')).status).toBe(200);
    expect(infos).toEqual([['Ready again.']]);
    expect(warnings).toHaveLength(1);
  });
});

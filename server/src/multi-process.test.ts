import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { App } from './app';
import { useTestApp } from './test-support/test-app';

/**
 * Issue 14: server processes are stateless. Two apps (as two processes behind nginx, with no
 * sticky sessions) share one database; what one of them is told, the other knows.
 */
const makeApp = useTestApp();

async function twoProcesses(overrides: Parameters<typeof makeApp>[0] = {}) {
  const t = await makeApp(overrides);
  const b = buildApp({ db: t.db, config: t.config, clock: t.clock, logger: t.logger });
  const post = (app: App, path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...headers }, body: JSON.stringify(body) });
  return { t, a: t.app, b, post };
}

describe('two server processes on one database', () => {
  it('a token from one is good on the other, and logging out on one ends it on both', async () => {
    const { t, a, b, post } = await twoProcesses();
    const token = await t.token('student@example.edu');
    expect((await b.request('/api/user', { headers: { 'x-access-token': token } })).status).toBe(200);
    expect((await post(a, '/api/logout', {}, { 'x-access-token': token })).status).toBe(200);
    expect((await b.request('/api/user', { headers: { 'x-access-token': token } })).status).toBe(401);
  });

  it("a proctor's logout on one ends the console session on the other", async () => {
    const { a, b, post } = await twoProcesses();
    const login = await post(a, '/api/proctor/login', { email: 'proctor@example.edu', password: 'demo1234' });
    const token = ((await login.json()) as { token: string }).token;
    expect((await b.request('/api/proctor/tests', { headers: { 'x-access-token': token } })).status).toBe(200);
    expect((await post(b, '/api/proctor/logout', {}, { 'x-access-token': token })).status).toBe(200);
    expect((await a.request('/api/proctor/tests', { headers: { 'x-access-token': token } })).status).toBe(401);
  });

  it('failed sign-ins count across processes: the limit holds with requests alternating between them', async () => {
    const { a, b, post } = await twoProcesses({ loginMaxFailures: 4 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(i % 2 === 0 ? a : b, '/api/login', { phone: 'student@example.edu', password: 'wrong-password' });
      statuses.push(response.status);
    }
    // Four failures, two on each process, and the fifth is refused: one counter, not one per process.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await post(a, '/api/login', { phone: 'student@example.edu', password: 'demo1234' })).status).toBe(429);
  });
});

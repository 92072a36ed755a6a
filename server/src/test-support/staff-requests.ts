import { expect } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@invigil/shared/api/http';
import { DEMO_PASSWORD } from '../seed/demo-seed';
import type { TestApp } from './test-app';

// The staff routes' tests: sign in as a staff account, send as it, read a reply of a status.

/** A staff account's session token (the demo staff share DEMO_PASSWORD). */
export async function staffToken(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await t.postJson('/api/staff/login', { email, password });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A request with the token; an object body is sent as JSON, a string as it is (a malformed body). */
export const sendAs = (t: TestApp, method: string, path: string, token: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: { [ACCESS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

/** The reply's JSON after checking its status (the body in the failure message). */
export async function jsonOf<T = unknown>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

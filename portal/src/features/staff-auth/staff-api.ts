import { ACCESS_TOKEN_HEADER, API_PREFIX } from '@invigil/shared/api/http';
import { ofetch } from 'ofetch';
import * as z from 'zod/mini';
import { ApiError, LOGIN_REQUIRED_MESSAGE, toApiError } from '../../lib/api-client';
import { endStaffSession, staffSession, toStaffSession, type StaffSession } from './staff-session';

const client = ofetch.create({ baseURL: API_PREFIX, retry: 0 });

export interface StaffCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown>;
  query?: Record<string, string | number>;
  signal?: AbortSignal;
  /** The sign-in itself goes without a token. */
  auth?: boolean;
}

/**
 * A staff call with the staff token (never the student's), its reply checked against `schema`.
 * A 401 ends the staff session: the staff screens' guard then sends the visitor to sign in again,
 * with the page they were on as `next`.
 */
export async function staffCall<S extends z.ZodMiniType>(schema: S, path: string, options: StaffCallOptions = {}): Promise<z.infer<S>> {
  const auth = options.auth !== false;
  const token = staffSession.value?.token;
  if (auth && !token) {
    endStaffSession();
    throw new ApiError(LOGIN_REQUIRED_MESSAGE, 401);
  }
  let data: unknown;
  try {
    data = await client(path, {
      method: options.method ?? 'GET',
      body: options.body,
      query: options.query,
      signal: options.signal,
      headers: auth && token ? { [ACCESS_TOKEN_HEADER]: token } : {},
    });
  } catch (error) {
    throw toApiError(error, auth ? endStaffSession : undefined);
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) throw new ApiError('Something went wrong!', null);
  return parsed.data;
}

/** POST /staff/login -> the session (every role; the console's own /proctor/login is not used any more). */
export async function staffLogin(email: string, password: string): Promise<StaffSession> {
  const session = toStaffSession(await staffCall(z.unknown(), '/staff/login', { method: 'POST', body: { email, password }, auth: false }));
  if (!session) throw new ApiError('Something went wrong!', null);
  return session;
}

/** Sign out: POST /staff/logout (the server refuses this token from now on), and the session ends here at once, whatever the reply. */
export function staffSignOut(): void {
  const token = staffSession.value?.token;
  endStaffSession();
  if (token) void client('/staff/logout', { method: 'POST', body: {}, headers: { [ACCESS_TOKEN_HEADER]: token } }).catch(() => undefined);
}

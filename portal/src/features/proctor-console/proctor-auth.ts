import { proctorSchema, type Proctor } from '@invigil/shared/api/live';
import { signal } from '@preact/signals-react';
import * as z from 'zod/mini';
import { storage } from '../../lib/storage';

/**
 * The proctor's session: its own storage key, never the student's (a student's token does not open
 * the console, and a proctor's is never read as a student login).
 */
export const PROCTOR_SESSION_KEY = 'invigil_proctor_session';

export interface ProctorSession {
  token: string;
  proctor: Proctor;
}

const storedSchema = z.object({ token: z.string().check(z.minLength(1)), proctor: proctorSchema });

/** The token's exp (seconds), read without trusting it: the server checks the signature. */
function expiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (json as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function read(): ProctorSession | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage.get(PROCTOR_SESSION_KEY) ?? 'null'));
    if (!parsed.success) return null;
    const exp = expiresAt(parsed.data.token);
    return exp !== null && exp <= Date.now() ? null : parsed.data;
  } catch {
    return null;
  }
}

export const proctorSession = signal<ProctorSession | null>(read());

export function startProctorSession(next: ProctorSession): void {
  storage.set(PROCTOR_SESSION_KEY, JSON.stringify(next));
  proctorSession.value = next;
}

export function endProctorSession(): void {
  storage.remove(PROCTOR_SESSION_KEY);
  proctorSession.value = null;
}

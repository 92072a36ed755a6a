import type { StaffMember, StaffRole } from '@invigil/shared/api/staff';
import { signal } from '@preact/signals-react';
import * as z from 'zod/mini';
import { storage } from '../../lib/storage';

/**
 * The staff session (issue 28): one storage key for every staff role, never the student's (a
 * student's token does not open a staff screen, and a staff token is never read as a student login).
 * The proctor console reads it too: a proctor is a staff member with the proctor role.
 */
export const STAFF_SESSION_KEY = 'invigil_staff_session';
/**
 * Where the console kept its own session before issue 28 (`{token, proctor}`, POST /proctor/login's
 * reply): read when there is no staff session, and copied under STAFF_SESSION_KEY, so a proctor
 * signed in before the update stays so (and scripts that store a console session still work). The
 * portal never writes it; signing out removes it.
 */
export const LEGACY_PROCTOR_SESSION_KEY = 'invigil_proctor_session';

export interface StaffSession {
  token: string;
  staff: StaffMember;
}

const ROLES = ['admin', 'teacher', 'proctor'] as const satisfies readonly StaffRole[];
const id = z.string().check(z.minLength(1), z.maxLength(64));
const token = z.string().check(z.minLength(1));
const memberSchema = z.object({ id, name: z.string(), email: z.string(), role: z.enum(ROLES) });
/** POST /staff/login's reply (shared/api/staff.ts staffLoginReplySchema) and what the session stores. */
const staffReplySchema = z.object({ token, staff: memberSchema });
/** POST /proctor/login's reply (shared/api/live.ts), the console's sign-in before issue 28. */
const proctorReplySchema = z.object({ token, proctor: z.object({ id, name: z.string(), email: z.string() }) });

/** A sign-in reply (or a stored session) as a staff session: `{token, staff}`, or a proctor's `{token, proctor}`; null for anything else. */
export function toStaffSession(reply: unknown): StaffSession | null {
  const staff = z.safeParse(staffReplySchema, reply);
  if (staff.success) return { token: staff.data.token, staff: staff.data.staff };
  const proctor = z.safeParse(proctorReplySchema, reply);
  if (proctor.success) return { token: proctor.data.token, staff: { ...proctor.data.proctor, role: 'proctor' } };
  return null;
}

/** The token's exp (ms), read without trusting it: the server checks the signature. */
export function tokenExpiresAt(value: string): number | null {
  try {
    const payload = value.split('.')[1] ?? '';
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (json as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function parseStored(raw: string | null, now: number): StaffSession | null {
  try {
    const session = toStaffSession(JSON.parse(raw ?? 'null'));
    if (!session) return null;
    const exp = tokenExpiresAt(session.token);
    return exp !== null && exp <= now ? null : session;
  } catch {
    return null;
  }
}

/** The stored session, or null (none, unreadable or expired); an older console session is copied under the staff key. */
export function readStaffSession(now = Date.now()): StaffSession | null {
  const current = storage.get(STAFF_SESSION_KEY);
  if (current !== null) return parseStored(current, now);
  const session = parseStored(storage.get(LEGACY_PROCTOR_SESSION_KEY), now);
  if (session) storage.set(STAFF_SESSION_KEY, JSON.stringify(session));
  return session;
}

export const staffSession = signal<StaffSession | null>(readStaffSession());

export function startStaffSession(next: StaffSession): void {
  storage.set(STAFF_SESSION_KEY, JSON.stringify(next));
  staffSession.value = next;
}

export function endStaffSession(): void {
  storage.remove(STAFF_SESSION_KEY);
  storage.remove(LEGACY_PROCTOR_SESSION_KEY);
  staffSession.value = null;
}

/** Another tab signed in or out: this one follows. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STAFF_SESSION_KEY || event.key === null) staffSession.value = readStaffSession();
  });
}

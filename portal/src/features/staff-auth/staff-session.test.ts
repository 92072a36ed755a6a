import { beforeEach, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});

const { LEGACY_PROCTOR_SESSION_KEY, STAFF_SESSION_KEY, endStaffSession, readStaffSession, startStaffSession, staffSession, toStaffSession } = await import('./staff-session');
const { afterSignIn, landingFor, roleAllows, roleRequiredMessage } = await import('./staff-roles');

/** A JWT-shaped token whose payload holds `exp` (seconds); the signature is not read here. */
function tokenWith(exp: number): string {
  const payload = btoa(JSON.stringify({ id: 's1', role: 'admin', exp })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`;
}
const NOW = Date.UTC(2026, 10, 27, 12);
const LIVE = tokenWith(NOW / 1000 + 3600);
const EXPIRED = tokenWith(NOW / 1000 - 1);
const ADMIN = { id: 's1', name: 'Asha Admin', email: 'admin@example.edu', role: 'admin' as const };

beforeEach(() => {
  store.clear();
  staffSession.value = null;
});

describe('the staff session', () => {
  it('takes POST /staff/login\'s reply and the console\'s older {token, proctor} reply', () => {
    expect(toStaffSession({ token: LIVE, staff: ADMIN })).toEqual({ token: LIVE, staff: ADMIN });
    expect(toStaffSession({ token: LIVE, proctor: { id: 'p1', name: 'Priya', email: 'proctor@example.edu' } })).toEqual({
      token: LIVE,
      staff: { id: 'p1', name: 'Priya', email: 'proctor@example.edu', role: 'proctor' },
    });
  });

  it('refuses replies that are not a session', () => {
    expect(toStaffSession(null)).toBeNull();
    expect(toStaffSession({ token: '', staff: ADMIN })).toBeNull();
    expect(toStaffSession({ token: LIVE, staff: { ...ADMIN, role: 'student' } })).toBeNull();
    expect(toStaffSession({ token: LIVE })).toBeNull();
  });

  it('is kept under one key, and ended: the key removed and the signal cleared', () => {
    startStaffSession({ token: LIVE, staff: ADMIN });
    expect(JSON.parse(store.get(STAFF_SESSION_KEY) ?? 'null')).toEqual({ token: LIVE, staff: ADMIN });
    expect(readStaffSession(NOW)).toEqual({ token: LIVE, staff: ADMIN });
    expect(staffSession.value?.staff.role).toBe('admin');
    endStaffSession();
    expect(store.has(STAFF_SESSION_KEY)).toBe(false);
    expect(staffSession.value).toBeNull();
    expect(readStaffSession(NOW)).toBeNull();
  });

  it('is not read once its token has expired, nor when the stored text is not a session', () => {
    store.set(STAFF_SESSION_KEY, JSON.stringify({ token: EXPIRED, staff: ADMIN }));
    expect(readStaffSession(NOW)).toBeNull();
    store.set(STAFF_SESSION_KEY, '{not json');
    expect(readStaffSession(NOW)).toBeNull();
    store.set(STAFF_SESSION_KEY, JSON.stringify({ jwt: LIVE }));
    expect(readStaffSession(NOW)).toBeNull();
  });

  it("copies the console's older session under the staff key; signing out removes both", () => {
    store.set(LEGACY_PROCTOR_SESSION_KEY, JSON.stringify({ token: LIVE, proctor: { id: 'p1', name: 'Priya', email: 'proctor@example.edu' } }));
    expect(readStaffSession(NOW)?.staff).toEqual({ id: 'p1', name: 'Priya', email: 'proctor@example.edu', role: 'proctor' });
    expect(JSON.parse(store.get(STAFF_SESSION_KEY) ?? 'null')).toMatchObject({ token: LIVE, staff: { role: 'proctor' } });
    endStaffSession();
    expect(store.has(STAFF_SESSION_KEY)).toBe(false);
    expect(store.has(LEGACY_PROCTOR_SESSION_KEY)).toBe(false);
    expect(readStaffSession(NOW)).toBeNull();
  });

  it('never reads an expired older session, and the staff key wins over the older one', () => {
    store.set(LEGACY_PROCTOR_SESSION_KEY, JSON.stringify({ token: EXPIRED, proctor: { id: 'p1', name: 'Priya', email: 'p@example.edu' } }));
    expect(readStaffSession(NOW)).toBeNull();
    expect(store.has(STAFF_SESSION_KEY)).toBe(false);
    store.set(STAFF_SESSION_KEY, JSON.stringify({ token: LIVE, staff: ADMIN }));
    store.set(LEGACY_PROCTOR_SESSION_KEY, JSON.stringify({ token: LIVE, proctor: { id: 'p1', name: 'Priya', email: 'p@example.edu' } }));
    expect(readStaffSession(NOW)?.staff.role).toBe('admin');
  });
});

describe('where a staff member goes after signing in', () => {
  it('lands a proctor at the console and admins and teachers at Staff Home', () => {
    expect(landingFor('proctor')).toBe('/proctor');
    expect(afterSignIn('admin', null)).toBe('/staff');
    expect(afterSignIn('teacher', '')).toBe('/staff');
    expect(afterSignIn('proctor', null)).toBe('/proctor');
  });

  it('follows a next path of the staff area or the console', () => {
    expect(afterSignIn('admin', '/staff/accounts')).toBe('/staff/accounts');
    expect(afterSignIn('admin', '/staff/accounts?q=asha&page=2')).toBe('/staff/accounts?q=asha&page=2');
    expect(afterSignIn('proctor', '/proctor/test/demo-mcq')).toBe('/proctor/test/demo-mcq');
  });

  it('ignores a next path elsewhere: another site, a student page, the sign-in pages', () => {
    for (const next of ['https://evil.example/staff', '//evil.example/staff', '/\\evil.example', '/desk', '/staffroom', '/staff/../desk', '/staff/login', '/proctor/login?next=/staff', '/staff//x', 'staff']) {
      expect(afterSignIn('admin', next), next).toBe('/staff');
    }
  });
});

describe('roles', () => {
  it('lets an admin open everything and the others what names their role', () => {
    expect(roleAllows('admin', ['teacher'])).toBe(true);
    expect(roleAllows('teacher', ['teacher', 'proctor'])).toBe(true);
    expect(roleAllows('proctor', ['admin'])).toBe(false);
  });

  it('names the roles a screen needs', () => {
    expect(roleRequiredMessage(['admin'])).toBe('This needs the Admin role.');
    expect(roleRequiredMessage(['admin', 'teacher'])).toBe('This needs the Admin or Teacher role.');
  });
});

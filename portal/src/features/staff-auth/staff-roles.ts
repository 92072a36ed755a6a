import type { StaffRole } from '@invigil/shared/api/staff';

/**
 * The roles as the screens name them (shared/api/staff.ts STAFF_ROLE_LABELS; that module carries
 * the server's zod schemas, so the portal takes only its types and keeps these few words here).
 */
export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', teacher: 'Teacher', proctor: 'Proctor' };
export const ROLES: readonly StaffRole[] = ['admin', 'teacher', 'proctor'];

/** What an account with `role` may open when it needs one of `roles`: an admin may open everything (as the server's roleAllows). */
export function roleAllows(role: StaffRole, roles: readonly StaffRole[]): boolean {
  return role === 'admin' || roles.includes(role);
}

/** The message of a screen the role may not open (shared STAFF_MESSAGES.roleRequired). */
export function roleRequiredMessage(roles: readonly StaffRole[]): string {
  return `This needs the ${roles.map((role) => ROLE_LABELS[role]).join(' or ')} role.`;
}

/** Where a role lands after signing in: a proctor at the live console, everyone else at Staff Home. */
export function landingFor(role: StaffRole): string {
  return role === 'proctor' ? '/proctor' : '/staff';
}

const STAFF_PATH = /^\/(?:staff|proctor)(?:\/[A-Za-z0-9_-]+)*\/?(?:\?[A-Za-z0-9=&%._+-]*)?$/;

/**
 * The page to open after signing in: `next` when it is a path of the staff area or the console
 * (never another site, a student page, or a sign-in page again), else the role's landing page.
 */
export function afterSignIn(role: StaffRole, next: string | null | undefined): string {
  if (!next || !STAFF_PATH.test(next)) return landingFor(role);
  const path = next.split('?')[0] ?? '';
  if (/^\/(?:staff|proctor)\/login\/?$/.test(path)) return landingFor(role);
  return next;
}

/** The staff sign-in with the page to come back to. */
export function staffLoginHref(next: string): string {
  return `/staff/login?next=${encodeURIComponent(next)}`;
}

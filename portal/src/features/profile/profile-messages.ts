import { PROFILE_MESSAGES, REQUIRES_RECENT_LOGIN } from '@invigil/shared/api/profile-messages';
import { ApiError } from '../../lib/api-client';

/** Did the server ask for a fresh sign-in (403, code auth/requires-recent-login)? */
export function needsRecentLogin(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return false;
  return (error.data as { code?: unknown }).code === REQUIRES_RECENT_LOGIN;
}

/** Spec section 8: other errors show their message, or 'Something went wrong!'. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : PROFILE_MESSAGES.fallback;
}

/** The message of the field the server refused, if it named one. */
export function fieldIssue(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return null;
  const issues = (error.data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return null;
  const found = issues.find((issue: unknown) => typeof issue === 'object' && issue !== null && (issue as { path?: unknown }).path === field) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? found.message : null;
}

/** 'Rs 499.00' (spec section 9: amounts in Rs with 2 decimals). */
export function formatRupees(amount: number): string {
  return `Rs ${amount.toFixed(2)}`;
}

/** Spec: the e-mail shows 'NA' when empty (the phone and class likewise). */
export const orNA = (value: string | null | undefined): string => (value && value.trim() ? value : 'NA');

import type { TokenClaims, UserConfig } from '@invigil/shared/api/auth';

/**
 * Reads the claims of a session token without verifying it (the server verifies on every call).
 * Returns null for anything that is not a well-formed token with the spec's claims.
 */
export function readClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

function isClaims(value: unknown): value is TokenClaims {
  if (!value || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.id === 'string' &&
    typeof claims.name === 'string' &&
    typeof claims.email === 'string' &&
    typeof claims.exp === 'number' &&
    typeof claims.config === 'object' &&
    claims.config !== null
  );
}

/** A token whose exp has passed counts as logged out (spec section 4). */
export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, nowMs: number = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}

/** Config flags are written by institutes by hand: true, 'true', 1 and '1' all mean on. */
export function isFlagOn(config: UserConfig | null | undefined, key: string): boolean {
  const value = config?.[key];
  return value === true || value === 1 || value === 'true' || value === '1';
}

/** An explicit false ('false', 0) switches a default-on thing off (one definition with the server's page check). */
export { isFlagOff } from '@invigil/shared/domain/menu-flags';

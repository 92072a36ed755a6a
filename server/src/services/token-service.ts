import { sign, verify } from 'hono/jwt';
import { tokenClaimsSchema } from '@invigil/shared/api/auth';
import type { TokenClaims } from '@invigil/shared/api/auth';
import type { Clock } from '../lib/clock';
import type { UserRecord } from '../repositories/user-repository';

const ALG = 'HS256';
/**
 * Tokens may carry an iat a little ahead of the clock (see `issuedAtFor`); a bound only as a
 * sanity check, since only this server can sign them.
 */
const MAX_IAT_AHEAD_SECONDS = 5 * 60;

/**
 * Which tokens a password change ends. A token is valid only if `iat * 1000 >= password_changed_at`,
 * and password_changed_at is always a whole second. JWT iat has a resolution of one second, so a
 * change moves password_changed_at past the iat of every token issued so far (the next whole
 * second, or one more if that is already taken), and tokens issued afterwards get an iat of at
 * least that second: a token issued in the same second as the change is dated up to a second or
 * two ahead, and every older one, even from the same second, stops working.
 */
export function issuedAtFor(user: Pick<UserRecord, 'passwordChangedAt'>, nowMs: number): number {
  return Math.max(Math.floor(nowMs / 1000), Math.ceil(user.passwordChangedAt / 1000));
}

/** The password_changed_at of a change made at `nowMs`: after the iat of every token issued so far. */
export function passwordChangedAtFor(user: Pick<UserRecord, 'passwordChangedAt'>, nowMs: number): number {
  return (issuedAtFor(user, nowMs) + 1) * 1000;
}

/** The password_changed_at of a new account (a whole second). */
export function initialPasswordChangedAt(nowMs: number): number {
  return Math.floor(nowMs / 1000) * 1000;
}

export function createTokenService(secret: string, ttlSeconds: number, clock: Clock) {
  return {
    async issue(user: UserRecord): Promise<string> {
      const iat = issuedAtFor(user, clock.now());
      const claims: TokenClaims = {
        id: user.id,
        name: user.name,
        email: user.email,
        meritpoints: user.meritpoints,
        avatar: user.avatar,
        config: user.config,
        exp: iat + ttlSeconds,
        iat,
      };
      return sign(claims, secret, ALG);
    },

    /** The claims of a genuine, unexpired token; null for anything else (never throws). */
    async verify(token: string): Promise<TokenClaims | null> {
      let payload: unknown;
      try {
        // Time checks are done below against the injected clock, not Date.now().
        payload = await verify(token, secret, { alg: ALG, exp: false, nbf: false, iat: false });
      } catch {
        return null;
      }
      const parsed = tokenClaimsSchema.safeParse(payload);
      if (!parsed.success || parsed.data.iat === undefined) return null;
      const nowSeconds = Math.floor(clock.now() / 1000);
      if (parsed.data.exp <= nowSeconds || parsed.data.iat > nowSeconds + MAX_IAT_AHEAD_SECONDS) return null;
      return parsed.data;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

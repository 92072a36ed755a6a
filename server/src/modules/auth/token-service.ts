import { createHmac, timingSafeEqual } from 'node:crypto';
import { sign } from 'hono/jwt';
import { tokenClaimsSchema } from '@invigil/shared/api/auth';
import type { TokenClaims } from '@invigil/shared/api/auth';
import type { Clock } from '../../platform/lib/clock';
import type { UserRecord } from './user-repository';
import { tokenAvatar } from './avatar-link';

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

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SIGNATURE = /^[A-Za-z0-9_-]+={0,2}$/;

function decodePart(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** The header `sign` writes: HS256, typ JWT (or none), nothing critical. */
function isOurHeader(header: unknown): boolean {
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return false;
  const { alg, typ } = header as { alg?: unknown; typ?: unknown };
  const typOk = typ === undefined || (typeof typ === 'string' && typ.toLowerCase().replace(/^application\//, '') === 'jwt');
  return alg === ALG && typOk && !('crit' in header);
}

/**
 * The payload of an HS256 JWT signed with `secret`, or null. Synchronous HMAC (node:crypto): every
 * signed-in request checks a token, and WebCrypto's import-key-then-verify costs several times more.
 * The signature is checked before any part is parsed.
 */
function verifyHs256(token: string, secret: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const actual = Buffer.from(signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    return isOurHeader(decodePart(header)) ? decodePart(payload) : null;
  } catch {
    return null;
  }
}

/** Genuine tokens remembered per process (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 16_384;

export function createTokenService(secret: string, ttlSeconds: number, clock: Clock) {
  const verified = new Map<string, Readonly<TokenClaims>>();
  return {
    async issue(user: UserRecord): Promise<string> {
      const iat = issuedAtFor(user, clock.now());
      const claims: TokenClaims = {
        id: user.id,
        name: user.name,
        email: user.email,
        meritpoints: user.meritpoints,
        avatar: tokenAvatar(user.avatar),
        config: user.config,
        exp: iat + ttlSeconds,
        iat,
      };
      return sign(claims, secret, ALG);
    },

    /**
     * The claims of a genuine, unexpired token; null for anything else (never throws). A student
     * sends the same token with every sync, so genuine tokens are remembered (by their exact text,
     * least recently used dropped first) and only the clock is checked again.
     */
    verify(token: string): Readonly<TokenClaims> | null {
      let claims = verified.get(token);
      if (claims) {
        verified.delete(token);
      } else {
        const payload = verifyHs256(token, secret);
        if (payload === null) return null;
        const parsed = tokenClaimsSchema.safeParse(payload);
        if (!parsed.success || parsed.data.iat === undefined) return null;
        claims = parsed.data;
      }
      // Time checks against the injected clock, not Date.now(), on every use.
      const nowSeconds = Math.floor(clock.now() / 1000);
      if (claims.exp <= nowSeconds || (claims.iat ?? 0) > nowSeconds + MAX_IAT_AHEAD_SECONDS) return null;
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../platform/lib/clock';

/**
 * Proctor tokens (decision 0011): what the portal hands the paired extension so it can report
 * events and snapshots of one attempt by itself. `pt1.<payload>.<signature>`, the payload
 * base64url JSON `{a: attempt id, u: user id, t: test id, exp: ms}`, the signature an HMAC-SHA256
 * under a key derived from the server secret for this purpose only. So a proctor token is never a
 * session token (not a JWT, another key: `userForToken` refuses it) and a session token is never
 * a proctor token; and it names one attempt, checked again against the database on every use.
 */
const PREFIX = 'pt1';
const PART = /^[A-Za-z0-9_-]+$/;

const payloadSchema = z.strictObject({
  a: z.string().min(1).max(64),
  u: z.string().min(1).max(64),
  t: z.string().min(1).max(64),
  exp: z.number().int().positive(),
});

export interface ProctorTokenClaims {
  attemptId: string;
  userId: string;
  testId: string;
  /** ms since the epoch, server clock. */
  expiresAt: number;
}

export function createProctorTokens(secret: string, clock: Clock) {
  const key = createHmac('sha256', secret).update('invigil-proctor-token-v1').digest();
  const sign = (payload: string): Buffer => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest();

  return {
    issue(claims: ProctorTokenClaims): string {
      const payload = Buffer.from(JSON.stringify({ a: claims.attemptId, u: claims.userId, t: claims.testId, exp: claims.expiresAt })).toString('base64url');
      return `${PREFIX}.${payload}.${sign(payload).toString('base64url')}`;
    },

    /** The claims of a genuine, unexpired proctor token; null for anything else (never throws). */
    verify(token: string | undefined): ProctorTokenClaims | null {
      if (!token || token.length > 1024) return null;
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== PREFIX) return null;
      const [, payload, signature] = parts as [string, string, string];
      if (!PART.test(payload) || !PART.test(signature)) return null;
      const actual = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      let parsed: z.infer<typeof payloadSchema>;
      try {
        const result = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        if (!result.success) return null;
        parsed = result.data;
      } catch {
        return null;
      }
      // Like the deadline's grace: still good at exactly `exp`.
      if (parsed.exp < clock.now()) return null;
      return { attemptId: parsed.a, userId: parsed.u, testId: parsed.t, expiresAt: parsed.exp };
    },
  };
}

export type ProctorTokens = ReturnType<typeof createProctorTokens>;

import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sign } from 'hono/jwt';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@invigil/shared/api/auth';
import type { StaffLoginReply, StaffMember, StaffRole } from '@invigil/shared/api/staff';
import { STAFF_MESSAGES, staffRoleSchema } from '@invigil/shared/api/staff';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { dummyPasswordHash, verifyPassword } from '../../platform/lib/password';
import type { EndedSessionRepository, LoginLimiter, Subject } from '../auth/auth-module';
import type { StaffRecord, StaffRepository } from './staff-repository';

export interface StaffAuthDeps {
  accounts: StaffRepository;
  /** Sign-outs: a staff token ended there is refused until it would have expired. */
  endedSessions: Pick<EndedSessionRepository, 'end' | 'isEnded'>;
  /** The students' login limiter: the same per-account and per-address limits. */
  limiter: LoginLimiter;
  /** The server secret: staff sessions are signed with a key derived from it for staff alone. */
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}

/** What a staff token carries. The role is only a hint to a reader: every request reads the account. */
const staffClaimsSchema = z.object({ role: staffRoleSchema, id: z.string().min(1).max(64), iat: z.number().int(), exp: z.number().int() });

const loginRequired = () => new AppError('unauthorized', AUTH_MESSAGES.loginRequired);
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export const toStaffMember = (record: StaffRecord): StaffMember => ({ id: record.id, name: record.name, email: record.email, role: record.role });

/**
 * Staff sign-in and sessions (issue 28; the proctor console's of issue 12, widened to every staff
 * role). A staff token is an HS256 JWT under a key derived from the server secret for staff only,
 * so a student's token is never a staff session and the student routes refuse a staff token
 * (another key, no student claims). Each request reads the account: a disabled account or a
 * changed role takes effect at once, not when the token expires.
 */
export function createStaffAuth({ accounts, endedSessions, limiter, secret, ttlSeconds, clock }: StaffAuthDeps) {
  // The label proctor sessions were signed under since issue 12: their tokens stay valid.
  const key = createHmac('sha256', secret).update('invigil-proctor-session-v1').digest('base64url');

  function verifyToken(token: string): z.infer<typeof staffClaimsSchema> | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
    const actual = Buffer.from(signature, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    try {
      const claims = staffClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      if (!claims.success || claims.data.exp * 1000 <= clock.now()) return null;
      return claims.data;
    } catch {
      return null;
    }
  }

  return {
    /** POST /staff/login: one message for an unknown email or a wrong password; rate limited like students. */
    async login(email: string, password: string, ip: string): Promise<StaffLoginReply> {
      const found = await accounts.findByEmail(email);
      // 'proctor:' as before issue 28, so failures counted then still count.
      const subject: Subject = { identifier: `proctor:${found ? found.id : email.trim().toLowerCase()}` };
      const retryAfterSeconds = await limiter.retryAfterSeconds(subject, ip);
      if (retryAfterSeconds !== null) throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyAttempts(retryAfterSeconds), { retryAfterSeconds });
      const passwordOk = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
      if (!found || !passwordOk) {
        await limiter.recordFailure(subject, ip);
        throw new AppError('unauthorized', STAFF_MESSAGES.loginFailed);
      }
      // Told only after the right password: a disabled account is not a way to probe emails.
      if (found.disabledAt !== null) throw new AppError('forbidden', STAFF_MESSAGES.disabled);
      await limiter.recordSuccess(subject);
      const now = clock.now();
      await accounts.recordSignIn(found.id, now);
      const iat = Math.floor(now / 1000);
      // jti: two sign-ins in the same second are two sessions, each ended on its own.
      const token = await sign({ role: found.role, id: found.id, iat, exp: iat + ttlSeconds, jti: randomUUID() }, key, 'HS256');
      return { token, staff: toStaffMember(found) };
    },

    /** The account a token belongs to, fresh from the database; 401 for anything else (a student's token too), 403 when disabled. */
    async staffForToken(token: string | undefined): Promise<StaffRecord> {
      if (!token || token.length > 4096) throw loginRequired();
      const claims = verifyToken(token);
      if (!claims) throw loginRequired();
      const [account, ended] = await Promise.all([accounts.findById(claims.id), endedSessions.isEnded(tokenHash(token))]);
      if (!account || ended) throw loginRequired();
      if (account.disabledAt !== null) throw new AppError('unauthorized', STAFF_MESSAGES.disabled);
      return account;
    },

    /** POST /staff/logout: ends this session (this token only) until it would have expired. The caller checked the token. */
    async logout(account: StaffRecord, token: string): Promise<void> {
      const claims = verifyToken(token);
      if (!claims) throw loginRequired();
      await endedSessions.end({ tokenHash: tokenHash(token), userId: `proctor:${account.id}`, expiresAt: claims.exp * 1000 }, clock.now());
    },
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

/** Whether the role may do what needs one of `roles` (an admin may do everything). */
export function roleAllows(role: StaffRole, roles: readonly StaffRole[]): boolean {
  return role === 'admin' || roles.includes(role);
}

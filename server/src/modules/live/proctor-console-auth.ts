import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sign } from 'hono/jwt';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@invigil/shared/api/auth';
import type { Proctor, ProctorLoginReply } from '@invigil/shared/api/live';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { dummyPasswordHash, verifyPassword } from '../../platform/lib/password';
import type { EndedSessionRepository } from '../auth/auth-module';
import type { ProctorConsoleRepository, ProctorRecord } from './proctor-console-repository';
import type { LoginLimiter, Subject } from '../auth/auth-module';

export interface ProctorConsoleAuthDeps {
  proctors: ProctorConsoleRepository;
  /** Sign-outs: a proctor's token ended there is refused until it would have expired. */
  endedSessions: Pick<EndedSessionRepository, 'end' | 'isEnded'>;
  limiter: LoginLimiter;
  /** The server secret: proctor sessions are signed with a key derived from it for them alone. */
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}

/** What a proctor's session token carries: the role says what it is even to a reader without the key. */
const proctorClaimsSchema = z.object({ role: z.literal('proctor'), id: z.string().min(1).max(64), iat: z.number().int(), exp: z.number().int() });

const loginRequired = () => new AppError('unauthorized', AUTH_MESSAGES.loginRequired);

export const toProctor = (record: ProctorRecord): Proctor => ({ id: record.id, name: record.name, email: record.email });

/**
 * Proctor sign-in and sessions. A proctor's token is an HS256 JWT with role 'proctor' under a key
 * derived from the server secret for proctors only, so a student's token is never a proctor's
 * (and the student routes refuse this one: another key, and no student claims).
 */
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createProctorConsoleAuth({ proctors, endedSessions, limiter, secret, ttlSeconds, clock }: ProctorConsoleAuthDeps) {
  const key = createHmac('sha256', secret).update('invigil-proctor-session-v1').digest('base64url');

  /** The claims of a genuine, unexpired proctor token (the injected clock decides), else null. */
  function verifyToken(token: string): z.infer<typeof proctorClaimsSchema> | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
    const actual = Buffer.from(signature, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    try {
      const claims = proctorClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      if (!claims.success || claims.data.exp * 1000 <= clock.now()) return null;
      return claims.data;
    } catch {
      return null;
    }
  }

  return {
    /** POST /proctor/login: one message for an unknown email or a wrong password; rate limited like students. */
    async login(email: string, password: string, ip: string): Promise<ProctorLoginReply> {
      const found = await proctors.findByEmail(email);
      const subject: Subject = found ? { identifier: `proctor:${found.id}` } : { identifier: `proctor:${email}` };
      const retryAfterSeconds = await limiter.retryAfterSeconds(subject, ip);
      if (retryAfterSeconds !== null) throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyAttempts(retryAfterSeconds), { retryAfterSeconds });
      const passwordOk = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
      if (!found || !passwordOk) {
        await limiter.recordFailure(subject, ip);
        throw new AppError('unauthorized', PROCTOR_LOGIN_FAILED);
      }
      await limiter.recordSuccess(subject);
      const iat = Math.floor(clock.now() / 1000);
      // jti: two sign-ins in the same second are two sessions, each ended on its own.
      const token = await sign({ role: 'proctor', id: found.id, iat, exp: iat + ttlSeconds, jti: randomUUID() }, key, 'HS256');
      return { token, proctor: toProctor(found) };
    },

    /** The proctor a token belongs to, fresh from the database; 401 for anything else (a student's token too). */
    async proctorForToken(token: string | undefined): Promise<ProctorRecord> {
      if (!token || token.length > 4096) throw loginRequired();
      const claims = verifyToken(token);
      if (!claims) throw loginRequired();
      const [proctor, ended] = await Promise.all([proctors.findById(claims.id), endedSessions.isEnded(tokenHash(token))]);
      if (!proctor || ended) throw loginRequired();
      return proctor;
    },

    /** POST /proctor/logout: ends this session (this token only) until it would have expired. The caller checked the token. */
    async logout(proctor: ProctorRecord, token: string): Promise<void> {
      const claims = verifyToken(token);
      if (!claims) throw loginRequired();
      await endedSessions.end({ tokenHash: tokenHash(token), userId: `proctor:${proctor.id}`, expiresAt: claims.exp * 1000 }, clock.now());
    },
  };
}

export const PROCTOR_LOGIN_FAILED = 'Invalid email or password.';

export type ProctorConsoleAuth = ReturnType<typeof createProctorConsoleAuth>;

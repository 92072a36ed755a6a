import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@invigil/shared/api/auth';
import type { ChangePasswordRequest, LoginReply, LoginRequest, VerifyOtpRequest } from '@invigil/shared/api/auth';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import { OTP_TTL_MS, generateOtp, hashOtp, otpMatches } from '../../platform/lib/otp';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../platform/lib/password';
import type { EndedSessionRepository } from './ended-session-repository';
import type { UserRecord, UserRepository } from './user-repository';
import type { LoginLimiter, Subject } from './login-limiter';
import type { OtpSender } from './otp-outbox';
import { passwordChangedAtFor } from './token-service';
import type { TokenService } from './token-service';

export const AUTH_REPLIES = {
  loggedIn: 'Logged in successfully!',
  verified: 'Your account is verified. Welcome!',
} as const;

export interface AuthServiceDeps {
  users: UserRepository;
  /** Sessions ended by logging out. */
  endedSessions: EndedSessionRepository;
  limiter: LoginLimiter;
  tokens: TokenService;
  otpSender: OtpSender;
  /** Keys the HMAC of stored one-time codes. */
  otpSecret: string;
  clock: Clock;
  logger: Logger;
}

const loginRequired = () => new AppError('unauthorized', AUTH_MESSAGES.loginRequired);

/** Ended sessions are stored by this hash, never by the token that could still be replayed. */
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAuthService(deps: AuthServiceDeps) {
  const { users, endedSessions, limiter, tokens, clock } = deps;

  async function refuseIfLimited(subject: Subject, ip: string): Promise<void> {
    const retryAfterSeconds = await limiter.retryAfterSeconds(subject, ip);
    if (retryAfterSeconds !== null) {
      throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyAttempts(retryAfterSeconds), { retryAfterSeconds });
    }
  }

  /**
   * The user behind an identifier and password, or a 401 with one message whether the user is
   * unknown or the password wrong (both take one scrypt). Refused early while rate limited.
   */
  async function authenticate(identifier: string, password: string, ip: string): Promise<{ user: UserRecord; subject: Subject }> {
    const found = await users.findByIdentifier(identifier);
    const subject: Subject = found ? { userId: found.id } : { identifier };
    await refuseIfLimited(subject, ip);
    const passwordOk = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
    if (!found || !passwordOk) {
      await limiter.recordFailure(subject, ip);
      throw new AppError('unauthorized', AUTH_MESSAGES.wrongCredentials);
    }
    // Only after the password: a stranger learns nothing of the account (issue 28).
    if (found.disabledAt !== null) throw new AppError('forbidden', AUTH_MESSAGES.accountDisabled);
    // A provisional hash of a bulk upload gets full cost now that the password is at hand (decision 0055).
    if (needsRehash(found.passwordHash)) {
      const upgraded = await hashPassword(password);
      if (await users.replacePasswordHash(found.id, found.passwordHash, upgraded)) return { user: { ...found, passwordHash: upgraded }, subject };
    }
    return { user: found, subject };
  }

  async function sendOtp(user: UserRecord): Promise<void> {
    const otp = generateOtp();
    await users.setOtp(user.id, hashOtp(otp, user.id, deps.otpSecret), clock.now() + OTP_TTL_MS);
    await deps.otpSender.send({ to: user.email, reg_no: user.regNo, otp });
  }

  return {
    /** POST /login: a token, or (unverified account) a fresh one-time code and verifyOTP: true. */
    async login(request: LoginRequest, ip: string): Promise<LoginReply> {
      const { user, subject } = await authenticate(request.phone, request.password, ip);
      await limiter.recordSuccess(subject);
      if (!user.verified) {
        await sendOtp(user);
        return { message: AUTH_MESSAGES.otpRequired, verifyOTP: true };
      }
      await users.recordSignIn(user.id, clock.now());
      return { message: AUTH_REPLIES.loggedIn, verifyOTP: false, token: await tokens.issue(user) };
    },

    /** POST /verifyOTP: marks the account verified and signs in. A wrong or expired code counts as a failure. */
    async verifyOtp(request: VerifyOtpRequest, ip: string): Promise<LoginReply> {
      const { user, subject } = await authenticate(request.phone, request.password, ip);
      if (!user.verified) {
        const valid =
          user.otpHash !== null &&
          user.otpExpiresAt !== null &&
          user.otpExpiresAt > clock.now() &&
          otpMatches(request.otp, user.id, deps.otpSecret, user.otpHash);
        if (!valid) {
          await limiter.recordFailure(subject, ip);
          throw new AppError('unauthorized', AUTH_MESSAGES.otpWrong);
        }
        await users.markVerified(user.id);
      }
      await limiter.recordSuccess(subject);
      await users.recordSignIn(user.id, clock.now());
      const verified = { ...user, verified: true, otpHash: null, otpExpiresAt: null };
      return { message: AUTH_REPLIES.verified, verifyOTP: false, token: await tokens.issue(verified) };
    },

    /**
     * The user a token belongs to, fresh from the database. 401 for a missing, forged or expired
     * token, a deleted user, a token issued before the last password change, or a session ended
     * by logging out.
     */
    async userForToken(token: string | undefined): Promise<UserRecord> {
      if (!token) throw loginRequired();
      const claims = tokens.verify(token);
      if (!claims || claims.iat === undefined) throw loginRequired();
      const found = await users.findForSession(claims.id, tokenHash(token));
      if (!found || found.sessionEnded) throw loginRequired();
      const { user } = found;
      // A disabled student's sessions stop at once (issue 28), with the reason.
      if (user.disabledAt !== null) throw new AppError('unauthorized', AUTH_MESSAGES.accountDisabled);
      if (!user.verified || claims.iat * 1000 < user.passwordChangedAt) throw loginRequired();
      return user;
    },

    /**
     * A staff member sends the student a one-time code (issue 28): the account is marked
     * unverified (its sessions stop), the code goes to the outbox, and the student's next sign-in
     * asks for a code (a fresh one is sent then too). False when there is no such student.
     */
    async sendOneTimeCode(userId: string): Promise<boolean> {
      const user = await users.findById(userId);
      if (!user) return false;
      await users.markUnverified(user.id);
      await sendOtp(user);
      return true;
    },

    /**
     * POST /logout: ends this session (this token only; the student's other devices stay signed
     * in) until the token would have expired. The caller has already checked the token.
     */
    async logout(user: UserRecord, token: string): Promise<void> {
      const claims = tokens.verify(token);
      if (!claims) throw loginRequired();
      await endedSessions.end({ tokenHash: tokenHash(token), userId: user.id, expiresAt: claims.exp * 1000 }, clock.now());
    },

    /**
     * POST /changePassword. Ends every earlier session and returns a token for this one. A wrong
     * old password is a 422 and counts towards the sign-in limits.
     */
    async changePassword(user: UserRecord, request: ChangePasswordRequest, ip: string): Promise<string> {
      const subject: Subject = { userId: user.id };
      await refuseIfLimited(subject, ip);
      if (!(await verifyPassword(request.old_password, user.passwordHash))) {
        await limiter.recordFailure(subject, ip);
        throw new AppError('unprocessable', AUTH_MESSAGES.wrongOldPassword, {
          issues: [{ path: 'old_password', message: AUTH_MESSAGES.wrongOldPassword }],
        });
      }
      const passwordHash = await hashPassword(request.password);
      const passwordChangedAt = passwordChangedAtFor(user, clock.now());
      await users.updatePassword(user.id, passwordHash, passwordChangedAt);
      await limiter.recordSuccess(subject);
      deps.logger.info(`Password changed for user ${user.id}.`);
      return tokens.issue({ ...user, passwordHash, passwordChangedAt });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import type { Kysely } from 'kysely';
import type { AppDatabase, Database } from '../../platform/db';
import type { Config } from '../../platform/config';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { UploadStore } from '../../platform/storage/upload-store';
import { authRoutes } from './auth-routes';
import { createAuthService } from './auth-service';
import type { AuthService } from './auth-service';
import { avatarLink } from './avatar-link';
import { createEndedSessionRepository } from './ended-session-repository';
import type { EndedSessionRepository } from './ended-session-repository';
import { createLoginFailureRepository } from './login-failure-repository';
import { createLoginLimiter } from './login-limiter';
import type { LoginLimiter } from './login-limiter';
import { createFileOutbox } from './otp-outbox';
import type { OtpSender } from './otp-outbox';
import { createTokenService } from './token-service';
import type { TokenService } from './token-service';
import { createUserRepository } from './user-repository';
import { guardPages } from './require-page';

// The auth module's public face (decision 0054): what others may use of it. The import, the seed
// and the warm-up find and create students through the student directory; the exam charges merit
// points through MeritPoints. The user repository stays inside auth.
export { normaliseEmail, normaliseRegNo } from './user-repository';
export type { NewUser, UserRecord } from './user-repository';
export { createMeritPoints, createStudentDirectory } from './student-directory';
export type { ImportedStudentFields, MeritPoints, StudentDirectory } from './student-directory';
export { refuseIfPageOff, requirePage } from './require-page';
export { requireAuth } from './require-auth';
export { STORED_AVATAR_PREFIX, avatarLink } from './avatar-link';
export type { AuthService } from './auth-service';
export type { LoginLimiter, Subject } from './login-limiter';
export type { EndedSessionRepository } from './ended-session-repository';
export type { OtpSender } from './otp-outbox';
export { createTokenService, initialPasswordChangedAt, passwordChangedAtFor } from './token-service';
export type { TokenService } from './token-service';

/** Login failures past the limiter's window (the periodic prune). */
export function pruneLoginFailures(db: Kysely<Database>, now: number, windowMs: number): Promise<number> {
  return createLoginFailureRepository(db).removeExpired(now, windowMs);
}

export interface AuthDeps {
  db: AppDatabase;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Defaults to the file outbox in DATA_DIR. */
  otpSender?: OtpSender | undefined;
  /** Where profile photos are kept (the sign-in reply links the student's). */
  store: UploadStore;
}

export interface AuthModule {
  auth: AuthService;
  tokens: TokenService;
  /** The login limiter, shared with the proctor console's sign-in. */
  limiter: LoginLimiter;
  /** Signed-out sessions, shared with the proctor console. */
  endedSessions: EndedSessionRepository;
}

/**
 * Sign-in, one-time codes, tokens and sessions (API), and the menu-page guard in front of every
 * API route (decision 0003): mount it before the other modules.
 */
export function mountAuth({ api }: AppRoutes, { db, config, clock, logger, otpSender, store }: AuthDeps): AuthModule {
  const users = createUserRepository(db.kysely, logger);
  const limiter = createLoginLimiter(
    createLoginFailureRepository(db.kysely),
    {
      maxFailuresPerAccount: config.loginMaxFailures,
      maxFailuresPerIp: config.loginMaxFailuresPerIp,
      windowSeconds: config.loginWindowSeconds,
    },
    clock,
  );
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds, clock);
  const endedSessions = createEndedSessionRepository(db.kysely);
  const auth = createAuthService({
    users,
    endedSessions,
    limiter,
    tokens,
    otpSender: otpSender ?? createFileOutbox(config.outboxPath, clock, logger),
    otpSecret: config.jwtSecret,
    clock,
    logger,
  });
  // Menu pages the user's config turns off answer 403 (decision 0003); in front of the routes.
  guardPages(api, auth);
  api.route('/', authRoutes({ auth, trustProxy: config.trustProxy, avatarUrl: (avatar) => avatarLink(store, avatar, clock.now()) }));
  return { auth, tokens, limiter, endedSessions };
}

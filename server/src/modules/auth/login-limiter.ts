import type { Clock } from '../../platform/lib/clock';
import type { LoginFailureRepository } from './login-failure-repository';

export interface LoginLimiterOptions {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

/**
 * Who a sign-in attempt is about: the account when the identifier names one (so the e-mail and
 * the registration number share one counter), else the identifier as typed.
 */
export type Subject = { userId: string } | { identifier: string };

const subjectKey = (subject: Subject): string =>
  'userId' in subject ? `user:${subject.userId}` : `identifier:${subject.identifier.trim().toLowerCase()}`;
const ipKey = (ip: string): string => `ip:${ip}`;

/**
 * Counts failed sign-ins in fixed windows per subject and per client IP, in the database (see
 * docs/decisions/0001-server-stack.md). While a counter is at its limit, attempts are refused
 * before the password is even checked.
 */
export function createLoginLimiter(repository: LoginFailureRepository, options: LoginLimiterOptions, clock: Clock) {
  const windowMs = options.windowSeconds * 1000;
  const limits = (subject: Subject, ip: string) => [
    { key: subjectKey(subject), max: options.maxFailuresPerAccount },
    { key: ipKey(ip), max: options.maxFailuresPerIp },
  ];

  return {
    /** Seconds until the attempt may be retried, or null when it may go ahead now. */
    async retryAfterSeconds(subject: Subject, ip: string): Promise<number | null> {
      const now = clock.now();
      const checks = limits(subject, ip);
      const open = await repository.findOpen(checks.map((check) => check.key), now, windowMs);
      let wait = 0;
      for (const window of open) {
        const max = checks.find((check) => check.key === window.key)?.max ?? Infinity;
        if (window.failures >= max) wait = Math.max(wait, window.windowStartedAt + windowMs - now);
      }
      return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : null;
    },

    async recordFailure(subject: Subject, ip: string): Promise<void> {
      const now = clock.now();
      for (const { key } of limits(subject, ip)) await repository.increment(key, now, windowMs);
    },

    /** A successful sign-in clears the subject's counter (not the IP's). */
    async recordSuccess(subject: Subject): Promise<void> {
      await repository.remove(subjectKey(subject));
    },

    async removeExpired(): Promise<number> {
      return repository.removeExpired(clock.now(), windowMs);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

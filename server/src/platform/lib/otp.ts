import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_TTL_MS = 10 * 60 * 1000;

/** Six random digits, leading zeros kept. */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code: an HMAC keyed with the server secret and bound to the user, so a
 * leaked table does not give the codes away (six digits alone would be trivial to brute-force).
 */
export function hashOtp(otp: string, userId: string, secret: string): string {
  return createHmac('sha256', secret).update(`otp:${userId}:${otp}`).digest('hex');
}

export function otpMatches(otp: string, userId: string, secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtp(otp, userId, secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

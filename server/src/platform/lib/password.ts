import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes are `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so the cost can be
 * raised later without invalidating stored hashes. A fresh random salt per hash.
 */
const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/**
 * `N` may be lowered for secrets checked at a busy moment that are not passwords (test access
 * codes, checked by every student at an exam's start); verifyPassword reads it from the hash.
 */
export async function hashPassword(password: string, N: number = COST.N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, COST.r, COST.p, KEY_LENGTH);
  return [PREFIX, N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for a stored value that is not a hash this module wrote. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length === 10 && parts[0] === WRAPPED_PREFIX) return verifyWrapped(password, parts);
  if (parts.length !== 6 || parts[0] !== PREFIX) return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * Bulk student uploads (decision 0055): 10,000 new students in a minute on two cores cannot
 * afford 10,000 full-cost hashes (about 4 minutes of both cores). Their initial passwords are
 * hashed at this provisional cost (1/16 of the work and memory), then raised to full cost:
 * without the password by `strengthenHash` (a background pass after the upload), and with it
 * at the student's first sign-in (`needsRehash`).
 */
export const PROVISIONAL_N = 1_024;

/** A provisional hash made stronger without the password: scrypt at full cost over its key. */
const WRAPPED_PREFIX = 'scrypt2';

const validCost = (N: number, r: number, p: number): boolean => [N, r, p].every((n) => Number.isInteger(n) && n > 0) && N <= 1 << 20 && r <= 32 && p <= 16;

/** True for a hash of ours below full cost (a provisional one): rehash it when the password is at hand. */
export function needsRehash(stored: string): boolean {
  const parts = stored.split('$');
  return parts.length === 6 && parts[0] === PREFIX && Number(parts[1]) < COST.N;
}

/**
 * `scrypt$N$r$p$salt$key` below full cost → `scrypt2$N$r$p$salt$N'$r'$p'$salt'$key'`, where key'
 * is scrypt at full cost of the provisional key: a guess then costs the provisional and the full
 * scrypt. Undefined for anything else (already full cost, wrapped, not ours).
 */
export async function strengthenHash(stored: string): Promise<string | undefined> {
  if (!needsRehash(stored)) return undefined;
  const [, N, r, p, salt, key] = stored.split('$') as [string, string, string, string, string, string];
  if (!validCost(Number(N), Number(r), Number(p)) || !salt || !key) return undefined;
  const outerSalt = randomBytes(SALT_LENGTH);
  const outer = await derive(key, outerSalt, COST.N, COST.r, COST.p, KEY_LENGTH);
  return [WRAPPED_PREFIX, N, r, p, salt, COST.N, COST.r, COST.p, outerSalt.toString('base64url'), outer.toString('base64url')].join('$');
}

async function verifyWrapped(password: string, parts: string[]): Promise<boolean> {
  const [N, r, p, N2, r2, p2] = [1, 2, 3, 5, 6, 7].map((index) => Number(parts[index])) as [number, number, number, number, number, number];
  if (!validCost(N, r, p) || !validCost(N2, r2, p2)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const outerSalt = Buffer.from(parts[8] ?? '', 'base64url');
  const expected = Buffer.from(parts[9] ?? '', 'base64url');
  if (salt.length === 0 || outerSalt.length === 0 || expected.length === 0) return false;
  const inner = await derive(password, salt, N, r, p, KEY_LENGTH);
  const actual = await derive(inner.toString('base64url'), outerSalt, N2, r2, p2, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, checked when the user does not exist, so an unknown identifier
 * costs the same time as a wrong password and does not reveal which accounts exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

import { ApiError } from '../../lib/api-client';

/** The characters of a generated password: no look-alikes (0/O, 1/l/I), so it can be read out or copied by hand. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const GENERATED_PASSWORD_LENGTH = 14;

/** A random password from the browser's CSPRNG (rejection sampling: every character equally likely). */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH, random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte >= limit) continue;
      out += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A refused write as the form shows it: each message the server tied to one of `fields` (its 422
 * `issues`) beside that field, and the rest as one message for the snackbar. A refused email (409:
 * already taken) goes beside the email field.
 */
export function formErrors<F extends string>(error: unknown, fields: readonly F[]): { fields: Partial<Record<F, string>>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: error instanceof Error && error.message ? error.message : 'Something went wrong!' };
  const found: Partial<Record<F, string>> = {};
  const issues = (error.data as { issues?: unknown } | undefined)?.issues;
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : undefined;
      if (typeof issue.message === 'string' && field && (fields as readonly string[]).includes(field) && !found[field as F]) found[field as F] = issue.message;
    }
  }
  if (error.status === 409 && (fields as readonly string[]).includes('email') && /email/i.test(error.message) && !found['email' as F]) found['email' as F] = error.message;
  const shown = Object.values(found).includes(error.message);
  return { fields: found, message: shown ? null : error.message || 'Something went wrong!' };
}

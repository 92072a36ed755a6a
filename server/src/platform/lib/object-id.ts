import { randomBytes } from 'node:crypto';

/** A user id: 24 lowercase hex characters, like a MongoDB ObjectId (the ids the portal was built against). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

/**
 * 4 bytes of creation time in seconds (so ids sort roughly by creation, as ObjectIds do)
 * followed by 8 random bytes.
 */
export function newObjectId(nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + randomBytes(8).toString('hex');
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

/**
 * The sealed paper's layout (decision 0046): AES-256-GCM over the gzipped paper, as
 * `iv (12 bytes) | ciphertext | tag (16 bytes)`, which is what WebCrypto's AES-GCM decrypt takes
 * in the portal. Each call draws a fresh nonce.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealBytes(gzipped: Uint8Array, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(gzipped), cipher.final(), cipher.getAuthTag()]);
}

/** Opens sealed bytes with the base64url key a start gives; throws when the key or bytes are wrong. */
export function unsealPaperJson(sealed: Buffer, key: string): unknown {
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const gzipped = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(gunzipSync(gzipped).toString('utf8'));
}

import type { PaperRef, TestPaper } from '@invigil/shared/api/tests';
import { openPaperCache, paperUrl } from './attempt-api';

const IV_BYTES = 12;

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Opens sealed paper bytes (AES-256-GCM over the gzipped paper, `iv | ciphertext | tag`) with the
 * key the start gave. Throws when the key does not open them (GCM checks every byte).
 */
export async function unsealPaper(sealed: ArrayBuffer, key: string): Promise<TestPaper> {
  const bytes = new Uint8Array(sealed);
  const cryptoKey = await crypto.subtle.importKey('raw', base64urlBytes(key), 'AES-GCM', false, ['decrypt']);
  const gzipped = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) }, cryptoKey, bytes.subarray(IV_BYTES));
  const text = await new Response(new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(text) as TestPaper;
}

/**
 * The paper from the sealed copy this browser fetched before the start (decision 0046), or null
 * when it holds none for this version or cannot open it: the caller then asks for the paper.
 */
export async function openSealedPaper(ref: PaperRef): Promise<TestPaper | null> {
  if (!ref.sealed_url || !ref.key || typeof crypto === 'undefined' || !crypto.subtle || typeof DecompressionStream === 'undefined') return null;
  try {
    const held = await (await openPaperCache())?.match(paperUrl(ref.sealed_url));
    if (!held) return null;
    const paper = await unsealPaper(await held.arrayBuffer(), ref.key);
    return paper.version === ref.version ? paper : null;
  } catch {
    return null;
  }
}

/**
 * The protocol's name, version and ids (messages.ts re-exports them), apart from its schemas so the
 * portal's pairing (pairing.ts, pair-ack.ts) loads no schema library.
 */
export const PROTOCOL_CHANNEL = 'invigil';
export const PROTOCOL_VERSION = 1;

/** A random id for requests and nonces (Web Crypto exists in pages, workers and Node 20). */
export function randomId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

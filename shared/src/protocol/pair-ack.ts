import { PROTOCOL_CHANNEL } from './channel';
import type { PairAck } from './messages';

/**
 * The portal's check of a PAIR_ACK, written out by hand: every portal page pairs with the extension
 * once idle, and this keeps the schema library out of that download. It takes exactly what
 * pairAckSchema (messages.ts, the contract) takes and returns what that schema returns (only the
 * known fields; the origin trimmed, as zod's url() does). pair-ack.test.ts holds the two together.
 */

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNonce = (value: unknown): value is string => typeof value === 'string' && NONCE.test(value);

/** zod's url(): a string the URL parser takes once trimmed; its value is the trimmed text. */
function urlOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  try {
    new URL(trimmed);
  } catch {
    return null;
  }
  return trimmed.replace(/[\t\n\r]/g, '');
}

/** Returns the message when it is a well-formed PAIR_ACK (pairAckSchema), else null. */
export function parsePairAck(data: unknown): PairAck | null {
  if (!isRecord(data) || data.channel !== PROTOCOL_CHANNEL || !isNonce(data.id) || data.direction !== 'to-portal' || data.type !== 'PAIR_ACK') return null;
  const payload = data.payload;
  if (!isRecord(payload) || !isNonce(payload.nonce)) return null;
  const { protocolVersion, extensionVersion } = payload;
  if (typeof protocolVersion !== 'number' || !Number.isSafeInteger(protocolVersion) || protocolVersion <= 0) return null;
  if (typeof extensionVersion !== 'string' || extensionVersion.length > 32) return null;
  const origin = urlOf(payload.origin);
  if (origin === null) return null;
  return {
    channel: PROTOCOL_CHANNEL,
    id: data.id,
    direction: 'to-portal',
    type: 'PAIR_ACK',
    payload: { nonce: payload.nonce, protocolVersion, extensionVersion, origin },
  };
}

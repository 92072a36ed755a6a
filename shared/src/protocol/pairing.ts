import { PROTOCOL_CHANNEL, PROTOCOL_VERSION, randomId } from './channel';
import type { PairAck, PairRequest, StatusRequest, ToPortalMessage } from './messages';

/**
 * The pairing handshake. The portal sends PAIR_REQUEST with a fresh nonce; the extension answers
 * PAIR_ACK echoing the request id and nonce only when the request came from an allowed portal
 * origin; the portal accepts an ack only when id and nonce match what it sent. From then on the
 * extension trusts that one origin and no other.
 */
export function createPairRequest(): PairRequest {
  return {
    channel: PROTOCOL_CHANNEL,
    direction: 'to-extension',
    id: randomId(),
    type: 'PAIR_REQUEST',
    payload: { protocolVersion: PROTOCOL_VERSION, nonce: randomId() },
  };
}

/** Normalises an origin ('http://Host:80/' -> 'http://host'); returns null when it is not one. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Parses a comma-separated allow-list of portal origins, dropping anything that is not an origin. */
export function parseOriginList(list: string | undefined): string[] {
  if (!list) return [];
  const origins = list
    .split(',')
    .map((item) => normaliseOrigin(item.trim()))
    .filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

export function isAllowedOrigin(origin: string | undefined | null, allowed: readonly string[]): boolean {
  if (!origin) return false;
  const normal = normaliseOrigin(origin);
  return normal !== null && allowed.includes(normal);
}

/** The extension's answer to a pairing or status request from `origin`. */
export function answerPortal(
  message: PairRequest | StatusRequest,
  origin: string,
  state: { pairedOrigin: string | null; extensionVersion: string },
): ToPortalMessage {
  const base = { channel: PROTOCOL_CHANNEL, direction: 'to-portal', id: message.id } as const;
  if (message.type === 'PAIR_REQUEST') {
    if (message.payload.protocolVersion !== PROTOCOL_VERSION) {
      return { ...base, type: 'PAIR_REJECT', payload: { reason: `Protocol version ${PROTOCOL_VERSION} is required.` } };
    }
    return {
      ...base,
      type: 'PAIR_ACK',
      payload: {
        nonce: message.payload.nonce,
        protocolVersion: PROTOCOL_VERSION,
        extensionVersion: state.extensionVersion,
        origin,
      },
    };
  }
  return {
    ...base,
    type: 'STATUS',
    payload: {
      paired: state.pairedOrigin === origin,
      origin: state.pairedOrigin,
      extensionVersion: state.extensionVersion,
    },
  };
}

/** The portal's check of an ack: it must answer our request, echo our nonce and name our origin. */
export function isAckFor(ack: PairAck, request: PairRequest, portalOrigin: string): boolean {
  return (
    ack.id === request.id &&
    ack.payload.nonce === request.payload.nonce &&
    normaliseOrigin(ack.payload.origin) === normaliseOrigin(portalOrigin)
  );
}

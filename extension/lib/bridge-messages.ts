import { z } from 'zod';

import { parseToExtension, type ToExtensionMessage } from '@invigil/shared/protocol/messages';

/**
 * Messages from the content-script bridge to the background worker. They are internal to the
 * extension (chrome.runtime messaging), but the background still parses them: a compromised page
 * cannot forge them, yet parsing keeps the handler total and the shapes in one place.
 */
const RELAY = 'invigil-bridge';

const relaySchema = z.object({ relay: z.literal(RELAY), kind: z.literal('portal'), message: z.unknown() });
const pageHiddenSchema = z.object({ relay: z.literal(RELAY), kind: z.literal('page-hidden') });
const bridgeMessageSchema = z.discriminatedUnion('kind', [relaySchema, pageHiddenSchema]);

export type BridgeMessage =
  | { relay: typeof RELAY; kind: 'portal'; message: ToExtensionMessage }
  | { relay: typeof RELAY; kind: 'page-hidden' };

/** A portal message, relayed as it arrived (after the bridge's own checks). */
export function relayPortalMessage(message: ToExtensionMessage): BridgeMessage {
  return { relay: RELAY, kind: 'portal', message };
}

/** The paired document is going away (navigation, reload, tab close): drop its pairing. */
export function pageHidden(): BridgeMessage {
  return { relay: RELAY, kind: 'page-hidden' };
}

/** Parses what the background received; the relayed portal message is validated again. */
export function parseBridgeMessage(data: unknown): BridgeMessage | null {
  const parsed = bridgeMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  if (parsed.data.kind === 'page-hidden') return pageHidden();
  const message = parseToExtension(parsed.data.message);
  return message ? relayPortalMessage(message) : null;
}

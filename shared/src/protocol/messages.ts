import { z } from 'zod';

/**
 * Messages between the portal page and the extension. They travel by window.postMessage to the
 * extension's content-script bridge, which relays them to the background worker and back.
 * Everything that arrives is untrusted: parse it with these schemas before acting on it.
 */
export const PROTOCOL_CHANNEL = 'invigil';
export const PROTOCOL_VERSION = 1;

const nonce = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const envelope = { channel: z.literal(PROTOCOL_CHANNEL), id: nonce };

/** Portal -> extension. */
export const pairRequestSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('PAIR_REQUEST'),
  payload: z.object({ protocolVersion: z.number().int().positive(), nonce }),
});
export const statusRequestSchema = z.object({
  ...envelope,
  direction: z.literal('to-extension'),
  type: z.literal('STATUS_REQUEST'),
  payload: z.object({}).strict(),
});
export const toExtensionMessageSchema = z.discriminatedUnion('type', [pairRequestSchema, statusRequestSchema]);
export type ToExtensionMessage = z.infer<typeof toExtensionMessageSchema>;

/** Extension -> portal. `id` echoes the request it answers. */
export const pairAckSchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('PAIR_ACK'),
  payload: z.object({
    nonce,
    protocolVersion: z.number().int().positive(),
    extensionVersion: z.string().max(32),
    origin: z.string().url(),
  }),
});
export const pairRejectSchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('PAIR_REJECT'),
  payload: z.object({ reason: z.string().max(200) }),
});
export const statusReplySchema = z.object({
  ...envelope,
  direction: z.literal('to-portal'),
  type: z.literal('STATUS'),
  payload: z.object({ paired: z.boolean(), origin: z.string().nullable(), extensionVersion: z.string().max(32) }),
});
export const toPortalMessageSchema = z.discriminatedUnion('type', [pairAckSchema, pairRejectSchema, statusReplySchema]);
export type ToPortalMessage = z.infer<typeof toPortalMessageSchema>;

export type PairRequest = z.infer<typeof pairRequestSchema>;
export type PairAck = z.infer<typeof pairAckSchema>;

/** Returns the message when it is a well-formed portal -> extension message, else null. */
export function parseToExtension(data: unknown): ToExtensionMessage | null {
  const parsed = toExtensionMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Returns the message when it is a well-formed extension -> portal message, else null. */
export function parseToPortal(data: unknown): ToPortalMessage | null {
  const parsed = toPortalMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A random id for requests and nonces (Web Crypto exists in pages, workers and Node 20). */
export function randomId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

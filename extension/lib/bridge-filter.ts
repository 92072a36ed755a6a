import {
  parseToExtension,
  parseToPortal,
  type ProctorEventMessage,
  type ToExtensionMessage,
  type ToPortalMessage,
} from '@invigil/shared/protocol/messages';
import { isAllowedOrigin } from '@invigil/shared/protocol/pairing';

/** The parts of a window "message" event the bridge looks at. */
export interface PageMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

export interface BridgeContext {
  /** The window the bridge runs in; only messages this window posted to itself count. */
  self: unknown;
  /** location.origin of that window. */
  pageOrigin: string;
  allowed: readonly string[];
}

/**
 * The portal message to relay, or null to ignore the event silently: it must come from this very
 * window (not a frame or an opener), carry this page's origin, the page's origin must be on the
 * allow-list, and the data must be a well-formed portal -> extension message.
 */
export function acceptPageMessage(event: PageMessage, context: BridgeContext): ToExtensionMessage | null {
  if (event.source !== context.self) return null;
  if (event.origin !== context.pageOrigin) return null;
  if (!isAllowedOrigin(context.pageOrigin, context.allowed)) return null;
  return parseToExtension(event.data);
}

/** The background's reply to post to the page, or null when it is not a valid answer to `request`. */
export function acceptReply(reply: unknown, request: ToExtensionMessage): ToPortalMessage | null {
  const message = parseToPortal(reply);
  return message && message.id === request.id ? message : null;
}

/** The parts of chrome.runtime.MessageSender the bridge looks at for a push. */
export interface PushSender {
  id?: string | undefined;
  tab?: unknown;
}

/**
 * A relay the background pushed to this tab (chrome.tabs.sendMessage) to post to the page, or
 * null: it must come from our own extension's worker (no tab: not another content script) and be
 * a well-formed PROCTOR_EVENT. Nothing else is ever pushed to the page.
 */
export function acceptPush(data: unknown, sender: PushSender, extensionId: string): ProctorEventMessage | null {
  if (sender.id !== extensionId || sender.tab !== undefined) return null;
  const message = parseToPortal(data);
  return message?.type === 'PROCTOR_EVENT' ? message : null;
}

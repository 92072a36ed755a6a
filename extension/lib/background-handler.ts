import { isProctorRequest, type ProctorRequest, type ProctorStatus, type ScreenShareGrant, type ScreenShareRequest, type ToPortalMessage } from '@invigil/shared/protocol/messages';
import { answerPortal, isAllowedOrigin, normaliseOrigin } from '@invigil/shared/protocol/pairing';

import { parseBridgeMessage } from './bridge-messages';
import { pairingBelongsTo } from './pairing-state';
import type { PairingStore } from './pairing-store';
import type { Requester } from './proctor-watch';

/** Extension-assisted proctoring (lib/proctor-controller.ts), as the handler needs it. */
export interface ProctorRequests {
  request(message: ProctorRequest, from: Requester, paired: boolean): Promise<ProctorStatus>;
  shareScreen(message: ScreenShareRequest, from: Requester): Promise<ScreenShareGrant>;
  pageGone(from: Requester): Promise<void>;
}

/** The parts of chrome.runtime.MessageSender the background trusts (they are set by the browser). */
export interface Sender {
  id?: string | undefined;
  origin?: string | undefined;
  url?: string | undefined;
  frameId?: number | undefined;
  documentId?: string | undefined;
  tab?: { id?: number | undefined } | undefined;
}

export interface HandlerDeps {
  extensionId: string;
  extensionVersion: string;
  allowed: readonly string[];
  store: PairingStore;
  now: () => number;
  proctor?: ProctorRequests;
}

/**
 * The origin of a sender that may talk to the background: our own content script, in the top
 * frame of a tab, on an allowed portal origin. Chrome sets sender.origin (and sender.url), so a
 * page cannot lie about them; a page on another origin never gets past this point.
 */
export function trustedSender(sender: Sender, deps: Pick<HandlerDeps, 'extensionId' | 'allowed'>): { origin: string; tabId: number } | null {
  if (sender.id !== deps.extensionId) return null;
  if (sender.frameId !== 0) return null;
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0) return null;
  const origin = sender.origin !== undefined ? normaliseOrigin(sender.origin) : sender.url !== undefined ? normaliseOrigin(sender.url) : null;
  if (origin === null || !isAllowedOrigin(origin, deps.allowed)) return null;
  // When both are present they must agree (sender.url is the frame's URL, sender.origin its origin).
  if (sender.url !== undefined && normaliseOrigin(sender.url) !== origin) return null;
  return { origin, tabId };
}

/**
 * Handles one message from the bridge. Returns the reply for the portal, or null to stay silent
 * (untrusted sender, malformed message, or a notice that needs no reply).
 */
export async function handleBridgeMessage(data: unknown, sender: Sender, deps: HandlerDeps): Promise<ToPortalMessage | null> {
  const from = trustedSender(sender, deps);
  if (!from) return null;
  const message = parseBridgeMessage(data);
  if (!message) return null;

  const stored = await deps.store.get(from.tabId);
  const current = stored && pairingBelongsTo(stored, { origin: from.origin, documentId: sender.documentId }) ? stored : null;
  const requester = { origin: from.origin, tabId: from.tabId, documentId: sender.documentId };
  if (message.kind === 'page-hidden') {
    if (current) await deps.store.remove(from.tabId);
    await deps.proctor?.pageGone(requester);
    return null;
  }
  if (isProctorRequest(message.message)) {
    // Starting needs this document's pairing; the rest must come from the page that started.
    return deps.proctor ? deps.proctor.request(message.message, requester, current !== null) : null;
  }
  if (message.message.type === 'SCREEN_SHARE_REQUEST') {
    // Only the page that started the watch gets a picker (the controller checks the session).
    return deps.proctor ? deps.proctor.shareScreen(message.message, requester) : null;
  }

  const reply = answerPortal(message.message, from.origin, {
    pairedOrigin: current?.origin ?? null,
    extensionVersion: deps.extensionVersion,
  });
  if (reply.type === 'PAIR_ACK') {
    await deps.store.set({
      origin: from.origin,
      tabId: from.tabId,
      pairedAt: deps.now(),
      ...(sender.documentId !== undefined ? { documentId: sender.documentId } : {}),
    });
  }
  return reply;
}

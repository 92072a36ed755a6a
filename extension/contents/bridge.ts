import type { PlasmoCSConfig } from 'plasmo';

import type { ToExtensionMessage } from '@invigil/shared/protocol/messages';

import { acceptPageMessage, acceptPush, acceptReply } from '../lib/bridge-filter';
import { pageHidden, relayPortalMessage, type BridgeMessage } from '../lib/bridge-messages';
import { PORTAL_ORIGINS } from '../lib/config';
import { loadTrust } from '../lib/trust';

// Relays protocol messages between the portal page and the background worker. The matches below
// are what `plasmo dev` uses; scripts/build.mjs rewrites them in the built manifest from the
// allow-list (loopback hosts when it has a loopback origin, plus each other allowed origin). The
// worker registers this same file on the origins of the institute's managed policy that the build's
// list misses (lib/policy-bridge.ts, decision 0069).
export const config: PlasmoCSConfig = {
  matches: ['http://127.0.0.1/*', 'http://localhost/*'],
  run_at: 'document_start',
  all_frames: false,
};

/** False once the extension was reloaded or removed under this page: chrome.runtime is then dead. */
function extensionAlive(): boolean {
  try {
    return typeof chrome !== 'undefined' && Boolean(chrome.runtime?.id);
  } catch {
    return false;
  }
}

/**
 * The origins trusted now: the build's until Chrome hands over the institute's policy (a few seconds
 * after the browser starts), then the policy's (decision 0069). Read on every message.
 */
let allowed: readonly string[] = PORTAL_ORIGINS;
let started = false;

function startBridge(): void {
  started = true;
  const send = async (message: BridgeMessage): Promise<unknown> => {
    if (!extensionAlive()) {
      stop();
      return undefined;
    }
    try {
      return await chrome.runtime.sendMessage(message);
    } catch {
      if (!extensionAlive()) stop();
      return undefined;
    }
  };

  const relay = async (request: ToExtensionMessage): Promise<void> => {
    const reply = acceptReply(await send(relayPortalMessage(request)), request);
    if (reply) window.postMessage(reply, location.origin);
  };

  const onMessage = (event: MessageEvent): void => {
    const request = acceptPageMessage(event, { self: window, pageOrigin: location.origin, allowed });
    if (request) void relay(request);
  };

  const onPageHide = (): void => {
    void send(pageHidden());
  };

  // Relays of extension-assisted proctoring, pushed by the background to this tab.
  const onPush = (data: unknown, sender: chrome.runtime.MessageSender): void => {
    const push = acceptPush(data, sender, chrome.runtime.id);
    if (push) window.postMessage(push, location.origin);
  };

  function stop(): void {
    window.removeEventListener('message', onMessage);
    window.removeEventListener('pagehide', onPageHide);
    try {
      chrome.runtime.onMessage.removeListener(onPush);
    } catch {
      // The extension is gone already.
    }
  }

  window.addEventListener('message', onMessage);
  window.addEventListener('pagehide', onPageHide);
  chrome.runtime.onMessage.addListener(onPush);
}

// Pages that are not on the allow-list get no listener at all; a page the policy names that the
// build's list does not gets it as soon as the policy is read (the portal asks again for seconds).
if (allowed.includes(location.origin)) startBridge();
void loadTrust().then(({ origins }) => {
  allowed = origins;
  if (!started && origins.includes(location.origin)) startBridge();
});

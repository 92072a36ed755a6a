import { handleBridgeMessage } from '../lib/background-handler';
import { PORTAL_ORIGINS } from '../lib/config';
import { sessionPairingStore } from '../lib/pairing-store';

// The background worker: answers the portal's protocol messages relayed by contents/bridge.ts and
// keeps one pairing per tab in chrome.storage.session. Listeners are registered synchronously at
// the top level so that Chrome wakes the worker for them.

const store = sessionPairingStore();
const deps = {
  extensionId: chrome.runtime.id,
  extensionVersion: chrome.runtime.getManifest().version,
  allowed: PORTAL_ORIGINS,
  store,
  now: () => Date.now(),
};

chrome.runtime.onMessage.addListener((data: unknown, sender, sendResponse) => {
  handleBridgeMessage(data, sender, deps).then(
    (reply) => sendResponse(reply ?? undefined),
    () => sendResponse(undefined),
  );
  return true; // the reply is sent asynchronously
});

chrome.tabs.onRemoved.addListener((tabId) => {
  void store.remove(tabId);
});

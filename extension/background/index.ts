import { handleBridgeMessage } from '../lib/background-handler';
import { PORTAL_ORIGINS } from '../lib/config';
import { EventJournal, sessionJournalStorage } from '../lib/event-journal';
import { sessionPairingStore } from '../lib/pairing-store';
import { ProctorController, sessionWatchStorage } from '../lib/proctor-controller';
import type { WindowState } from '../lib/proctor-watch';

// The background worker: answers the portal's protocol messages relayed by contents/bridge.ts,
// keeps one pairing per tab in chrome.storage.session, and watches tabs, windows and full screen
// for the attempt a paired page asked it to (lib/proctor-controller.ts). Listeners are registered
// synchronously at the top level so that Chrome wakes the worker for them.

const store = sessionPairingStore();
const journal = new EventJournal({
  storage: sessionJournalStorage(),
  fetch: (url, init) => fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }),
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
// What an earlier worker journaled but could not send goes now.
void journal.flush();

const proctor = new ProctorController({
  browser: {
    async getTab(tabId) {
      try {
        const tab = await chrome.tabs.get(tabId);
        return { windowId: tab.windowId, active: tab.active };
      } catch {
        return null;
      }
    },
    async getWindowState(windowId) {
      const window = await chrome.windows.get(windowId);
      return (window.state ?? 'normal') as WindowState;
    },
    async setWindowState(windowId, state) {
      await chrome.windows.update(windowId, { state });
    },
    async sendToTab(tabId, message, documentId) {
      await chrome.tabs.sendMessage(tabId, message, documentId !== undefined ? { documentId } : { frameId: 0 });
    },
  },
  storage: sessionWatchStorage(),
  journal,
  now: () => Date.now(),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
});

const deps = {
  extensionId: chrome.runtime.id,
  extensionVersion: chrome.runtime.getManifest().version,
  allowed: PORTAL_ORIGINS,
  store,
  now: () => Date.now(),
  proctor,
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
  void proctor.input({ type: 'tab-removed', tabId, at: Date.now() });
});
chrome.tabs.onActivated.addListener(({ tabId, windowId }) => {
  void proctor.input({ type: 'tab-activated', tabId, windowId, at: Date.now() });
});
chrome.tabs.onAttached.addListener((tabId, { newWindowId }) => {
  void proctor.input({ type: 'tab-attached', tabId, windowId: newWindowId, at: Date.now() });
});
chrome.windows.onFocusChanged.addListener((windowId) => {
  void proctor.input({ type: 'window-focused', windowId, at: Date.now() });
});
chrome.windows.onBoundsChanged.addListener((window) => {
  if (window.id !== undefined) void proctor.windowChanged(window.id);
});

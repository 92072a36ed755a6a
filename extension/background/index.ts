import type { ScreenChoice } from '@invigil/shared/protocol/messages';

import { handleBridgeMessage, trustedSender } from '../lib/background-handler';
import { PORTAL_ORIGINS } from '../lib/config';
import { EventJournal, sessionJournalStorage } from '../lib/event-journal';
import { BACKGROUND_MEDIA_TARGET, OFFSCREEN_PATH, parseMediaReport, type MediaCommand } from '../lib/media-messages';
import { sessionPairingStore } from '../lib/pairing-store';
import type { Trust } from '../lib/managed-policy';
import { syncPolicyBridge } from '../lib/policy-bridge';
import { ProctorController, sessionWatchStorage } from '../lib/proctor-controller';
import type { WindowState } from '../lib/proctor-watch';
import { bridgeAccess, loadTrust, onPolicyChanged } from '../lib/trust';

// The background worker: answers the portal's protocol messages relayed by contents/bridge.ts,
// keeps one pairing per tab in chrome.storage.session, and watches tabs, windows and full screen
// for the attempt a paired page asked it to (lib/proctor-controller.ts), and opens Chrome's screen
// picker for that attempt's tab when its test is proctored by screen sharing. Listeners are registered
// synchronously at the top level so that Chrome wakes the worker for them.

const store = sessionPairingStore();
const journal = new EventJournal({
  storage: sessionJournalStorage(),
  fetch: (url, init) => fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }),
  async upload(url, { form, headers }) {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.set(name, value);
    const reply = await fetch(url, { method: 'POST', headers, body, credentials: 'omit', cache: 'no-store' });
    const json = reply.ok ? ((await reply.json().catch(() => null)) as { fileName?: unknown } | null) : null;
    return { status: reply.status, ...(typeof json?.fileName === 'string' ? { fileName: json.fileName } : {}) };
  },
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
// What an earlier worker journaled but could not send goes now.
void journal.flush();

/**
 * The offscreen document of the camera and microphone detectors (decision 0016): opened when a watch
 * asks for them, told what to run, closed when the watch ends. USER_MEDIA is the reason Chrome needs
 * for getUserMedia there.
 */
const offscreenUrl = chrome.runtime.getURL(OFFSCREEN_PATH);
let offscreenOpening: Promise<void> | null = null;
async function hasOffscreen(): Promise<boolean> {
  const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [offscreenUrl] });
  return contexts.length > 0;
}
const mediaHost = {
  async run(command: MediaCommand) {
    if (command.run === null) {
      if (await hasOffscreen()) {
        await chrome.runtime.sendMessage(command).catch(() => undefined);
        await chrome.offscreen.closeDocument().catch(() => undefined);
      }
      return;
    }
    if (!(await hasOffscreen())) {
      offscreenOpening ??= chrome.offscreen
        .createDocument({ url: OFFSCREEN_PATH, reasons: [chrome.offscreen.Reason.USER_MEDIA], justification: 'Face check and speech detection during a proctored test' })
        .finally(() => (offscreenOpening = null));
      await offscreenOpening;
    }
    await chrome.runtime.sendMessage(command).catch(() => undefined);
  },
};

const proctor = new ProctorController({
  media: mediaHost,
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
    chooseScreen(tabId, origin) {
      // Entire screens only: Chrome's picker then offers no tab and no window. The stream id is
      // for the attempt's tab (a worker must name one) and opens there with getUserMedia. Chrome
      // binds it to the tab's URL, which it shows only to extensions with the "tabs" permission:
      // rather than ask for that, the watch's origin (the paired page's, as Chrome reported the
      // sender) is given; a page of any other origin cannot open the stream.
      let requestId: number | null = null;
      let cancelled = false;
      const result = new Promise<ScreenChoice>((resolve) => {
        void chrome.tabs.get(tabId).then(
          (tab) => {
            if (cancelled) return resolve({ grant: 'cancelled' });
            try {
              requestId = chrome.desktopCapture.chooseDesktopMedia(['screen'], { ...tab, url: `${origin}/` }, (streamId) => {
                const error = chrome.runtime.lastError?.message;
                resolve(streamId ? { grant: 'chosen', streamId } : error ? { grant: 'unavailable', reason: error.slice(0, 200) } : { grant: 'cancelled' });
              });
            } catch (error) {
              resolve({ grant: 'unavailable', reason: (error instanceof Error ? error.message : String(error)).slice(0, 200) });
            }
          },
          () => resolve({ grant: 'unavailable', reason: 'The tab is gone.' }),
        );
      });
      return {
        result,
        cancel() {
          cancelled = true;
          if (requestId !== null) chrome.desktopCapture.cancelChooseDesktopMedia(requestId);
        },
      };
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
  store,
  now: () => Date.now(),
  proctor,
};

/**
 * The trusted origins (decision 0069): the institute's managed policy, else the build's list. Chrome
 * hands an extension its policy a few seconds after the browser starts (about 2.5 s measured on a
 * cold start); until then the build's list answers, so the portal's first requests are not left
 * waiting, and a request from any other origin waits for the policy. When the policy arrives or
 * changes, pairings with an origin it does not name end.
 */
let settled: Trust | null = null;
let trust: Promise<Trust> = loadTrust();
/** The bridge file Plasmo built (the static content script's), registered again for policy origins. */
const bridgeFiles = (chrome.runtime.getManifest().content_scripts ?? [])[0]?.js ?? [];
async function syncBridge(): Promise<void> {
  const { register } = await bridgeAccess(await trust);
  await syncPolicyBridge(chrome.scripting, register, bridgeFiles).catch((error: unknown) => console.warn('Invigil: could not register the bridge for policy origins', error));
}
function applyTrust(): void {
  const reading = trust;
  void reading.then(async (found) => {
    if (reading !== trust) return;
    settled = found;
    for (const pairing of await store.all()) if (!found.origins.includes(pairing.origin)) await store.remove(pairing.tabId);
  });
  void syncBridge();
}
applyTrust();
onPolicyChanged(() => {
  trust = loadTrust();
  applyTrust();
});
/** The list to judge `sender` by now: the policy once read; before that the build's, or a wait for the policy. */
async function allowedFor(sender: chrome.runtime.MessageSender): Promise<readonly string[]> {
  if (settled) return settled.origins;
  if (trustedSender(sender, { extensionId: deps.extensionId, allowed: PORTAL_ORIGINS })) return PORTAL_ORIGINS;
  return (await trust).origins;
}
// The student's "Allow" in the popup (or a revocation in chrome://extensions).
chrome.permissions.onAdded.addListener(() => void syncBridge());
chrome.permissions.onRemoved.addListener(() => void syncBridge());

chrome.runtime.onMessage.addListener((data: unknown, sender, sendResponse) => {
  // Our own offscreen document (no tab, our id, our page): its detectors' reports.
  if (sender.id === chrome.runtime.id && !sender.tab && sender.url?.startsWith(offscreenUrl)) {
    const report = parseMediaReport(data);
    if (!report) return false;
    if (report.type === 'MEDIA_HELLO') {
      proctor.mediaNow().then(sendResponse, () => sendResponse(undefined));
      return true;
    }
    void proctor.mediaReport(report, { events: report.events, warnings: report.warnings, ...(report.status ? { status: report.status } : {}) });
    return false;
  }
  if ((data as { target?: unknown } | null)?.target === BACKGROUND_MEDIA_TARGET) return false;
  allowedFor(sender).then((allowed) => handleBridgeMessage(data, sender, { ...deps, allowed })).then(
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

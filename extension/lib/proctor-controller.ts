import {
  PROTOCOL_CHANNEL,
  randomId,
  type ProctorEventMessage,
  type ProctorRelay,
  type ProctorRequest,
  type ProctorStatus,
  type ScreenChoice,
  type ScreenShareGrant,
  type ScreenShareRequest,
} from '@invigil/shared/protocol/messages';
import type { EventJournal } from './event-journal';
import { mediaCommand, type MediaCommand } from './media-messages';
import {
  applyMedia,
  asWatch,
  endWatch,
  relaysAfter,
  startWatch,
  type MediaReport,
  stepWatch,
  type Requester,
  type TabInfo,
  type Watch,
  type WatchEffect,
  type WatchInput,
  type WindowState,
} from './proctor-watch';

/**
 * The background's side of extension-assisted proctoring: keeps the one watched attempt in
 * storage (a service-worker restart resumes it), runs every Chrome event and page request through
 * one queue so they never interleave, journals and sends the events, pushes relays to the attempt's
 * tab, and does what the watch asks of the browser (full screen). Chrome is behind small
 * interfaces so this is tested with fakes; background/index.ts wires the real APIs.
 */

export interface BrowserApi {
  getTab(tabId: number): Promise<TabInfo | null>;
  getWindowState(windowId: number): Promise<WindowState | null>;
  setWindowState(windowId: number, state: WindowState): Promise<void>;
  /** Pushes a message to the content script of the tab (top frame, that document when given). */
  sendToTab(tabId: number, message: ProctorEventMessage, documentId?: string): Promise<void>;
  /**
   * Opens Chrome's screen picker (chrome.desktopCapture, entire screens only) for the tab: the
   * stream id it gives works in that tab only, for pages of `origin`. `cancel` closes a picker still open.
   */
  chooseScreen?(tabId: number, origin: string): { result: Promise<ScreenChoice>; cancel(): void };
}

export interface WatchStorage {
  load(): Promise<Watch | null>;
  save(watch: Watch | null): Promise<void>;
}

/** The offscreen document that runs the camera and microphone detectors (decision 0016). */
export interface MediaHost {
  /** Starts the document if needed and tells it what to run; `run: null` stops its detectors and closes it. */
  run(command: MediaCommand): Promise<void>;
}

export interface ControllerDeps {
  browser: BrowserApi;
  media?: MediaHost;
  storage: WatchStorage;
  journal: EventJournal;
  now: () => number;
  random?: () => string;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const TICK_MS = 1_000;

export class ProctorController {
  private watch: Watch | null = null;
  private queue: Promise<unknown>;
  private ticker: unknown = null;
  private readonly random: () => string;
  /** The screen picker open for the watch, if any (one at a time; closed when the watch ends). */
  private picker: { cancel(): void } | null = null;

  constructor(private readonly deps: ControllerDeps) {
    this.random = deps.random ?? randomId;
    this.queue = deps.storage.load().then(
      (watch) => {
        this.watch = watch;
        this.syncTicker();
      },
      () => undefined,
    );
  }

  /** The watch as it is now (after everything queued so far). */
  current(): Promise<Watch | null> {
    return this.enqueue(async () => this.watch);
  }

  /** A page's START / STOP / PING / FULLSCREEN, from a trusted sender. */
  request(message: ProctorRequest, from: Requester, paired: boolean): Promise<ProctorStatus> {
    return this.enqueue(() => this.handle(message, from, paired));
  }

  /** Something Chrome reported. */
  input(input: WatchInput): Promise<void> {
    return this.enqueue(() => this.apply(input));
  }

  /**
   * 'Share your screen' from the watched page: Chrome's picker for the attempt's tab. The picker
   * waits for the student, so it runs outside the queue; the watch must still be the same one when
   * the student has chosen, or the stream id is not handed out.
   */
  async shareScreen(message: ScreenShareRequest, from: Requester): Promise<ScreenShareGrant> {
    const key = message.payload;
    const answer = (choice: ScreenChoice): ScreenShareGrant => ({ channel: PROTOCOL_CHANNEL, direction: 'to-portal', id: message.id, type: 'SCREEN_SHARE_GRANT', payload: { ...key, ...choice } });
    const notWatching = answer({ grant: 'unavailable', reason: 'Not watching this test for this page.' });
    const watch = await this.enqueue(async () => (this.owns(key, from) ? this.watch : null));
    if (!watch || watch.tabClosed) return notWatching;
    const choose = this.deps.browser.chooseScreen;
    if (!choose) return answer({ grant: 'unavailable', reason: 'This browser does not let the extension share a screen.' });
    this.picker?.cancel();
    const pick = choose(watch.tabId, watch.origin);
    const open = { cancel: () => pick.cancel() };
    this.picker = open;
    const choice = await pick.result.catch((error: unknown): ScreenChoice => ({ grant: 'unavailable', reason: (error instanceof Error ? error.message : String(error)).slice(0, 200) }));
    if (this.picker === open) this.picker = null;
    const still = await this.enqueue(async () => this.watch === watch && this.owns(key, from));
    return still ? answer(choice) : notWatching;
  }

  /** A report of the offscreen detectors for the watch with that session (others are stale: dropped). */
  mediaReport(key: { testId: string; session: string }, report: MediaReport): Promise<void> {
    return this.enqueue(async () => {
      const watch = this.watch;
      if (!watch || watch.testId !== key.testId || watch.session !== key.session) return;
      const { relay, evidence } = applyMedia(watch, report, this.random);
      if (relay) await this.deliver(watch, relay);
      // Journaled with their snapshots: the journal uploads each, then sends the event with its evidence.
      await this.deps.journal.add(evidence.map(({ event, image }) => ({ testId: watch.testId, apiBase: watch.apiBase, token: watch.token, event, snapshot: { data: image } })));
      await this.deps.storage.save(watch);
    });
  }

  /** What the offscreen document should run now (it asks when it loads: a new worker may have restarted it). */
  mediaNow(): Promise<MediaCommand> {
    return this.enqueue(async () => mediaCommand(this.watch));
  }

  /** The bridge's notice that a page of an allowed origin is going away (reload, navigation, close). */
  pageGone(from: Requester): Promise<void> {
    return this.enqueue(async () => {
      if (!this.watch || this.watch.origin !== from.origin) return;
      await this.apply({ type: 'page-gone', tabId: from.tabId, documentId: from.documentId, at: this.deps.now() });
    });
  }

  /** chrome.windows.onBoundsChanged reports the old state: ask for the real one. */
  windowChanged(windowId: number): Promise<void> {
    return this.enqueue(async () => {
      if (!this.watch || this.watch.windowId !== windowId) return;
      await this.pollWindow();
    });
  }

  tick(): Promise<void> {
    return this.enqueue(async () => {
      const watch = this.watch;
      if (!watch) return;
      const now = this.deps.now();
      if (now > watch.expiresAt) {
        await this.end();
        return;
      }
      await this.pollWindow();
      await this.apply({ type: 'tick', at: now });
    });
  }

  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async pollWindow(): Promise<void> {
    const watch = this.watch;
    if (!watch || !watch.settings.fullScreen || watch.tabClosed) return;
    const state = await this.deps.browser.getWindowState(watch.windowId).catch(() => null);
    if (state !== null) await this.apply({ type: 'window-state', windowId: watch.windowId, state, at: this.deps.now() });
  }

  private async apply(input: WatchInput): Promise<void> {
    const watch = this.watch;
    if (!watch) return;
    const step = stepWatch(watch, input, this.random);
    if (step.relay) await this.deliver(watch, step.relay);
    await this.effects(step.effects);
    // Ticks and window polls that changed nothing are not written (a write a second for nothing).
    const polled = input.type === 'tick' || input.type === 'window-state';
    if (step.relay || step.effects.length > 0 || !polled) await this.deps.storage.save(watch);
  }

  /** Journals the relay's events for the server, then pushes the relay to the page. */
  private async deliver(watch: Watch, relay: ProctorRelay): Promise<void> {
    await this.deps.journal.add(relay.events.map((event) => ({ testId: watch.testId, apiBase: watch.apiBase, token: watch.token, event })));
    if (watch.tabClosed || watch.pageGoneSince !== null) return;
    const message: ProctorEventMessage = { channel: PROTOCOL_CHANNEL, direction: 'to-portal', id: randomId(), type: 'PROCTOR_EVENT', payload: relay };
    // A page that misses it gets it with its next heartbeat.
    await this.deps.browser.sendToTab(watch.tabId, message, watch.documentId).catch(() => undefined);
  }

  private async effects(effects: readonly WatchEffect[]): Promise<void> {
    for (const effect of effects) {
      const state: WindowState = effect.type === 'enter-fullscreen' ? 'fullscreen' : effect.state;
      await this.deps.browser.setWindowState(effect.windowId, state).catch(() => undefined);
    }
  }

  private async end(): Promise<void> {
    const watch = this.watch;
    if (!watch) return;
    this.watch = null;
    this.picker?.cancel();
    this.picker = null;
    this.syncTicker();
    await this.deps.storage.save(null);
    if (watch.media) await this.deps.media?.run(mediaCommand(null)).catch(() => undefined);
    await this.effects(endWatch(watch));
  }

  /** Whether the watch is this page's, for this test and session. */
  private owns(key: { testId: string; session: string }, from: Requester): boolean {
    const watch = this.watch;
    return watch !== null && watch.tabId === from.tabId && watch.origin === from.origin && watch.session === key.session && watch.testId === key.testId;
  }

  private syncTicker(): void {
    if (this.watch && this.ticker === null) this.ticker = this.deps.setInterval(() => void this.tick(), TICK_MS);
    else if (!this.watch && this.ticker !== null) {
      this.deps.clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private status(message: ProctorRequest, watching: boolean, extra: { reason?: string; after?: number } = {}): ProctorStatus {
    const watch = watching ? this.watch : null;
    return {
      channel: PROTOCOL_CHANNEL,
      direction: 'to-portal',
      id: message.id,
      type: 'PROCTOR_STATUS',
      payload: {
        testId: message.payload.testId,
        session: message.payload.session,
        watching,
        ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
        fullScreen: watch?.fullScreen ?? false,
        missed: watch && extra.after !== undefined ? relaysAfter(watch, extra.after) : [],
        ...(watch?.media && watch.mediaStatus ? { media: watch.mediaStatus } : {}),
      },
    };
  }

  private async handle(message: ProctorRequest, from: Requester, paired: boolean): Promise<ProctorStatus> {
    const now = this.deps.now();
    if (message.type === 'START_PROCTORING') {
      if (!paired) return this.status(message, false, { reason: 'This page is not paired with the extension.' });
      const tab = await this.deps.browser.getTab(from.tabId);
      if (!tab) return this.status(message, false, { reason: 'The tab is gone.' });
      const windowState = (await this.deps.browser.getWindowState(tab.windowId).catch(() => null)) ?? 'normal';
      const existing = this.watch;
      const result = startWatch(existing, message.payload, from, tab, windowState, now, this.random);
      if (!result.ok) return this.status(message, false, { reason: result.reason });
      if (existing && existing !== result.watch) await this.effects(endWatch(existing));
      this.watch = result.watch;
      this.syncTicker();
      await this.deps.storage.save(result.watch);
      if (result.watch.media || existing?.media) await this.deps.media?.run(mediaCommand(result.watch)).catch(() => undefined);
      if (result.step.relay) await this.deliver(result.watch, result.step.relay);
      await this.effects(result.step.effects);
      if (result.step.effects.length > 0) await this.pollWindow();
      return this.status(message, true);
    }

    // The other requests act only for the page that started the watch.
    const watch = this.watch;
    if (!watch || !this.owns(message.payload, from)) return this.status(message, false, { reason: 'Not watching this test for this page.' });

    if (message.type === 'STOP_PROCTORING') {
      await this.end();
      return this.status(message, false, { reason: 'Stopped.' });
    }
    watch.lastPingAt = now;
    if (watch.pageGoneSince !== null) {
      // The page is alive after all (restored from the back/forward cache).
      watch.pageGoneSince = null;
      await this.apply({ type: 'tick', at: now });
    }
    if (message.type === 'PROCTOR_PROMPT') await this.apply({ type: 'prompt', open: message.payload.open, at: now });
    if (message.type === 'PROCTOR_FULLSCREEN' && watch.settings.fullScreen) {
      await this.effects([{ type: 'enter-fullscreen', windowId: watch.windowId }]);
      await this.pollWindow();
    }
    await this.deps.storage.save(watch);
    return this.status(message, true, { after: message.type === 'PROCTOR_PING' ? message.payload.after : Number.MAX_SAFE_INTEGER });
  }
}

/** The watch in chrome.storage.session under one key. */
export function sessionWatchStorage(area: chrome.storage.StorageArea = chrome.storage.session, key = 'proctor-watch'): WatchStorage {
  return {
    async load() {
      const items = await area.get(key);
      return asWatch(items[key]);
    },
    async save(watch) {
      if (watch === null) await area.remove(key);
      else await area.set({ [key]: watch });
    },
  };
}

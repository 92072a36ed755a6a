import type { ProctorEvent } from '@invigil/shared/api/proctor';
import {
  initialFocusState,
  onFocusObservation,
  type FocusObservation,
  type FocusSettings,
  type FocusState,
  type FocusWarning,
  type SubmitReasonFromFocus,
} from '@invigil/shared/proctor/focus-policy';
import { PROMPT_GRACE_MS } from '@invigil/shared/proctor/prompt-grace';
import type { MediaSettings, MediaStatus, MediaWarning, ProctorRelay, StartProctoring } from '@invigil/shared/protocol/messages';

/**
 * One attempt the extension watches for the page that started it (decision 0014). Pure: the
 * background feeds what Chrome reports (tabs activated, windows focused, the attempt's page gone,
 * the window's state, a tick) and gets back the relay for the page (events with their ids, the
 * warning, the submission) and what to do to the browser. The rules are the page's own:
 * shared/proctor/focus-policy.ts decides counts, warnings and submissions.
 */

/** chrome.windows.WINDOW_ID_NONE: the browser lost focus to another app. */
export const WINDOW_ID_NONE = -1;
/** A reload of the test page is not a time away: the page gets this long to come back. */
export const PAGE_GONE_GRACE_MS = 10_000;
/** A watch whose page has not pinged for this long may be taken over by another tab. */
export const ABANDONED_MS = 120_000;
/** Relays kept for a page that missed their push (it asks with its heartbeat). */
export const KEPT_RELAYS = 50;

export type WindowState = 'normal' | 'minimized' | 'maximized' | 'fullscreen' | 'locked-fullscreen';

export interface Watch {
  testId: string;
  session: string;
  origin: string;
  tabId: number;
  documentId?: string;
  windowId: number;
  apiBase: string;
  token: string;
  expiresAt: number;
  settings: FocusSettings;
  focus: FocusState;
  /** The attempt's tab is the active tab of its window. */
  tabActive: boolean;
  /** The window that has focus, as far as Chrome told us; WINDOW_ID_NONE for another app. */
  focusedWindowId: number;
  /** The attempt's page went away (reload, navigation) at this time; null while it is there. */
  pageGoneSince: number | null;
  tabClosed: boolean;
  /** The window was last seen in full screen (only tracked when the test asks for it). */
  fullScreen: boolean;
  /** The window's state before we put it in full screen, to restore when the watch ends. */
  restoreState: WindowState | null;
  lastPingAt: number;
  seq: number;
  relays: ProctorRelay[];
  eventCount: number;
  /** The camera and microphone detectors the page asked for (decision 0016); absent: none. */
  media?: MediaSettings;
  /** What the offscreen document reports about them. */
  mediaStatus?: MediaStatus;
  /**
   * Until then a browser prompt the page opened (its file chooser, its screen picker) may hold the
   * focus: the browser losing the focus to it is not time away (shared/proctor/prompt-grace.ts).
   */
  promptUntil?: number;
}

/** Who asked: the trusted sender (checked by background-handler) and its tab as Chrome sees it. */
export interface Requester {
  origin: string;
  tabId: number;
  documentId?: string | undefined;
}

export interface TabInfo {
  windowId: number;
  active: boolean;
}

export type WatchInput =
  | { type: 'tab-activated'; tabId: number; windowId: number; at: number }
  | { type: 'window-focused'; windowId: number; at: number }
  /** The page opened (or closed) a browser prompt of its own (PROCTOR_PROMPT). */
  | { type: 'prompt'; open: boolean; at: number }
  | { type: 'tab-removed'; tabId: number; at: number }
  | { type: 'tab-attached'; tabId: number; windowId: number; at: number }
  | { type: 'page-gone'; tabId: number; documentId?: string | undefined; at: number }
  | { type: 'window-state'; windowId: number; state: WindowState; at: number }
  | { type: 'tick'; at: number };

export type WatchEffect = { type: 'enter-fullscreen'; windowId: number } | { type: 'restore-window'; windowId: number; state: WindowState };

export interface WatchStep {
  relay: ProctorRelay | null;
  effects: WatchEffect[];
}

const NOTHING: WatchStep = { relay: null, effects: [] };

/** Ids unique within the attempt, ordered as reported ('e' + time + counter + random). */
export function extensionEventId(at: number, counter: number, random: string): string {
  return `e${Math.max(0, at).toString(36).padStart(9, '0')}${(counter % 36 ** 4).toString(36).padStart(4, '0')}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).padEnd(6, '0')}`;
}

function cause(watch: Watch, now: number): string | null {
  if (watch.tabClosed) return 'tab_closed';
  if (watch.pageGoneSince !== null && now - watch.pageGoneSince >= PAGE_GONE_GRACE_MS) return 'page_left';
  // A native prompt the page opened (a file chooser) is another app to Chrome, for a while.
  if (watch.focusedWindowId === WINDOW_ID_NONE) return (watch.promptUntil ?? 0) > now ? null : 'other_app';
  if (watch.focusedWindowId !== watch.windowId) return 'other_window';
  if (!watch.tabActive) return 'other_tab';
  return null;
}

/** The page is there to act on a warning or a submission (not closed, not reloading). */
function pagePresent(watch: Watch): boolean {
  return !watch.tabClosed && watch.pageGoneSince === null;
}

/** Turns the policy's actions for one observation into one relay (null when nothing happened). */
function relayOf(watch: Watch, run: () => ReturnType<typeof onFocusObservation>, random: () => string, extra?: Record<string, string>): ProctorRelay | null {
  const actions = run();
  const events: ProctorEvent[] = [];
  let warning: FocusWarning | null | undefined;
  let submit: SubmitReasonFromFocus | undefined;
  for (const action of actions) {
    if (action.type === 'record') {
      watch.eventCount += 1;
      const detail = { ...(action.detail ?? {}), ...(action.kind === 'BLUR' && extra ? extra : {}) };
      events.push({
        id: extensionEventId(action.at, watch.eventCount, random()),
        at: Math.round(action.at),
        kind: action.kind,
        source: 'extension',
        ...(Object.keys(detail).length > 0 ? { detail } : {}),
      });
    } else if (action.type === 'warn') warning = action.warning;
    else if (action.type === 'clear-warning') warning = null;
    else submit = action.reason;
  }
  if (events.length === 0 && warning === undefined && submit === undefined) return null;
  watch.seq += 1;
  const relay: ProctorRelay = {
    testId: watch.testId,
    session: watch.session,
    seq: watch.seq,
    events,
    ...(warning !== undefined ? { warning } : {}),
    ...(submit !== undefined ? { submit } : {}),
  };
  watch.relays = [...watch.relays, relay].slice(-KEPT_RELAYS);
  return relay;
}

function merge(steps: (ProctorRelay | null)[], watch: Watch): ProctorRelay | null {
  const present = steps.filter((step): step is ProctorRelay => step !== null);
  if (present.length <= 1) return present[0] ?? null;
  // Several observations at once (rare: e.g. a tick and a return): one relay, the last warning wins.
  const last = present[present.length - 1]!;
  const merged: ProctorRelay = { ...last, events: present.flatMap((relay) => relay.events) };
  for (const relay of present) {
    if (relay.warning !== undefined) merged.warning = relay.warning;
    if (relay.submit !== undefined) merged.submit = relay.submit;
  }
  watch.seq = present[0]!.seq;
  merged.seq = watch.seq;
  watch.relays = [...watch.relays.filter((relay) => relay.seq < merged.seq), merged].slice(-KEPT_RELAYS);
  return merged;
}

/** Feeds the attention (away/back) the watch now implies into the policy. */
function judgeAttention(watch: Watch, now: number, random: () => string): ProctorRelay | null {
  const why = cause(watch, now);
  if (why !== null) {
    if (watch.focus.awaySince !== null) return null;
    const at = why === 'page_left' && watch.pageGoneSince !== null ? watch.pageGoneSince : now;
    return relayOf(watch, () => onFocusObservation(watch.focus, watch.settings, { type: 'away', at }), random, { cause: why });
  }
  if (watch.focus.awaySince === null) return null;
  return relayOf(watch, () => onFocusObservation(watch.focus, watch.settings, { type: 'back', at: now }), random);
}

function observe(watch: Watch, observation: FocusObservation | { type: 'tick'; at: number }, random: () => string): ProctorRelay | null {
  return relayOf(watch, () => onFocusObservation(watch.focus, watch.settings, observation), random);
}

/**
 * What Chrome reported, applied to the watch (mutated). Ticks judge time away and full screen only
 * while the page is there: a closed or reloading page cannot submit, and the time away is judged
 * again when it comes back.
 */
export function stepWatch(watch: Watch, input: WatchInput, random: () => string): WatchStep {
  const now = input.at;
  switch (input.type) {
    case 'tab-activated':
      watch.focusedWindowId = input.windowId;
      if (input.tabId === watch.tabId) {
        watch.windowId = input.windowId;
        watch.tabActive = true;
      } else if (input.windowId === watch.windowId) watch.tabActive = false;
      return { relay: judgeAttention(watch, now, random), effects: [] };
    case 'window-focused':
      watch.focusedWindowId = input.windowId;
      return { relay: judgeAttention(watch, now, random), effects: [] };
    case 'prompt':
      // Open: a grace of at most PROMPT_GRACE_MS; closed: the page's settle time has passed already.
      if (input.open) watch.promptUntil = now + PROMPT_GRACE_MS;
      else delete watch.promptUntil;
      return { relay: judgeAttention(watch, now, random), effects: [] };
    case 'tab-attached':
      // Dragged into another window: that window's focus follows at once, and is judged then.
      if (input.tabId === watch.tabId) watch.windowId = input.windowId;
      return NOTHING;
    case 'tab-removed':
      if (input.tabId !== watch.tabId || watch.tabClosed) return NOTHING;
      watch.tabClosed = true;
      return { relay: judgeAttention(watch, now, random), effects: [] };
    case 'page-gone':
      if (input.tabId !== watch.tabId || watch.pageGoneSince !== null) return NOTHING;
      if (watch.documentId !== undefined && input.documentId !== undefined && input.documentId !== watch.documentId) return NOTHING;
      watch.pageGoneSince = now;
      return NOTHING;
    case 'window-state': {
      if (!watch.settings.fullScreen || input.windowId !== watch.windowId) return NOTHING;
      const full = input.state === 'fullscreen' || input.state === 'locked-fullscreen';
      if (full === watch.fullScreen) return NOTHING;
      watch.fullScreen = full;
      return { relay: observe(watch, { type: full ? 'fullscreen-enter' : 'fullscreen-exit', at: now }, random), effects: [] };
    }
    case 'tick': {
      const left = judgeAttention(watch, now, random);
      const ticked = pagePresent(watch) ? observe(watch, { type: 'tick', at: now }, random) : null;
      return { relay: merge([left, ticked], watch), effects: [] };
    }
  }
}

export type StartResult = { ok: true; watch: Watch; step: WatchStep } | { ok: false; reason: string };

/** The watch may be handed to another tab or test: its page is gone, or silent for long. */
export function watchAbandoned(watch: Watch, now: number): boolean {
  return watch.tabClosed || watch.pageGoneSince !== null || now - watch.lastPingAt > ABANDONED_MS;
}

/**
 * START_PROCTORING from a paired page. A new watch, or the same attempt resumed (the page was
 * reloaded, or reopened in a tab after its tab was closed): the count and the time away go on.
 * Refused when the API is not on the page's own origin, the token has expired, or another live
 * page is being watched.
 */
export function startWatch(
  existing: Watch | null,
  payload: StartProctoring['payload'],
  from: Requester,
  tab: TabInfo,
  windowState: WindowState,
  now: number,
  random: () => string,
): StartResult {
  let apiOrigin: string | null = null;
  try {
    apiOrigin = new URL(payload.apiBase).origin;
  } catch {
    apiOrigin = null;
  }
  if (apiOrigin !== from.origin) return { ok: false, reason: 'The API must be on the portal origin.' };
  if (payload.expiresAt <= now) return { ok: false, reason: 'The proctor token has expired.' };
  const resume = existing !== null && existing.testId === payload.testId && existing.origin === from.origin ? existing : null;
  if (existing && existing.tabId !== from.tabId && !watchAbandoned(existing, now)) {
    return { ok: false, reason: 'Another tab is being watched for a test.' };
  }

  const watch: Watch = resume ?? {
    testId: payload.testId,
    session: payload.session,
    origin: from.origin,
    tabId: from.tabId,
    windowId: tab.windowId,
    apiBase: payload.apiBase,
    token: payload.proctorToken,
    expiresAt: payload.expiresAt,
    settings: payload.settings,
    focus: initialFocusState(payload.blurCount),
    tabActive: tab.active,
    focusedWindowId: tab.windowId,
    pageGoneSince: null,
    tabClosed: false,
    fullScreen: false,
    restoreState: null,
    lastPingAt: now,
    seq: 0,
    relays: [],
    eventCount: 0,
  };
  if (resume) {
    Object.assign(watch, {
      session: payload.session,
      tabId: from.tabId,
      windowId: tab.windowId,
      apiBase: payload.apiBase,
      token: payload.proctorToken,
      expiresAt: payload.expiresAt,
      settings: payload.settings,
      tabActive: tab.active,
      focusedWindowId: tab.active ? tab.windowId : watch.focusedWindowId,
      tabClosed: false,
      lastPingAt: now,
      // A new page starts its relays at 1.
      seq: 0,
      relays: [],
    });
    watch.focus.count = Math.max(watch.focus.count, payload.blurCount);
  }
  if (from.documentId !== undefined) watch.documentId = from.documentId;
  else delete watch.documentId;
  if (payload.media && (payload.media.face !== null || payload.media.speech)) {
    const changed = JSON.stringify(payload.media) !== JSON.stringify(watch.media);
    watch.media = payload.media;
    if (changed || !watch.mediaStatus) watch.mediaStatus = { camera: payload.media.face ? 'starting' : 'off', microphone: payload.media.speech ? 'starting' : 'off' };
  } else {
    delete watch.media;
    delete watch.mediaStatus;
  }

  // The page is back. Gone past the grace is a time away even if no tick saw it (the worker
  // slept): it is recorded from when the page went, then judged on return like any other.
  const relays: (ProctorRelay | null)[] = [];
  const goneSince = watch.pageGoneSince;
  if (goneSince !== null && now - goneSince >= PAGE_GONE_GRACE_MS && watch.focus.awaySince === null) {
    relays.push(judgeAttention(watch, goneSince + PAGE_GONE_GRACE_MS, random));
  }
  watch.pageGoneSince = null;
  relays.push(judgeAttention(watch, now, random));

  const effects: WatchEffect[] = [];
  if (watch.settings.fullScreen) {
    const full = windowState === 'fullscreen' || windowState === 'locked-fullscreen';
    if (full) {
      if (!watch.fullScreen) relays.push(observe(watch, { type: 'fullscreen-enter', at: now }, random));
      watch.fullScreen = true;
    } else {
      if (watch.restoreState === null) watch.restoreState = windowState === 'minimized' ? 'normal' : windowState;
      effects.push({ type: 'enter-fullscreen', windowId: watch.windowId });
    }
  }
  // Relays of the earlier page are for that page; the new one gets a fresh sequence.
  const relay = merge(relays, watch);
  return { ok: true, watch, step: { relay, effects } };
}

/** The effects of ending a watch: the window goes back to the state it had before full screen. */
export function endWatch(watch: Watch): WatchEffect[] {
  if (watch.restoreState === null || watch.tabClosed) return [];
  return [{ type: 'restore-window', windowId: watch.windowId, state: watch.restoreState }];
}

/** What the offscreen document reported: events of its detectors, warnings, its detectors' state. */
export interface MediaReport {
  /** `image`: the flagged check's snapshot (data URL) to upload as the event's evidence. */
  events: { kind: ProctorEvent['kind']; at: number; detail?: ProctorEvent['detail']; image?: string }[];
  warnings: MediaWarning[];
  status?: Partial<MediaStatus>;
}

/** An event of the extension that waits for its snapshot's upload before it is sent (the journal does both). */
export interface EvidenceEvent {
  event: ProctorEvent;
  image: string;
}

/**
 * A report of the offscreen camera and microphone detectors (decision 0016), applied to the watch:
 * their state is kept for the page's heartbeat, their events get the extension's ids (source
 * 'extension') and, with their warnings, one relay (null when there is nothing to relay). An event
 * with a snapshot is not relayed to the page: the page would pass it on at once without its
 * evidence, and the server keeps an event id once; the journal sends it after the upload.
 */
export function applyMedia(watch: Watch, report: MediaReport, random: () => string): { relay: ProctorRelay | null; evidence: EvidenceEvent[] } {
  if (!watch.media) return { relay: null, evidence: [] };
  if (report.status) watch.mediaStatus = { ...(watch.mediaStatus ?? { camera: 'off', microphone: 'off' }), ...report.status };
  const events: ProctorEvent[] = [];
  const evidence: EvidenceEvent[] = [];
  for (const reported of report.events) {
    watch.eventCount += 1;
    const event: ProctorEvent = {
      id: extensionEventId(reported.at, watch.eventCount, random()),
      at: Math.round(reported.at),
      kind: reported.kind,
      source: 'extension',
      ...(reported.detail && Object.keys(reported.detail).length > 0 ? { detail: reported.detail } : {}),
    };
    if (reported.image) evidence.push({ event, image: reported.image });
    else events.push(event);
  }
  if (events.length === 0 && report.warnings.length === 0) return { relay: null, evidence };
  watch.seq += 1;
  const relay: ProctorRelay = {
    testId: watch.testId,
    session: watch.session,
    seq: watch.seq,
    events,
    ...(report.warnings.length > 0 ? { mediaWarnings: report.warnings } : {}),
  };
  watch.relays = [...watch.relays, relay].slice(-KEPT_RELAYS);
  return { relay, evidence };
}

/** `applyMedia`'s relay alone. */
export function relayMedia(watch: Watch, report: MediaReport, random: () => string): ProctorRelay | null {
  return applyMedia(watch, report, random).relay;
}

/** The relays after `after`, for a page's heartbeat. */
export function relaysAfter(watch: Watch, after: number): ProctorRelay[] {
  return watch.relays.filter((relay) => relay.seq > after);
}

/** A stored value as a watch, or null (storage is ours, but a bad value must not break the worker). */
export function asWatch(value: unknown): Watch | null {
  if (typeof value !== 'object' || value === null) return null;
  const watch = value as Partial<Watch>;
  if (typeof watch.testId !== 'string' || typeof watch.session !== 'string' || typeof watch.tabId !== 'number') return null;
  if (typeof watch.windowId !== 'number' || typeof watch.token !== 'string' || typeof watch.apiBase !== 'string') return null;
  if (typeof watch.focus !== 'object' || watch.focus === null || typeof watch.settings !== 'object' || watch.settings === null) return null;
  if (!Array.isArray(watch.relays)) return null;
  return watch as Watch;
}

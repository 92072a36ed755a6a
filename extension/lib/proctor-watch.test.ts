import { describe, expect, it } from 'vitest';
import type { FocusSettings } from '@invigil/shared/proctor/focus-policy';
import { PROMPT_GRACE_MS } from '@invigil/shared/proctor/prompt-grace';
import type { StartProctoring } from '@invigil/shared/protocol/messages';
import { proctorEventSchema } from '@invigil/shared/api/proctor';
import {
  ABANDONED_MS,
  PAGE_GONE_GRACE_MS,
  WINDOW_ID_NONE,
  endWatch,
  extensionEventId,
  relaysAfter,
  startWatch,
  stepWatch,
  type Watch,
} from './proctor-watch';

const ORIGIN = 'http://127.0.0.1:18080';
const TAB = 7;
const WIN = 3;
const T0 = 1_700_000_000_000;

const settings = (overrides: Partial<FocusSettings> = {}): FocusSettings => ({
  autoTerminate: true,
  fullScreen: false,
  mouseOut: false,
  allowedCount: 2,
  maxAwayMs: 10_000,
  warningOffsetMs: 10_000,
  warningOffsetCount: 10,
  ...overrides,
});

const payload = (overrides: Partial<StartProctoring['payload']> = {}): StartProctoring['payload'] => ({
  testId: 'test-1',
  session: 'session-aaaaaaaaaaaa',
  apiBase: `${ORIGIN}/api`,
  proctorToken: 'pt1.token',
  expiresAt: T0 + 3_600_000,
  settings: settings(),
  blurCount: 0,
  ...overrides,
});

let counter = 0;
const random = () => `r${(counter += 1)}xxxxxxxx`;
const from = { origin: ORIGIN, tabId: TAB, documentId: 'DOC-1' };

function started(overrides: Partial<StartProctoring['payload']> = {}, windowState: 'normal' | 'fullscreen' = 'normal'): Watch {
  const result = startWatch(null, payload(overrides), from, { windowId: WIN, active: true }, windowState, T0, random);
  if (!result.ok) throw new Error(result.reason);
  return result.watch;
}

const kinds = (relay: { events: { kind: string }[] } | null) => relay?.events.map((event) => event.kind) ?? [];

describe('startWatch', () => {
  it('starts watching the requesting tab and window, with the page count', () => {
    const result = startWatch(null, payload({ blurCount: 3 }), from, { windowId: WIN, active: true }, 'normal', T0, random);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.watch).toMatchObject({ testId: 'test-1', tabId: TAB, windowId: WIN, documentId: 'DOC-1', tabActive: true, focusedWindowId: WIN });
    expect(result.watch.focus.count).toBe(3);
    expect(result.step).toEqual({ relay: null, effects: [] });
  });

  it('refuses an API on another origin and an expired token', () => {
    const elsewhere = startWatch(null, payload({ apiBase: 'https://evil.example/api' }), from, { windowId: WIN, active: true }, 'normal', T0, random);
    expect(elsewhere).toEqual({ ok: false, reason: 'The API must be on the portal origin.' });
    const expired = startWatch(null, payload({ expiresAt: T0 }), from, { windowId: WIN, active: true }, 'normal', T0, random);
    expect(expired).toEqual({ ok: false, reason: 'The proctor token has expired.' });
  });

  it('puts the window in full screen when the test asks, and remembers its state', () => {
    const result = startWatch(null, payload({ settings: settings({ fullScreen: true }) }), from, { windowId: WIN, active: true }, 'maximized', T0, random);
    if (!result.ok) throw new Error(result.reason);
    expect(result.step.effects).toEqual([{ type: 'enter-fullscreen', windowId: WIN }]);
    expect(endWatch(result.watch)).toEqual([{ type: 'restore-window', windowId: WIN, state: 'maximized' }]);
    // Already in full screen: recorded at once, nothing to restore.
    const already = startWatch(null, payload({ settings: settings({ fullScreen: true }) }), from, { windowId: WIN, active: true }, 'fullscreen', T0, random);
    if (!already.ok) throw new Error(already.reason);
    expect(kinds(already.step.relay)).toEqual(['FULLSCREEN_ENTER']);
    expect(already.step.effects).toEqual([]);
    expect(endWatch(already.watch)).toEqual([]);
  });

  it('refuses another live tab, but hands an abandoned watch over', () => {
    const watch = started();
    const other = { origin: ORIGIN, tabId: 99, documentId: 'DOC-9' };
    const refused = startWatch(watch, payload({ session: 'session-bbbbbbbbbbbb' }), other, { windowId: WIN, active: true }, 'normal', T0 + 1000, random);
    expect(refused).toEqual({ ok: false, reason: 'Another tab is being watched for a test.' });
    const later = startWatch(watch, payload({ session: 'session-bbbbbbbbbbbb' }), other, { windowId: WIN, active: true }, 'normal', T0 + ABANDONED_MS + 1, random);
    expect(later.ok && later.watch.tabId).toBe(99);
  });
});

describe('stepWatch: tabs and windows', () => {
  it('counts another tab as a time away and the attempt tab again as the return', () => {
    const watch = started();
    const away = stepWatch(watch, { type: 'tab-activated', tabId: 8, windowId: WIN, at: T0 + 1000 }, random).relay;
    expect(kinds(away)).toEqual(['BLUR', 'WARNING_SHOWN']);
    expect(away?.events[0]).toMatchObject({ source: 'extension', detail: { count: 1, cause: 'other_tab' } });
    expect(away?.warning).toMatchObject({ reason: 'BLUR_TIME', submitAt: T0 + 11_000 });
    const back = stepWatch(watch, { type: 'tab-activated', tabId: TAB, windowId: WIN, at: T0 + 3000 }, random).relay;
    expect(kinds(back)).toEqual(['FOCUS', 'WARNING_SHOWN']);
    expect(back?.events[0]?.detail).toEqual({ away_ms: 2000, count: 1 });
    expect(back?.warning).toMatchObject({ reason: 'BLUR_COUNT', submitAt: null });
    expect([away?.seq, back?.seq]).toEqual([1, 2]);
    // Every event is one the server takes.
    for (const event of [...(away?.events ?? []), ...(back?.events ?? [])]) expect(proctorEventSchema.safeParse(event).success).toBe(true);
  });

  it('submits with BLUR_ALLOWED_COUNT one time away past the allowed count', () => {
    const watch = started();
    let at = T0;
    for (let i = 0; i < 2; i += 1) {
      stepWatch(watch, { type: 'tab-activated', tabId: 8, windowId: WIN, at: (at += 100) }, random);
      stepWatch(watch, { type: 'tab-activated', tabId: TAB, windowId: WIN, at: (at += 100) }, random);
    }
    const third = stepWatch(watch, { type: 'tab-activated', tabId: 8, windowId: WIN, at: (at += 100) }, random).relay;
    expect(kinds(third)).toEqual(['BLUR', 'AUTO_SUBMIT']);
    expect(third?.submit).toBe('BLUR_ALLOWED_COUNT');
    expect(third?.events[1]?.detail).toEqual({ reason: 'BLUR_ALLOWED_COUNT' });
  });

  it('sees another window and another app, and ignores tabs of other windows', () => {
    const watch = started();
    expect(kinds(stepWatch(watch, { type: 'window-focused', windowId: 4, at: T0 + 10 }, random).relay)).toEqual(['BLUR', 'WARNING_SHOWN']);
    expect(watch.focus.awaySince).toBe(T0 + 10);
    // Chrome on Linux reports NONE between two of its windows: still the same time away.
    expect(stepWatch(watch, { type: 'window-focused', windowId: WINDOW_ID_NONE, at: T0 + 20 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'tab-activated', tabId: 50, windowId: 4, at: T0 + 30 }, random).relay).toBeNull();
    expect(kinds(stepWatch(watch, { type: 'window-focused', windowId: WIN, at: T0 + 2000 }, random).relay)).toEqual(['FOCUS', 'WARNING_SHOWN']);
    const app = stepWatch(watch, { type: 'window-focused', windowId: WINDOW_ID_NONE, at: T0 + 3000 }, random).relay;
    expect(app?.events[0]?.detail).toMatchObject({ cause: 'other_app', count: 2 });
    // Activating the attempt's tab means its window is in front again.
    expect(kinds(stepWatch(watch, { type: 'tab-activated', tabId: TAB, windowId: WIN, at: T0 + 4000 }, random).relay)).toContain('FOCUS');
  });

  it('follows the attempt tab into another window', () => {
    const watch = started();
    expect(stepWatch(watch, { type: 'tab-attached', tabId: TAB, windowId: 12, at: T0 + 1 }, random).relay).toBeNull();
    expect(watch.windowId).toBe(12);
    expect(stepWatch(watch, { type: 'window-focused', windowId: 12, at: T0 + 2 }, random).relay).toBeNull();
    expect(kinds(stepWatch(watch, { type: 'window-focused', windowId: WIN, at: T0 + 3 }, random).relay)).toEqual(['BLUR', 'WARNING_SHOWN']);
  });

  it('submits with BLUR_TIME_OUT when a time away lasts too long, on the tick', () => {
    const watch = started();
    stepWatch(watch, { type: 'tab-activated', tabId: 8, windowId: WIN, at: T0 }, random);
    expect(stepWatch(watch, { type: 'tick', at: T0 + 5000 }, random).relay).toBeNull();
    const late = stepWatch(watch, { type: 'tick', at: T0 + 10_000 }, random).relay;
    expect(late?.submit).toBe('BLUR_TIME_OUT');
    expect(kinds(late)).toEqual(['AUTO_SUBMIT']);
    // Submitted once: nothing more.
    expect(stepWatch(watch, { type: 'tab-activated', tabId: TAB, windowId: WIN, at: T0 + 11_000 }, random).relay).toBeNull();
  });

  it("does not count the focus going to a prompt the page opened, for at most PROMPT_GRACE_MS", () => {
    const watch = started();
    expect(stepWatch(watch, { type: 'prompt', open: true, at: T0 }, random).relay).toBeNull();
    // The file chooser takes the focus from Chrome: no time away, no warning, no submission.
    expect(stepWatch(watch, { type: 'window-focused', windowId: WINDOW_ID_NONE, at: T0 + 100 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'tick', at: T0 + 15_000 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'window-focused', windowId: WIN, at: T0 + 16_000 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'prompt', open: false, at: T0 + 18_000 }, random).relay).toBeNull();
    expect(watch.focus.count).toBe(0);
    // Another window is never a prompt; another app after the prompt closed is away again.
    stepWatch(watch, { type: 'prompt', open: true, at: T0 + 20_000 }, random);
    expect(kinds(stepWatch(watch, { type: 'window-focused', windowId: 99, at: T0 + 20_100 }, random).relay)).toContain('BLUR');
    stepWatch(watch, { type: 'window-focused', windowId: WIN, at: T0 + 21_000 }, random);
    stepWatch(watch, { type: 'prompt', open: false, at: T0 + 21_500 }, random);
    expect(kinds(stepWatch(watch, { type: 'window-focused', windowId: WINDOW_ID_NONE, at: T0 + 22_000 }, random).relay)).toContain('BLUR');
  });

  it('a prompt left open stops hiding time away after PROMPT_GRACE_MS', () => {
    const watch = started();
    stepWatch(watch, { type: 'prompt', open: true, at: T0 }, random);
    expect(stepWatch(watch, { type: 'window-focused', windowId: WINDOW_ID_NONE, at: T0 + 100 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'tick', at: T0 + PROMPT_GRACE_MS - 1 }, random).relay).toBeNull();
    const away = stepWatch(watch, { type: 'tick', at: T0 + PROMPT_GRACE_MS }, random).relay;
    expect(away?.events[0]).toMatchObject({ kind: 'BLUR', at: T0 + PROMPT_GRACE_MS, detail: { cause: 'other_app', count: 1 } });
  });

  it('counts a closed tab at once, and judges the time away when the test is reopened', () => {
    const watch = started();
    const closed = stepWatch(watch, { type: 'tab-removed', tabId: TAB, at: T0 + 1000 }, random).relay;
    expect(closed?.events[0]?.detail).toMatchObject({ cause: 'tab_closed', count: 1 });
    // No page to submit: ticks wait.
    expect(stepWatch(watch, { type: 'tick', at: T0 + 60_000 }, random).relay).toBeNull();
    const reopened = startWatch(watch, payload({ session: 'session-cccccccccccc' }), { origin: ORIGIN, tabId: 20, documentId: 'DOC-2' }, { windowId: WIN, active: true }, 'normal', T0 + 61_000, random);
    if (!reopened.ok) throw new Error(reopened.reason);
    expect(reopened.watch.tabId).toBe(20);
    expect(reopened.step.relay?.submit).toBe('BLUR_TIME_OUT');
    expect(kinds(reopened.step.relay)).toEqual(['FOCUS', 'AUTO_SUBMIT']);
    expect(reopened.step.relay?.seq).toBe(1);
  });

  it('does not count a reload, but counts a page that stays gone', () => {
    const watch = started();
    expect(stepWatch(watch, { type: 'page-gone', tabId: TAB, documentId: 'DOC-1', at: T0 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'tick', at: T0 + 2000 }, random).relay).toBeNull();
    const reloaded = startWatch(watch, payload({ session: 'session-dddddddddddd' }), { ...from, documentId: 'DOC-2' }, { windowId: WIN, active: true }, 'normal', T0 + 3000, random);
    expect(reloaded.ok && reloaded.step.relay).toBeNull();
    expect(watch.focus.count).toBe(0);

    stepWatch(watch, { type: 'page-gone', tabId: TAB, documentId: 'DOC-2', at: T0 + 5000 }, random);
    const gone = stepWatch(watch, { type: 'tick', at: T0 + 5000 + PAGE_GONE_GRACE_MS }, random).relay;
    expect(gone?.events[0]).toMatchObject({ kind: 'BLUR', at: T0 + 5000, detail: { cause: 'page_left', count: 1 } });
  });

  it('records a page that stayed gone while the worker slept, from when it went', () => {
    const watch = started({ settings: settings({ autoTerminate: false }) });
    stepWatch(watch, { type: 'page-gone', tabId: TAB, documentId: 'DOC-1', at: T0 }, random);
    const back = startWatch(watch, payload({ session: 'session-eeeeeeeeeeee', settings: settings({ autoTerminate: false }) }), { ...from, documentId: 'DOC-2' }, { windowId: WIN, active: true }, 'normal', T0 + 30_000, random);
    if (!back.ok) throw new Error(back.reason);
    expect(kinds(back.step.relay)).toEqual(['BLUR', 'FOCUS', 'WARNING_SHOWN']);
    expect(back.step.relay?.events[0]).toMatchObject({ at: T0, detail: { cause: 'page_left' } });
    expect(back.step.relay?.events[1]?.detail).toMatchObject({ away_ms: 30_000 });
  });

  it('ignores a page-gone notice of another document of the tab', () => {
    const watch = started();
    stepWatch(watch, { type: 'page-gone', tabId: TAB, documentId: 'DOC-OLD', at: T0 }, random);
    expect(watch.pageGoneSince).toBeNull();
  });
});

describe('stepWatch: full screen', () => {
  it('warns when the window leaves full screen, clears on return, submits when it stays out', () => {
    const watch = started({ settings: settings({ fullScreen: true, maxAwayMs: 4000, warningOffsetMs: 10_000 }) });
    expect(kinds(stepWatch(watch, { type: 'window-state', windowId: WIN, state: 'fullscreen', at: T0 + 100 }, random).relay)).toEqual(['FULLSCREEN_ENTER']);
    expect(stepWatch(watch, { type: 'window-state', windowId: WIN, state: 'fullscreen', at: T0 + 200 }, random).relay).toBeNull();
    const exit = stepWatch(watch, { type: 'window-state', windowId: WIN, state: 'normal', at: T0 + 1000 }, random).relay;
    expect(kinds(exit)).toEqual(['FULLSCREEN_EXIT', 'WARNING_SHOWN']);
    expect(exit?.warning).toMatchObject({ reason: 'FULLSCREEN', title: 'Full screen required', submitAt: T0 + 5000 });
    const enter = stepWatch(watch, { type: 'window-state', windowId: WIN, state: 'fullscreen', at: T0 + 2000 }, random).relay;
    expect(enter).toMatchObject({ warning: null });
    stepWatch(watch, { type: 'window-state', windowId: WIN, state: 'maximized', at: T0 + 3000 }, random);
    expect(stepWatch(watch, { type: 'tick', at: T0 + 6000 }, random).relay).toBeNull();
    expect(stepWatch(watch, { type: 'tick', at: T0 + 7000 }, random).relay?.submit).toBe('BLUR_TIME_OUT');
  });

  it('ignores window states when the test does not ask for full screen, or of other windows', () => {
    const watch = started();
    expect(stepWatch(watch, { type: 'window-state', windowId: WIN, state: 'fullscreen', at: T0 }, random).relay).toBeNull();
    const full = started({ settings: settings({ fullScreen: true }) });
    expect(stepWatch(full, { type: 'window-state', windowId: 99, state: 'fullscreen', at: T0 }, random).relay).toBeNull();
  });
});

describe('relays', () => {
  it('keeps the latest relays for a page that missed a push', () => {
    const watch = started({ settings: settings({ autoTerminate: false, allowedCount: 1000 }) });
    for (let i = 0; i < 60; i += 1) {
      stepWatch(watch, { type: 'tab-activated', tabId: 8, windowId: WIN, at: T0 + i * 10 }, random);
      stepWatch(watch, { type: 'tab-activated', tabId: TAB, windowId: WIN, at: T0 + i * 10 + 5 }, random);
    }
    expect(watch.seq).toBe(120);
    expect(relaysAfter(watch, 118).map((relay) => relay.seq)).toEqual([119, 120]);
    expect(relaysAfter(watch, 0)).toHaveLength(50);
  });

  it('makes ids the server accepts, ordered by time and counter', () => {
    const a = extensionEventId(T0, 1, 'abc/+=def');
    const b = extensionEventId(T0, 2, 'zz');
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(b).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(a < b).toBe(true);
  });
});

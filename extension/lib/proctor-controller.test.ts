import { describe, expect, it } from 'vitest';
import {
  parseToPortal,
  randomId,
  type ProctorEventMessage,
  type ProctorRequest,
  type ScreenChoice,
  type ScreenShareRequest,
  type StartProctoring,
} from '@invigil/shared/protocol/messages';
import { EventJournal, type JournalEntry } from './event-journal';
import { ProctorController, TICK_MS } from './proctor-controller';
import type { Watch, WindowState } from './proctor-watch';

const ORIGIN = 'http://127.0.0.1:18080';
const TAB = 5;
const WIN = 1;
const SESSION = 'session-aaaaaaaaaaaa';

function fakeChrome() {
  let now = 1_700_000_000_000;
  const windows = new Map<number, WindowState>([[WIN, 'normal']]);
  const tabs = new Map<number, { windowId: number; active: boolean }>([[TAB, { windowId: WIN, active: true }]]);
  const pickers: { tabId: number; origin: string; answer(choice: ScreenChoice): void; cancelled: boolean }[] = [];
  const pushed: { tabId: number; message: ProctorEventMessage; documentId?: string | undefined }[] = [];
  const posted: JournalEntry['event'][] = [];
  let stored: Watch | null = null;
  let tick: (() => void) | null = null;
  const journal = new EventJournal({
    storage: { load: async () => [], save: async () => undefined },
    fetch: async (_url, init) => {
      posted.push(...(JSON.parse(init.body) as { events: JournalEntry['event'][] }).events);
      return { status: 200 };
    },
    now: () => now,
    setTimeout: (run) => void Promise.resolve().then(run),
    clearTimeout: () => undefined,
  });
  const controller = new ProctorController({
    browser: {
      getTab: async (tabId) => tabs.get(tabId) ?? null,
      getWindowState: async (windowId) => windows.get(windowId) ?? null,
      setWindowState: async (windowId, state) => void windows.set(windowId, state),
      sendToTab: async (tabId, message, documentId) => void pushed.push({ tabId, message, documentId }),
      chooseScreen(tabId, origin) {
        let answer: (choice: ScreenChoice) => void = () => undefined;
        const result = new Promise<ScreenChoice>((resolve) => (answer = resolve));
        const picker = { tabId, origin, answer, cancelled: false };
        pickers.push(picker);
        return {
          result,
          cancel() {
            picker.cancelled = true;
            answer({ grant: 'cancelled' });
          },
        };
      },
    },
    storage: { load: async () => stored, save: async (watch) => void (stored = watch ? structuredClone(watch) : null) },
    journal,
    now: () => now,
    setInterval: (run, ms) => {
      expect(ms).toBe(TICK_MS);
      tick = run;
      return 1;
    },
    clearInterval: () => void (tick = null),
  });
  return {
    controller,
    pickers,
    windows,
    tabs,
    pushed,
    posted,
    journal,
    stored: () => stored,
    ticking: () => tick !== null,
    advance: (ms: number) => void (now += ms),
    now: () => now,
  };
}

const from = { origin: ORIGIN, tabId: TAB, documentId: 'DOC-1' };

function start(overrides: Partial<StartProctoring['payload']> = {}): StartProctoring {
  return {
    channel: 'invigil',
    direction: 'to-extension',
    id: randomId(),
    type: 'START_PROCTORING',
    payload: {
      testId: 'test-1',
      session: SESSION,
      apiBase: `${ORIGIN}/api`,
      proctorToken: 'pt1.token',
      expiresAt: 1_700_000_000_000 + 3_600_000,
      settings: { autoTerminate: true, fullScreen: false, mouseOut: false, allowedCount: 1, maxAwayMs: 10_000, warningOffsetMs: 10_000, warningOffsetCount: 10 },
      blurCount: 0,
      ...overrides,
    },
  };
}

function request(type: 'STOP_PROCTORING' | 'PROCTOR_FULLSCREEN' | 'PROCTOR_PING', session = SESSION, after = 0): ProctorRequest {
  const base = { channel: 'invigil' as const, direction: 'to-extension' as const, id: randomId() };
  if (type === 'PROCTOR_PING') return { ...base, type, payload: { testId: 'test-1', session, after } };
  return { ...base, type, payload: { testId: 'test-1', session } };
}

describe('ProctorController', () => {
  it('starts only for a paired page, answering with a status the portal accepts', async () => {
    const f = fakeChrome();
    const refused = await f.controller.request(start(), from, false);
    expect(refused.payload).toMatchObject({ watching: false, reason: 'This page is not paired with the extension.' });
    const status = await f.controller.request(start(), from, true);
    expect(parseToPortal(status)).toEqual(status);
    expect(status.payload).toMatchObject({ testId: 'test-1', session: SESSION, watching: true, fullScreen: false, missed: [] });
    expect(f.ticking()).toBe(true);
    expect(f.stored()?.tabId).toBe(TAB);
  });

  it('reports a tab switch to the server and pushes the same events to the page', async () => {
    const f = fakeChrome();
    await f.controller.request(start(), from, true);
    f.advance(1000);
    await f.controller.input({ type: 'tab-activated', tabId: 9, windowId: WIN, at: f.now() });
    await f.journal.flush();
    expect(f.pushed).toHaveLength(1);
    const relay = f.pushed[0]!.message.payload;
    expect(f.pushed[0]).toMatchObject({ tabId: TAB, documentId: 'DOC-1' });
    expect(parseToPortal(f.pushed[0]!.message)).not.toBeNull();
    expect(f.posted.map((event) => event.id)).toEqual(relay.events.map((event) => event.id));
    expect(f.posted.every((event) => event.source === 'extension')).toBe(true);
  });

  it('answers a heartbeat with the relays the page missed, only for the page that started', async () => {
    const f = fakeChrome();
    await f.controller.request(start(), from, true);
    await f.controller.input({ type: 'tab-activated', tabId: 9, windowId: WIN, at: f.now() + 10 });
    const ping = await f.controller.request(request('PROCTOR_PING'), from, true);
    expect(ping.payload.watching).toBe(true);
    expect(ping.payload.missed.map((relay) => relay.seq)).toEqual([1]);
    const other = await f.controller.request(request('PROCTOR_PING', 'session-zzzzzzzzzzzz'), from, true);
    expect(other.payload).toMatchObject({ watching: false, missed: [] });
    const otherTab = await f.controller.request(request('PROCTOR_PING'), { ...from, tabId: 6 }, true);
    expect(otherTab.payload.watching).toBe(false);
    const stop = await f.controller.request(request('STOP_PROCTORING'), { ...from, tabId: 6 }, true);
    expect(stop.payload.watching).toBe(false);
    expect(await f.controller.current()).not.toBeNull();
  });

  it('puts the window in full screen, sees it leave, puts it back on request and restores it at the end', async () => {
    const f = fakeChrome();
    f.windows.set(WIN, 'maximized');
    const settings = { ...start().payload.settings, fullScreen: true };
    const status = await f.controller.request(start({ settings }), from, true);
    expect(f.windows.get(WIN)).toBe('fullscreen');
    expect(status.payload.fullScreen).toBe(true);
    expect(f.pushed.map((push) => push.message.payload.events.map((event) => event.kind))).toEqual([['FULLSCREEN_ENTER']]);

    f.windows.set(WIN, 'normal');
    await f.controller.windowChanged(WIN);
    expect(f.pushed.at(-1)?.message.payload.warning).toMatchObject({ reason: 'FULLSCREEN' });
    await f.controller.request(request('PROCTOR_FULLSCREEN'), from, true);
    expect(f.windows.get(WIN)).toBe('fullscreen');
    expect(f.pushed.at(-1)?.message.payload.warning).toBeNull();

    const stop = await f.controller.request(request('STOP_PROCTORING'), from, true);
    expect(stop.payload.watching).toBe(false);
    expect(f.windows.get(WIN)).toBe('maximized');
    expect(f.stored()).toBeNull();
    expect(f.ticking()).toBe(false);
  });

  it('resumes a stored watch after a worker restart', async () => {
    const f = fakeChrome();
    await f.controller.request(start(), from, true);
    const saved = f.stored();
    const g = fakeChrome();
    // A new worker over the same storage.
    const revived = new ProctorController({
      browser: { getTab: async () => null, getWindowState: async () => 'normal', setWindowState: async () => undefined, sendToTab: async () => undefined },
      storage: { load: async () => saved, save: async () => undefined },
      journal: g.journal,
      now: () => f.now(),
      setInterval: () => 1,
      clearInterval: () => undefined,
    });
    expect((await revived.current())?.session).toBe(SESSION);
  });

  it('ends the watch once its token expired', async () => {
    const f = fakeChrome();
    await f.controller.request(start(), from, true);
    f.advance(3_600_001);
    await f.controller.tick();
    expect(await f.controller.current()).toBeNull();
    expect(f.ticking()).toBe(false);
  });

  it('treats a ping from a page reported gone as the page being back', async () => {
    const f = fakeChrome();
    await f.controller.request(start(), from, true);
    await f.controller.pageGone(from);
    expect((await f.controller.current())?.pageGoneSince).not.toBeNull();
    await f.controller.request(request('PROCTOR_PING'), from, true);
    expect((await f.controller.current())?.pageGoneSince).toBeNull();
    // A notice from another origin changes nothing.
    await f.controller.pageGone({ ...from, origin: 'http://127.0.0.1:18081' });
    expect((await f.controller.current())?.pageGoneSince).toBeNull();
  });

  describe('screen share', () => {
    const share = (session = SESSION): ScreenShareRequest => ({ channel: 'invigil', direction: 'to-extension', id: randomId(), type: 'SCREEN_SHARE_REQUEST', payload: { testId: 'test-1', session } });

    it("opens Chrome's picker for the attempt's tab and hands the stream id to that page only", async () => {
      const f = fakeChrome();
      await f.controller.request(start(), from, true);
      const request = share();
      const granted = f.controller.shareScreen(request, from);
      await expect.poll(() => f.pickers.length).toBe(1);
      expect(f.pickers[0]).toMatchObject({ tabId: TAB, origin: ORIGIN });
      // The picker waits for the student; the watch goes on meanwhile.
      await f.controller.input({ type: 'tab-activated', tabId: 9, windowId: WIN, at: f.now() + 10 });
      f.pickers[0]!.answer({ grant: 'chosen', streamId: 'stream-1' });
      const grant = await granted;
      expect(parseToPortal(grant)).toEqual(grant);
      expect(grant).toMatchObject({ id: request.id, type: 'SCREEN_SHARE_GRANT', payload: { testId: 'test-1', session: SESSION, grant: 'chosen', streamId: 'stream-1' } });
    });

    it('gives no picker to another page, another session, or when nothing is watched', async () => {
      const f = fakeChrome();
      expect((await f.controller.shareScreen(share(), from)).payload).toMatchObject({ grant: 'unavailable', reason: 'Not watching this test for this page.' });
      await f.controller.request(start(), from, true);
      expect((await f.controller.shareScreen(share('session-zzzzzzzzzzzz'), from)).payload).toMatchObject({ grant: 'unavailable' });
      expect((await f.controller.shareScreen(share(), { ...from, tabId: 6 })).payload).toMatchObject({ grant: 'unavailable' });
      expect((await f.controller.shareScreen(share(), { ...from, origin: 'http://127.0.0.1:18081' })).payload).toMatchObject({ grant: 'unavailable' });
      expect(f.pickers).toEqual([]);
    });

    it('closes an open picker when the watch ends, and hands out no stream id after it', async () => {
      const f = fakeChrome();
      await f.controller.request(start(), from, true);
      const granted = f.controller.shareScreen(share(), from);
      await expect.poll(() => f.pickers.length).toBe(1);
      await f.controller.request(request('STOP_PROCTORING'), from, true);
      expect(f.pickers[0]?.cancelled).toBe(true);
      expect((await granted).payload).toMatchObject({ grant: 'unavailable', reason: 'Not watching this test for this page.' });
    });

    it('a second request closes the first picker: one picker at a time', async () => {
      const f = fakeChrome();
      await f.controller.request(start(), from, true);
      const first = f.controller.shareScreen(share(), from);
      await expect.poll(() => f.pickers.length).toBe(1);
      const second = f.controller.shareScreen(share(), from);
      await expect.poll(() => f.pickers.length).toBe(2);
      expect((await first).payload).toMatchObject({ grant: 'cancelled' });
      f.pickers[1]!.answer({ grant: 'chosen', streamId: 'stream-2' });
      expect((await second).payload).toMatchObject({ grant: 'chosen', streamId: 'stream-2' });
    });
  });
});

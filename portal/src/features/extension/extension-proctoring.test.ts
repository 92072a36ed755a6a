import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseToExtension, randomId, type ProctorRelay, type ToExtensionMessage, type ToPortalMessage } from '@invigil/shared/protocol/messages';
import { HEARTBEAT_MS, LOST_AFTER_MS, SCREEN_PICKER_WAIT_MS, START_TIMEOUT_MS, startExtensionProctoring, type ExtensionProctoringOptions } from './extension-proctoring';

const ORIGIN = 'http://127.0.0.1:18080';

/** A window whose postMessage reaches its own listeners, and a bridge that answers for the extension. */
function fakeWindow(answer: (message: ToExtensionMessage) => ToPortalMessage | null) {
  const target = new EventTarget();
  const received: ToExtensionMessage[] = [];
  const win = {
    location: { origin: ORIGIN },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (handle: ReturnType<typeof setInterval>) => clearInterval(handle),
    postMessage(data: unknown, targetOrigin: string) {
      expect(targetOrigin).toBe(ORIGIN);
      deliver(data);
      const request = parseToExtension(data);
      if (!request) return;
      received.push(request);
      const reply = answer(request);
      if (reply) queueMicrotask(() => deliver(reply));
    },
  };
  function deliver(data: unknown, source: unknown = win, origin = ORIGIN) {
    target.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }));
  }
  return { win: win as unknown as Window, received, deliver };
}

const settings = { autoTerminate: true, fullScreen: true, mouseOut: false, allowedCount: 2, maxAwayMs: 10_000, warningOffsetMs: 10_000, warningOffsetCount: 10 };

function options(win: Window, overrides: Partial<ExtensionProctoringOptions> = {}) {
  const relays: ProctorRelay[] = [];
  const lost: string[] = [];
  const fullScreen: boolean[] = [];
  const opts: ExtensionProctoringOptions = {
    win,
    testId: 'test-1',
    apiBase: `${ORIGIN}/api`,
    proctorToken: 'pt1.x',
    expiresAt: Date.now() + 3_600_000,
    settings,
    blurCount: 1,
    onRelay: (relay) => relays.push(relay),
    onFullScreen: (value) => fullScreen.push(value),
    onLost: (reason) => lost.push(reason),
    ...overrides,
  };
  return { opts, relays, lost, fullScreen };
}

function status(request: ToExtensionMessage, watching: boolean, missed: ProctorRelay[] = [], reason?: string): ToPortalMessage {
  if (request.type === 'PAIR_REQUEST' || request.type === 'STATUS_REQUEST') throw new Error('not a proctoring request');
  return {
    channel: 'invigil', direction: 'to-portal', id: request.id, type: 'PROCTOR_STATUS',
    payload: { testId: request.payload.testId, session: request.payload.session, watching, fullScreen: true, missed, ...(reason ? { reason } : {}) },
  };
}

function relay(session: string, seq: number): ProctorRelay {
  return { testId: 'test-1', session, seq, events: [{ id: `e-relay-${String(seq).padStart(4, '0')}`, at: 1, kind: 'BLUR', source: 'extension', detail: { count: seq } }] };
}

const push = (payload: ProctorRelay) => ({ channel: 'invigil', direction: 'to-portal', id: randomId(), type: 'PROCTOR_EVENT', payload });

describe('startExtensionProctoring', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the attempt, its token and settings, and takes the pushed relays in order, once', async () => {
    const bridge = fakeWindow((request) => status(request, true));
    const { opts, relays, fullScreen } = options(bridge.win);
    const watch = await startExtensionProctoring(opts);
    expect('refused' in watch).toBe(false);
    const start = bridge.received[0];
    expect(start).toMatchObject({ type: 'START_PROCTORING', payload: { testId: 'test-1', apiBase: `${ORIGIN}/api`, proctorToken: 'pt1.x', settings, blurCount: 1 } });
    expect(fullScreen).toEqual([true]);
    const session = start?.type === 'START_PROCTORING' ? start.payload.session : '';
    bridge.deliver(push(relay(session, 1)));
    bridge.deliver(push(relay(session, 1)));
    bridge.deliver(push(relay('session-otherotherother', 2)));
    // From another window (a frame) or origin: ignored.
    bridge.deliver(push(relay(session, 2)), {}, ORIGIN);
    bridge.deliver(push(relay(session, 2)), bridge.win, 'http://evil.example');
    expect(relays.map((r) => r.seq)).toEqual([1]);
  });

  it('fetches relays it missed with the heartbeat', async () => {
    let session = '';
    const bridge = fakeWindow((request) => {
      if (request.type === 'START_PROCTORING') session = request.payload.session;
      if (request.type === 'PROCTOR_PING') return status(request, true, [relay(session, 1), relay(session, 2)].filter((r) => r.seq > request.payload.after));
      return status(request, true);
    });
    const { opts, relays } = options(bridge.win);
    await startExtensionProctoring(opts);
    // Relay 2 arrives, 1 was lost: the page asks at once and gets both, in order.
    bridge.deliver(push(relay(session, 2)));
    await vi.advanceTimersByTimeAsync(0);
    expect(relays.map((r) => r.seq)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(relays.map((r) => r.seq)).toEqual([1, 2]);
    expect(bridge.received.filter((m) => m.type === 'PROCTOR_PING').map((m) => m.type === 'PROCTOR_PING' && m.payload.after)).toEqual([0, 2]);
  });

  it('says the extension is lost when heartbeats go unanswered, or it stops watching', async () => {
    let answering = true;
    const bridge = fakeWindow((request) => (answering ? status(request, true) : null));
    const { opts, lost } = options(bridge.win);
    await startExtensionProctoring(opts);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(lost).toEqual([]);
    answering = false;
    await vi.advanceTimersByTimeAsync(LOST_AFTER_MS + HEARTBEAT_MS * 2);
    expect(lost).toEqual(['The extension stopped answering.']);

    const other = fakeWindow((request) => status(request, request.type === 'START_PROCTORING', [], 'Not watching this test for this page.'));
    const second = options(other.win);
    await startExtensionProctoring(second.opts);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(second.lost).toEqual(['Not watching this test for this page.']);
  });

  it('reports a refusal, and a silent extension, without watching', async () => {
    const refusing = fakeWindow((request) => status(request, false, [], 'Another tab is being watched for a test.'));
    expect(await startExtensionProctoring(options(refusing.win).opts)).toEqual({ refused: 'Another tab is being watched for a test.' });
    const silent = fakeWindow(() => null);
    const pending = startExtensionProctoring(options(silent.win).opts);
    await vi.advanceTimersByTimeAsync(START_TIMEOUT_MS);
    expect(await pending).toEqual({ refused: 'The extension did not answer.' });
    // It takes back a start that may yet arrive.
    expect(silent.received.map((m) => m.type)).toEqual(['START_PROCTORING', 'STOP_PROCTORING']);
  });

  it('stops, and asks for full screen, for its own session', async () => {
    const bridge = fakeWindow((request) => status(request, request.type !== 'STOP_PROCTORING'));
    const { opts } = options(bridge.win);
    const watch = await startExtensionProctoring(opts);
    if ('refused' in watch) throw new Error(watch.refused);
    watch.requestFullScreen();
    watch.stop();
    watch.stop();
    const session = bridge.received[0]?.type === 'START_PROCTORING' ? bridge.received[0].payload.session : '';
    expect(bridge.received.map((m) => [m.type, 'session' in m.payload ? m.payload.session : null])).toEqual([
      ['START_PROCTORING', session],
      ['PROCTOR_FULLSCREEN', session],
      ['STOP_PROCTORING', session],
    ]);
  });

  it("asks the extension's picker for its own session and takes only the grant that answers it", async () => {
    let grant: object = { grant: 'chosen', streamId: 'stream-1' };
    const bridge = fakeWindow((request) => {
      if (request.type !== 'SCREEN_SHARE_REQUEST') return status(request, true);
      // A grant for another request arrives first; only the answer to ours counts.
      bridge.deliver({ channel: 'invigil', direction: 'to-portal', id: randomId(), type: 'SCREEN_SHARE_GRANT', payload: { ...request.payload, grant: 'chosen', streamId: 'not-ours' } });
      return { channel: 'invigil', direction: 'to-portal', id: request.id, type: 'SCREEN_SHARE_GRANT', payload: { ...request.payload, ...grant } } as ToPortalMessage;
    });
    const watch = await startExtensionProctoring(options(bridge.win).opts);
    if ('refused' in watch) throw new Error(watch.refused);
    expect(await watch.shareScreen()).toEqual({ grant: 'chosen', streamId: 'stream-1' });
    grant = { grant: 'unavailable', reason: 'No screen to offer.' };
    expect(await watch.shareScreen()).toEqual({ grant: 'unavailable', reason: 'No screen to offer.' });
    const session = bridge.received[0]?.type === 'START_PROCTORING' ? bridge.received[0].payload.session : '';
    expect(bridge.received.filter((m) => m.type === 'SCREEN_SHARE_REQUEST').map((m) => m.payload)).toEqual([
      { testId: 'test-1', session },
      { testId: 'test-1', session },
    ]);
  });

  it('a picker left open past the wait is no share, and a stopped watch offers none', async () => {
    const bridge = fakeWindow((request) => (request.type === 'SCREEN_SHARE_REQUEST' ? null : status(request, true)));
    const watch = await startExtensionProctoring(options(bridge.win).opts);
    if ('refused' in watch) throw new Error(watch.refused);
    const waiting = watch.shareScreen();
    await vi.advanceTimersByTimeAsync(SCREEN_PICKER_WAIT_MS);
    expect(await waiting).toEqual({ grant: 'cancelled' });
    watch.stop();
    expect(await watch.shareScreen()).toMatchObject({ grant: 'unavailable' });
  });
});

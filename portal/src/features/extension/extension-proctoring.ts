import type { FocusSettings } from '@invigil/shared/proctor/focus-policy';
import {
  PROTOCOL_CHANNEL,
  parseToPortal,
  randomId,
  type MediaSettings,
  type MediaStatus,
  type ProctorRelay,
  type ProctorRequest,
  type ProctorStatus,
  type ScreenChoice,
  type ScreenShareGrant,
  type ScreenShareRequest,
  type ToPortalMessage,
} from '@invigil/shared/protocol/messages';

/**
 * The page's side of extension-assisted proctoring (decision 0014): asks the paired extension to
 * watch tabs, windows and full screen for this attempt, receives its relays (pushed, and the missed
 * ones again with each heartbeat, in order and once), and says when the extension stops answering
 * so the page can watch by itself again. Only messages this window's bridge posted, for this
 * origin, that parse, answer our request or carry our session are believed.
 */

/**
 * The extension answers a start once its offscreen camera and face model are up, which takes
 * seconds on a slow or busy machine; the page watches by itself meanwhile, so waiting costs nothing.
 * (4 s let a busy machine's extension be refused and the page's own camera take over.)
 */
export const START_TIMEOUT_MS = 12_000;
export const HEARTBEAT_MS = 2_000;
/** A heartbeat unanswered this long means the extension is gone. */
export const LOST_AFTER_MS = 6_000;
/** Chrome's screen picker waits for the student; past this the page stops waiting and asks again on the next click. */
export const SCREEN_PICKER_WAIT_MS = 5 * 60_000;

export interface ExtensionProctoringOptions {
  win: Window;
  testId: string;
  apiBase: string;
  proctorToken: string;
  expiresAt: number;
  settings: FocusSettings;
  blurCount: number;
  /** Camera and microphone detectors for the extension's offscreen document (decision 0016). */
  media?: MediaSettings;
  /** What the extension says of those detectors (after start and each heartbeat). */
  onMedia?(media: MediaStatus | null): void;
  /** Each relay once, in order. */
  onRelay(relay: ProctorRelay): void;
  /** The extension's word on the window's full screen (after start, each heartbeat, a request). */
  onFullScreen(fullScreen: boolean): void;
  /** The extension stopped watching (no answer, or it says so). Called at most once. */
  onLost(reason: string): void;
}

export interface ExtensionProctoring {
  /** Puts the window back in full screen ('Return to full screen'). */
  requestFullScreen(): void;
  /** The page opened (true) or closed a browser prompt of its own: losing the focus to it is not time away. */
  prompt(open: boolean): void;
  /** 'Share your screen': the extension's picker of entire screens, for this attempt's tab. */
  shareScreen(): Promise<ScreenChoice>;
  /** Asks the extension to stop watching (the attempt ended). */
  stop(): void;
}

type RequestBody = Omit<ProctorRequest, 'id' | 'channel' | 'direction'>;

function ask(win: Window, body: RequestBody, timeoutMs: number): Promise<ProctorStatus | null> {
  return askFor(win, body, timeoutMs, (message) => (message.type === 'PROCTOR_STATUS' ? message : null));
}

/** Posts a request to the bridge; resolves to the answer `pick` takes (same id and session), or null after `timeoutMs`. */
function askFor<Reply extends ProctorStatus | ScreenShareGrant>(
  win: Window,
  body: RequestBody | Omit<ScreenShareRequest, 'id' | 'channel' | 'direction'>,
  timeoutMs: number,
  pick: (message: ToPortalMessage) => Reply | null,
): Promise<Reply | null> {
  const request = { channel: PROTOCOL_CHANNEL, direction: 'to-extension', id: randomId(), ...body } as ProctorRequest | ScreenShareRequest;
  return new Promise((resolve) => {
    const done = (status: Reply | null) => {
      win.clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(status);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win || event.origin !== win.location.origin) return;
      const message = parseToPortal(event.data);
      const reply = message ? pick(message) : null;
      if (reply && reply.id === request.id && reply.payload.session === request.payload.session) done(reply);
    };
    const timer = win.setTimeout(() => done(null), timeoutMs);
    win.addEventListener('message', onMessage);
    win.postMessage(request, win.location.origin);
  });
}

/** Starts the watch; resolves to its handle, or to the reason the extension did not start. */
export async function startExtensionProctoring(options: ExtensionProctoringOptions): Promise<ExtensionProctoring | { refused: string }> {
  const { win, testId } = options;
  const session = randomId();
  let lastSeq = 0;
  let ended = false;
  let pending: { sentAt: number } | null = null;
  let heartbeat: number | null = null;

  const accept = (relays: readonly ProctorRelay[]) => {
    for (const relay of relays) {
      if (ended || relay.testId !== testId || relay.session !== session || relay.seq <= lastSeq) continue;
      if (relay.seq > lastSeq + 1) {
        // One was lost on the way: the heartbeat brings them all, in order.
        ping();
        return;
      }
      lastSeq = relay.seq;
      options.onRelay(relay);
    }
  };
  const onPush = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const message = parseToPortal(event.data);
    if (message?.type === 'PROCTOR_EVENT') accept([message.payload]);
  };
  const end = () => {
    ended = true;
    if (heartbeat !== null) win.clearInterval(heartbeat);
    win.removeEventListener('message', onPush);
  };
  const lost = (reason: string) => {
    if (ended) return;
    end();
    options.onLost(reason);
  };
  const status = (reply: ProctorStatus) => {
    if (ended) return;
    if (!reply.payload.watching) {
      lost(reply.payload.reason ?? 'The extension stopped watching.');
      return;
    }
    accept(reply.payload.missed);
    options.onFullScreen(reply.payload.fullScreen);
    options.onMedia?.(reply.payload.media ?? null);
  };
  function ping(): void {
    if (ended || pending) return;
    const sent = { sentAt: Date.now() };
    pending = sent;
    void ask(win, { type: 'PROCTOR_PING', payload: { testId, session, after: lastSeq } }, LOST_AFTER_MS * 10).then((reply) => {
      if (pending === sent) pending = null;
      if (reply) status(reply);
    });
  }

  win.addEventListener('message', onPush);
  const started = await ask(
    win,
    {
      type: 'START_PROCTORING',
      payload: {
        testId,
        session,
        apiBase: options.apiBase,
        proctorToken: options.proctorToken,
        expiresAt: options.expiresAt,
        settings: options.settings,
        blurCount: options.blurCount,
        ...(options.media ? { media: options.media } : {}),
      },
    },
    START_TIMEOUT_MS,
  );
  if (!started?.payload.watching) {
    end();
    // A late yes must not leave the extension watching for nobody.
    if (!started) void ask(win, { type: 'STOP_PROCTORING', payload: { testId, session } }, START_TIMEOUT_MS);
    return { refused: started?.payload.reason ?? 'The extension did not answer.' };
  }
  status(started);
  // Checked on each beat rather than by a timer of its own: a hidden tab's timers run late, and
  // a late check must not be mistaken for a silent extension.
  heartbeat = win.setInterval(() => {
    if (pending && Date.now() - pending.sentAt >= LOST_AFTER_MS) lost('The extension stopped answering.');
    else ping();
  }, HEARTBEAT_MS);

  return {
    requestFullScreen() {
      if (ended) return;
      void ask(win, { type: 'PROCTOR_FULLSCREEN', payload: { testId, session } }, START_TIMEOUT_MS).then((reply) => reply && status(reply));
    },
    prompt(open) {
      if (ended) return;
      void ask(win, { type: 'PROCTOR_PROMPT', payload: { testId, session, open } }, START_TIMEOUT_MS).then((reply) => reply && status(reply));
    },
    async shareScreen() {
      if (ended) return { grant: 'unavailable', reason: 'The extension stopped watching.' };
      const reply = await askFor(win, { type: 'SCREEN_SHARE_REQUEST', payload: { testId, session } }, SCREEN_PICKER_WAIT_MS, (message) =>
        message.type === 'SCREEN_SHARE_GRANT' ? message : null,
      );
      if (!reply) return { grant: 'cancelled' };
      const { testId: _testId, session: _session, ...choice } = reply.payload;
      return choice;
    },
    stop() {
      if (ended) return;
      end();
      void ask(win, { type: 'STOP_PROCTORING', payload: { testId, session } }, START_TIMEOUT_MS);
    },
  };
}

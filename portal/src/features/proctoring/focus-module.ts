import type { Detector, Stop } from '@invigil/shared/proctor/detector';
import { hostClock } from '@invigil/shared/proctor/detector';
import { fullScreenDetector, mouseOutDetector, pageFocusDetector } from '@invigil/shared/proctor/browser/page-focus-detectors';
import { focusSettings, initialFocusState, onFocusObservation, type FocusAction, type FocusObservation } from '@invigil/shared/proctor/focus-policy';
import { browserPrompts } from './browser-prompts';
import { sessionValue } from './session-value';
import type { ProctorContext, ProctorModule } from './proctor-module';

const TICK_MS = 1000;

export async function enterFullScreen(): Promise<boolean> {
  try {
    await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    return true;
  } catch {
    return false;
  }
}

/** The session-storage key of the attempt's count of times away (also kept by the extension's relays). */
export const blurCountKey = (attemptKey: string): string => `invigil-blur-count:${attemptKey}`;

export interface FocusWatchOptions {
  /**
   * False while the paired extension watches tab and window switches and full screen (decision
   * 0014): the page then watches only the mouse leaving it, and neither counts nor warns itself.
   */
  switches: boolean;
}

/**
 * Tab and window switches, full screen and mouse-out, judged by shared/proctor/focus-policy.ts.
 * The count survives a reload of the tab (session storage), so reloading does not wipe it.
 */
export const focusModule: ProctorModule = {
  name: 'focus',
  start: (ctx: ProctorContext) => startFocusWatch(ctx, { switches: true }),
};

export function startFocusWatch(ctx: ProctorContext, { switches }: FocusWatchOptions): () => void {
  const { win } = ctx;
  const settings = focusSettings(ctx.config, win.innerWidth);
  const countStore = sessionValue(blurCountKey(ctx.attemptKey));
  const state = initialFocusState(Number(countStore.get()) || 0);

  const apply = (actions: FocusAction[]) => {
    for (const action of actions) {
      if (action.type === 'record') ctx.record(action.kind, { at: action.at, ...(action.detail ? { detail: action.detail } : {}) });
      else if (action.type === 'warn') {
        const { warning } = action;
        ctx.warn('focus', {
          ...warning,
          ...(warning.reason === 'FULLSCREEN' ? { action: { label: 'Return to full screen', run: () => void enterFullScreen() } } : {}),
        });
      } else if (action.type === 'clear-warning') ctx.warn('focus', null);
      else ctx.submit(action.reason);
    }
    if (switches) countStore.set(String(state.count));
  };
  const observe = (observation: FocusObservation | { type: 'tick'; at: number }) => apply(onFocusObservation(state, settings, observation));

  const clock = hostClock(win);
  const detectors: Detector<FocusObservation>[] = switches ? [pageFocusDetector(win, browserPrompts)] : [];
  // A prompt that took the focus from the page is on the trail, for whoever reviews it (with the
  // extension too, which hears of each prompt from the extension focus module). One that never took
  // it (a picker answered at once) is not worth a line.
  let promptTookFocus = false;
  const noteFocusLost = () => {
    if (browserPrompts.active() && (win.document.visibilityState === 'hidden' || !win.document.hasFocus())) promptTookFocus = true;
  };
  win.addEventListener('blur', noteFocusLost);
  win.document.addEventListener('visibilitychange', noteFocusLost);
  const unsubscribePrompts = browserPrompts.subscribe((ended) => {
    if (ended && promptTookFocus) ctx.record('BROWSER_PROMPT', { at: ended.at, detail: { prompt: ended.prompt, ms: ended.ms } });
    promptTookFocus = false;
  });
  if (switches && settings.fullScreen) detectors.push(fullScreenDetector(win));
  if (settings.mouseOut) detectors.push(mouseOutDetector(win));
  const stops: Stop[] = [];
  let stopped = false;
  for (const detector of detectors) {
    detector
      .start({ clock, emit: observe })
      .then((stop) => (stopped ? stop() : stops.push(stop)))
      .catch(() => ctx.record('DETECTOR_UNAVAILABLE', { detail: { detector: detector.signal } }));
  }
  const ticker = win.setInterval(() => observe({ type: 'tick', at: Date.now() }), TICK_MS);
  return () => {
    stopped = true;
    unsubscribePrompts();
    win.removeEventListener('blur', noteFocusLost);
    win.document.removeEventListener('visibilitychange', noteFocusLost);
    win.clearInterval(ticker);
    for (const stop of stops.splice(0)) stop();
  };
}

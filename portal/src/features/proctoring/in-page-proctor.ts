import type { ProctorEvent } from '@invigil/shared/api/proctor';
import type { Detector, Stop } from '@invigil/shared/proctor/detector';
import { hostClock } from '@invigil/shared/proctor/detector';
import { fullScreenDetector, mouseOutDetector, pageFocusDetector } from '@invigil/shared/proctor/browser/page-focus-detectors';
import {
  focusSettings,
  initialFocusState,
  onFocusObservation,
  type FocusAction,
  type FocusObservation,
  type FocusSettings,
  type FocusWarning,
  type SubmitReasonFromFocus,
} from '@invigil/shared/proctor/focus-policy';
import { storage } from '../../lib/storage';
import { EventReporter } from './event-reporter';
import { postProctorEvents } from './proctor-api';

export interface InPageProctorOptions {
  testId: string;
  /** userId:testId: the key of this attempt's local records. */
  attemptKey: string;
  config: Readonly<Record<string, unknown>>;
  onWarning: (warning: FocusWarning | null) => void;
  onSubmit: (reason: SubmitReasonFromFocus) => void;
  win?: Window;
}

export interface InPageProctor {
  settings: FocusSettings;
  stop: () => void;
}

const TICK_MS = 1000;

let eventCounter = 0;

/**
 * Unique, and in the order this page reported them: the server breaks ties between events of the
 * same millisecond (a blur and the submission it caused) by id.
 */
function eventId(): string {
  eventCounter = (eventCounter + 1) % 36 ** 4;
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `p${Date.now().toString(36).padStart(9, '0')}${eventCounter.toString(36).padStart(4, '0')}${random}`;
}

/** sessionStorage, where available: the blur count of spec section 9 lives there. */
function sessionValue(key: string) {
  return {
    get(): string | null {
      try {
        return sessionStorage.getItem(key);
      } catch {
        return storage.get(key);
      }
    },
    set(value: string): void {
      try {
        sessionStorage.setItem(key, value);
      } catch {
        storage.set(key, value);
      }
    },
  };
}

/**
 * The page's own proctoring (no extension paired): tab and window switches, full screen and
 * mouse-out, judged by shared/proctor/focus-policy.ts, reported to the server as events from
 * 'page'. The count survives a reload of the tab (session storage), so reloading does not wipe it.
 */
export function startInPageProctor(options: InPageProctorOptions): InPageProctor {
  const win = options.win ?? window;
  const settings = focusSettings(options.config, win.innerWidth);
  const countStore = sessionValue(`invigil-blur-count:${options.attemptKey}`);
  const queueStore = sessionValue(`invigil-proctor-queue:${options.attemptKey}`);
  const state = initialFocusState(Number(countStore.get()) || 0);
  const reporter = new EventReporter({
    send: (events) => postProctorEvents(options.testId, events),
    store: {
      get: () => {
        try {
          return JSON.parse(queueStore.get() ?? '[]') as ProctorEvent[];
        } catch {
          return [];
        }
      },
      set: (events) => queueStore.set(JSON.stringify(events)),
    },
  });

  const apply = (actions: FocusAction[]) => {
    for (const action of actions) {
      if (action.type === 'record') {
        reporter.report({ id: eventId(), at: action.at, kind: action.kind, source: 'page', ...(action.detail ? { detail: action.detail } : {}) });
      } else if (action.type === 'warn') options.onWarning(action.warning);
      else if (action.type === 'clear-warning') options.onWarning(null);
      else options.onSubmit(action.reason);
    }
    countStore.set(String(state.count));
  };
  const observe = (observation: FocusObservation | { type: 'tick'; at: number }) => apply(onFocusObservation(state, settings, observation));

  const clock = hostClock(win);
  const detectors: Detector<FocusObservation>[] = [pageFocusDetector(win)];
  if (settings.fullScreen) detectors.push(fullScreenDetector(win));
  if (settings.mouseOut) detectors.push(mouseOutDetector(win));
  const stops: Stop[] = [];
  let stopped = false;
  for (const detector of detectors) {
    detector
      .start({ clock, emit: observe })
      .then((stop) => (stopped ? stop() : stops.push(stop)))
      .catch(() => {
        reporter.report({ id: eventId(), at: Date.now(), kind: 'DETECTOR_UNAVAILABLE', source: 'page', detail: { detector: detector.signal } });
      });
  }
  const ticker = win.setInterval(() => observe({ type: 'tick', at: Date.now() }), TICK_MS);
  const onOnline = () => void reporter.flush();
  win.addEventListener('online', onOnline);

  return {
    settings,
    stop() {
      if (stopped) return;
      stopped = true;
      win.clearInterval(ticker);
      win.removeEventListener('online', onOnline);
      for (const stop of stops.splice(0)) stop();
      // What is still queued goes now; it stays in session storage if this fails.
      void reporter.flush().finally(() => reporter.stop());
    },
  };
}

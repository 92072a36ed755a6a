import { createElement } from 'react';
import { MonitorUp } from 'lucide-react';
import type { Stop } from '@invigil/shared/proctor/detector';
import { hostClock } from '@invigil/shared/proctor/detector';
import { canShareScreen, screenShareDetector } from '@invigil/shared/proctor/browser/screen-share';
import {
  initialScreenShareState,
  onScreenShareObservation,
  SCREEN_SHARE_REQUIRED,
  screenStatusText,
  SHARE_BUTTON_LABEL,
  type ScreenShareAction,
  type ScreenShareObservation,
} from '@invigil/shared/proctor/screen-share-policy';
import type { ScreenChoice } from '@invigil/shared/protocol/messages';
import { computed } from '@preact/signals-react';
import { extensionLink, extensionPairingSettled } from '../extension/extension-status';
import { openBrowserPrompt } from './browser-prompts';
import { extensionScreenPicker } from './extension-focus-module';
import type { ProctorContext } from './proctor-module';
import { setProctorStatus } from './proctor-status';

const SHARE_ICON = createElement(MonitorUp, { className: 'h-4 w-4', 'aria-hidden': true });

/**
 * How long a click waits for the extension's picker while pairing or the extension's watch is still
 * starting (a page just opened); the browser honours a click for about 5 s, so the page's own picker
 * can still open after it.
 */
export const PICKER_READY_WAIT_MS = 3_000;

type Picker = () => Promise<ScreenChoice>;

/** The extension's picker if the extension watches this attempt, null if it does not; undefined: not known yet. */
function knownPicker(): Picker | null | undefined {
  const picker = extensionScreenPicker.value;
  if (typeof picker === 'function') return picker;
  if (picker === 'pending') return undefined;
  // A paired extension that is not watching has refused or was lost; an unpaired page waits for pairing's answer.
  return extensionLink.value || extensionPairingSettled.value ? null : undefined;
}

/** The extension's picker once that is known (waiting at most PICKER_READY_WAIT_MS), or null. */
function readyExtensionPicker(win: Window): Promise<Picker | null> {
  const now = knownPicker();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const known = computed(knownPicker);
    let unsubscribe = () => {};
    const timer = win.setTimeout(() => {
      unsubscribe();
      resolve(null);
    }, PICKER_READY_WAIT_MS);
    unsubscribe = known.subscribe((value) => {
      if (value === undefined) return;
      win.clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}

/**
 * Screen share proctoring (PROCTOR_TYPE 'screen'; loaded by screen-share-module.ts only for such tests; shared/proctor/screen-share-policy.ts, decision
 * 0013): a blocking dialog until an entire screen is shared, a refusal with the reason for a tab
 * or a window, SCREEN_SHARE_STARTED and SCREEN_SHARE_STOPPED on the trail, and the dialog again
 * when the share stops. The share is held open, never recorded or sent; it ends with the attempt.
 * With the extension watching the attempt, 'Share your screen' opens the extension's picker, which
 * offers entire screens only; if the extension cannot, the page's own picker opens instead.
 */
export function startScreenShare(ctx: ProctorContext): () => void {
  const { win } = ctx;
  const clock = hostClock(win);
  const state = initialScreenShareState();
  let stopped = false;
  let asking = false;
  let stopShare: Stop | null = null;
  /** The extension said it cannot offer its picker: the page's own is used from then on. */
  let pageOnly = false;
  const show = () => setProctorStatus('screen', screenStatusText(state.phase));

  const apply = (actions: ScreenShareAction[]) => {
    for (const action of actions) {
      if (action.type === 'record') ctx.record(action.kind, { at: action.at, ...(action.detail ? { detail: action.detail } : {}) });
      else if (action.type === 'warn') {
        const { warning } = action;
        ctx.warn('screen', {
          reason: warning.reason,
          title: warning.title,
          text: warning.text,
          submitAt: null,
          ...(warning.blocking ? { action: { label: SHARE_BUTTON_LABEL, run: share, icon: SHARE_ICON } } : {}),
        });
      } else if (action.type === 'clear-warning') ctx.warn('screen', null);
    }
    show();
  };

  /** From the dialog's button: the browser opens its picker only on a click. */
  function share() {
    if (asking || stopped) return;
    asking = true;
    // The picker takes the focus from the page: not time away (shared/proctor/prompt-grace.ts).
    const closePrompt = openBrowserPrompt('screen picker');
    let refused = false;
    const emit = (observation: ScreenShareObservation) => {
      if (stopped) return;
      const actions = onScreenShareObservation(state, observation);
      if (actions.some((action) => action.type === 'stop-share')) refused = true;
      apply(actions);
    };
    void readyExtensionPicker(win)
      .then((picker) => {
        const options = picker && !pageOnly
          ? {
              pickScreen: picker,
              onPickerUnavailable(reason: string) {
                pageOnly = true;
                ctx.record('DETECTOR_UNAVAILABLE', { detail: { detector: 'extension screen picker', text: reason.slice(0, 200) } });
              },
            }
          : {};
        return screenShareDetector(win, options).start({ clock, emit });
      })
      .then((stop) => {
        asking = false;
        closePrompt();
        if (stopped || refused) stop();
        else {
          stopShare?.();
          stopShare = stop;
        }
      });
  }

  // A reload or a closed tab ends the share with the page, and no 'ended' event comes: the trail
  // hears it now (the event waits in session storage and goes after the reload).
  const onPageHide = () => {
    if (state.phase === 'sharing') ctx.record('SCREEN_SHARE_STOPPED', { detail: { reason: 'page left' } });
  };
  win.addEventListener('pagehide', onPageHide);

  if (canShareScreen(win)) apply([{ type: 'warn', warning: SCREEN_SHARE_REQUIRED }]);
  else apply(onScreenShareObservation(state, { type: 'unsupported', at: Date.now() }));

  return () => {
    stopped = true;
    win.removeEventListener('pagehide', onPageHide);
    stopShare?.();
    stopShare = null;
    setProctorStatus('screen', null);
  };
}

import { createElement } from 'react';
import { MonitorUp } from 'lucide-react';
import type { Stop } from '@invigil/shared/proctor/detector';
import { hostClock } from '@invigil/shared/proctor/detector';
import { canShareScreen, screenShareDetector } from '@invigil/shared/proctor/browser/screen-share';
import {
  initialScreenShareState,
  onScreenShareObservation,
  SCREEN_SHARE_REQUIRED,
  screenShareSettings,
  screenStatusText,
  SHARE_BUTTON_LABEL,
  type ScreenShareAction,
  type ScreenShareObservation,
} from '@invigil/shared/proctor/screen-share-policy';
import type { ProctorContext, ProctorModule } from './proctor-module';
import { setProctorStatus } from './proctor-status';

const SHARE_ICON = createElement(MonitorUp, { className: 'h-4 w-4', 'aria-hidden': true });

/**
 * Screen share proctoring (PROCTOR_TYPE 'screen'; shared/proctor/screen-share-policy.ts, decision
 * 0013): a blocking dialog until an entire screen is shared, a refusal with the reason for a tab
 * or a window, SCREEN_SHARE_STARTED and SCREEN_SHARE_STOPPED on the trail, and the dialog again
 * when the share stops. The share is held open, never recorded or sent; it ends with the attempt.
 */
export const screenShareModule: ProctorModule = {
  name: 'screen share',
  start(ctx: ProctorContext) {
    if (!screenShareSettings(ctx.config).enabled) return () => undefined;
    const { win } = ctx;
    const clock = hostClock(win);
    const state = initialScreenShareState();
    let stopped = false;
    let asking = false;
    let stopShare: Stop | null = null;
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
      let refused = false;
      const emit = (observation: ScreenShareObservation) => {
        if (stopped) return;
        const actions = onScreenShareObservation(state, observation);
        if (actions.some((action) => action.type === 'stop-share')) refused = true;
        apply(actions);
      };
      void screenShareDetector(win)
        .start({ clock, emit })
        .then((stop) => {
          asking = false;
          if (stopped || refused) stop();
          else {
            stopShare?.();
            stopShare = stop;
          }
        });
    }

    if (canShareScreen(win)) apply([{ type: 'warn', warning: SCREEN_SHARE_REQUIRED }]);
    else apply(onScreenShareObservation(state, { type: 'unsupported', at: Date.now() }));

    return () => {
      stopped = true;
      stopShare?.();
      stopShare = null;
      setProctorStatus('screen', null);
    };
  },
};

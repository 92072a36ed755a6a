import type { Detector, DetectorContext, Stop } from '../detector';
import type { FocusObservation } from '../focus-policy';
import type { PromptGrace } from '../prompt-grace';

/**
 * The in-page detectors of tab and window switches, full screen and mouse-out (the fallback when
 * no extension is paired; the extension reports the same observations from chrome.tabs and
 * chrome.windows). They only report transitions; focus-policy.ts decides what they mean.
 */

/**
 * Away when the page is hidden (another tab, minimised) or the window loses focus (another window
 * or app); back when it is visible and focused again. Both events often fire together: only the
 * change of state is reported. While a browser prompt the test opened holds the focus (`prompts`:
 * its screen picker, its file chooser), the page is not away; if it still is when that grace ends,
 * it is away from then on.
 */
export function pageFocusDetector(win: Window, prompts?: Pick<PromptGrace, 'active' | 'subscribe'>): Detector<FocusObservation> {
  return {
    signal: 'focus',
    start(ctx: DetectorContext<FocusObservation>): Promise<Stop> {
      const doc = win.document;
      const isAway = () => (doc.visibilityState === 'hidden' || !doc.hasFocus()) && !prompts?.active();
      let away = isAway();
      if (away) ctx.emit({ type: 'away', at: ctx.clock.now() });
      const check = () => {
        // A blur is followed by the focus moving into an iframe or a dialog of the same page:
        // decide after the event settles.
        ctx.clock.setTimeout(() => {
          const now = isAway();
          if (now === away || stopped) return;
          away = now;
          ctx.emit({ type: now ? 'away' : 'back', at: ctx.clock.now() });
        }, 0);
      };
      let stopped = false;
      doc.addEventListener('visibilitychange', check);
      win.addEventListener('blur', check);
      win.addEventListener('focus', check);
      const unsubscribe = prompts?.subscribe(check);
      return Promise.resolve(() => {
        stopped = true;
        unsubscribe?.();
        doc.removeEventListener('visibilitychange', check);
        win.removeEventListener('blur', check);
        win.removeEventListener('focus', check);
      });
    },
  };
}

/** Full screen left or entered (the Fullscreen API). */
export function fullScreenDetector(win: Window): Detector<FocusObservation> {
  return {
    signal: 'fullscreen',
    start(ctx: DetectorContext<FocusObservation>): Promise<Stop> {
      const doc = win.document;
      let inside = doc.fullscreenElement !== null;
      const onChange = () => {
        const now = doc.fullscreenElement !== null;
        if (now === inside) return;
        inside = now;
        ctx.emit({ type: now ? 'fullscreen-enter' : 'fullscreen-exit', at: ctx.clock.now() });
      };
      doc.addEventListener('fullscreenchange', onChange);
      return Promise.resolve(() => doc.removeEventListener('fullscreenchange', onChange));
    },
  };
}

/** The mouse left the page (towards another window, the address bar or another screen). */
export function mouseOutDetector(win: Window): Detector<FocusObservation> {
  return {
    signal: 'mouse-out',
    start(ctx: DetectorContext<FocusObservation>): Promise<Stop> {
      const doc = win.document;
      const onLeave = (event: MouseEvent) => {
        if (event.relatedTarget === null) ctx.emit({ type: 'mouse-out', at: ctx.clock.now() });
      };
      doc.documentElement.addEventListener('mouseleave', onLeave);
      return Promise.resolve(() => doc.documentElement.removeEventListener('mouseleave', onLeave));
    },
  };
}

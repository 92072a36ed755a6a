import type { ReportedEventKind } from '../api/proctor-kinds';

/**
 * Screen share proctoring (PROCTOR_TYPE 'screen', spec section 6; decision 0013).
 * - The test cannot be answered until an entire screen is shared: a blocking dialog with a
 *   'Share your screen' button (the browser asks only on a click).
 * - Only an entire screen counts (the track's displaySurface is 'monitor'); a tab or a window is
 *   refused with a message saying why, stopped at once, and the student is asked again. The
 *   refusal is on the trail (SCREEN_SHARE_STOPPED, reason 'not the entire screen').
 * - Sharing started: SCREEN_SHARE_STARTED. Sharing stopped (the browser's 'Stop sharing', or the
 *   screen went away): SCREEN_SHARE_STOPPED, WARNING_SHOWN, and the blocking dialog again until
 *   the student shares again. It never submits the test: the spec names no reason for it, and the
 *   trail shows how long the screen was not shared.
 * - A browser that cannot share its screen at all (most phones) is noted (DETECTOR_UNAVAILABLE)
 *   and told so; the test goes on.
 * Nothing here touches the browser: the host feeds observations and does what comes back.
 */

export type ScreenShareObservation =
  /** `picker`: whose picker the student chose in (the extension's offers entire screens only). */
  | { type: 'started'; at: number; surface: string | null; picker?: 'extension' | 'page' }
  | { type: 'ended'; at: number }
  /** The browser's picker was closed without sharing, or sharing failed. */
  | { type: 'not-started'; at: number; message: string | null }
  | { type: 'unsupported'; at: number };

export interface ScreenShareWarning {
  reason: 'SCREEN_SHARE_REQUIRED' | 'SCREEN_SHARE_REFUSED' | 'SCREEN_SHARE_STOPPED' | 'SCREEN_SHARE_UNAVAILABLE';
  title: string;
  text: string;
  /** The test waits behind it, with a 'Share your screen' button. */
  blocking: boolean;
}

export type ScreenShareAction =
  | { type: 'record'; kind: ReportedEventKind; at: number; detail?: Record<string, string | number | boolean> }
  | { type: 'warn'; warning: ScreenShareWarning }
  | { type: 'clear-warning' }
  /** Stop the share just started (it is not an entire screen). */
  | { type: 'stop-share' };

export type ScreenSharePhase = 'waiting' | 'sharing' | 'stopped' | 'unsupported';

export interface ScreenShareState {
  phase: ScreenSharePhase;
}

export const initialScreenShareState = (): ScreenShareState => ({ phase: 'waiting' });

export const SHARE_BUTTON_LABEL = 'Share your screen';

const SURFACE_WORDS: Record<string, string> = { browser: 'a browser tab', window: 'a window', application: 'an application' };

export const SCREEN_SHARE_REQUIRED: ScreenShareWarning = {
  reason: 'SCREEN_SHARE_REQUIRED',
  title: 'Share your screen',
  text: 'This test is proctored by screen sharing. Share your entire screen to begin: the questions open once it is shared. In the browser\'s window, choose "Entire screen", pick the screen, then Share.',
  blocking: true,
};

export function refusedWarning(surface: string | null): ScreenShareWarning {
  const what = surface ? SURFACE_WORDS[surface] ?? `a "${surface}"` : 'something the browser did not name';
  return {
    reason: 'SCREEN_SHARE_REFUSED',
    title: 'Share your entire screen',
    text: `You shared ${what}, not your entire screen. This test needs the entire screen: choose "Entire screen" in the browser's window, then Share.`,
    blocking: true,
  };
}

export function notStartedWarning(message: string | null): ScreenShareWarning {
  return {
    reason: 'SCREEN_SHARE_REQUIRED',
    title: 'Share your screen',
    text: `Screen sharing did not start${message ? ` (${message})` : ''}. This test needs your entire screen shared: press Share your screen and choose "Entire screen".`,
    blocking: true,
  };
}

export const SCREEN_SHARE_STOPPED_WARNING: ScreenShareWarning = {
  reason: 'SCREEN_SHARE_STOPPED',
  title: 'Screen sharing stopped',
  text: 'You stopped sharing your screen. This is recorded with your result. Share your entire screen again to go on with the test; the time keeps running.',
  blocking: true,
};

export const SCREEN_SHARE_UNAVAILABLE_WARNING: ScreenShareWarning = {
  reason: 'SCREEN_SHARE_UNAVAILABLE',
  title: 'Screen sharing is not available',
  text: 'This browser cannot share your screen. This is recorded with your result, and the test goes on. Use a computer with Chrome, Edge or Firefox next time.',
  blocking: false,
};

/** What the status line says. */
export function screenStatusText(phase: ScreenSharePhase): string {
  return phase === 'sharing' ? 'Screen: sharing your entire screen' : phase === 'unsupported' ? 'Screen: sharing not available' : 'Screen: not shared';
}

/** Feeds one observation; returns what the host must do. Mutates `state`. */
export function onScreenShareObservation(state: ScreenShareState, observation: ScreenShareObservation): ScreenShareAction[] {
  switch (observation.type) {
    case 'started': {
      if (observation.surface !== 'monitor') {
        return [
          { type: 'stop-share' },
          { type: 'record', kind: 'SCREEN_SHARE_STOPPED', at: observation.at, detail: { reason: 'not the entire screen', surface: observation.surface ?? 'unknown' } },
          { type: 'warn', warning: refusedWarning(observation.surface) },
        ];
      }
      state.phase = 'sharing';
      const detail = { surface: 'monitor', ...(observation.picker === 'extension' ? { picker: 'extension' } : {}) };
      return [{ type: 'record', kind: 'SCREEN_SHARE_STARTED', at: observation.at, detail }, { type: 'clear-warning' }];
    }
    case 'ended': {
      if (state.phase !== 'sharing') return [];
      state.phase = 'stopped';
      return [
        { type: 'record', kind: 'SCREEN_SHARE_STOPPED', at: observation.at },
        { type: 'record', kind: 'WARNING_SHOWN', at: observation.at, detail: { reason: 'SCREEN_SHARE_STOPPED' } },
        { type: 'warn', warning: SCREEN_SHARE_STOPPED_WARNING },
      ];
    }
    case 'not-started': {
      if (state.phase === 'sharing') return [];
      // Closing the picker is not a flag: the trail already shows that sharing had not started.
      return [{ type: 'warn', warning: state.phase === 'stopped' ? SCREEN_SHARE_STOPPED_WARNING : notStartedWarning(observation.message) }];
    }
    case 'unsupported': {
      state.phase = 'unsupported';
      return [
        { type: 'record', kind: 'DETECTOR_UNAVAILABLE', at: observation.at, detail: { detector: 'screen share', text: 'This browser cannot share its screen.' } },
        { type: 'warn', warning: SCREEN_SHARE_UNAVAILABLE_WARNING },
      ];
    }
  }
}

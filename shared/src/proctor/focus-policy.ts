import type { ReportedEventKind } from '../api/proctor-kinds';
import { isFlagOn } from '../domain/config-flag';
import { defaultBlurAllowedCount, defaultMaxBlurAllowedTime, MOBILE_WIDTH, WARNING_OFFSET } from '../domain/constants';

/**
 * Tab and window switches, full screen and mouse-out (spec sections 4, 5, 9; decision 0012).
 *
 * The detectors only say what happened (the test lost or got back the student's attention, full
 * screen was left or entered, the mouse left the page); this policy decides what follows:
 * - every time away is counted (BLUR_ALLOWED_COUNT, 50, or 10 on screens under 500 px) and
 *   recorded with how long it lasted;
 * - with AUTO_TERMINATE on, going away more than the allowed count submits with
 *   BLUR_ALLOWED_COUNT, and staying away longer than MAX_BLUR_ALLOWED_TIME seconds (40 on mobile)
 *   submits with BLUR_TIME_OUT;
 * - with full-screen detection on, leaving full screen shows the warning that the test will be
 *   submitted after the blur seconds, and it is, with BLUR_TIME_OUT, unless the student returns;
 * - the warning shows WARNING_OFFSET seconds before an automatic submission (at once with the
 *   defaults, 10 and 10), and after each return while the count is within WARNING_OFFSET of the
 *   limit.
 * Nothing here reads a clock or the DOM: the host feeds observations and ticks with times.
 */

export type SubmitReasonFromFocus = 'BLUR_ALLOWED_COUNT' | 'BLUR_TIME_OUT';

export type FocusObservation =
  | { type: 'away'; at: number }
  | { type: 'back'; at: number }
  | { type: 'fullscreen-exit'; at: number }
  | { type: 'fullscreen-enter'; at: number }
  | { type: 'mouse-out'; at: number };

export interface FocusWarning {
  /** Why: the rule that will submit, or what the student did. */
  reason: 'BLUR_COUNT' | 'BLUR_TIME' | 'FULLSCREEN';
  title: string;
  text: string;
  /** When set, the test is submitted at this time unless the student returns (ms). */
  submitAt: number | null;
}

export type FocusAction =
  | { type: 'record'; kind: ReportedEventKind; at: number; detail?: Record<string, string | number | boolean> }
  | { type: 'warn'; warning: FocusWarning }
  | { type: 'clear-warning' }
  | { type: 'submit'; reason: SubmitReasonFromFocus };

export interface FocusSettings {
  /** AUTO_TERMINATE: tab switches can end the test (off by default, spec section 9). */
  autoTerminate: boolean;
  /** Full-screen detection (off by default). */
  fullScreen: boolean;
  /** Mouse-out detection (off by default). */
  mouseOut: boolean;
  allowedCount: number;
  maxAwayMs: number;
  warningOffsetMs: number;
  /** How many times away before the limit the warning starts after each return. */
  warningOffsetCount: number;
}

function positive(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

function anyFlag(config: Readonly<Record<string, unknown>>, keys: readonly string[]): boolean {
  return keys.some((key) => isFlagOn(config[key]));
}

/** The settings from the test config, for a screen `screenWidth` px wide. */
export function focusSettings(config: Readonly<Record<string, unknown>>, screenWidth: number): FocusSettings {
  const mobile = isFlagOn(config['isMobileDevice']) || screenWidth < MOBILE_WIDTH;
  const maxAwaySeconds = mobile
    ? positive(config['MAX_BLUR_ALLOWED_TIME_M'], defaultMaxBlurAllowedTime(true))
    : positive(config['MAX_BLUR_ALLOWED_TIME'], defaultMaxBlurAllowedTime(false));
  const warningOffset = positive(config['WARNING_OFFSET'], WARNING_OFFSET);
  return {
    autoTerminate: anyFlag(config, ['AUTO_TERMINATE', 'AUTO_TERMINATION']),
    fullScreen: anyFlag(config, ['FULL_SCREEN', 'FULLSCREEN', 'FULL_SCREEN_DETECTION']),
    mouseOut: anyFlag(config, ['MOUSE_OUT', 'MOUSE_OUT_DETECTION']),
    allowedCount: Math.floor(positive(config['BLUR_ALLOWED_COUNT'], defaultBlurAllowedCount(screenWidth))),
    maxAwayMs: maxAwaySeconds * 1000,
    warningOffsetMs: warningOffset * 1000,
    warningOffsetCount: Math.floor(warningOffset),
  };
}

export function awayWarningText(seconds: number): string {
  return `You have left the test. Come back within ${seconds} seconds, or the test will be submitted automatically.`;
}

export function fullScreenWarningText(seconds: number): string {
  return `This test must stay in full screen. Return to full screen within ${seconds} seconds, or the test will be submitted automatically.`;
}

export function countWarningText(count: number, allowed: number, autoTerminate: boolean): string {
  const times = count === 1 ? 'once' : `${count} times`;
  if (!autoTerminate) return `You moved away from the test ${times}. Each time is recorded with your result.`;
  const left = Math.max(0, allowed - count);
  return `You moved away from the test ${times}. After ${left} more, the test will be submitted automatically.`;
}

export interface FocusState {
  count: number;
  awaySince: number | null;
  /** The away warning was shown for the current time away. */
  awayWarned: boolean;
  fullScreenExitSince: number | null;
  submitted: boolean;
}

export const initialFocusState = (count = 0): FocusState => ({ count, awaySince: null, awayWarned: false, fullScreenExitSince: null, submitted: false });

/**
 * Feeds one observation (or a tick) into the state; returns what the host must do. Mutates
 * `state` (the host keeps it, and persists `count`).
 */
export function onFocusObservation(state: FocusState, settings: FocusSettings, observation: FocusObservation | { type: 'tick'; at: number }): FocusAction[] {
  if (state.submitted) return [];
  const actions: FocusAction[] = [];
  const submit = (reason: SubmitReasonFromFocus, at: number) => {
    state.submitted = true;
    actions.push({ type: 'record', kind: 'AUTO_SUBMIT', at, detail: { reason } });
    actions.push({ type: 'submit', reason });
  };
  const warn = (warning: FocusWarning, at: number) => {
    actions.push({ type: 'record', kind: 'WARNING_SHOWN', at, detail: { reason: warning.reason } });
    actions.push({ type: 'warn', warning });
  };
  const seconds = Math.round(settings.maxAwayMs / 1000);

  switch (observation.type) {
    case 'away': {
      if (state.awaySince !== null) return [];
      state.awaySince = observation.at;
      state.count += 1;
      actions.push({ type: 'record', kind: 'BLUR', at: observation.at, detail: { count: state.count } });
      if (settings.autoTerminate && state.count > settings.allowedCount) submit('BLUR_ALLOWED_COUNT', observation.at);
      else if (settings.autoTerminate && settings.warningOffsetMs >= settings.maxAwayMs) {
        state.awayWarned = true;
        warn({ reason: 'BLUR_TIME', title: 'Warning', text: awayWarningText(seconds), submitAt: observation.at + settings.maxAwayMs }, observation.at);
      }
      return actions;
    }
    case 'back': {
      if (state.awaySince === null) return [];
      const awayMs = Math.max(0, observation.at - state.awaySince);
      state.awaySince = null;
      state.awayWarned = false;
      actions.push({ type: 'record', kind: 'FOCUS', at: observation.at, detail: { away_ms: awayMs, count: state.count } });
      // Timers of a hidden page may be throttled: the time away is judged on return as well.
      if (settings.autoTerminate && awayMs > settings.maxAwayMs) {
        submit('BLUR_TIME_OUT', observation.at);
        return actions;
      }
      actions.push({ type: 'clear-warning' });
      const nearLimit = settings.allowedCount - state.count <= settings.warningOffsetCount;
      if (!settings.autoTerminate || nearLimit) {
        warn({ reason: 'BLUR_COUNT', title: 'Warning', text: countWarningText(state.count, settings.allowedCount, settings.autoTerminate), submitAt: null }, observation.at);
      }
      return actions;
    }
    case 'fullscreen-exit': {
      if (!settings.fullScreen || state.fullScreenExitSince !== null) return [];
      state.fullScreenExitSince = observation.at;
      actions.push({ type: 'record', kind: 'FULLSCREEN_EXIT', at: observation.at });
      warn({ reason: 'FULLSCREEN', title: 'Full screen required', text: fullScreenWarningText(seconds), submitAt: observation.at + settings.maxAwayMs }, observation.at);
      return actions;
    }
    case 'fullscreen-enter': {
      if (!settings.fullScreen) return [];
      const wasOut = state.fullScreenExitSince !== null;
      state.fullScreenExitSince = null;
      actions.push({ type: 'record', kind: 'FULLSCREEN_ENTER', at: observation.at });
      if (wasOut) actions.push({ type: 'clear-warning' });
      return actions;
    }
    case 'mouse-out': {
      if (!settings.mouseOut) return [];
      actions.push({ type: 'record', kind: 'MOUSE_OUT', at: observation.at });
      return actions;
    }
    case 'tick': {
      const now = observation.at;
      if (state.fullScreenExitSince !== null && now - state.fullScreenExitSince >= settings.maxAwayMs) submit('BLUR_TIME_OUT', now);
      else if (settings.autoTerminate && state.awaySince !== null) {
        const awayMs = now - state.awaySince;
        if (awayMs >= settings.maxAwayMs) submit('BLUR_TIME_OUT', now);
        else if (!state.awayWarned && awayMs >= settings.maxAwayMs - settings.warningOffsetMs) {
          state.awayWarned = true;
          const left = Math.ceil((settings.maxAwayMs - awayMs) / 1000);
          warn({ reason: 'BLUR_TIME', title: 'Warning', text: awayWarningText(left), submitAt: state.awaySince + settings.maxAwayMs }, now);
        }
      }
      return actions;
    }
  }
}

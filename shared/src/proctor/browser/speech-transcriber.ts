import type { Detector, DetectorContext, Stop } from '../detector';
import { RECOGNITION_RESTART_MS } from '../speech-policy';

/**
 * Words from the Web Speech API, only where the browser transcribes on the device (decision
 * 0013: a recogniser that streams the microphone to its vendor's service would send the student's
 * audio off the device). Restarted every 30 s (spec section 9) and after the browser ends it;
 * given up after MAX_FAILURES starts in a row that never heard audio.
 */

export type TranscriptObservation = { type: 'state'; transcribing: boolean; reason?: string } | { type: 'text'; at: number; text: string };

/** The parts of the Web Speech API used here (TypeScript's DOM library does not declare them). */
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative | undefined;
}
interface RecognitionResultEvent {
  resultIndex: number;
  results: { readonly length: number; [index: number]: RecognitionResult | undefined };
}
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  processLocally?: boolean;
  onstart: (() => void) | null;
  onaudiostart: (() => void) | null;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export interface RecognitionClass {
  new (): Recognition;
  available?(options: { langs: string[]; processLocally: boolean }): Promise<string>;
}

/** Errors after which starting again cannot help. */
const FATAL_ERRORS = new Set(['not-allowed', 'service-not-allowed', 'language-not-supported', 'bad-grammar']);
export const MAX_FAILURES = 3;
const RESTART_DELAY_MS = 1000;

export function recognitionClass(win: Window): RecognitionClass | null {
  const scope = win as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/**
 * Whether this browser transcribes `lang` on the device now: 'available' from
 * SpeechRecognition.available({processLocally: true}); anything else ('downloadable', no such
 * method, an error) is a no.
 */
export async function onDeviceRecognition(Recognition: RecognitionClass | null, lang: string): Promise<string> {
  if (!Recognition) return 'no Web Speech API';
  if (typeof Recognition.available !== 'function') return 'no on-device recognition';
  try {
    return await Recognition.available({ langs: [lang], processLocally: true });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function speechTranscriber(win: Window, lang = win.navigator.language || 'en-US'): Detector<TranscriptObservation> {
  return {
    signal: 'transcript',
    async start(ctx: DetectorContext<TranscriptObservation>): Promise<Stop> {
      const Recognition = recognitionClass(win);
      const availability = await onDeviceRecognition(Recognition, lang);
      if (!Recognition || availability !== 'available') throw new Error(`Speech is not transcribed on this device (${availability}).`);

      let stopped = false;
      let current: Recognition | null = null;
      let restartTimer: unknown = null;
      let cycleTimer: unknown = null;
      let failures = 0;
      let transcribing = false;

      const setTranscribing = (value: boolean, reason?: string) => {
        if (value === transcribing) return;
        transcribing = value;
        ctx.emit({ type: 'state', transcribing: value, ...(reason ? { reason } : {}) });
      };
      const giveUp = (reason: string) => {
        stopped = true;
        clearTimers();
        setTranscribing(false, reason);
      };
      const clearTimers = () => {
        if (restartTimer !== null) ctx.clock.clearTimeout(restartTimer);
        if (cycleTimer !== null) ctx.clock.clearTimeout(cycleTimer);
        restartTimer = cycleTimer = null;
      };

      const begin = () => {
        restartTimer = null;
        if (stopped) return;
        const recognition = new Recognition();
        current = recognition;
        recognition.lang = lang;
        recognition.continuous = true;
        recognition.interimResults = false;
        recognition.processLocally = true;
        let heard = false;
        recognition.onstart = () => {
          if (current === recognition) setTranscribing(true);
        };
        recognition.onaudiostart = () => {
          heard = true;
          failures = 0;
        };
        recognition.onresult = (event) => {
          if (current !== recognition || stopped) return;
          for (let i = event.resultIndex; i < event.results.length; i += 1) {
            const result = event.results[i];
            const text = result?.isFinal ? result[0]?.transcript.trim() : '';
            if (text) ctx.emit({ type: 'text', at: ctx.clock.now(), text });
          }
        };
        recognition.onerror = (event) => {
          if (current !== recognition || stopped) return;
          if (FATAL_ERRORS.has(event.error)) giveUp(event.error);
        };
        recognition.onend = () => {
          if (current !== recognition || stopped) return;
          current = null;
          if (cycleTimer !== null) ctx.clock.clearTimeout(cycleTimer);
          cycleTimer = null;
          if (!heard) failures += 1;
          if (failures >= MAX_FAILURES) giveUp('the recogniser kept stopping');
          else restartTimer = ctx.clock.setTimeout(begin, heard ? 0 : RESTART_DELAY_MS);
        };
        try {
          recognition.start();
        } catch (error) {
          current = null;
          failures += 1;
          if (failures >= MAX_FAILURES) giveUp(error instanceof Error ? error.message : String(error));
          else restartTimer = ctx.clock.setTimeout(begin, RESTART_DELAY_MS);
          return;
        }
        // Spec section 9: a fresh recogniser every 30 s (stop() hands over what it heard first).
        cycleTimer = ctx.clock.setTimeout(() => {
          cycleTimer = null;
          if (current === recognition) recognition.stop();
        }, RECOGNITION_RESTART_MS);
      };
      begin();

      return () => {
        if (stopped && current === null) return;
        stopped = true;
        clearTimers();
        const recognition = current;
        current = null;
        recognition?.abort();
      };
    },
  };
}

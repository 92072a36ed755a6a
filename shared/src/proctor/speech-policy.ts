import type { ProctorDetail } from '../api/proctor';
import { MAX_DETAIL_TEXT } from '../api/proctor-kinds';
import { isFlagOn } from '../domain/config-flag';
import { filterProfanity } from '../domain/profanity';
import type { VoiceSegment } from './voice-activity';

/**
 * Speech detection (spec sections 5, 6, 9; decision 0013). The microphone's voice-activity
 * detector (voice-activity.ts) reports segments of voiced sound; this policy decides which are
 * speech worth a SPEECH event on the trail, and what the event says:
 * - at least MIN_VOICED_MS of voiced sound in one segment (a cough, a sneeze, "hmm" or a word to
 *   oneself is shorter), voiced for at least MIN_VOICED_RATIO of the segment (talk is voiced about
 *   two thirds of the time; a long coughing fit, whose coughs each carry a short voiced onset, about
 *   a quarter), and a loudness that rises and falls like syllables (MIN_MODULATION_DB; a hum or a
 *   motor is steady);
 * - the detail: `ms` (from the first to the last voiced frame) and, where the browser transcribes
 *   on the device, `text`: what it heard during the segment, profanity replaced by an underscore
 *   (spec section 5), cut to the trail's 200 characters.
 * Speech never warns nor submits: it is a note for the teacher, which the student sees with the
 * result, and the status line says the microphone is listening.
 */

export const MIN_VOICED_MS = 1000;
export const MIN_VOICED_RATIO = 0.4;
export const MIN_MODULATION_DB = 3;
/** How long after a segment ends the transcript may still bring its words (recognisers lag). */
export const TEXT_SETTLE_MS = 1500;
/** Transcript words heard up to this long before a segment's first voiced frame belong to it. */
export const TEXT_LEAD_MS = 500;
/** Spec section 9: speech recognition restarts every 30 s. */
export const RECOGNITION_RESTART_MS = 30_000;

export interface SpeechSettings {
  /** DETECT_SPEECH: the microphone is watched (off by default, spec section 9). */
  enabled: boolean;
  /**
   * AUDIO_RECORDING (on by default): what was said may be kept, as words in the trail, where the
   * browser transcribes on the device. Off: only how long someone spoke. No audio is ever kept
   * or sent (decision 0013).
   */
  transcribe: boolean;
}

/** A flag that is on unless the config turns it off (false, 'false', 0, '0'). */
function onUnlessOff(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (value === false || value === 0) return false;
  if (typeof value === 'string') return !['false', '0', 'off', 'no'].includes(value.trim().toLowerCase());
  return true;
}

export function speechSettings(config: Readonly<Record<string, unknown>>): SpeechSettings {
  return { enabled: isFlagOn(config['DETECT_SPEECH']), transcribe: onUnlessOff(config['AUDIO_RECORDING']) };
}

/** Whether a segment of voiced sound is speech to report. */
export function isSpeech(segment: VoiceSegment): boolean {
  const span = Math.max(1, segment.end - segment.start);
  return segment.voicedMs >= MIN_VOICED_MS && segment.voicedMs / span >= MIN_VOICED_RATIO && segment.modulationDb >= MIN_MODULATION_DB;
}

export interface TranscriptPiece {
  at: number;
  text: string;
}

/** The words heard during a segment (from TEXT_LEAD_MS before it to TEXT_SETTLE_MS after it), filtered and cut. */
export function segmentText(segment: Pick<VoiceSegment, 'start' | 'end'>, pieces: readonly TranscriptPiece[]): string {
  const words = pieces
    .filter((piece) => piece.at >= segment.start - TEXT_LEAD_MS && piece.at <= segment.end + TEXT_SETTLE_MS)
    .map((piece) => piece.text.trim())
    .filter((text) => text !== '')
    .join(' ');
  return cut(filterProfanity(words.replace(/\s+/g, ' ')), MAX_DETAIL_TEXT);
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max / 2 ? head.slice(0, space) : head}…`;
}

/** The SPEECH event's detail. */
export function speechDetail(segment: VoiceSegment, text: string): ProctorDetail {
  return { ms: Math.round(segment.end - segment.start), voiced_ms: Math.round(segment.voicedMs), ...(text !== '' ? { text } : {}) };
}

/** What the microphone is doing, as the status line says it. */
export type MicrophoneState = 'starting' | 'listening' | 'transcribing' | 'unavailable' | 'off';

export function microphoneStatusText(state: MicrophoneState, heard: number): string | null {
  const base =
    state === 'starting'
      ? 'Microphone: starting'
      : state === 'listening'
        ? 'Microphone: listening for speech'
        : state === 'transcribing'
          ? 'Microphone: listening and transcribing'
          : state === 'unavailable'
            ? 'Microphone: not available'
            : null;
  if (base === null) return null;
  return heard > 0 && (state === 'listening' || state === 'transcribing') ? `${base} (speech noted ${heard === 1 ? 'once' : `${heard} times`})` : base;
}

export const MICROPHONE_UNAVAILABLE_WARNING = {
  title: 'Microphone not available',
  text: 'Speech detection could not use your microphone. This is recorded with your result. Allow the microphone for this site and reload the page to turn it back on; your answers are kept.',
} as const;

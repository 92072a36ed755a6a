import type { Stop } from '@invigil/shared/proctor/detector';
import { hostClock } from '@invigil/shared/proctor/detector';
import { microphoneVoiceDetector, type MicrophoneObservation } from '@invigil/shared/proctor/browser/microphone-voice';
import { speechTranscriber, type TranscriptObservation } from '@invigil/shared/proctor/browser/speech-transcriber';
import {
  isSpeech,
  MICROPHONE_UNAVAILABLE_WARNING,
  microphoneStatusText,
  segmentText,
  speechDetail,
  speechSettings,
  TEXT_SETTLE_MS,
  type MicrophoneState,
  type TranscriptPiece,
} from '@invigil/shared/proctor/speech-policy';
import type { VoiceSegment } from '@invigil/shared/proctor/voice-activity';
import { chosenDevice } from '../tests/device-store';
import { withPermissionPrompt } from './browser-prompts';
import type { ProctorContext } from './proctor-module';
import { handOver } from './media-handover';
import { setProctorStatus } from './proctor-status';

/** Transcript pieces older than this are of no segment any more. */
const KEEP_TEXT_MS = 60_000;

/**
 * Speech detection (DETECT_SPEECH; decision 0013), loaded by speech-module.ts only for tests that ask for it: voice activity on the microphone, judged by
 * shared/proctor/speech-policy.ts, each stretch of speech a SPEECH event with how long it lasted
 * and, where the browser transcribes on the device and AUDIO_RECORDING allows, the words. The
 * status line in the toolbar says which of the two runs. The microphone is released when the
 * attempt stops running (the host stops every module).
 */
export function startSpeechDetection(ctx: ProctorContext): () => void {
  // The paired extension's offscreen document listens when it can (decision 0016).
  return handOver(
    'microphone',
    (byExtension) => {
      if (!byExtension) return startSpeech(ctx);
      setProctorStatus('microphone', 'Microphone: listening for speech (in the extension)');
      return () => setProctorStatus('microphone', null);
    },
    ctx.win,
  );
}

async function startSpeech(ctx: ProctorContext): Promise<() => void> {
  const settings = speechSettings(ctx.config);
  const { win } = ctx;
  const clock = hostClock(win);
  let state: MicrophoneState = 'starting';
  let heard = 0;
  let stopping = false;
  let transcribing = false;
  let pieces: TranscriptPiece[] = [];
  const waiting = new Map<unknown, () => void>();
  let stopTranscriber: Stop | null = null;
  const show = () => setProctorStatus('microphone', microphoneStatusText(state, heard));
  show();

  const unavailable = (text: string) => {
    state = 'unavailable';
    show();
    const at = Date.now();
    ctx.record('DETECTOR_UNAVAILABLE', { at, detail: { detector: 'microphone', text: text.slice(0, 200) } });
    ctx.record('WARNING_SHOWN', { at, detail: { reason: 'DETECTOR_UNAVAILABLE' } });
    ctx.warn('speech', { reason: 'DETECTOR_UNAVAILABLE', ...MICROPHONE_UNAVAILABLE_WARNING, submitAt: null });
  };

  const onSegment = (segment: VoiceSegment) => {
    if (!isSpeech(segment)) return;
    heard += 1;
    show();
    const send = () => ctx.record('SPEECH', { at: Math.round(segment.start), detail: speechDetail(segment, segmentText(segment, pieces)) });
    // The recogniser's words come a little after the sound: wait for them, unless it is not running.
    if (!transcribing || stopping) {
      send();
      return;
    }
    const timer = clock.setTimeout(() => {
      waiting.delete(timer);
      send();
    }, TEXT_SETTLE_MS);
    waiting.set(timer, send);
  };

  let stopMicrophone: Stop;
  try {
    stopMicrophone = await withPermissionPrompt('microphone', () => microphoneVoiceDetector(win, chosenDevice(ctx.testId, 'audioinput')).start({
      clock,
      emit: (observation: MicrophoneObservation) => {
        if (observation.type === 'segment') onSegment(observation.segment);
        else {
          stopTranscriber?.();
          stopTranscriber = null;
          transcribing = false;
          unavailable('The microphone stopped during the test.');
        }
      },
    }));
  } catch (error) {
    unavailable(error instanceof Error ? `${error.name === 'NotAllowedError' ? 'Not allowed: ' : ''}${error.message}` : String(error));
    return () => setProctorStatus('microphone', null);
  }
  state = 'listening';
  show();

  if (settings.transcribe) {
    speechTranscriber(win)
      .start({
        clock,
        emit: (observation: TranscriptObservation) => {
          if (observation.type === 'text') {
            const now = observation.at;
            pieces = [...pieces.filter((piece) => now - piece.at < KEEP_TEXT_MS), { at: now, text: observation.text }];
          } else {
            transcribing = observation.transcribing;
            if (state === 'listening' || state === 'transcribing') state = transcribing ? 'transcribing' : 'listening';
            show();
          }
        },
      })
      .then((stop) => (stopping ? stop() : (stopTranscriber = stop)))
      // Not on this device: listening only, as the status line says.
      .catch(() => undefined);
  }

  return () => {
    if (stopping) return;
    stopping = true;
    stopTranscriber?.();
    stopTranscriber = null;
    // A stretch of speech under way is reported now, with the words it has.
    stopMicrophone();
    for (const [timer, send] of waiting) {
      clock.clearTimeout(timer);
      send();
    }
    waiting.clear();
    setProctorStatus('microphone', null);
  };
}

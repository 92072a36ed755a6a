import type { Detector, DetectorContext, Stop } from '../detector';
import { openChosenDevice, type ChosenDevice } from './chosen-device';
import { FRAME_INTERVAL_MS, VoiceActivity, type VoiceSegment } from '../voice-activity';

/** What the microphone detector reports: a segment of voiced sound, or that the microphone went away. */
export type MicrophoneObservation = { type: 'segment'; segment: VoiceSegment } | { type: 'ended'; at: number };

/** The analyser's window: about 43 ms at 48 kHz, a little more than the 50 ms between reads. */
export const ANALYSER_SIZE = 2048;

type AudioContextClass = new () => AudioContext;

/**
 * Voice activity on the microphone: an energy-and-pitch VAD (voice-activity.ts) on a Web Audio
 * AnalyserNode read every 50 ms. The sound is only measured, in this page: nothing is recorded or
 * sent. Rejects when there is no microphone or it is not allowed. `stop` releases the microphone
 * (its tracks are stopped, so the browser's recording indicator goes off) and closes the audio
 * graph; a segment under way is reported first.
 */
export function microphoneVoiceDetector(win: Window, chosen?: ChosenDevice | null): Detector<MicrophoneObservation> {
  return {
    signal: 'microphone',
    async start(ctx: DetectorContext<MicrophoneObservation>): Promise<Stop> {
      const media = win.navigator.mediaDevices;
      if (!media?.getUserMedia) throw new Error('This browser cannot use the microphone on this page.');
      const Audio = (win as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
        (win as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
      if (!Audio) throw new Error('This browser has no Web Audio.');
      // Automatic gain would lift a quiet room up to speech level: off. Noise suppression helps.
      // The microphone chosen on the device check, where there was a choice.
      const stream = await openChosenDevice(media, 'audioinput', chosen, (pick) =>
        media.getUserMedia({ audio: { echoCancellation: false, autoGainControl: false, noiseSuppression: true, ...pick }, video: false }),
      );
      let audio: AudioContext;
      try {
        audio = new Audio();
      } catch (error) {
        for (const track of stream.getTracks()) track.stop();
        throw error;
      }
      const source = audio.createMediaStreamSource(stream);
      const analyser = audio.createAnalyser();
      analyser.fftSize = ANALYSER_SIZE;
      analyser.smoothingTimeConstant = 0;
      source.connect(analyser);
      const buffer = new Float32Array(analyser.fftSize);
      const vad = new VoiceActivity();
      let stopped = false;
      let timer: unknown = null;

      // A context made before the student clicked may start suspended: resume on the next input.
      const resume = () => {
        if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
      };
      resume();
      win.addEventListener('pointerdown', resume, true);
      win.addEventListener('keydown', resume, true);

      const read = () => {
        timer = null;
        if (stopped) return;
        if (audio.state === 'running') {
          analyser.getFloatTimeDomainData(buffer);
          for (const segment of vad.pushSamples(ctx.clock.now(), buffer, audio.sampleRate)) ctx.emit({ type: 'segment', segment });
        }
        timer = ctx.clock.setTimeout(read, FRAME_INTERVAL_MS);
      };
      timer = ctx.clock.setTimeout(read, FRAME_INTERVAL_MS);

      const [track] = stream.getAudioTracks();
      const onEnded = () => {
        if (stopped) return;
        for (const segment of vad.flush()) ctx.emit({ type: 'segment', segment });
        ctx.emit({ type: 'ended', at: ctx.clock.now() });
      };
      track?.addEventListener('ended', onEnded);

      return () => {
        if (stopped) return;
        for (const segment of vad.flush()) ctx.emit({ type: 'segment', segment });
        stopped = true;
        if (timer !== null) ctx.clock.clearTimeout(timer);
        track?.removeEventListener('ended', onEnded);
        win.removeEventListener('pointerdown', resume, true);
        win.removeEventListener('keydown', resume, true);
        source.disconnect();
        for (const each of stream.getTracks()) each.stop();
        void audio.close().catch(() => undefined);
      };
    },
  };
}

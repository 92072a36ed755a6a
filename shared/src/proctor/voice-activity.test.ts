import { describe, expect, it } from 'vitest';
import { isSpeech } from './speech-policy';
import { FRAME_INTERVAL_MS, MAX_SEGMENT_MS, rmsDb, voicing, VoiceActivity, type VoiceSegment } from './voice-activity';

const RATE = 48_000;
const FFT = 2048;

/** A seeded random source, so the noise is the same on every run. */
function random(seed = 7): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

type Signal = (t: number) => number;
const noise = (amplitude: number, seed?: number): Signal => {
  const next = random(seed);
  return () => amplitude * 2 * next();
};
/** A vowel-like wave: harmonics of `pitch`, the higher ones weaker. */
const vowel = (pitch: number, amplitude: number): Signal => (t) => {
  let sum = 0;
  for (let k = 1; k <= 8; k += 1) sum += Math.sin(2 * Math.PI * pitch * k * t) / k;
  return amplitude * 0.6 * sum;
};
/** Syllables: the wave on and off four times a second, mostly on. */
const syllables = (signal: Signal): Signal => (t) => ((t * 4) % 1 < 0.7 ? signal(t) : 0);
const add = (...signals: Signal[]): Signal => (t) => signals.reduce((sum, signal) => sum + signal(t), 0);
const between = (from: number, to: number, signal: Signal): Signal => (t) => (t >= from && t < to ? signal(t) : 0);

/** Plays `signal` for `seconds` as the page reads its analyser: the last 2048 samples every 50 ms. */
function listen(signal: Signal, seconds: number, vad = new VoiceActivity()): VoiceSegment[] {
  const total = Math.round(seconds * RATE);
  const samples = new Float32Array(total);
  for (let i = 0; i < total; i += 1) samples[i] = signal(i / RATE);
  const segments: VoiceSegment[] = [];
  const step = (RATE * FRAME_INTERVAL_MS) / 1000;
  for (let end = FFT; end <= total; end += step) segments.push(...vad.pushSamples((end / RATE) * 1000, samples.subarray(end - FFT, end), RATE));
  return [...segments, ...vad.flush()];
}

const room = noise(0.001, 3);

describe('frame features', () => {
  it('loudness in dBFS, -120 for digital silence', () => {
    expect(rmsDb(new Float32Array(1024))).toBe(-120);
    expect(rmsDb([])).toBe(-120);
    const full = Float32Array.from({ length: 4800 }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / RATE));
    expect(rmsDb(full)).toBeCloseTo(-3.01, 1);
  });

  it('a voice-like wave is periodic at its pitch; noise is not', () => {
    const frame = (signal: Signal) => Float32Array.from({ length: FFT }, (_, i) => signal(i / RATE));
    expect(voicing(frame(vowel(120, 0.2)), RATE)).toBeGreaterThan(0.9);
    expect(voicing(frame(vowel(220, 0.2)), RATE)).toBeGreaterThan(0.9);
    expect(voicing(frame(noise(0.2)), RATE)).toBeLessThan(0.3);
    // Works at the other usual rates too.
    expect(voicing(Float32Array.from({ length: 1024 }, (_, i) => vowel(150, 0.2)(i / 16_000)), 16_000)).toBeGreaterThan(0.9);
  });
});

describe('voice activity: what is speech and what is not', () => {
  it('two seconds of syllables over a quiet room are one segment, and speech', () => {
    const segments = listen(add(room, between(1, 3, syllables(vowel(140, 0.1)))), 5);
    expect(segments).toHaveLength(1);
    const [segment] = segments as [VoiceSegment];
    expect(segment.start).toBeGreaterThan(950);
    expect(segment.start).toBeLessThan(1100);
    expect(segment.end).toBeGreaterThan(2800);
    expect(segment.end).toBeLessThan(3150);
    expect(segment.voicedMs).toBeGreaterThan(1200);
    expect(isSpeech(segment)).toBe(true);
  });

  it('a short word is a segment but not speech', () => {
    const segments = listen(add(room, between(1, 1.4, vowel(140, 0.1))), 3);
    expect(segments).toHaveLength(1);
    expect(isSpeech(segments[0]!)).toBe(false);
  });

  it('coughs (bursts of noise) are not voiced at all', () => {
    const burst = noise(0.4, 11);
    const coughs: Signal = (t) => (t > 1 && (t - 1) % 0.6 < 0.3 ? burst(t) * Math.exp(-((t - 1) % 0.6) * 10) : 0);
    expect(listen(add(room, coughs), 6)).toEqual([]);
  });

  it('a fan that starts becomes the floor; its noise is never voiced', () => {
    const vad = new VoiceActivity();
    expect(listen(add(room, between(1, 20, noise(0.05, 5))), 20, vad)).toEqual([]);
    // From the room (about -65 dBFS) towards the fan (about -31), at most 1 dB a second.
    expect(vad.floor).toBeGreaterThan(-50);
  });

  it('a steady hum is voiced but steady, so not speech; the floor climbs to it', () => {
    const hum = (t: number) => 0.05 * (((t * 100) % 1) - 0.5);
    const vad = new VoiceActivity();
    const segments = listen(add(room, between(1, 12, hum)), 12, vad);
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.some(isSpeech)).toBe(false);
    expect(Math.max(...segments.map((s) => s.modulationDb))).toBeLessThan(1);
  });

  it('speech over a fan is still speech', () => {
    const segments = listen(add(noise(0.02, 9), between(3, 6, syllables(vowel(180, 0.1)))), 7);
    expect(segments.filter(isSpeech)).toHaveLength(1);
  });

  it('digital silence is nothing', () => {
    expect(listen(() => 0, 3)).toEqual([]);
  });

  it('pauses shorter than the hangover keep one segment; longer ones split it', () => {
    const talk = syllables(vowel(140, 0.1));
    expect(listen(add(room, between(1, 2.5, talk), between(3, 4.5, talk)), 6)).toHaveLength(1);
    expect(listen(add(room, between(1, 2.5, talk), between(4, 5.5, talk)), 7)).toHaveLength(2);
  });

  it('long talk is reported every MAX_SEGMENT_MS as it goes', () => {
    const vad = new VoiceActivity();
    const talk = add(room, syllables(vowel(140, 0.1)));
    const segments = listen(talk, 65, vad);
    expect(segments.length).toBe(3);
    expect(segments[0]!.end - segments[0]!.start).toBeGreaterThanOrEqual(MAX_SEGMENT_MS - 100);
    expect(segments.every(isSpeech)).toBe(true);
    // 65 s of synthetic sound: about a second alone, several on a busy machine (a ceiling, not a speed check).
  }, 20_000);

  it('a late frame (a throttled timer) stands for at most 100 ms of sound', () => {
    const vad = new VoiceActivity();
    const frame = { db: -20, voicing: 0.9 };
    vad.push({ at: 0, db: -60, voicing: 0 });
    vad.push({ at: 1000, ...frame });
    vad.push({ at: 1500, ...frame });
    const [segment] = vad.flush();
    expect(segment?.voicedMs).toBe(200);
    expect(vad.speaking).toBe(false);
  });
});

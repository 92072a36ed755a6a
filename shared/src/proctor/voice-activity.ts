/**
 * Voice-activity detection on short frames of microphone samples (the in-page detector reads them
 * from a Web Audio AnalyserNode every FRAME_INTERVAL_MS). Pure: no DOM, no clock; the host feeds
 * frames with their times. Decision 0013 gives the numbers and why.
 *
 * A frame is "voiced" when it is all of:
 * - loud enough: at least ABSOLUTE_MIN_DB dBFS, and FLOOR_MARGIN_DB above the room's noise floor
 *   (tracked here: it falls at once to a quieter frame and rises slowly, so a fan that starts is
 *   soon part of the floor);
 * - periodic like a voice: the normalised autocorrelation peaks at a pitch of 70-400 Hz at
 *   VOICING_MIN or more (vowels do; fans, keyboard clicks, breathing and most of a cough do not).
 * Voiced frames close together make a segment (gaps up to HANGOVER_MS are pauses between words);
 * a segment ends after a longer gap, or at MAX_SEGMENT_MS so long talk is reported as it goes.
 * Each segment carries what the policy (speech-policy.ts) needs to call it speech: how long it
 * was voiced, and how much its loudness moved (speech rises and falls with every syllable; a hum
 * or a motor is steady).
 */

export const FRAME_INTERVAL_MS = 50;
export const ABSOLUTE_MIN_DB = -50;
export const FLOOR_MARGIN_DB = 10;
export const FLOOR_RISE_DB_PER_S = 1;
export const VOICING_MIN = 0.5;
export const HANGOVER_MS = 800;
export const MAX_SEGMENT_MS = 30_000;
/** A frame never stands for more audio than this, when the host's timer was late (a hidden tab). */
export const MAX_FRAME_MS = 100;
const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 400;
/** Pitch is looked for on the frame brought down to about this rate (cheaper, and enough). */
const PITCH_RATE_HZ = 11_025;
const SILENT_DB = -120;

/** Loudness of a frame in dBFS (RMS; -120 for digital silence). */
export function rmsDb(samples: ArrayLike<number>): number {
  if (samples.length === 0) return SILENT_DB;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const value = samples[i] ?? 0;
    sum += value * value;
  }
  const mean = sum / samples.length;
  return mean <= 1e-12 ? SILENT_DB : Math.max(SILENT_DB, 10 * Math.log10(mean));
}

/**
 * How periodic the frame is at a voice's pitch: the highest normalised autocorrelation at a lag
 * of 1/400 to 1/70 s, from 0 (noise) to 1 (a steady periodic wave).
 */
export function voicing(samples: ArrayLike<number>, sampleRate: number): number {
  const factor = Math.max(1, Math.floor(sampleRate / PITCH_RATE_HZ));
  const rate = sampleRate / factor;
  const length = Math.floor(samples.length / factor);
  const x = new Float64Array(length);
  let mean = 0;
  for (let i = 0; i < length; i += 1) {
    let sum = 0;
    for (let j = 0; j < factor; j += 1) sum += samples[i * factor + j] ?? 0;
    x[i] = sum / factor;
    mean += x[i]!;
  }
  mean /= Math.max(1, length);
  for (let i = 0; i < length; i += 1) x[i]! -= mean;
  const minLag = Math.max(1, Math.floor(rate / MAX_PITCH_HZ));
  const maxLag = Math.min(Math.ceil(rate / MIN_PITCH_HZ), Math.floor(length / 2));
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    let cross = 0;
    let head = 0;
    let tail = 0;
    for (let i = 0; i + lag < length; i += 1) {
      const a = x[i]!;
      const b = x[i + lag]!;
      cross += a * b;
      head += a * a;
      tail += b * b;
    }
    if (head > 0 && tail > 0) best = Math.max(best, cross / Math.sqrt(head * tail));
  }
  return best;
}

export interface VoiceFrame {
  at: number;
  db: number;
  voicing: number;
}

/** The two numbers of a frame. `voicing` is only worked out when the frame is loud enough to count. */
export function frameOf(at: number, samples: ArrayLike<number>, sampleRate: number, floorDb: number | null): VoiceFrame {
  const db = rmsDb(samples);
  const loud = db >= ABSOLUTE_MIN_DB && (floorDb === null || db >= floorDb + FLOOR_MARGIN_DB);
  return { at, db, voicing: loud ? voicing(samples, sampleRate) : 0 };
}

/** A stretch of voiced frames, close together. */
export interface VoiceSegment {
  /** First and last voiced frame (ms); `end` includes the last frame's own length. */
  start: number;
  end: number;
  /** How much of it was voiced (ms). */
  voicedMs: number;
  /** Standard deviation of the loudness over the segment (dB, frames below the floor counted at the floor). */
  modulationDb: number;
}

interface OpenSegment {
  start: number;
  lastVoiced: number;
  lastFrameMs: number;
  voicedMs: number;
  n: number;
  sum: number;
  sumSq: number;
}

/** Frames in, segments out. Keeps the noise floor. */
export class VoiceActivity {
  private floorDb: number | null = null;
  private lastAt: number | null = null;
  private open: OpenSegment | null = null;

  /** The noise floor so far (dBFS), null before the first frame. */
  get floor(): number | null {
    return this.floorDb;
  }

  /** Whether a segment is under way. */
  get speaking(): boolean {
    return this.open !== null;
  }

  /** Works out a frame from its samples and feeds it; returns the segments it ended. */
  pushSamples(at: number, samples: ArrayLike<number>, sampleRate: number): VoiceSegment[] {
    return this.push(frameOf(at, samples, sampleRate, this.floorDb));
  }

  /** Feeds one frame; returns the segments it ended (usually none). */
  push(frame: VoiceFrame): VoiceSegment[] {
    const frameMs = this.lastAt === null ? FRAME_INTERVAL_MS : Math.min(MAX_FRAME_MS, Math.max(0, frame.at - this.lastAt));
    this.lastAt = frame.at;
    const floor = this.floorDb ?? frame.db;
    const isVoiced = frame.db >= ABSOLUTE_MIN_DB && frame.db >= floor + FLOOR_MARGIN_DB && frame.voicing >= VOICING_MIN;
    // The floor follows the quiet: down at once, up slowly.
    this.floorDb = frame.db < floor ? frame.db : Math.min(frame.db, floor + (FLOOR_RISE_DB_PER_S * frameMs) / 1000);

    const ended: VoiceSegment[] = [];
    let open = this.open;
    if (open && !isVoiced && frame.at - open.lastVoiced > HANGOVER_MS) {
      ended.push(close(open));
      open = null;
    }
    if (open) {
      const level = Math.max(frame.db, floor);
      open.n += 1;
      open.sum += level;
      open.sumSq += level * level;
      if (isVoiced) {
        open.lastVoiced = frame.at;
        open.lastFrameMs = frameMs;
        open.voicedMs += frameMs;
      }
      if (frame.at - open.start >= MAX_SEGMENT_MS) {
        ended.push(close(open));
        open = null;
      }
    } else if (isVoiced) {
      const level = frame.db;
      open = { start: frame.at, lastVoiced: frame.at, lastFrameMs: frameMs, voicedMs: frameMs, n: 1, sum: level, sumSq: level * level };
    }
    this.open = open;
    return ended;
  }

  /** Ends the segment under way (the microphone stops); returns it, if any. */
  flush(): VoiceSegment[] {
    const open = this.open;
    this.open = null;
    return open ? [close(open)] : [];
  }
}

function close(open: OpenSegment): VoiceSegment {
  // Frames after the last voiced one (the hangover) are not part of it.
  const mean = open.sum / open.n;
  const variance = Math.max(0, open.sumSq / open.n - mean * mean);
  return { start: open.start, end: open.lastVoiced + open.lastFrameMs, voicedMs: open.voicedMs, modulationDb: Math.sqrt(variance) };
}

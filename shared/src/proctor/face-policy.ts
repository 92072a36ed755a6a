import type { ProctorEventKind } from '../api/proctor-kinds';
import { isFlagOn } from '../domain/config-flag';
import type { FaceCountOptions } from './face-model';

/**
 * The face check of spec section 9: the camera frame is checked every DETECT_FACE_NINTERVAL while
 * one face is seen, every DETECT_FACE_DINTERVAL after a check that saw none or several; more or
 * fewer than one face is an event with reason NO_FACE or MULTI_FACE (with a snapshot when image
 * capture is on), and several faces show the full-screen warning of section 4.
 *
 * Our own fairness rule on top: a check that does not see exactly one face looks again at
 * `confirmFrames - 1` more frames, `confirmGapMs` apart, and flags only what most of those frames
 * agree on. A detector that is right 29 times in 30 would otherwise flag an honest student about
 * ten times in an hour of checks every 10 s.
 */

/** The event kinds a face check reports (shared/src/api/proctor-kinds.ts). */
export type FaceReason = Extract<ProctorEventKind, 'NO_FACE' | 'MULTI_FACE'>;

export const MULTI_FACE_WARNING = {
  title: 'Multiple Faces Detected!',
  text: 'Except you, there should be no one in front or nearby your device!',
} as const;

/** DETECT_FACE_NINTERVAL default: seconds between checks while one face is seen. */
export const DETECT_FACE_NINTERVAL = 10;
/** DETECT_FACE_DINTERVAL default: seconds to the next check after one that saw none or several. */
export const DETECT_FACE_DINTERVAL = 15;
/**
 * Which faces count (decisions 0009, 0038): @vladmandic/human's BlazeFace proposes boxes from 0.15
 * up, its best FACE_MAX_MESHED boxes go to the face mesh, and a box counts when the mesh confirms it
 * (mesh >= 0.7), or when BlazeFace is fairly sure (>= 0.5) and the mesh is not flat against it
 * (>= 0.1: a hand over the mouth spoils the mesh); an unsure box mostly inside a counted face is
 * that face again. Chosen on the evaluation set's tune split
 * (bench/proctor/eval-tune.mjs): blurred, cut and small second faces score 0.15-0.5 on BlazeFace
 * but 0.9-1.0 on the mesh, while the boxes of empty rooms and pets score up to 0.8 on BlazeFace and
 * under 0.1 on the mesh. No size floor: someone far behind the student is exactly what it is for.
 * `minScore` stays for models that report one score (the min of the two here).
 */
export const FACE_DETECTOR_FLOOR = 0.15;
/** The face mesh runs once per box (~10 ms each on one wasm thread): only the best boxes get it. */
export const FACE_MAX_MESHED = 4;
export const FACE_COUNT_OPTIONS: FaceCountOptions = {
  minScore: 0.6,
  minSizePx: 0,
  mesh: { minDetectorScore: FACE_DETECTOR_FLOOR, minMeshScore: 0.7, strongDetectorScore: 0.5, strongMinMeshScore: 0.1 },
  // A box BlazeFace is unsure of (< 0.5) lying over 30 % inside a counted face is that face again:
  // the mesh confirms the top of a head bent down, or a forehead, as a face of its own.
  maxOverlap: 0.3,
  mergeBelowDetectorScore: 0.5,
};
export const FACE_CONFIRM_FRAMES = 3;
export const FACE_CONFIRM_GAP_MS = 700;
/** Never check more often than this, whatever the config says. */
const MIN_INTERVAL_MS = 1000;

export interface FaceCheckSettings {
  /** DETECT_MULTIFACE: whether the face check runs at all (off by default, spec section 9). */
  enabled: boolean;
  /** IMAGE_CAPTURE: whether a flagged check uploads a snapshot. */
  snapshot: boolean;
  normalIntervalMs: number;
  detectedIntervalMs: number;
  confirmFrames: number;
  confirmGapMs: number;
}

/**
 * An interval from the config: a number or numeric string. Institutes wrote it in seconds (10, 15)
 * or in milliseconds (10000, 14000, the spec's other reading): 1000 and above is milliseconds.
 */
export function intervalMs(value: unknown, defaultSeconds: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number <= 0) return defaultSeconds * 1000;
  return Math.max(MIN_INTERVAL_MS, number >= 1000 ? number : number * 1000);
}

export function faceCheckSettings(config: Readonly<Record<string, unknown>>): FaceCheckSettings {
  return {
    enabled: isFlagOn(config.DETECT_MULTIFACE),
    snapshot: isFlagOn(config.IMAGE_CAPTURE),
    normalIntervalMs: intervalMs(config.DETECT_FACE_NINTERVAL, DETECT_FACE_NINTERVAL),
    detectedIntervalMs: intervalMs(config.DETECT_FACE_DINTERVAL, DETECT_FACE_DINTERVAL),
    confirmFrames: FACE_CONFIRM_FRAMES,
    confirmGapMs: FACE_CONFIRM_GAP_MS,
  };
}

export function faceReason(faces: number): FaceReason | null {
  if (faces === 1) return null;
  return faces === 0 ? 'NO_FACE' : 'MULTI_FACE';
}

/** The delay to the next check after one that counted `faces`. */
export function nextFaceCheckMs(faces: number, settings: Pick<FaceCheckSettings, 'normalIntervalMs' | 'detectedIntervalMs'>): number {
  return faces === 1 ? settings.normalIntervalMs : settings.detectedIntervalMs;
}

/** The warning a flagged check shows: only several faces warn (spec section 4). */
export function faceWarning(reason: FaceReason | null): typeof MULTI_FACE_WARNING | null {
  return reason === 'MULTI_FACE' ? MULTI_FACE_WARNING : null;
}

type FaceClass = 0 | 1 | 2;
const classOf = (faces: number): FaceClass => (faces <= 0 ? 0 : faces === 1 ? 1 : 2);

/**
 * The count a check settles on from the counts of its frames: the class (none, one, several) that
 * more than half of the frames saw; without such a majority, one face (no flag). For several faces
 * it is the largest count seen.
 */
export function settleFaceCount(counts: readonly number[]): number {
  if (counts.length === 0) return 1;
  const votes: Record<FaceClass, number[]> = { 0: [], 1: [], 2: [] };
  for (const count of counts) votes[classOf(count)].push(count);
  for (const cls of [0, 2] as const) {
    if (votes[cls].length * 2 > counts.length) return cls === 0 ? 0 : Math.max(...votes[cls]);
  }
  return 1;
}

/** Whether a check needs more frames before it settles: only when its first frame is not one face. */
export function needsConfirmation(firstCount: number, settings: Pick<FaceCheckSettings, 'confirmFrames'>): boolean {
  return firstCount !== 1 && settings.confirmFrames > 1;
}

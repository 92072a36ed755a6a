import type { ProctorDetail } from '../api/proctor';
import { isFlagOn } from '../domain/config-flag';
import { countedFaces, type FaceBox, type FaceCountOptions } from './face-model';

/**
 * The identity check (issue 13, decision 0043): is the one face the camera sees the student of the
 * profile photo? Human's face description model turns a face into a descriptor; the photo's
 * descriptor is made once on the device at the start, each face check that sees exactly one face
 * compares its descriptor with it. Advisory only: FACE_MISMATCH goes on the trail (with a snapshot
 * under IMAGE_CAPTURE) for a person to look at; it never warns mid-test and never submits.
 *
 * Off unless the test's config turns DETECT_FACE_MISMATCH on (and the face check, DETECT_MULTIFACE,
 * runs): no same-person set could be built here to measure how often it wrongly flags the right
 * student (decision 0043), so an institute turns it on only with its own evidence.
 */

/**
 * Below this cosine similarity a look does not match the photo. Chosen on the evaluation set's tune
 * split (decision 0043, `npm run bench:proctor -- --identity`): the lowest step with at most 1 % of
 * different-person pairs reaching it (0.3 % tune, 0.2 % test; 0.5 let 4.6 % through).
 */
export const FACE_MATCH_MIN_SIMILARITY = 0.6;
/** Looks in a row that must all miss before FACE_MISMATCH: one odd frame (a blur, a turn) never flags. */
export const FACE_MISMATCH_LOOKS = 3;

export interface IdentitySettings {
  /** DETECT_FACE_MISMATCH, with the face check on: the camera's looks are compared with the photo. */
  enabled: boolean;
  minSimilarity: number;
  looks: number;
}

export function identitySettings(config: Readonly<Record<string, unknown>>): IdentitySettings {
  return {
    enabled: isFlagOn(config.DETECT_FACE_MISMATCH) && isFlagOn(config.DETECT_MULTIFACE),
    minSimilarity: FACE_MATCH_MIN_SIMILARITY,
    looks: FACE_MISMATCH_LOOKS,
  };
}

/** Cosine similarity of two descriptors, -1..1 (1: the same direction). 0 when either is empty or they differ in length. */
export function descriptorSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Why a profile photo cannot be the reference, in words for the student and the proctor. */
export const IDENTITY_PHOTO_PROBLEMS = {
  none: 'There is no profile photo to compare with.',
  unreadable: 'The profile photo could not be read.',
  noFace: 'No face was found in the profile photo.',
  manyFaces: 'The profile photo shows more than one face.',
} as const;
export type IdentityPhotoProblem = keyof typeof IDENTITY_PHOTO_PROBLEMS;

/** The one counted face's descriptor in the profile photo, or why there is none. */
export function referenceDescriptor(faces: readonly FaceBox[], options: FaceCountOptions): { descriptor: number[] } | { problem: IdentityPhotoProblem } {
  const counted = countedFaces(faces, options);
  if (counted.length === 0) return { problem: 'noFace' };
  if (counted.length > 1) return { problem: 'manyFaces' };
  const descriptor = counted[0]!.descriptor;
  return descriptor && descriptor.length > 0 ? { descriptor } : { problem: 'unreadable' };
}

/** The one counted face's descriptor of a camera frame, or null when the frame did not show exactly one described face. */
export function lookDescriptor(faces: readonly FaceBox[], options: FaceCountOptions): number[] | null {
  const counted = countedFaces(faces, options);
  return counted.length === 1 && counted[0]!.descriptor?.length ? counted[0]!.descriptor : null;
}

export interface IdentityState {
  /** Looks in a row below the floor. */
  misses: number;
  /** The best similarity among those looks. */
  best: number;
  /** FACE_MISMATCH was recorded for this run of misses (a matching look re-arms it). */
  flagged: boolean;
}

export function initialIdentityState(): IdentityState {
  return { misses: 0, best: -1, flagged: false };
}

export interface IdentityFlag {
  kind: 'FACE_MISMATCH';
  at: number;
  detail: ProctorDetail;
}

/**
 * One look (a face check that saw exactly one face): a match resets the run; the `looks`-th miss in
 * a row is FACE_MISMATCH, once per run of misses.
 */
export function onIdentityLook(state: IdentityState, similarity: number, at: number, settings: Pick<IdentitySettings, 'minSimilarity' | 'looks'>): IdentityFlag | null {
  if (similarity >= settings.minSimilarity) {
    Object.assign(state, initialIdentityState());
    return null;
  }
  state.misses += 1;
  state.best = Math.max(state.best, similarity);
  if (state.flagged || state.misses < settings.looks) return null;
  state.flagged = true;
  return { kind: 'FACE_MISMATCH', at, detail: { similarity: Math.round(Math.max(0, state.best) * 100) / 100, looks: state.misses } };
}

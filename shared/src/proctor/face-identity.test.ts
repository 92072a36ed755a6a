import { describe, expect, it } from 'vitest';
import type { FaceBox } from './face-model';
import { FACE_COUNT_OPTIONS } from './face-policy';
import {
  descriptorSimilarity,
  FACE_MATCH_MIN_SIMILARITY,
  FACE_MISMATCH_LOOKS,
  identitySettings,
  initialIdentityState,
  lookDescriptor,
  onIdentityLook,
  referenceDescriptor,
} from './face-identity';

const face = (x: number, descriptor?: number[], detectorScore = 0.9, meshScore = 0.95): FaceBox => ({
  x,
  y: 40,
  width: 120,
  height: 150,
  score: Math.min(detectorScore, meshScore),
  detectorScore,
  meshScore,
  ...(descriptor ? { descriptor } : {}),
});

describe('identity check settings', () => {
  it('is off unless DETECT_FACE_MISMATCH and the face check are both on', () => {
    expect(identitySettings({}).enabled).toBe(false);
    expect(identitySettings({ DETECT_FACE_MISMATCH: true }).enabled).toBe(false);
    expect(identitySettings({ DETECT_MULTIFACE: true }).enabled).toBe(false);
    expect(identitySettings({ DETECT_FACE_MISMATCH: 'true', DETECT_MULTIFACE: 1 })).toEqual({ enabled: true, minSimilarity: FACE_MATCH_MIN_SIMILARITY, looks: FACE_MISMATCH_LOOKS });
  });
});

describe('descriptor similarity', () => {
  it('is 1 for the same direction, 0 for orthogonal, -1 for opposite, whatever the length', () => {
    expect(descriptorSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(descriptorSimilarity([1, 0], [0, 5])).toBeCloseTo(0);
    expect(descriptorSimilarity([1, -1], [-1, 1])).toBeCloseTo(-1);
  });

  it('is 0 for empty, zero or mismatched descriptors (never a match by accident)', () => {
    expect(descriptorSimilarity([], [])).toBe(0);
    expect(descriptorSimilarity([0, 0], [1, 1])).toBe(0);
    expect(descriptorSimilarity([1, 2], [1, 2, 3])).toBe(0);
  });
});

describe('the profile photo as the reference', () => {
  it("takes the one counted face's descriptor", () => {
    expect(referenceDescriptor([face(10, [0.1, 0.2])], FACE_COUNT_OPTIONS)).toEqual({ descriptor: [0.1, 0.2] });
  });

  it('says why a photo cannot be used: no face, several faces, no descriptor', () => {
    expect(referenceDescriptor([], FACE_COUNT_OPTIONS)).toEqual({ problem: 'noFace' });
    // A box the mesh does not confirm is no face.
    expect(referenceDescriptor([face(10, [1], 0.3, 0.05)], FACE_COUNT_OPTIONS)).toEqual({ problem: 'noFace' });
    expect(referenceDescriptor([face(10, [1]), face(300, [2])], FACE_COUNT_OPTIONS)).toEqual({ problem: 'manyFaces' });
    expect(referenceDescriptor([face(10)], FACE_COUNT_OPTIONS)).toEqual({ problem: 'unreadable' });
  });

  it('compares a camera frame only when it shows exactly one described face', () => {
    expect(lookDescriptor([face(10, [3, 4])], FACE_COUNT_OPTIONS)).toEqual([3, 4]);
    expect(lookDescriptor([face(10, [3, 4]), face(300, [1, 1])], FACE_COUNT_OPTIONS)).toBeNull();
    expect(lookDescriptor([face(10)], FACE_COUNT_OPTIONS)).toBeNull();
    expect(lookDescriptor([], FACE_COUNT_OPTIONS)).toBeNull();
  });
});

describe('looks and FACE_MISMATCH', () => {
  const settings = { minSimilarity: 0.5, looks: 3 };

  it('flags only the third miss in a row, with the best likeness of the run, once per run', () => {
    const state = initialIdentityState();
    expect(onIdentityLook(state, 0.2, 1, settings)).toBeNull();
    expect(onIdentityLook(state, 0.31, 2, settings)).toBeNull();
    expect(onIdentityLook(state, 0.1, 3, settings)).toEqual({ kind: 'FACE_MISMATCH', at: 3, detail: { similarity: 0.31, looks: 3 } });
    expect(onIdentityLook(state, 0.1, 4, settings)).toBeNull();
    expect(onIdentityLook(state, 0.1, 5, settings)).toBeNull();
  });

  it('a matching look ends the run: an odd frame or two never flag, and a later run flags again', () => {
    const state = initialIdentityState();
    onIdentityLook(state, 0.2, 1, settings);
    onIdentityLook(state, 0.2, 2, settings);
    expect(onIdentityLook(state, 0.8, 3, settings)).toBeNull();
    expect(onIdentityLook(state, 0.2, 4, settings)).toBeNull();
    expect(onIdentityLook(state, 0.2, 5, settings)).toBeNull();
    expect(onIdentityLook(state, -0.4, 6, settings)).toEqual({ kind: 'FACE_MISMATCH', at: 6, detail: { similarity: 0.2, looks: 3 } });
    onIdentityLook(state, 0.9, 7, settings);
    onIdentityLook(state, 0.1, 8, settings);
    onIdentityLook(state, 0.1, 9, settings);
    expect(onIdentityLook(state, 0.1, 10, settings)?.kind).toBe('FACE_MISMATCH');
  });

  it('a look at the floor matches', () => {
    const state = initialIdentityState();
    for (let at = 0; at < 5; at += 1) expect(onIdentityLook(state, 0.5, at, settings)).toBeNull();
  });
});

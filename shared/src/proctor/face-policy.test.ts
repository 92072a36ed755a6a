import { describe, expect, it } from 'vitest';
import { countFaces } from './face-model';
import { faceCheckSettings, faceReason, faceWarning, intervalMs, MULTI_FACE_WARNING, needsConfirmation, nextFaceCheckMs, settleFaceCount } from './face-policy';

describe('face check settings', () => {
  it('defaults to off, no snapshot, every 10 s with one face and 15 s otherwise', () => {
    expect(faceCheckSettings({})).toEqual({ enabled: false, snapshot: false, normalIntervalMs: 10_000, detectedIntervalMs: 15_000, confirmFrames: 3, confirmGapMs: 700 });
  });

  it('reads DETECT_MULTIFACE and IMAGE_CAPTURE as config flags', () => {
    const settings = faceCheckSettings({ DETECT_MULTIFACE: 'true', IMAGE_CAPTURE: 1 });
    expect(settings.enabled).toBe(true);
    expect(settings.snapshot).toBe(true);
    expect(faceCheckSettings({ DETECT_MULTIFACE: 'no', IMAGE_CAPTURE: false })).toMatchObject({ enabled: false, snapshot: false });
  });

  it('takes intervals in seconds, or in milliseconds from 1000 up', () => {
    expect(faceCheckSettings({ DETECT_FACE_NINTERVAL: 7, DETECT_FACE_DINTERVAL: '12' })).toMatchObject({ normalIntervalMs: 7000, detectedIntervalMs: 12_000 });
    expect(faceCheckSettings({ DETECT_FACE_NINTERVAL: 10_000, DETECT_FACE_DINTERVAL: '14000' })).toMatchObject({ normalIntervalMs: 10_000, detectedIntervalMs: 14_000 });
  });

  it('falls back to the default on nonsense and never goes under a second', () => {
    expect(intervalMs('soon', 10)).toBe(10_000);
    expect(intervalMs(-5, 15)).toBe(15_000);
    expect(intervalMs('', 10)).toBe(10_000);
    expect(intervalMs(0.2, 10)).toBe(1000);
  });
});

describe('face check outcome', () => {
  it('flags none as NO_FACE and several as MULTI_FACE', () => {
    expect(faceReason(1)).toBeNull();
    expect(faceReason(0)).toBe('NO_FACE');
    expect(faceReason(2)).toBe('MULTI_FACE');
    expect(faceReason(5)).toBe('MULTI_FACE');
  });

  it('warns with the spec text for several faces only', () => {
    expect(faceWarning('MULTI_FACE')).toEqual({ title: 'Multiple Faces Detected!', text: 'Except you, there should be no one in front or nearby your device!' });
    expect(faceWarning('NO_FACE')).toBeNull();
    expect(faceWarning(null)).toBeNull();
    expect(MULTI_FACE_WARNING.title).toBe('Multiple Faces Detected!');
  });

  it('checks again after the normal interval with one face, the detected interval otherwise', () => {
    const settings = { normalIntervalMs: 10_000, detectedIntervalMs: 15_000 };
    expect(nextFaceCheckMs(1, settings)).toBe(10_000);
    expect(nextFaceCheckMs(0, settings)).toBe(15_000);
    expect(nextFaceCheckMs(3, settings)).toBe(15_000);
  });
});

describe('settling a check on several frames', () => {
  it('needs more frames only when the first is not one face', () => {
    expect(needsConfirmation(1, { confirmFrames: 3 })).toBe(false);
    expect(needsConfirmation(0, { confirmFrames: 3 })).toBe(true);
    expect(needsConfirmation(2, { confirmFrames: 3 })).toBe(true);
    expect(needsConfirmation(2, { confirmFrames: 1 })).toBe(false);
  });

  it('flags only what most frames agree on', () => {
    expect(settleFaceCount([0, 0, 1])).toBe(0);
    expect(settleFaceCount([2, 1, 3])).toBe(3);
    expect(settleFaceCount([2, 1, 1])).toBe(1);
    expect(settleFaceCount([0, 2, 1])).toBe(1);
    expect(settleFaceCount([0, 0, 0])).toBe(0);
    expect(settleFaceCount([1])).toBe(1);
    expect(settleFaceCount([2])).toBe(2);
    expect(settleFaceCount([])).toBe(1);
  });
});

describe('counting faces', () => {
  const face = (score: number, size = 100) => ({ x: 0, y: 0, width: size, height: size, score });

  it('counts faces at or above the score and size floors', () => {
    expect(countFaces([face(0.9), face(0.5), face(0.49)], { minScore: 0.5, minSizePx: 20 })).toBe(2);
    expect(countFaces([face(0.9), face(0.9, 19)], { minScore: 0.5, minSizePx: 20 })).toBe(1);
    expect(countFaces([], { minScore: 0.5, minSizePx: 20 })).toBe(0);
  });
});

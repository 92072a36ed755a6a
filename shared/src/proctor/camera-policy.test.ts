import { describe, expect, it } from 'vitest';
import { CAMERA_UNAVAILABLE_TITLE, cameraSettings, cameraStatusText, initialCameraState, onCameraUnavailable, onFaceEvent, onIdentityUnavailable } from './camera-policy';
import type { FaceEvent } from './face-count';
import { PROCTOR_KIND_CLASS } from '../api/proctor-kinds';
import { faceReason, MULTI_FACE_WARNING } from './face-policy';

const check = (faces: number, at = 1000): FaceEvent => ({ signal: 'face', type: 'check', at, faces, counts: [faces], reason: faceReason(faces) });
const error = (at = 1000): FaceEvent => ({ signal: 'face', type: 'error', at, message: 'No camera frame' });

describe('camera settings', () => {
  it('leaves the camera off by default (spec: multi-face and image proctor off)', () => {
    const settings = cameraSettings({});
    expect(settings.enabled).toBe(false);
    expect(settings.face.enabled).toBe(false);
    expect(settings.imageProctor).toEqual({ enabled: false, intervalMs: 60_000 });
  });

  it('opens the camera for the face check or for image proctoring', () => {
    expect(cameraSettings({ DETECT_MULTIFACE: true })).toMatchObject({ enabled: true, face: { enabled: true, snapshot: false }, imageProctor: { enabled: false } });
    expect(cameraSettings({ IMAGE_PROCTOR: 'true', IMAGE_PROCTOR_INTERVAL: 30 })).toMatchObject({ enabled: true, face: { enabled: false }, imageProctor: { enabled: true, intervalMs: 30_000 } });
    expect(cameraSettings({ IMAGE_PROCTORING: 1 }).imageProctor.enabled).toBe(true);
    // IMAGE_CAPTURE alone only says flagged checks carry a snapshot: no check, no camera.
    expect(cameraSettings({ IMAGE_CAPTURE: true }).enabled).toBe(false);
    expect(cameraSettings({ DETECT_MULTIFACE: true, IMAGE_CAPTURE: true }).face.snapshot).toBe(true);
  });

  it('leaves the detectors to their own flags whatever PROCTOR_TYPE says (it chooses live proctoring)', () => {
    const settings = cameraSettings({ PROCTOR_TYPE: 'none', DETECT_MULTIFACE: true, IMAGE_PROCTOR: true });
    expect(settings).toMatchObject({ enabled: true, face: { enabled: true }, imageProctor: { enabled: true } });
    expect(cameraSettings({ PROCTOR_TYPE: 'none' }).enabled).toBe(false);
    expect(cameraSettings({ PROCTOR_TYPE: 'v-s', DETECT_MULTIFACE: true }).enabled).toBe(true);
  });

  it('takes the image-proctor interval in ticks (or milliseconds), never under 10 s', () => {
    expect(cameraSettings({ IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: '120' }).imageProctor.intervalMs).toBe(120_000);
    expect(cameraSettings({ IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 45_000 }).imageProctor.intervalMs).toBe(45_000);
    expect(cameraSettings({ IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 2 }).imageProctor.intervalMs).toBe(10_000);
    expect(cameraSettings({ IMAGE_PROCTOR: true, IMAGE_PROCTOR_INTERVAL: 'often' }).imageProctor.intervalMs).toBe(60_000);
  });
});

describe('camera outcomes', () => {
  it('records nothing while one face is seen', () => {
    const state = initialCameraState();
    expect([1, 1, 1].flatMap((faces) => onFaceEvent(state, { snapshot: true }, check(faces)))).toEqual([]);
  });

  it('flags no face with a snapshot when image capture is on, without a warning', () => {
    const state = initialCameraState();
    expect(onFaceEvent(state, { snapshot: true }, check(0, 5))).toEqual([{ type: 'flag', kind: 'NO_FACE', at: 5, detail: { faces: 0 }, snapshot: true }]);
    expect(onFaceEvent(state, { snapshot: false }, check(0, 6))).toEqual([{ type: 'flag', kind: 'NO_FACE', at: 6, detail: { faces: 0 }, snapshot: false }]);
  });

  it('puts the multi-face warning up once, flags every check, and takes it down when it is not several faces', () => {
    const state = initialCameraState();
    expect(onFaceEvent(state, { snapshot: false }, check(2, 10))).toEqual([
      { type: 'flag', kind: 'MULTI_FACE', at: 10, detail: { faces: 2 }, snapshot: false },
      { type: 'warn', title: MULTI_FACE_WARNING.title, text: MULTI_FACE_WARNING.text, reason: 'MULTI_FACE' },
      { type: 'record', kind: 'WARNING_SHOWN', at: 10, detail: { reason: 'MULTI_FACE' } },
    ]);
    expect(onFaceEvent(state, { snapshot: false }, check(3, 20))).toEqual([{ type: 'flag', kind: 'MULTI_FACE', at: 20, detail: { faces: 3 }, snapshot: false }]);
    expect(onFaceEvent(state, { snapshot: false }, check(1, 30))).toEqual([{ type: 'clear-warning' }]);
    expect(onFaceEvent(state, { snapshot: false }, check(2, 40)).map((a) => a.type)).toEqual(['flag', 'warn', 'record']);
    // Nobody left in front of the camera: a NO_FACE flag, and the multi-face warning no longer applies.
    expect(onFaceEvent(state, { snapshot: false }, check(0, 50))).toEqual([{ type: 'flag', kind: 'NO_FACE', at: 50, detail: { faces: 0 }, snapshot: false }, { type: 'clear-warning' }]);
  });

  it('calls the face check unavailable after three failed checks in a row, once', () => {
    const state = initialCameraState();
    expect(onFaceEvent(state, { snapshot: false }, error())).toEqual([]);
    expect(onFaceEvent(state, { snapshot: false }, error())).toEqual([]);
    expect(onFaceEvent(state, { snapshot: false }, check(1))).toEqual([]);
    expect(onFaceEvent(state, { snapshot: false }, error())).toEqual([]);
    expect(onFaceEvent(state, { snapshot: false }, error())).toEqual([]);
    const actions = onFaceEvent(state, { snapshot: false }, error(77));
    expect(actions[0]).toEqual({ type: 'record', kind: 'DETECTOR_UNAVAILABLE', at: 77, detail: { detector: 'face', text: 'No camera frame' } });
    expect(actions[1]).toEqual({ type: 'record', kind: 'WARNING_SHOWN', at: 77, detail: { reason: 'DETECTOR_UNAVAILABLE' } });
    expect(actions[2]).toMatchObject({ type: 'notice', title: CAMERA_UNAVAILABLE_TITLE, text: expect.stringContaining('The camera check could not run on this device.') });
    expect(onFaceEvent(state, { snapshot: false }, error())).toEqual([]);
  });

  it('records an unavailable camera once, with the message the student is shown, and takes a warning down', () => {
    const state = initialCameraState();
    onFaceEvent(state, { snapshot: false }, check(2));
    const actions = onCameraUnavailable(state, 'camera', 'Please allow this website to access webcam!', 9);
    expect(actions).toEqual([
      { type: 'record', kind: 'DETECTOR_UNAVAILABLE', at: 9, detail: { detector: 'camera', text: 'Please allow this website to access webcam!' } },
      { type: 'record', kind: 'WARNING_SHOWN', at: 9, detail: { reason: 'DETECTOR_UNAVAILABLE' } },
      { type: 'clear-warning' },
      { type: 'notice', title: CAMERA_UNAVAILABLE_TITLE, text: 'Please allow this website to access webcam! This is recorded with your result; your answers are kept and the test goes on.' },
    ]);
    expect(onCameraUnavailable(state, 'face', 'again', 10)).toEqual([]);
  });

  it('cuts a long browser message to what the trail keeps', () => {
    const [record] = onCameraUnavailable(initialCameraState(), 'face', 'x'.repeat(500), 1);
    expect(record?.type === 'record' && String(record.detail.text).length).toBe(200);
  });
});

describe('camera status line', () => {
  it('says when the camera starts, what it does, and when it is not available', () => {
    const running = { face: true, snapshot: false, imageProctorMs: null };
    expect(cameraStatusText('starting', running)).toBe('Camera: starting');
    expect(cameraStatusText('on', running)).toBe('Camera: face check on');
    expect(cameraStatusText('on', { ...running, snapshot: true })).toBe('Camera: face check on, a picture kept when it flags');
    expect(cameraStatusText('on', { face: true, snapshot: true, imageProctorMs: 60_000 })).toBe('Camera: face check on, a picture kept when it flags; a picture every 60 s');
    expect(cameraStatusText('on', { face: false, snapshot: true, imageProctorMs: 30_000 })).toBe('Camera: a picture every 30 s');
    expect(cameraStatusText('on', { face: false, snapshot: false, imageProctorMs: null })).toBeNull();
    expect(cameraStatusText('unavailable', running)).toBe('Camera: not available');
  });

  it('says whether the face is compared with the profile photo, and why not', () => {
    const running = { face: true, snapshot: false, imageProctorMs: null };
    expect(cameraStatusText('on', { ...running, identity: 'on' })).toBe('Camera: face check on; compared with your profile photo on this device');
    expect(cameraStatusText('on', { ...running, identity: 'noFace' })).toBe('Camera: face check on; not compared with your profile photo (no face was found in the profile photo)');
    expect(cameraStatusText('on', { ...running, identity: null })).toBe('Camera: face check on');
  });
});

describe('the identity check', () => {
  it('turns on only with DETECT_FACE_MISMATCH and the face check', () => {
    expect(cameraSettings({ DETECT_MULTIFACE: true }).identity.enabled).toBe(false);
    expect(cameraSettings({ DETECT_MULTIFACE: true, DETECT_FACE_MISMATCH: true }).identity.enabled).toBe(true);
    expect(cameraSettings({ DETECT_FACE_MISMATCH: true })).toMatchObject({ enabled: false, identity: { enabled: false } });
  });

  it('records once, as a note and never a flag, why the profile photo cannot be compared', () => {
    expect(onIdentityUnavailable('none', 5)).toEqual([{ type: 'record', kind: 'IDENTITY_CHECK_OFF', at: 5, detail: { text: 'There is no profile photo to compare with.' } }]);
    expect(PROCTOR_KIND_CLASS.IDENTITY_CHECK_OFF).toBe('info');
  });
});

import type { ProctorDetail } from '../api/proctor';
import { MAX_DETAIL_TEXT } from '../api/proctor-kinds';
import { isFlagOn } from '../domain/config-flag';
import type { FaceEvent } from './face-count';
import { identitySettings, IDENTITY_PHOTO_PROBLEMS, type IdentityPhotoProblem, type IdentitySettings } from './face-identity';
import { faceCheckSettings, faceWarning, intervalMs, type FaceCheckSettings, type FaceReason } from './face-policy';

/**
 * The camera of the in-page proctoring (spec sections 4, 6 and 9; decision 0015). One camera
 * serves two things:
 * - the face check (DETECT_MULTIFACE; face-policy.ts): a settled check that saw no face or several
 *   is a NO_FACE or MULTI_FACE event, with a snapshot as evidence when IMAGE_CAPTURE is on;
 *   several faces also put up the full-screen 'Multiple Faces Detected!' warning, which comes down
 *   at the first check that does not see several faces. Faces never submit the test (the spec
 *   names no such reason);
 * - image proctoring (IMAGE_PROCTOR): a snapshot every IMAGE_PROCTOR_INTERVAL ticks (seconds),
 *   stored with the attempt (reason IMAGE_PROCTOR), with no event.
 * When the camera or the model cannot run, DETECTOR_UNAVAILABLE is recorded once and the student
 * is told, calmly; the test goes on. Nothing here touches the camera or a clock: the host feeds
 * the detector's events and failures and carries out the actions.
 */

/** IMAGE_PROCTOR_INTERVAL default: ticks (seconds) between image-proctor snapshots. The spec gives none. */
export const IMAGE_PROCTOR_INTERVAL = 60;
/** Never more often than this: 2,000 snapshots an attempt (proctor-kinds.ts) last a 5.5-hour test. */
export const MIN_IMAGE_PROCTOR_INTERVAL_MS = 10_000;
/** A face check that failed this many times in a row (no frame, model error) means the check cannot run. */
export const FACE_ERRORS_UNAVAILABLE = 3;

export interface CameraSettings {
  /** Whether the page opens the camera at all: the face check or image proctoring asks for it. */
  enabled: boolean;
  face: FaceCheckSettings;
  /** The identity check (DETECT_FACE_MISMATCH, face-identity.ts): rides on the face check's looks. */
  identity: IdentitySettings;
  imageProctor: { enabled: boolean; intervalMs: number };
}

/**
 * The settings from the test config: DETECT_MULTIFACE and IMAGE_PROCTOR decide. PROCTOR_TYPE
 * chooses the live proctoring (screen share, video), not the detectors: 'none', the spec's default,
 * leaves them to their own flags (one rule for every module, decision 0013). The student's
 * NO_PROCTOR turns all page proctoring off before any module starts.
 */
export function cameraSettings(config: Readonly<Record<string, unknown>>): CameraSettings {
  const face = faceCheckSettings(config);
  const imageProctor = {
    enabled: isFlagOn(config['IMAGE_PROCTOR']) || isFlagOn(config['IMAGE_PROCTORING']),
    intervalMs: Math.max(MIN_IMAGE_PROCTOR_INTERVAL_MS, intervalMs(config['IMAGE_PROCTOR_INTERVAL'], IMAGE_PROCTOR_INTERVAL)),
  };
  return { enabled: face.enabled || imageProctor.enabled, face, identity: identitySettings(config), imageProctor };
}

/** What failed: the camera itself, or the face check (its model or its frames). */
export type CameraPart = 'camera' | 'face';

export const CAMERA_UNAVAILABLE_TITLE = 'Camera not available';

export type CameraAction =
  /** A flagged check: record `kind` at `at`, with a snapshot as evidence when `snapshot`. */
  | { type: 'flag'; kind: FaceReason | 'FACE_MISMATCH'; at: number; detail: ProctorDetail; snapshot: boolean }
  | { type: 'record'; kind: 'WARNING_SHOWN' | 'DETECTOR_UNAVAILABLE' | 'IDENTITY_CHECK_OFF'; at: number; detail: ProctorDetail }
  /** The full-screen warning goes up (overlay). */
  | { type: 'warn'; title: string; text: string; reason: FaceReason }
  | { type: 'clear-warning' }
  /** Tell the student the camera check is off (a dialog; no submission). */
  | { type: 'notice'; title: string; text: string };

export interface CameraState {
  /** The multi-face warning is up. */
  warning: boolean;
  /** DETECTOR_UNAVAILABLE was recorded (only once a page). */
  unavailable: boolean;
  errorsInRow: number;
}

export function initialCameraState(): CameraState {
  return { warning: false, unavailable: false, errorsInRow: 0 };
}

const cut = (text: string) => (text.length <= MAX_DETAIL_TEXT ? text : `${text.slice(0, MAX_DETAIL_TEXT - 1)}…`);

/** The camera or the face check cannot run: recorded once, and the student is told. */
export function onCameraUnavailable(state: CameraState, part: CameraPart, message: string, at: number): CameraAction[] {
  if (state.unavailable) return [];
  state.unavailable = true;
  const actions: CameraAction[] = [
    { type: 'record', kind: 'DETECTOR_UNAVAILABLE', at, detail: { detector: part, text: cut(message) } },
    { type: 'record', kind: 'WARNING_SHOWN', at, detail: { reason: 'DETECTOR_UNAVAILABLE' } },
  ];
  if (state.warning) {
    state.warning = false;
    actions.push({ type: 'clear-warning' });
  }
  const why = part === 'camera' ? message : 'The camera check could not run on this device.';
  actions.push({ type: 'notice', title: CAMERA_UNAVAILABLE_TITLE, text: `${why} This is recorded with your result; your answers are kept and the test goes on.` });
  return actions;
}

/** What a face-check event leads to. */
export function onFaceEvent(state: CameraState, settings: Pick<FaceCheckSettings, 'snapshot'>, event: FaceEvent): CameraAction[] {
  if (event.type === 'error') {
    state.errorsInRow += 1;
    return state.errorsInRow >= FACE_ERRORS_UNAVAILABLE ? onCameraUnavailable(state, 'face', event.message, event.at) : [];
  }
  state.errorsInRow = 0;
  const actions: CameraAction[] = [];
  if (event.reason) actions.push({ type: 'flag', kind: event.reason, at: event.at, detail: { faces: event.faces }, snapshot: settings.snapshot });
  const warning = faceWarning(event.reason);
  if (warning && !state.warning) {
    state.warning = true;
    actions.push({ type: 'warn', ...warning, reason: 'MULTI_FACE' });
    actions.push({ type: 'record', kind: 'WARNING_SHOWN', at: event.at, detail: { reason: 'MULTI_FACE' } });
  } else if (!warning && state.warning) {
    state.warning = false;
    actions.push({ type: 'clear-warning' });
  }
  return actions;
}

/**
 * The profile photo cannot be the identity check's reference: recorded once as a note, never a
 * flag (the student did nothing wrong), so the proctor knows the check did not run; the student
 * sees why on the status line.
 */
export function onIdentityUnavailable(problem: IdentityPhotoProblem, at: number): CameraAction[] {
  return [{ type: 'record', kind: 'IDENTITY_CHECK_OFF', at, detail: { text: cut(IDENTITY_PHOTO_PROBLEMS[problem]) } }];
}

/** What the camera is doing: opening, running what the config asks, or not available. */
export type CameraStatus = 'starting' | 'on' | 'unavailable';

/**
 * The camera's line in the test's status line: the student always knows the camera is on and what
 * leaves the device (pictures only when the config asks for them).
 */
export function cameraStatusText(
  status: CameraStatus,
  running: { face: boolean; snapshot: boolean; imageProctorMs: number | null; identity?: 'on' | IdentityPhotoProblem | null },
): string | null {
  if (status === 'starting') return 'Camera: starting';
  if (status === 'unavailable') return 'Camera: not available';
  const parts: string[] = [];
  if (running.face) parts.push(running.snapshot ? 'face check on, a picture kept when it flags' : 'face check on');
  const identity = running.identity;
  if (running.face && identity === 'on') parts.push('compared with your profile photo on this device');
  else if (running.face && identity && identity !== 'on') parts.push(`not compared with your profile photo (${IDENTITY_PHOTO_PROBLEMS[identity].replace(/\.$/, '').toLowerCase()})`);
  if (running.imageProctorMs !== null) parts.push(`a picture every ${Math.round(running.imageProctorMs / 1000)} s`);
  return parts.length ? `Camera: ${parts.join('; ')}` : null;
}

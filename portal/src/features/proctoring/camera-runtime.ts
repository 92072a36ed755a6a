import type { ReportedEventKind } from '@invigil/shared/api/proctor';
import { cameraSnapshot } from '@invigil/shared/proctor/browser/camera-snapshot';
import { FRAME_WIDTH, videoFrameSource } from '@invigil/shared/proctor/browser/camera-frames';
import { connectFaceWorker, type FaceWorkerPort } from '@invigil/shared/proctor/browser/face-worker-protocol';
import {
  type CameraAction,
  type CameraPart,
  type CameraSettings,
  type CameraStatus,
  cameraStatusText,
  initialCameraState,
  onCameraUnavailable,
  onFaceEvent,
  onIdentityUnavailable,
} from '@invigil/shared/proctor/camera-policy';
import {
  descriptorSimilarity,
  initialIdentityState,
  lookDescriptor,
  onIdentityLook,
  referenceDescriptor,
  type IdentityPhotoProblem,
} from '@invigil/shared/proctor/face-identity';
import { hostClock, type Stop } from '@invigil/shared/proctor/detector';
import { createFaceCountDetector, type FaceEvent } from '@invigil/shared/proctor/face-count';
import type { FaceBox, FaceModel } from '@invigil/shared/proctor/face-model';
import { FACE_COUNT_OPTIONS } from '@invigil/shared/proctor/face-policy';
import { openChosenDevice, type ChosenDevice } from '@invigil/shared/proctor/browser/chosen-device';
import { mediaErrorMessage, stopStream } from '../media/media-check';
import { fetchProfile } from '../profile/profile-api';
import { chosenDevice } from '../tests/device-store';
import { pageCameraInUse } from './camera-in-use';
import { withPermissionPrompt } from './browser-prompts';
import type { ProctorContext } from './proctor-module';
import { setProctorStatus } from './proctor-status';

/** The build's folder of face model and wasm files (scripts/face-assets-vite-plugin.ts). */
declare const __FACE_ASSET_DIR__: string | undefined;

/** Spec section 9: camera 640x480. */
const CAMERA_CONSTRAINTS: MediaTrackConstraints = { width: FRAME_WIDTH, height: 480 };
/** A face check slower than this fails (the next one still comes): a stuck worker never stalls the checks. */
const DETECT_TIMEOUT_MS = 15_000;
/** The overlay's source key; the unavailable notice has its own, so one never replaces the other. */
const WARNING_SOURCE = 'camera';
const NOTICE_SOURCE = 'camera-unavailable';
/** The camera's line in the toolbar's status line. */
const STATUS_SOURCE = 'camera';

function faceAssetBase(win: Window): string {
  const dir = typeof __FACE_ASSET_DIR__ === 'string' ? __FACE_ASSET_DIR__ : 'assets/face';
  return new URL(`${import.meta.env.BASE_URL}${dir}`, win.location.href).href;
}

function startFaceWorker(win: Window, describe: boolean): Promise<FaceModel> {
  const worker = new Worker(new URL('./face-worker-entry.ts', import.meta.url), { type: 'module', name: 'face-check' });
  return connectFaceWorker(worker as unknown as FaceWorkerPort, { options: { assetBase: faceAssetBase(win), describe }, timeoutMs: DETECT_TIMEOUT_MS });
}

/**
 * The identity check's reference: the profile photo's one face, described in the face worker. The
 * photo is read from the profile's (signed) address into this page and goes nowhere else.
 */
async function profilePhotoDescriptor(model: FaceModel): Promise<{ descriptor: number[] } | { problem: IdentityPhotoProblem }> {
  const { data } = await fetchProfile();
  if (!data.avatar) return { problem: 'none' };
  let photo: ImageBitmap;
  try {
    const response = await fetch(data.avatar, { credentials: 'omit' });
    if (!response.ok) return { problem: 'unreadable' };
    photo = await createImageBitmap(await response.blob());
  } catch {
    return { problem: 'unreadable' };
  }
  // The bitmap is handed to the worker (transferred), which closes it.
  return referenceDescriptor(await model.detect(photo, { describe: true }), FACE_COUNT_OPTIONS);
}

/** Opens the camera the student chose on the device check (or the default one). */
async function openCamera(chosen: ChosenDevice | null): Promise<{ stream: MediaStream; video: HTMLVideoElement }> {
  const media = navigator.mediaDevices;
  const stream = await withPermissionPrompt('camera', () =>
    openChosenDevice(media, 'videoinput', chosen, (pick) => media.getUserMedia({ video: { ...CAMERA_CONSTRAINTS, ...pick }, audio: false })),
  );
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (error) {
    stopStream(stream);
    throw error;
  }
  return { stream, video };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The camera for one attempt (camera-module.ts decides that it runs): opens the camera at 640x480
 * and the face model in its worker side by side, then runs the face-count detector on the policy's
 * intervals (shared/proctor/face-count.ts, face-policy.ts) and the image-proctor snapshots. What
 * happens is decided by shared/proctor/camera-policy.ts; this only carries it out. Frames go to the
 * worker, never off the device; only the snapshots the config asks for are uploaded. Returns stop,
 * which releases the camera and ends the worker (also while they are still starting).
 */
export function startCamera(ctx: ProctorContext, settings: CameraSettings): () => void {
  const state = initialCameraState();
  const clock = hostClock(ctx.win);
  let stopped = false;
  let camera: { stream: MediaStream; video: HTMLVideoElement } | null = null;
  let model: FaceModel | null = null;
  let stopDetector: Stop | null = null;
  let imageTimer: ReturnType<typeof setInterval> | null = null;
  let status: CameraStatus = 'starting';
  let faceRunning = false;
  /** The identity check: 'on' with a reference, why not, or null while not asked for or not known yet. */
  let identity: 'on' | IdentityPhotoProblem | null = null;
  let reference: number[] | null = null;
  const identityState = initialIdentityState();
  /** The faces of the frame the detector looked at last: a settled one-face check is compared from it. */
  let lastFaces: readonly FaceBox[] = [];
  // Records go out in the order the policy decided them, a flag after its snapshot's upload.
  let records: Promise<void> = Promise.resolve();

  const show = () =>
    setProctorStatus(
      STATUS_SOURCE,
      cameraStatusText(status, { face: faceRunning, snapshot: settings.face.snapshot, imageProctorMs: imageTimer !== null ? settings.imageProctor.intervalMs : null, identity }),
    );
  show();

  const snapshot = async (reason: ReportedEventKind | 'IMAGE_PROCTOR'): Promise<string | null> => {
    if (!camera || stopped) return null;
    try {
      const image = await cameraSnapshot(camera.video);
      return image ? await ctx.uploadSnapshot(image, reason) : null;
    } catch {
      return null;
    }
  };

  const apply = (actions: readonly CameraAction[]) => {
    for (const action of actions) {
      if (action.type === 'warn') {
        ctx.warn(WARNING_SOURCE, { reason: action.reason, title: action.title, text: action.text, submitAt: null, overlay: true });
      } else if (action.type === 'clear-warning') {
        ctx.warn(WARNING_SOURCE, null);
      } else if (action.type === 'notice') {
        ctx.warn(NOTICE_SOURCE, { reason: 'DETECTOR_UNAVAILABLE', title: action.title, text: action.text, submitAt: null });
      } else if (action.type === 'record') {
        records = records.then(() => ctx.record(action.kind, { at: action.at, detail: action.detail }));
      } else {
        const evidence = action.snapshot ? snapshot(action.kind) : Promise.resolve(null);
        records = records.then(async () => {
          const file = await evidence;
          ctx.record(action.kind, { at: action.at, detail: action.detail, ...(file ? { evidence: file } : {}) });
        });
      }
    }
  };

  const releaseCamera = () => {
    if (imageTimer !== null) clearInterval(imageTimer);
    imageTimer = null;
    if (camera) {
      camera.video.pause();
      camera.video.srcObject = null;
      stopStream(camera.stream);
      pageCameraInUse.value = null;
    }
    camera = null;
  };
  const endFaceCheck = () => {
    faceRunning = false;
    if (stopDetector) stopDetector();
    else model?.dispose();
    stopDetector = null;
    model = null;
  };
  /** The camera, or the face check, cannot run: recorded once; the camera stays only for image proctoring. */
  const unavailable = (part: CameraPart, error: unknown) => {
    if (stopped) return;
    apply(onCameraUnavailable(state, part, part === 'camera' ? mediaErrorMessage(error) : message(error), Date.now()));
    endFaceCheck();
    if (part === 'camera' || imageTimer === null) releaseCamera();
    status = camera ? 'on' : 'unavailable';
    show();
  };
  /** A settled check that saw one face is a look for the identity check (advisory: a flag, never a warning). */
  const look = (event: FaceEvent) => {
    if (!reference || event.type !== 'check' || event.faces !== 1) return;
    const descriptor = lookDescriptor(lastFaces, FACE_COUNT_OPTIONS);
    if (!descriptor) return;
    const flag = onIdentityLook(identityState, descriptorSimilarity(reference, descriptor), event.at, settings.identity);
    if (flag) apply([{ type: 'flag', ...flag, snapshot: settings.face.snapshot }]);
  };
  const onFace = (event: FaceEvent) => {
    if (stopped || !faceRunning) return;
    apply(onFaceEvent(state, settings.face, event));
    look(event);
    if (state.unavailable) unavailable('face', new Error(event.type === 'error' ? event.message : 'Face check failed'));
  };

  void (async () => {
    // The camera and the model start side by side; a failed load is dealt with once the camera is
    // known to work (no camera says more).
    const modelLoad = settings.face.enabled ? startFaceWorker(ctx.win, settings.identity.enabled) : null;
    modelLoad?.catch(() => undefined);
    try {
      camera = await openCamera(chosenDevice(ctx.testId, 'videoinput'));
    } catch (error) {
      modelLoad?.then((loaded) => loaded.dispose(), () => undefined);
      unavailable('camera', error);
      return;
    }
    if (stopped) return releaseCamera();
    pageCameraInUse.value = camera.stream.getVideoTracks()[0]?.label || null;
    // The camera unplugged, or taken away by the system: the checks end with it.
    camera.stream.getVideoTracks()[0]?.addEventListener('ended', () => unavailable('camera', new Error('The camera stopped sending pictures.')));
    if (settings.imageProctor.enabled) imageTimer = setInterval(() => void snapshot('IMAGE_PROCTOR'), settings.imageProctor.intervalMs);
    if (modelLoad) {
      try {
        model = await modelLoad;
      } catch (error) {
        unavailable('face', error);
        return;
      }
      if (stopped || !camera) return endFaceCheck();
      const loaded = model;
      if (settings.identity.enabled) {
        const found = await profilePhotoDescriptor(loaded).catch(() => ({ problem: 'unreadable' as const }));
        if (stopped || !camera) return endFaceCheck();
        if ('descriptor' in found) {
          reference = found.descriptor;
          identity = 'on';
        } else {
          identity = found.problem;
          apply(onIdentityUnavailable(found.problem, Date.now()));
        }
      }
      faceRunning = true;
      // Each frame's faces are kept for the identity check, described only while it has a reference.
      const watched: FaceModel = {
        name: loaded.name,
        detect: async (frame) => (lastFaces = await loaded.detect(frame, reference ? { describe: true } : undefined)),
        dispose: () => loaded.dispose(),
      };
      const detector = createFaceCountDetector({ source: videoFrameSource(camera.video), loadModel: async () => watched, settings: settings.face, count: FACE_COUNT_OPTIONS });
      stopDetector = await detector.start({ clock, emit: onFace });
      if (stopped || !faceRunning) return endFaceCheck();
    }
    status = 'on';
    show();
  })().catch((error: unknown) => unavailable('face', error));

  return () => {
    if (stopped) return;
    stopped = true;
    endFaceCheck();
    releaseCamera();
    ctx.warn(WARNING_SOURCE, null);
    setProctorStatus(STATUS_SOURCE, null);
  };
}

import { chosenDevice } from '../tests/device-store';
import { pageCameraInUse } from '../proctoring/camera-in-use';
import { extensionMedia } from '../proctoring/extension-focus-module';

export interface CameraReport {
  /** The labels of the student's cameras (at most 10), for the proctor's SELECT_WEBCAM. */
  cameras: string[];
  /** The camera the test's checks use now: the page's open one, or the chosen one the extension runs. */
  camera: string | null;
}

/**
 * Keeps the student's camera labels for the status ping (which is synchronous): read at start and
 * again whenever a camera comes or goes. Labels, not ids: the extension's origin has its own ids.
 */
export function startCameraReport(testId: string, media: MediaDevices | undefined = navigator.mediaDevices): { read: () => CameraReport; stop: () => void } {
  let cameras: string[] = [];
  let stopped = false;
  const refresh = () => {
    void media
      ?.enumerateDevices()
      .then((devices) => {
        if (stopped) return;
        const labels = devices.filter((device) => device.kind === 'videoinput' && device.label !== '').map((device) => device.label);
        cameras = [...new Set(labels)].slice(0, 10);
      })
      .catch(() => undefined);
  };
  refresh();
  media?.addEventListener?.('devicechange', refresh);
  return {
    read: () => {
      const extension = extensionMedia.value;
      // The extension's offscreen face check says which camera it opened; an older one only that it runs.
      const extensionCamera = extension !== null && extension !== 'pending' && extension.camera === 'running' ? (extension.cameraLabel ?? chosenDevice(testId, 'videoinput')?.label ?? null) : null;
      return { cameras, camera: pageCameraInUse.value ?? extensionCamera };
    },
    stop: () => {
      stopped = true;
      media?.removeEventListener?.('devicechange', refresh);
    },
  };
}

import { useEffect, useRef, useState } from 'react';
import { withPermissionPrompt } from '../proctoring/browser-prompts';
import { type CameraOption, listCameras, mediaErrorMessage, stopStream } from './media-check';

/**
 * A live camera for taking a picture (answer photos, the capture check): runs while `active`,
 * with the chosen camera, in a preview <video>; `ready` once frames arrive. The camera is released
 * as soon as it is not needed. `cameras` lists each camera once and `activeCameraId` is the one
 * in use, for the selector.
 */
export function useCamera(active: boolean, cameraId: string | undefined, permissionMessage?: string) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cameras, setCameras] = useState<CameraOption[]>([]);
  const [activeCameraId, setActiveCameraId] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    setReady(false);
    setError(null);
    void (async () => {
      try {
        // A permission prompt during a test is not time away (features/proctoring/browser-prompts.ts).
        stream = await withPermissionPrompt('camera', () =>
          navigator.mediaDevices.getUserMedia({
            video: { width: { ideal: 1280 }, height: { ideal: 720 }, ...(cameraId ? { deviceId: { exact: cameraId } } : {}) },
            audio: false,
          }),
        );
        if (cancelled) return stopStream(stream);
        const video = videoRef.current;
        if (video) {
          video.onloadeddata = () => setReady(true);
          video.srcObject = stream;
          await video.play().catch(() => {});
        }
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
        if (cancelled) return;
        setCameras(listCameras(devices));
        setActiveCameraId(stream.getVideoTracks()[0]?.getSettings().deviceId);
      } catch (cause) {
        if (cancelled) return;
        const message = mediaErrorMessage(cause);
        setError(permissionMessage && message === mediaErrorMessage(new DOMException('', 'NotAllowedError')) ? permissionMessage : message);
      }
    })();
    return () => {
      cancelled = true;
      stopStream(stream);
      setReady(false);
    };
  }, [active, cameraId, permissionMessage]);

  return { videoRef, ready, error, cameras, activeCameraId };
}

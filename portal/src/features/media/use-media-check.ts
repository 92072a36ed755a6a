import { useEffect, useRef, useState } from 'react';
import { type CameraOption, type MediaCheckResult, checkMedia, stopStream } from './media-check';

/**
 * Runs the camera and microphone check with the chosen camera, again on each `recheck`, shows the
 * stream in `preview`, and stops it when the screen goes away. Shared by the device check and the
 * troubleshoot screen.
 */
export function useMediaCheck(cameraId: string | undefined, recheck: number, onResult?: (result: MediaCheckResult) => void) {
  const [result, setResult] = useState<MediaCheckResult | null>(null);
  const [checking, setChecking] = useState(true);
  const [cameras, setCameras] = useState<CameraOption[]>([]);
  const preview = useRef<HTMLVideoElement>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    setChecking(true);
    void checkMedia(cameraId).then((next) => {
      stream = next.stream;
      if (cancelled) {
        stopStream(stream);
        return;
      }
      setResult(next);
      if (next.cameras.length) setCameras(next.cameras);
      onResultRef.current?.(next);
      if (preview.current) preview.current.srcObject = next.stream;
      setChecking(false);
    });
    return () => {
      cancelled = true;
      stopStream(stream);
    };
  }, [cameraId, recheck]);

  return { result, checking, cameras, preview };
}

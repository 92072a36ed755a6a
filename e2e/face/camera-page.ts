// A bare page around the face check, bundled by face-harness.ts: the fake camera (a .y4m file
// given to Chromium) -> videoFrameSource -> the face worker -> countFaces / the face-count detector.
// The portal's in-page host will wire the same pieces.
import { hostClock } from '@invigil/shared/proctor/detector';
import { createFaceCountDetector, type FaceEvent } from '@invigil/shared/proctor/face-count';
import { countFaces } from '@invigil/shared/proctor/face-model';
import { FACE_COUNT_OPTIONS, type FaceCheckSettings } from '@invigil/shared/proctor/face-policy';
import { videoFrameSource } from '@invigil/shared/proctor/browser/camera-frames';
import { connectFaceWorker } from '@invigil/shared/proctor/browser/face-worker-protocol';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function camera(): Promise<HTMLVideoElement> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: false });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  return video;
}

const connect = () =>
  connectFaceWorker(new Worker('/face-worker.js', { type: 'module' }) as unknown as Parameters<typeof connectFaceWorker>[0], {
    options: { assetBase: new URL('/face-assets', location.href).href },
  });

const faceCheck = {
  /** Faces counted on `frames` camera frames, `gapMs` apart. */
  async count(frames: number, gapMs: number): Promise<{ counts: number[]; width: number; height: number }> {
    const video = await camera();
    const model = await connect();
    const source = videoFrameSource(video);
    const counts: number[] = [];
    try {
      while (counts.length < frames) {
        const frame = await source.grab();
        if (frame) counts.push(countFaces(await model.detect(frame), FACE_COUNT_OPTIONS));
        await sleep(gapMs);
      }
    } finally {
      model.dispose();
    }
    return { counts, width: video.videoWidth, height: video.videoHeight };
  },

  /** The face-count detector's events over `ms` milliseconds. */
  async watch(settings: Pick<FaceCheckSettings, 'normalIntervalMs' | 'detectedIntervalMs' | 'confirmFrames' | 'confirmGapMs'>, ms: number): Promise<FaceEvent[]> {
    // The model first, then the camera: the fake video starts with getUserMedia, so the checks
    // line up with its segments however long the model takes to load.
    const model = await connect();
    const video = await camera();
    const detector = createFaceCountDetector({ source: videoFrameSource(video), loadModel: async () => model, settings, count: FACE_COUNT_OPTIONS });
    const events: FaceEvent[] = [];
    const stop = await detector.start({ clock: hostClock(window), emit: (event) => events.push(event) });
    await sleep(ms);
    stop();
    return events;
  },
};

(window as unknown as { faceCheck: typeof faceCheck }).faceCheck = faceCheck;

export type FaceCheck = typeof faceCheck;

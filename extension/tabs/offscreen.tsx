import { FRAME_WIDTH, videoFrameSource } from '@invigil/shared/proctor/browser/camera-frames';
import { cameraSnapshot } from '@invigil/shared/proctor/browser/camera-snapshot';
import { openChosenDevice } from '@invigil/shared/proctor/browser/chosen-device';
import { loadHumanFaceModel } from '@invigil/shared/proctor/browser/human-face-model';
import { microphoneVoiceDetector } from '@invigil/shared/proctor/browser/microphone-voice';
import { hostClock } from '@invigil/shared/proctor/detector';
import { FACE_DETECTOR_FLOOR, FACE_MAX_MESHED } from '@invigil/shared/proctor/face-policy';
import { BACKGROUND_MEDIA_TARGET, parseMediaCommand } from '../lib/media-messages';
import { OffscreenMedia, type CameraHandle } from '../lib/offscreen-media';

// The offscreen document (chrome.offscreen, reason USER_MEDIA) that runs the camera's face check and
// the microphone's voice-activity detection for the watched attempt (decision 0016). It is no page
// anyone sees: the background opens it when a watch asks for media and closes it when the watch ends.
// The face model and tfjs's wasm files are packaged in the extension (build.mjs copies them from
// node_modules to face/), never fetched from a CDN; wasm needs 'wasm-unsafe-eval' in the CSP.

/** A Blob as a data URL: runtime messages to the background carry JSON, not Blobs. */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the snapshot.'));
    reader.readAsDataURL(blob);
  });
}

async function openCamera(label?: string): Promise<CameraHandle> {
  const media = navigator.mediaDevices;
  const stream = await openChosenDevice(media, 'videoinput', label ? { label } : null, (pick) => media.getUserMedia({ video: { width: FRAME_WIDTH, height: 480, ...pick }, audio: false }));
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
  return {
    frames: videoFrameSource(video),
    label: stream.getVideoTracks()[0]?.label ?? '',
    onEnded: (run) => stream.getVideoTracks()[0]?.addEventListener('ended', run),
    async snapshot() {
      // The same picture as the page's camera module: width 640, WebP at quality 0.7.
      const image = await cameraSnapshot(video);
      return image ? dataUrl(image) : null;
    },
    release() {
      video.pause();
      video.srcObject = null;
      for (const track of stream.getTracks()) track.stop();
    },
  };
}

const media = new OffscreenMedia({
  clock: hostClock(window),
  openCamera,
  loadFaceModel: () => loadHumanFaceModel({ assetBase: chrome.runtime.getURL('face'), minConfidence: FACE_DETECTOR_FLOOR, mesh: true, maxFaces: FACE_MAX_MESHED }),
  microphone: (label) => microphoneVoiceDetector(window, label ? { label } : null),
  report(report) {
    void chrome.runtime.sendMessage({ target: BACKGROUND_MEDIA_TARGET, type: 'MEDIA_REPORT', ...report }).catch(() => undefined);
  },
});

chrome.runtime.onMessage.addListener((data: unknown) => {
  const command = parseMediaCommand(data);
  if (command) media.set(command.run);
  return false;
});
// A document opened by an earlier worker (or before the first command arrived) asks what to run.
void chrome.runtime.sendMessage({ target: BACKGROUND_MEDIA_TARGET, type: 'MEDIA_HELLO' }).then(
  (reply: unknown) => {
    const command = parseMediaCommand(reply);
    if (command) media.set(command.run);
  },
  () => undefined,
);
window.addEventListener('pagehide', () => media.stop());

export default function Offscreen() {
  return null;
}

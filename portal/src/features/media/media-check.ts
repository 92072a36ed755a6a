/**
 * The camera and microphone check shared by the device check, troubleshoot and capture-image
 * screens: asks for both, tells whether each really delivers (a live video track with frames, a
 * microphone whose level moves), and lists the cameras for the selector.
 */

export const MEDIA_MESSAGES = {
  videoNotWorking: 'Video is not working',
  audioNotWorking: 'Audio is not working.',
  permissionDenied: 'Please allow this website to access webcam!',
} as const;

export interface CameraOption {
  deviceId: string;
  label: string;
}

export interface MediaCheckResult {
  stream: MediaStream | null;
  video: boolean;
  audio: boolean;
  /** The message to show, or null when both work. */
  error: string | null;
  cameras: CameraOption[];
  /** What the test start records (spec: deviceId, type, active, label). */
  devices: { deviceId: string; type: string; active: boolean; label: string }[];
}

/** The text after the first colon of a browser error (spec: "other errors show the message after the first colon"). */
export function messageAfterColon(message: string): string {
  const index = message.indexOf(':');
  return index >= 0 ? message.slice(index + 1).trim() || message : message;
}

/** Maps a getUserMedia failure to the spec's message. */
export function mediaErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return MEDIA_MESSAGES.permissionDenied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return MEDIA_MESSAGES.videoNotWorking;
  const message = error instanceof Error ? error.message : String(error);
  return messageAfterColon(message) || MEDIA_MESSAGES.videoNotWorking;
}

/** Peak deviation from silence (128) in a byte time-domain frame. */
export function signalLevel(samples: Uint8Array): number {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
  return peak;
}

async function videoDelivers(stream: MediaStream, timeoutMs: number): Promise<boolean> {
  const track = stream.getVideoTracks()[0];
  if (!track || track.readyState !== 'live') return false;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await Promise.race([video.play(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs))]);
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (video.videoWidth > 0 && video.readyState >= 2) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  } catch {
    return false;
  } finally {
    video.pause();
    video.srcObject = null;
  }
}

async function audioDelivers(stream: MediaStream, timeoutMs: number): Promise<boolean> {
  const track = stream.getAudioTracks()[0];
  if (!track || track.readyState !== 'live') return false;
  const context = new AudioContext();
  try {
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    if (context.state === 'suspended') await context.resume().catch(() => undefined);
    const samples = new Uint8Array(analyser.fftSize);
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      analyser.getByteTimeDomainData(samples);
      // Any movement at all: a working microphone in a silent room still hisses a little.
      if (signalLevel(samples) > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A muted-but-live track is still a working microphone for the check.
    return !track.muted;
  } finally {
    void context.close();
  }
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Runs the check with the chosen camera (or the default one). */
export async function checkMedia(cameraId?: string, timeoutMs = 4000): Promise<MediaCheckResult> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { width: 640, height: 480, ...(cameraId ? { deviceId: { exact: cameraId } } : {}) },
      audio: true,
    });
  } catch (error) {
    return { stream: null, video: false, audio: false, error: mediaErrorMessage(error), cameras: [], devices: [] };
  }
  const [video, audio] = await Promise.all([videoDelivers(stream, timeoutMs), audioDelivers(stream, timeoutMs)]);
  const all = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
  const activeIds = new Set(stream.getTracks().map((track) => track.getSettings().deviceId));
  const cameras = all
    .filter((device) => device.kind === 'videoinput')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Camera ${index + 1}` }));
  const devices = all
    .filter((device) => device.kind === 'videoinput' || device.kind === 'audioinput')
    .map((device) => ({ deviceId: device.deviceId, type: device.kind, active: activeIds.has(device.deviceId), label: device.label }));
  const error = !video ? MEDIA_MESSAGES.videoNotWorking : !audio ? MEDIA_MESSAGES.audioNotWorking : null;
  return { stream, video, audio, error, cameras, devices };
}
